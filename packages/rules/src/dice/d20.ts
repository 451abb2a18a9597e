/** The odds of a d20 check (d20 + modifier >= target) with the natural 1 and natural 20 rules. */
import { type Fraction, fraction } from './fraction.ts'

export interface D20CheckOptions {
  modifier: number
  /** The total to reach: AC, a save's target, a difficulty. */
  target: number
  /** A natural 1 fails whatever the total. */
  natural1Fails?: boolean
  /** A natural 20 succeeds whatever the total. */
  natural20Succeeds?: boolean
}

export interface D20Chance {
  /** P(success), exactly. */
  chance: Fraction
  /** The same as a float, for the UI. */
  probability: number
  /** The lowest natural face that succeeds ("hit on 11+"), or null when no face does. */
  needs: number | null
}

/**
 * P(d20 + modifier >= target), the attack preview every d20 system shows before a roll. Twenty faces
 * counted directly: far under a microsecond, and exact.
 */
export function d20Check({
  modifier,
  target,
  natural1Fails = false,
  natural20Succeeds = false,
}: D20CheckOptions): D20Chance {
  let wins = 0
  let needs: number | null = null
  for (let face = 1; face <= 20; face++) {
    const success =
      face === 20 && natural20Succeeds
        ? true
        : face === 1 && natural1Fails
          ? false
          : face + modifier >= target
    if (success) {
      wins++
      needs ??= face
    }
  }
  return { chance: fraction(wins, 20), probability: wins / 20, needs }
}
