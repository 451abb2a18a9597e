/**
 * The damage notation an odnd sheet carries ("d6+1", "2d6", "d3", "3"): the engine's dice notation, in
 * the one shape the text writes damage, one group of dice and a bonus.
 */
import { type OneGroup, readOneGroup } from '../../dice/one-group.ts'
import { fail, type Outcome, ok } from '../../system.ts'

/** A damage roll: `count` dice of `sides` faces plus `bonus`. A flat number has count 0. */
export type DamageDice = OneGroup

/** Reads the small notation the odnd text uses for damage; anything richer is refused in words. */
export function parseDamageDice(text: string): Outcome<DamageDice> {
  const dice = readOneGroup(withoutSpaces(text))
  if (!dice) return fail(`"${text}" is not damage dice like d6, 2d6 or d6+1.`)
  if (dice.count === 0) return ok(dice)
  if (dice.count > 12) return fail(`"${text}" must roll from 1 to 12 dice.`)
  if (dice.sides < 2 || dice.sides > 20) return fail(`"${text}" must use dice of 2 to 20 sides.`)
  return ok(dice)
}

/**
 * The text without its spaces, but for those inside a number ("1 2"), which stay and are refused: sheets
 * have always been read with spaces between any two parts ("2 d 6 + 1"), and the engine reads them only
 * between terms.
 */
function withoutSpaces(text: string): string {
  const digit = (at: number) => /\d/.test(text[at] ?? '')
  return text.replace(/\s+/g, (run, at: number) => (digit(at - 1) && digit(at + run.length) ? run : ''))
}

/** Writes dice back as text for the log: "2d6+1". */
export function formatDamageDice({ count, sides, bonus }: DamageDice): string {
  const dice = count === 0 ? '' : `${count === 1 ? '' : count}d${sides}`
  if (bonus === 0) return dice || '0'
  if (!dice) return `${bonus}`
  return `${dice}${bonus > 0 ? '+' : '-'}${Math.abs(bonus)}`
}
