/**
 * Reading brp's dice as rolled or typed in: a face checked, a d100's level against a chance (5.5, 5.8).
 * Apart from `rolls.ts` (the levels' arithmetic, which the odds count with too) because it is what only
 * resolving runs: a phone loads it only to ask for its own dice (`resolve.ts`).
 */
import { isFace } from '../../dice/faces.ts'
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { type Chance, type Level, specialThreshold } from './rolls.ts'
import type { BrpSettings } from './settings.ts'

/** The level of a d100 roll (1-100, 100 being "00") against a chance: roll equal or lower succeeds. */
export function levelOf(roll: number, chance: number, settings: BrpSettings): Level {
  if (roll <= specialThreshold(chance, settings)) return 'special'
  return roll <= chance ? 'success' : 'failure'
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
  if (!isFace(value, sides))
    return fail(
      `The ${what} must be a whole number from 1 to ${sides}${sides === 100 ? ' (00 is 100)' : ''}; got ${value}.`,
    )
  return ok(value)
}
