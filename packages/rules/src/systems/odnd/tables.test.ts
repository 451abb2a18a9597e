import { describe, expect, it } from 'vitest'
import {
  ABILITY_BONUS,
  abilityBonus,
  COVER,
  LANCE_DICE,
  lookupBand,
  SPELL_FAILURE,
  UNTRAINED_DAMAGE_DIE,
} from './tables.ts'

describe('ability bonus table (README reading)', () => {
  it.each([
    [3, -3],
    [4, -2],
    [5, -2],
    [6, -1],
    [8, -1],
    [9, 0],
    [12, 0],
    [13, 1],
    [15, 1],
    [16, 2],
    [17, 2],
    [18, 3],
  ])('a score of %i gives a bonus of %i', (score, bonus) => {
    expect(abilityBonus(score)).toBe(bonus)
  })

  it('covers every score from 3 to 18 exactly once', () => {
    for (let score = 3; score <= 18; score++)
      expect(ABILITY_BONUS.filter((r) => score >= r.min && score <= r.max)).toHaveLength(1)
  })

  it('refuses a score no row covers, as a bug', () => {
    expect(() => abilityBonus(2)).toThrow()
    expect(() => abilityBonus(19)).toThrow()
  })
})

describe('tables printed in the text', () => {
  it('cover costs -2, -4 and -6 at 25%, 50% and 75%', () => {
    expect(COVER).toEqual([
      { percent: 25, toHit: -2 },
      { percent: 50, toHit: -4 },
      { percent: 75, toHit: -6 },
    ])
  })

  it('an untrained weapon does d3, d4 or d6 by its size', () => {
    expect(UNTRAINED_DAMAGE_DIE).toEqual({ small: 3, medium: 4, large: 6 })
  })

  it('a charging lance rolls 2d6 against man-sized foes and 3d6 against large ones', () => {
    expect(LANCE_DICE['man-sized']).toBe(2)
    expect(LANCE_DICE.large).toBe(3)
    expect(LANCE_DICE.small).toBe(2)
    expect(LANCE_DICE.huge).toBe(3)
  })

  it.each([
    [1, 'lost'],
    [4, 'lost'],
    [5, 'miscast'],
    [6, 'miscast'],
  ])('a failed spell save with d6 %i means the spell was %s', (d6, result) => {
    expect(SPELL_FAILURE.find((r) => d6 >= r.min && d6 <= r.max)?.result).toBe(result)
  })

  it('a banded lookup reads the row whose range holds the score', () => {
    expect(lookupBand([{ min: 1, max: 2, value: 7 }], 2)).toBe(7)
  })
})
