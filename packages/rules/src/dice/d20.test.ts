import { describe, expect, it } from 'vitest'
import { d20Check } from './d20.ts'
import { chanceAtLeast, distribution } from './distribution.ts'
import { add, constant, dice } from './expr.ts'
import { fraction } from './fraction.ts'

describe('d20Check', () => {
  it('P(1d20 + 3 >= 14) = 1/2: hit on 11+', () => {
    expect(d20Check({ modifier: 3, target: 14 })).toEqual({
      chance: fraction(1, 2),
      probability: 0.5,
      needs: 11,
    })
  })

  it('a natural 20 hits what no total could reach, when the rule says so', () => {
    expect(d20Check({ modifier: 0, target: 25 })).toEqual({
      chance: fraction(0),
      probability: 0,
      needs: null,
    })
    expect(d20Check({ modifier: 0, target: 25, natural20Succeeds: true })).toEqual({
      chance: fraction(1, 20),
      probability: 0.05,
      needs: 20,
    })
  })

  it('a natural 1 misses what every total would reach, when the rule says so', () => {
    expect(d20Check({ modifier: 30, target: 10 }).chance).toEqual(fraction(1))
    expect(d20Check({ modifier: 30, target: 10, natural1Fails: true })).toEqual({
      chance: fraction(19, 20),
      probability: 0.95,
      needs: 2,
    })
  })

  it('agrees with the exact distribution of 1d20 + k for every modifier and target', () => {
    for (let modifier = -12; modifier <= 12; modifier++) {
      const d = distribution(add(dice(1, 20), constant(modifier)))
      for (let target = -5; target <= 35; target++) {
        expect(d20Check({ modifier, target }).chance, `1d20${modifier} >= ${target}`).toEqual(
          chanceAtLeast(d, target),
        )
      }
    }
  })
})
