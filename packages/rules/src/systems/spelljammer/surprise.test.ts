import { describe, expect, it } from 'vitest'
import { ambushResult, ambushToggle, canShoutWarning } from './surprise.ts'

const result = (roll: number, per: number, warned = false) => {
  const r = ambushResult(roll, per, warned)
  if (!r.ok) throw new Error(r.error)
  return r.value
}

describe('ambush', () => {
  it.each([
    [12, 1, 0, 0],
    [13, 2, 0, 0],
    [24, 2, 0, 0],
    [25, 3, 10, 0],
    [36, 3, 10, 0],
    [37, 4, 20, 0],
    [48, 4, 20, 0],
    [49, 5, 30, 2],
    [100, 5, 30, 2],
  ])(
    'with PER 12 a roll of %i is a %ix PER result: attackers +%i SC and +%i damage',
    (roll, tier, sc, damage) => {
      expect(result(roll, 12)).toMatchObject({ tier, attackerSc: sc, attackerDamage: damage })
    },
  )

  it('lets a 1x PER character attack back normally and a 2x character once', () => {
    expect(result(5, 12).attacksBack).toBe('normal')
    expect(result(20, 12).attacksBack).toBe(1)
  })

  it('moves everyone down one when warned: a 3x PER roll counts as 2x, and 1x stays 1x', () => {
    expect(result(30, 12, true)).toMatchObject({ rolledTier: 3, tier: 2, attackerSc: 0 })
    expect(result(5, 12, true).tier).toBe(1)
  })

  it('lets only someone who made a 1x PER roll shout the warning', () => {
    expect(canShoutWarning([result(30, 12), result(20, 12)])).toBe(false)
    expect(canShoutWarning([result(30, 12), result(12, 12)])).toBe(true)
  })

  it('maps each tier to the attackers’ toggle', () => {
    expect([1, 2, 3, 4, 5].map((t) => ambushToggle(t as 1 | 2 | 3 | 4 | 5))).toEqual([
      null,
      null,
      'ambush-3x',
      'ambush-4x',
      'ambush-5x',
    ])
  })

  it('refuses a PER roll that is not a d100 face', () => {
    expect(ambushResult(0, 12)).toEqual({
      ok: false,
      error: 'The PER roll is a d100, which shows 1 to 100 (00 is 100), not 0.',
    })
  })
})
