import { describe, expect, it } from 'vitest'
import {
  chanceAtLeast,
  chanceAtMost,
  compare,
  convolve,
  type Distribution,
  distribution,
  mapTotals,
  maxOf,
  mean,
  outcomes,
  point,
  probabilityOf,
  sumOfDice,
  TooCostlyError,
} from './distribution.ts'
import { type Fraction, fraction } from './fraction.ts'
import { mix } from './mixture.ts'
import { parseDice } from './parse.ts'

const dist = (notation: string) => distribution(parseDice(notation))
/** Every value with its exact probability, impossible values left out. */
const table = (d: Distribution): Array<[number, Fraction]> =>
  d.weights.flatMap((w, i) => (w === 0n ? [] : [[d.min + i, fraction(w, d.total)] as [number, Fraction]]))

describe('distribution: hand-checked values', () => {
  it('P(1d20 + 3 >= 14) = 1/2', () => {
    expect(chanceAtLeast(dist('1d20+3'), 14)).toEqual(fraction(1, 2))
  })

  it('2d20kh1 (advantage): P(k) = (2k - 1) / 400', () => {
    expect(table(dist('2d20kh1'))).toEqual(
      Array.from({ length: 20 }, (_, i) => [i + 1, fraction(2 * (i + 1) - 1, 400)]),
    )
  })

  it('2d20kl1 (disadvantage): P(k) = (41 - 2k) / 400', () => {
    expect(table(dist('2d20kl1'))).toEqual(
      Array.from({ length: 20 }, (_, i) => [i + 1, fraction(41 - 2 * (i + 1), 400)]),
    )
  })

  it('the mean of 1d6+1 is 4.5', () => {
    expect(mean(dist('1d6+1'))).toEqual(fraction(9, 2))
  })

  it('2d6: P(7) = 1/6, and the triangle 1..6..1 over 36', () => {
    expect(probabilityOf(dist('2d6'), 7)).toEqual(fraction(1, 6))
    expect(dist('2d6')).toEqual({ min: 2, weights: [1n, 2n, 3n, 4n, 5n, 6n, 5n, 4n, 3n, 2n, 1n], total: 36n })
    expect(probabilityOf(dist('3d6'), 10)).toEqual(fraction(27, 216))
  })

  it('4d6 keeping three: the ends and the means are the known ones', () => {
    const lowest = dist('4d6kl3')
    // 3 needs at least three 1s: C(4,3)*5 + 1 = 21 of 1296; 18 needs all four 6s.
    expect(probabilityOf(lowest, 3)).toEqual(fraction(21, 1296))
    expect(probabilityOf(lowest, 18)).toEqual(fraction(1, 1296))
    expect(mean(lowest)).toEqual(fraction(11347, 1296))
    const highest = dist('4d6kh3')
    expect(probabilityOf(highest, 18)).toEqual(fraction(21, 1296))
    expect(mean(highest)).toEqual(fraction(15869, 1296))
    expect(highest.weights.reduce((a, b) => a + b)).toBe(1296n)
  })

  it('halving rounds down, up or to nearest as named', () => {
    expect(table(dist('halfdown(1d6)'))).toEqual([
      [0, fraction(1, 6)],
      [1, fraction(1, 3)],
      [2, fraction(1, 3)],
      [3, fraction(1, 6)],
    ])
    expect(table(dist('halfup(1d6)'))).toEqual([
      [1, fraction(1, 3)],
      [2, fraction(1, 3)],
      [3, fraction(1, 3)],
    ])
    expect(table(dist('halfnearest(1d4)'))).toEqual([
      [1, fraction(1, 2)],
      [2, fraction(1, 2)],
    ])
    expect(table(dist('halfdown(1d4)'))).toEqual([
      [0, fraction(1, 4)],
      [1, fraction(1, 2)],
      [2, fraction(1, 4)],
    ])
    expect(table(dist('halfdown(0-3)'))).toEqual([[-2, fraction(1)]])
  })

  it('multiplying spreads the values, and maximum-plus-roll shifts by the maximum', () => {
    expect(table(dist('1d4*3'))).toEqual([3, 6, 9, 12].map((v) => [v, fraction(1, 4)]))
    expect(table(dist('maxplus(1d4+1)'))).toEqual([7, 8, 9, 10].map((v) => [v, fraction(1, 4)]))
    expect(dist('double(1d6)+1')).toEqual(dist('2d6+1'))
    expect(dist('double(4d6kh3)')).toEqual(dist('8d6kh6'))
  })

  it('subtraction mirrors a distribution', () => {
    expect(table(dist('1d4-1d4'))).toEqual([
      [-3, fraction(1, 16)],
      [-2, fraction(2, 16)],
      [-1, fraction(3, 16)],
      [0, fraction(4, 16)],
      [1, fraction(3, 16)],
      [2, fraction(2, 16)],
      [3, fraction(1, 16)],
    ])
  })
})

