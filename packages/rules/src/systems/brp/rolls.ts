/**
 * The d100 roll-under check of brp: levels of success and halving, what odds and resolving both count with.
 * Reading the faces rolled is `faces.ts`'s.
 */

import { unreachable } from '../../assert.ts'
import type { BreakdownLine } from '../../system.ts'
import type { BrpSettings } from './settings.ts'

/** "special success > success > failure" (5.8): the three levels every roll and the matrix speak. */
export type Level = 'special' | 'success' | 'failure'

/** The levels from best to worst. */
export const LEVELS: readonly Level[] = ['special', 'success', 'failure']

/**
 * The highest roll that is a special success for a chance (5.5), by the room's reading of "less
 * than 1/5": rounded up by default (60 -> 12), or strictly below chance/5 (60 -> 11).
 */
export function specialThreshold(chance: number, settings: BrpSettings): number {
  if (chance <= 0) return 0
  switch (settings.special) {
    case 'round-up':
      return Math.ceil(chance / 5)
    case 'strictly-less':
      return Math.ceil(chance / 5) - 1
    default:
      return unreachable(settings.special)
  }
}

/** How many of the 100 faces give each level: the exact odds of one roll, shared with resolution. */
export function levelCounts(chance: number, settings: BrpSettings): Record<Level, number> {
  // Closed form of counting the faces through levelOf; a test checks it face by face.
  const succeeds = Math.min(100, Math.max(0, chance))
  const special = Math.min(succeeds, specialThreshold(chance, settings))
  return { special, success: succeeds - special, failure: 100 - succeeds }
}

/** A chance divided by 2 or 4 ("Difficult (1/2 chance)", "¼ the normal chance"), rounded per room. */
export function divideChance(chance: number, by: number, settings: BrpSettings): number {
  return settings.halving === 'up' ? Math.ceil(chance / by) : Math.floor(chance / by)
}

/** A chance with the lines that made it, for the log: "Sword 55", "Difficult: half chance -27". */
export interface Chance {
  readonly value: number
  readonly lines: readonly BreakdownLine[]
}

/** Halves (or quarters) a chance, adding a line whose value is what it cost. */
export function divided(
  chance: Chance,
  by: number,
  label: string,
  rule: string,
  settings: BrpSettings,
): Chance {
  const value = divideChance(chance.value, by, settings)
  return { value, lines: [...chance.lines, { label, value: value - chance.value, rule }] }
}
