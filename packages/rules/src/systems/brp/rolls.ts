/** The d100 roll-under check of brp: levels of success, halving, and checking typed-in die faces. */

import { unreachable } from '../../assert.ts'
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
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

/** The level of a d100 roll (1-100, 100 being "00") against a chance: roll equal or lower succeeds. */
export function levelOf(roll: number, chance: number, settings: BrpSettings): Level {
  if (roll <= specialThreshold(chance, settings)) return 'special'
  return roll <= chance ? 'success' : 'failure'
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

/** A rolled d100 with its level, as the log shows it. */
export interface D100Roll {
  readonly roll: number
  readonly chance: number
  /** Rolls at or below this are special. */
  readonly specialAt: number
  readonly level: Level
  readonly lines: readonly BreakdownLine[]
}

/** Checks a d100 a player typed in (1-100; "00" is 100) and reads its level, or says what is wrong. */
export function rollD100(
  what: string,
  d100: number,
  chance: Chance,
  settings: BrpSettings,
): Outcome<D100Roll> {
  const face = checkFace(`${what} roll`, d100, 100)
  if (!face.ok) return face
  const specialAt = specialThreshold(chance.value, settings)
  const level = levelOf(d100, chance.value, settings)
  return ok({
    roll: d100,
    chance: chance.value,
    specialAt,
    level,
    lines: [
      ...chance.lines,
      { label: `${what} chance`, value: chance.value },
      { label: `d100 (${what})`, value: d100 },
    ],
  })
}

/** A die face typed in or handed over: a whole number 1..sides, or a sentence saying what is wrong. */
export function checkFace(what: string, value: number, sides: number): Outcome<number> {
  if (!Number.isInteger(value) || value < 1 || value > sides)
    return fail(
      `The ${what} must be a whole number from 1 to ${sides}${sides === 100 ? ' (00 is 100)' : ''}; got ${value}.`,
    )
  return ok(value)
}