describe('odds helpers', () => {
  it('chanceAtLeast and chanceAtMost cover the ends', () => {
    const d20 = dist('1d20')
    expect(chanceAtLeast(d20, 1)).toEqual(fraction(1))
    expect(chanceAtLeast(d20, 21)).toEqual(fraction(0))
    expect(chanceAtMost(d20, 12)).toEqual(fraction(3, 5))
    expect(chanceAtMost(d20, 0)).toEqual(fraction(0))
  })

  it('compare gives P(A > B), P(A = B), P(A < B) for opposed rolls', () => {
    expect(compare(dist('1d6'), dist('1d6'))).toEqual({
      greater: fraction(5, 12),
      equal: fraction(1, 6),
      less: fraction(5, 12),
    })
    // 1d6+2 against 1d4: A > B unless (A, B) in {(3,3), (3,4), (4,4)} ties or losses.
    expect(compare(dist('1d6+2'), dist('1d4'))).toEqual({
      greater: fraction(21, 24),
      equal: fraction(2, 24),
      less: fraction(1, 24),
    })
    expect(compare(dist('5'), dist('1d4'))).toEqual({
      greater: fraction(1),
      equal: fraction(0),
      less: fraction(0),
    })
  })

  it('outcomes lists floats for charts and skips impossible totals', () => {
    expect(outcomes(dist('1d2*2'))).toEqual([
      { value: 2, probability: 0.5 },
      { value: 4, probability: 0.5 },
    ])
    expect(maxOf(dist('2d6+1'))).toBe(13)
  })

  it('refuses dice too many to count exactly, rather than stalling the room', () => {
    expect(() => dist('100d1000')).toThrow(TooCostlyError)
    expect(() => dist('20d100kh10')).toThrow(TooCostlyError)
    expect(maxOf(dist('100d100'))).toBe(10000)
  })
})

describe('building blocks for rules code', () => {
  it('builds what rules code combines itself: dice, sums, totals mapped through a rule, mixtures', () => {
    expect(sumOfDice(2, 6)).toEqual(dist('2d6'))
    expect(sumOfDice(0, 6)).toEqual(point(0))
    expect(convolve(sumOfDice(1, 6), sumOfDice(1, 4))).toEqual(dist('1d6+1d4'))
    // Halving up merges totals; a floor at 0 gathers the low ones.
    expect(table(mapTotals(sumOfDice(1, 6), (v) => Math.ceil(v / 2)))).toEqual(table(dist('halfup(1d6)')))
    expect(table(mapTotals(dist('1d6-3'), (v) => Math.max(0, v)))).toEqual([
      [0, fraction(3, 6)],
      [1, fraction(1, 6)],
      [2, fraction(1, 6)],
      [3, fraction(1, 6)],
    ])
    // Half the attacks hit for 1d6, the rest do 0; a part that cannot happen adds nothing.
    const attack = mix([
      { p: fraction(1, 2), dist: sumOfDice(1, 6) },
      { p: fraction(1, 2), dist: point(0) },
      { p: fraction(0), dist: point(99) },
    ])
    expect(table(attack)).toEqual([
      [0, fraction(1, 2)],
      ...[1, 2, 3, 4, 5, 6].map((v) => [v, fraction(1, 12)]),
    ])
    expect(mean(attack)).toEqual(fraction(7, 4))
    expect(() => mix([{ p: fraction(1, 2), dist: point(0) }])).toThrow(RangeError)
  })
})
