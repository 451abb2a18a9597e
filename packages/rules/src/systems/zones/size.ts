/** Size categories and the size rules: damage halved or dice doubled per step, range, shove distance. */
import { fail, type Outcome, ok } from '../../outcome.ts'
import { invariant } from './common.ts'

/**
 * The size ladder. The text names small, medium and large, speaks of "massive" characters, and counts
 * shoves up to 4 sizes smaller, so it needs five rungs; tiny is our name for the fifth.
 */
export const SIZES = ['tiny', 'small', 'medium', 'large', 'massive'] as const
export type Size = (typeof SIZES)[number]

export const SIZE_LABEL: Record<Size, string> = {
  tiny: 'Tiny',
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  massive: 'Massive',
}

/** How many sizes `a` is above `b` (negative when smaller): every size rule counts these steps. */
export function sizeSteps(a: Size, b: Size): number {
  return SIZES.indexOf(a) - SIZES.indexOf(b)
}

/**
 * "Smaller characters halve damage for each size of difference": halved once per step, rounding up
 * (the printed human-vs-wyrm roll of 3 does 2). Halving up twice equals dividing by 4 rounding up.
 */
export function halveForSize(damage: number, steps: number): number {
  invariant(steps >= 0 && Number.isInteger(steps), `halving steps ${steps}`)
  return Math.ceil(damage / 2 ** steps)
}

/** The number of dice a larger attacker rolls against one target: doubled per size step. */
export function diceForSize(count: number, attacker: Size, target: Size): number {
  const steps = sizeSteps(attacker, target)
  return steps > 0 ? count * 2 ** steps : count
}

/**
 * Ranged reach against a target of another size: halved per step if the target is smaller, doubled
 * per step if larger (a bow's 8 becomes 16 against a wyrm). Blast attacks keep their range.
 */
export function rangeForSize(range: number, attacker: Size, target: Size): number {
  return range * 2 ** sizeSteps(target, attacker)
}

/**
 * The shove distances the text prints, as data: half a zone (Shove), and "1, 2, 4, or 8 zones if the
 * target is respectively 1, 2, 3, or 4 sizes smaller" (Shoving and grabbing).
 */
export const SHOVE_DISTANCES: ReadonlyArray<{ sizesSmaller: number; zones: number }> = [
  { sizesSmaller: 0, zones: 0.5 },
  { sizesSmaller: 1, zones: 1 },
  { sizesSmaller: 2, zones: 2 },
  { sizesSmaller: 3, zones: 4 },
  { sizesSmaller: 4, zones: 8 },
]

/** Shove distance in zones, read from the printed distances; a smaller or equal shover pushes half a zone. */
export function shoveDistance(shover: Size, target: Size): number {
  const steps = Math.max(0, sizeSteps(shover, target))
  const row = SHOVE_DISTANCES.find((r) => r.sizesSmaller === steps)
  invariant(row, `no shove distance for ${steps} sizes`)
  return row.zones
}

export interface DiceShare {
  id: string
  size: Size
  /** Dice of the weapon's kind this target takes. */
  dice: number
}

/**
 * Checks how a larger attacker spreads a melee attack's dice among several smaller targets. Each
 * target takes a share of what it would take alone: the wyrm's d8 bite is 2d8 against one medium
 * target and 4d8 against one small one, so d8 + d8 on two medium targets, d8 + d8 + 2d8 on three small
 * ones and d8 + 2d8 on a medium and a small one all spend exactly the whole bite. Counted in dice
 * against the smallest target, a die on a target k sizes larger costs 2^k.
 */
export function checkDiceSplit(
  attacker: Size,
  baseDice: number,
  shares: ReadonlyArray<DiceShare>,
): Outcome<true> {
  if (shares.length < 2) return fail('Splitting dice needs at least two targets.')
  if (shares.some((s) => sizeSteps(attacker, s.size) <= 0)) {
    return fail('Dice can only be split among targets smaller than the attacker.')
  }
  if (shares.some((s) => !Number.isInteger(s.dice) || s.dice < 1)) {
    return fail('Every target of a split attack takes at least one whole die.')
  }
  const smallest = shares.reduce((a, s) => (sizeSteps(a, s.size) > 0 ? s.size : a), attacker)
  const pool = diceForSize(baseDice, attacker, smallest)
  const spent = shares.reduce((sum, s) => sum + s.dice * 2 ** sizeSteps(s.size, smallest), 0)
  if (spent !== pool) {
    return fail(`Those shares don't add up to the whole attack (${pool}d against the smallest target alone).`)
  }
  return ok(true)
}

/**
 * What is left of a larger attacker's melee dice after these shares, in whole dice against one more
 * target of `size` (0 for a target as large or larger). Counted as in checkDiceSplit: a die on a
 * target k sizes smaller than the attacker spends 1/2^k of one of its dice.
 */
export function diceSplitLeft(
  attacker: Size,
  baseDice: number,
  shares: ReadonlyArray<DiceShare>,
  size: Size,
): number {
  const steps = sizeSteps(attacker, size)
  if (steps <= 0) return 0
  // In sixteenths of a die: the finest share, one die on a target four sizes smaller.
  const finest = 2 ** (SIZES.length - 1)
  const spent = shares.reduce((sum, s) => sum + s.dice * (finest / 2 ** sizeSteps(attacker, s.size)), 0)
  return Math.max(0, Math.floor((baseDice * finest - spent) / (finest / 2 ** steps)))
}
