import { describe, expect, it } from 'vitest'
import { checkD100, makesStatRoll, statRollTier } from './stat-rolls.ts'

describe('stat rolls', () => {
  it.each([
    [1, 1],
    [14, 1],
    [15, 2],
    [28, 2],
    [29, 3],
    [42, 3],
    [43, 4],
    [56, 4],
    [57, 5],
    [100, 5],
  ])('with DEX 14 a roll of %i is a %ix roll', (roll, tier) => {
    expect(statRollTier(roll, 14)).toBe(tier)
  })

  it('makes an Nx roll at or under N x the stat', () => {
    expect(makesStatRoll(24, 12, 2)).toBe(true)
    expect(makesStatRoll(25, 12, 2)).toBe(false)
  })

  it('refuses a face that is not on a d100', () => {
    expect(checkD100(101, 'DEX roll')).toEqual({
      ok: false,
      error: 'The DEX roll is a d100, which shows 1 to 100 (00 is 100), not 101.',
    })
  })
})
