/** "Nx DEX roll", "2x PER roll": a d100 against a multiple of a stat, and the best multiple a roll makes. */
import { isFace } from '../../dice/faces.ts'
import { fail, type Outcome, ok } from '../../system.ts'

/** Whether a d100 roll makes an Nx stat roll: roll at or under N x the stat. */
export function makesStatRoll(d100: number, stat: number, multiple: number): boolean {
  return d100 <= stat * multiple
}

/**
 * The tier a roll reaches on a "1x ... 5x or worse" table: the smallest multiple of the stat the roll is
 * at or under, and 5 for anything worse than 4x. The text names these rolls without their die: a d100
 * is read, since 5 x a stat of 20 or more reaches 100.
 */
export function statRollTier(d100: number, stat: number): 1 | 2 | 3 | 4 | 5 {
  for (const multiple of [1, 2, 3, 4] as const) if (makesStatRoll(d100, stat, multiple)) return multiple
  return 5
}

/** Checks a d100 face typed in or rolled. */
export function checkD100(d100: number, what: string): Outcome<number> {
  if (!isFace(d100, 100)) return fail(`The ${what} is a d100, which shows 1 to 100 (00 is 100), not ${d100}.`)
  return ok(d100)
}
