/** Grappling / Wrestling (17.0.18): after the touch attack, both sides roll d20 + STR or DEX + size; highest keeps or breaks the hold. */

import { type Fraction, fraction } from '../../dice/fraction.ts'
import { type BreakdownLine, type Outcome, ok } from '../../system.ts'
import { face } from './dice-faces.ts'
import { type OsrSettings, withDefaults } from './settings.ts'
import type { Sheet, Size } from './sheet.ts'
import { GRAPPLE_SIZES } from './tables.ts'

const RULE = 'Grappling / Wrestling (17.0.18)'

export const sizeModifier = (size: Size): number => GRAPPLE_SIZES.find((r) => r.size === size)?.modifier ?? 0

/** The better of STR and DEX, plus size: what each side adds to its grapple d20. */
export function grappleLines(sheet: Sheet): BreakdownLine[] {
  const dex = sheet.dexBonus > sheet.strBonus
  return [
    { label: dex ? 'DEX bonus' : 'STR bonus', value: dex ? sheet.dexBonus : sheet.strBonus, rule: RULE },
    { label: `${sheet.size} size`, value: sizeModifier(sheet.size), rule: RULE },
  ]
}

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
  const a = face(rolls.attacker, 20, `grapple check of ${attacker.name}`)
  if (!a.ok) return a
  const d = face(rolls.defender, 20, `grapple check of ${defender.name}`)
  if (!d.ok) return d
  const side = (roll: number, sheet: Sheet) => {
    const lines = [{ label: 'd20', value: roll, rule: RULE }, ...grappleLines(sheet)]
    return { lines, total: lines.reduce((t, l) => t + l.value, 0) }
  }
  const at = side(a.value, attacker)
  const df = side(d.value, defender)
  const tie = withDefaults(settings).grappleTie === 'roll-again' ? 'roll-again' : 'broken'
  const result = at.total > df.total ? 'held' : at.total < df.total ? 'broken' : tie
  return ok({ attacker: at, defender: df, result })
}

/** P(the attacker keeps the hold) on one pair of grapple checks, exactly (ties per the room). */
export function grappleHoldChance(
  attacker: Sheet,
  defender: Sheet,
  settings: Partial<OsrSettings> = {},
): Fraction {
  const am = grappleLines(attacker).reduce((t, l) => t + l.value, 0)
  const dm = grappleLines(defender).reduce((t, l) => t + l.value, 0)
  let wins = 0
  let ties = 0
  for (let a = 1; a <= 20; a++)
    for (let d = 1; d <= 20; d++) {
      if (a + am > d + dm) wins++
      else if (a + am === d + dm) ties++
    }
  // Rerolling ties until someone wins: P(win) / P(not tie).
  return withDefaults(settings).grappleTie === 'roll-again' ? fraction(wins, 400 - ties) : fraction(wins, 400)
}

/** A holder may deal unarmed damage like a punch: 1d3 + STR, non-lethal. */
export function grappleDamage(
  holder: Sheet,
  d3: number | undefined,
): Outcome<{ lines: BreakdownLine[]; total: number; nonLethal: true }> {
  const f = face(d3, 3, 'unarmed damage')
  if (!f.ok) return f
  const lines = [
    { label: '1d3 (like a punch)', value: f.value, rule: RULE },
    { label: 'STR bonus', value: holder.strBonus, rule: 'Brawling (17.0.17)' },
  ]
  return ok({
    lines,
    total: Math.max(
      1,
      lines.reduce((t, l) => t + l.value, 0),
    ),
    nonLethal: true,
  })
}
