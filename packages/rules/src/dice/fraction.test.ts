import { describe, expect, it } from 'vitest'
import {
  addFractions,
  compareFractions,
  formatFraction,
  fraction,
  subtractFractions,
  toFloat,
} from './fraction.ts'

describe('fraction', () => {
  it('reduces, so equal values are deep-equal', () => {
    expect(fraction(10, 20)).toEqual(fraction(1, 2))
    expect(fraction(3, -6)).toEqual({ num: -1n, den: 2n })
    expect(fraction(0, 7)).toEqual({ num: 0n, den: 1n })
  })

  it('refuses a zero denominator', () => {
    expect(() => fraction(1, 0)).toThrow(/zero denominator/)
  })

  it('adds, subtracts and orders exactly', () => {
    expect(addFractions(fraction(1, 3), fraction(1, 6))).toEqual(fraction(1, 2))
    expect(subtractFractions(fraction(1, 3), fraction(1, 2))).toEqual(fraction(-1, 6))
    expect(compareFractions(fraction(1, 3), fraction(1, 2))).toBe(-1)
    expect(compareFractions(fraction(2, 4), fraction(1, 2))).toBe(0)
  })

  it('converts to a float even when both parts overflow a double', () => {
    const huge = 10n ** 400n
    expect(toFloat({ num: huge, den: 4n * huge })).toBeCloseTo(0.25, 12)
    expect(formatFraction(fraction(6, 4))).toBe('3/2')
    expect(formatFraction(fraction(4, 2))).toBe('2')
  })
})
