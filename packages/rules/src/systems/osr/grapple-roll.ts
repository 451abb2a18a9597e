/**
 * The grapple's dice (17.0.18): both sides' checks and the holder's punch, from their faces. Apart from
 * grapple.ts, whose odds a phone's screen shows: what only resolving runs, which a phone loads only to ask
 * for its own dice.
 */

import { checkDie } from '../../dice/named-dice.ts'
import { type BreakdownLine, type Outcome, ok } from '../../system.ts'
import { sum } from './attack.ts'
import { grappleLines } from './grapple.ts'
import { type OsrSettings, withDefaults } from './settings.ts'
import type { Sheet } from './sheet.ts'

const RULE = 'Grappling / Wrestling (17.0.18)'

export interface GrappleCheck {
  attacker: { lines: BreakdownLine[]; total: number }
  defender: { lines: BreakdownLine[]; total: number }
  /** 'held' when the attacker keeps the hold, 'broken' when not, 'roll-again' on a tie in rooms that reroll. */
  result: 'held' | 'broken' | 'roll-again'
}

/** Both sides' grapple checks: the highest total wins; a tie follows the room setting. */
export function grappleCheck(
  attacker: Sheet,
  defender: Sheet,
  rolls: { attacker?: number; defender?: number },
  settings: Partial<OsrSettings> = {},
): Outcome<GrappleCheck> {
  const a = checkDie(rolls.attacker, 20, `grapple check of ${attacker.name}`)
  if (!a.ok) return a
  const d = checkDie(rolls.defender, 20, `grapple check of ${defender.name}`)
  if (!d.ok) return d
  const side = (roll: number, sheet: Sheet) => {
    const lines = [{ label: 'd20', value: roll, rule: RULE }, ...grappleLines(sheet)]
    return { lines, total: sum(lines) }
  }
  const at = side(a.value, attacker)
  const df = side(d.value, defender)
  const tie = withDefaults(settings).grappleTie === 'roll-again' ? 'roll-again' : 'broken'
  const result = at.total > df.total ? 'held' : at.total < df.total ? 'broken' : tie
  return ok({ attacker: at, defender: df, result })
}

/** A holder may deal unarmed damage like a punch: 1d3 + STR, non-lethal. */
export function grappleDamage(
  holder: Sheet,
  d3: number | undefined,
): Outcome<{ lines: BreakdownLine[]; total: number; nonLethal: true }> {
  const f = checkDie(d3, 3, 'unarmed damage')
  if (!f.ok) return f
  const lines = [
    { label: '1d3 (like a punch)', value: f.value, rule: RULE },
    { label: 'STR bonus', value: holder.strBonus, rule: 'Brawling (17.0.17)' },
  ]
  return ok({ lines, total: Math.max(1, sum(lines)), nonLethal: true })
}
