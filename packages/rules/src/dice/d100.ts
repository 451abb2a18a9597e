/** The odds of a d100 roll-under check, split into the bands a system names (critical, special, ...). */
import { unreachable } from '../assert.ts'
import type { Rounding } from './expr.ts'
import { type Fraction, fraction } from './fraction.ts'

/**
 * Where a band ends: a fixed roll ("01-05"), or a share of the chance with its rounding (BRP special:
 * 1/5 of the skill rounded up, so 60% gives 01-12), never below `minimum` when given.
 */
export type D100Threshold = number | { share: Fraction; rounding: Rounding; minimum?: number }

export interface D100Options {
  /** Successful rolls at or below this are critical. */
  critical?: D100Threshold
  /** Successful rolls at or below this (and not critical) are special. */
  special?: D100Threshold
  /** Failed rolls at or above this are fumbles. */
  fumble?: D100Threshold
  /** Rolls at or below this always succeed (e.g. 5: 01-05). */
  alwaysSucceedsUpTo?: number
  /** Rolls at or above this always fail (e.g. 96: 96-00). */
  alwaysFailsFrom?: number
}

/** Each band's probability; the five bands do not overlap and add up to 1. */
export interface D100Chances {
  critical: Fraction
  special: Fraction
  /** Plain success: neither special nor critical. */
  success: Fraction
  /** Plain failure: not a fumble. */
  failure: Fraction
  fumble: Fraction
  /** Any success (critical, special or plain): what "60%" means on a sheet. */
  succeeds: Fraction
  /** The highest roll of each band (lowest for fumble), for "special on 01-12"; 0 when the band is off. */
  thresholds: { critical: number; special: number; success: number; fumble: number }
}

/** The band edge for a chance: exact integer arithmetic, so 1/5 of 60 is 12 and never 11.999. */
export function thresholdFor(threshold: D100Threshold | undefined, chance: number): number {
  if (threshold === undefined) return 0
  if (typeof threshold === 'number') return threshold
  const num = BigInt(chance) * threshold.share.num
  const den = threshold.share.den
  const floor = num >= 0n ? num / den : -((-num + den - 1n) / den)
  const hasRest = floor * den !== num
  let value: bigint
  switch (threshold.rounding) {
    case 'down':
      value = floor
      break
    case 'up':
      value = hasRest ? floor + 1n : floor
      break
    case 'nearest':
      value = 2n * (num - floor * den) >= den ? floor + 1n : floor
      break
    default:
      return unreachable(threshold.rounding)
  }
  return Math.max(Number(value), threshold.minimum ?? Number.NEGATIVE_INFINITY)
}

/**
 * P of each band when rolling d100 under `chance` (a whole percentage): BRP special successes,
 * percentile crits and fumbles, automatic successes and failures, all as the caller configures.
 */
export function d100Under(chance: number, options: D100Options = {}): D100Chances {
  if (!Number.isInteger(chance)) throw new RangeError(`a d100 chance is a whole number, got ${chance}`)
  const critical = thresholdFor(options.critical, chance)
  const special = thresholdFor(options.special, chance)
  const fumble = options.fumble === undefined ? 0 : thresholdFor(options.fumble, chance)
  const counts = { critical: 0, special: 0, success: 0, failure: 0, fumble: 0 }
  for (let roll = 1; roll <= 100; roll++) {
    const succeeds =
      roll >= (options.alwaysFailsFrom ?? 101)
        ? false
        : roll <= (options.alwaysSucceedsUpTo ?? 0) || roll <= chance
    if (succeeds) counts[roll <= critical ? 'critical' : roll <= special ? 'special' : 'success']++
    else counts[fumble > 0 && roll >= fumble ? 'fumble' : 'failure']++
  }
  const p = (n: number) => fraction(n, 100)
  return {
    critical: p(counts.critical),
    special: p(counts.special),
    success: p(counts.success),
    failure: p(counts.failure),
    fumble: p(counts.fumble),
    succeeds: p(counts.critical + counts.special + counts.success),
    thresholds: { critical, special, success: chance, fumble },
  }
}
