import { describe, expect, it } from 'vitest'
import { fraction } from '../../dice/fraction.ts'
import { chanceTargetsFriend, shootIntoMelee } from './ranged.ts'

const shooter = { masterBowmanRank: 2 }
const plain = { rank: 4, specialization: 'none' as const }

describe('shooting into melee', () => {
  it('adds weapon rank, Master Bowman rank x 2 and the specialization to the d100', () => {
    const r = shootIntoMelee(shooter, { rank: 4, specialization: 'specialist' }, 1, 1, 20)
    expect(r.ok && r.value.total).toBe(20 + 4 + 4 + 5)
    const ds = shootIntoMelee(shooter, { rank: 4, specialization: 'double-specialist' }, 1, 1, 20)
    expect(ds.ok && ds.value.total).toBe(38)
  })

  it.each([
    [1, 1, 30],
    [1, 2, 20],
    [1, 3, 10],
    [2, 1, 40],
    [3, 1, 50],
    [3, 2, 45],
  ])('with %i friends and %i foes targets a friend on %i or less and a foe above', (friends, foes, on) => {
    const at = shootIntoMelee({ masterBowmanRank: 0 }, { rank: 0, specialization: 'none' }, friends, foes, on)
    expect(at.ok && at.value.targets).toBe('friend')
    const above = shootIntoMelee(
      { masterBowmanRank: 0 },
      { rank: 0, specialization: 'none' },
      friends,
      foes,
      on + 1,
    )
    expect(above.ok && above.value.targets).toBe('foe')
  })

  it('always targets a friend on 05 or less, 03 for specialists and 01 for double specialists', () => {
    const big = { masterBowmanRank: 20 }
    expect(shootIntoMelee(big, plain, 1, 3, 5)).toMatchObject({
      value: { targets: 'friend', alwaysFriend: true },
    })
    expect(shootIntoMelee(big, plain, 1, 3, 6)).toMatchObject({ value: { targets: 'foe' } })
    expect(shootIntoMelee(big, { rank: 4, specialization: 'specialist' }, 1, 3, 4)).toMatchObject({
      value: { targets: 'foe' },
    })
    expect(shootIntoMelee(big, { rank: 4, specialization: 'specialist' }, 1, 3, 3)).toMatchObject({
      value: { targets: 'friend' },
    })
    expect(shootIntoMelee(big, { rank: 4, specialization: 'double-specialist' }, 1, 3, 2)).toMatchObject({
      value: { targets: 'foe' },
    })
    expect(shootIntoMelee(big, { rank: 4, specialization: 'double-specialist' }, 1, 3, 1)).toMatchObject({
      value: { targets: 'friend' },
    })
  })

  it('leaves a mix the text does not list to the GM', () => {
    expect(shootIntoMelee(shooter, plain, 2, 2, 50)).toEqual({
      ok: false,
      error: 'The rules give no chance for 2 friends and 2 foes: the GM decides whom the shot targets.',
    })
  })
})

describe('the odds of hitting a friend', () => {
  it('with weapon rank 4 and Master Bowman 2, one friend and one foe: 30 - 8 = 22 in 100', () => {
    expect(chanceTargetsFriend(shooter, plain, 1, 1)).toEqual({ ok: true, value: fraction(22, 100) })
  })

  it('never drop below the always-a-friend faces: 5 in 100, or 1 for a double specialist', () => {
    const master = { masterBowmanRank: 30 }
    expect(chanceTargetsFriend(master, plain, 1, 3)).toEqual({ ok: true, value: fraction(5, 100) })
    expect(chanceTargetsFriend(master, { rank: 10, specialization: 'double-specialist' }, 1, 3)).toEqual({
      ok: true,
      value: fraction(1, 100),
    })
  })
})
