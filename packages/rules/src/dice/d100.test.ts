import { describe, expect, it } from 'vitest'
import { d100Under, thresholdFor } from './d100.ts'
import { addFractions, fraction } from './fraction.ts'

const brp = { special: { share: fraction(1, 5), rounding: 'up' } } as const

describe('thresholdFor', () => {
  it('takes a share of the chance with the named rounding, exactly', () => {
    expect(thresholdFor(brp.special, 60)).toBe(12)
    expect(thresholdFor(brp.special, 62)).toBe(13)
    // Spelljammer: crit = round(0.15 x SC), grievous = round(0.05 x SC).
    expect(thresholdFor({ share: fraction(15, 100), rounding: 'nearest' }, 47)).toBe(7)
    expect(thresholdFor({ share: fraction(15, 100), rounding: 'nearest' }, 50)).toBe(8)
    expect(thresholdFor({ share: fraction(5, 100), rounding: 'nearest' }, 50)).toBe(3)
    expect(thresholdFor({ share: fraction(1, 5), rounding: 'down' }, 4)).toBe(0)
    expect(thresholdFor({ share: fraction(1, 5), rounding: 'down', minimum: 1 }, 4)).toBe(1)
    expect(thresholdFor(5, 60)).toBe(5)
  })
})

describe('d100Under', () => {
  it('splits a BRP 60% attack into special (01-12), success and failure', () => {
    const odds = d100Under(60, brp)
    expect(odds.special).toEqual(fraction(12, 100))
    expect(odds.success).toEqual(fraction(48, 100))
    expect(odds.failure).toEqual(fraction(40, 100))
    expect(odds.critical).toEqual(fraction(0))
    expect(odds.fumble).toEqual(fraction(0))
    expect(odds.succeeds).toEqual(fraction(60, 100))
    expect(odds.thresholds).toEqual({ critical: 0, special: 12, success: 60, fumble: 0 })
  })

  it('takes the strictly-below-1/5 reading as a fixed threshold', () => {
    expect(d100Under(60, { special: Math.ceil(60 / 5) - 1 }).special).toEqual(fraction(11, 100))
  })

  it('keeps critical inside special, and fumbles among failures', () => {
    const odds = d100Under(50, {
      critical: { share: fraction(1, 20), rounding: 'nearest' },
      special: brp.special,
      fumble: 96,
    })
    expect(odds.critical).toEqual(fraction(3, 100))
    expect(odds.special).toEqual(fraction(7, 100))
    expect(odds.success).toEqual(fraction(40, 100))
    expect(odds.fumble).toEqual(fraction(5, 100))
    expect(odds.failure).toEqual(fraction(45, 100))
  })

  it('applies automatic successes and failures at the ends', () => {
    const ends = { alwaysSucceedsUpTo: 5, alwaysFailsFrom: 96 }
    expect(d100Under(3, ends).succeeds).toEqual(fraction(5, 100))
    expect(d100Under(-20, ends).succeeds).toEqual(fraction(5, 100))
    expect(d100Under(99, ends).succeeds).toEqual(fraction(95, 100))
    expect(d100Under(150).succeeds).toEqual(fraction(1))
  })

  it('has bands that never overlap: they add up to 1 for every chance', () => {
    for (let chance = -10; chance <= 120; chance++) {
      const o = d100Under(chance, { critical: 1, special: brp.special, fumble: 99, alwaysFailsFrom: 100 })
      const total = [o.critical, o.special, o.success, o.failure, o.fumble].reduce(addFractions)
      expect(total, `chance ${chance}`).toEqual(fraction(1))
    }
  })

  it('refuses a chance that is not a whole percentage', () => {
    expect(() => d100Under(12.5)).toThrow(/whole number/)
  })
})
