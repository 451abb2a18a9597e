/**
 * A spell's save when its caster was attacked before their number (17.0.13), from its face. Apart from
 * spells.ts, which a phone's screen reads: what only resolving runs, which a phone loads only to ask for its
 * own dice.
 */

import { checkDie } from '../../dice/named-dice.ts'
import { type BreakdownLine, type Outcome, ok } from '../../system.ts'
import { type Condition, checksFromConditions } from './conditions.ts'
import type { Sheet } from './sheet.ts'

const RULE = 'Spell Casting (17.0.13)'

export interface DisruptionResult {
  lines: BreakdownLine[]
  total: number
  target: number
  /** True when the spell is disrupted and lost. */
  lost: boolean
}

/**
 * A caster attacked during their casting (before their initiative number), even by a miss, saves on
 * their number; failure means the spell is disrupted and lost. The text does not name the save; this
 * uses the sheet's save vs Spells.
 */
export function spellDisruption(
  caster: Sheet,
  conditions: ReadonlyArray<Condition>,
  save: number | undefined,
): Outcome<DisruptionResult> {
  const d20 = checkDie(save, 20, 'saving throw against disruption')
  if (!d20.ok) return d20
  const lines: BreakdownLine[] = [
    { label: 'd20', value: d20.value, rule: RULE },
    ...checksFromConditions(conditions),
  ]
  const total = lines.reduce((t, l) => t + l.value, 0)
  return ok({ lines, total, target: caster.saveSpells, lost: total < caster.saveSpells })
}
