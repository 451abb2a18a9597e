import { describe, expect, it } from 'vitest'
import { groupMoraleDue, loneMoraleDue, moraleChecksDue, surrender } from './morale.ts'
import { harmedWhileSurrendering, resolveMorale } from './rolls.ts'

describe('zones morale', () => {
  it('checks a group of 4 bandits reduced to 2 this round, but not one already at 2 before it', () => {
    expect(groupMoraleDue({ original: 4, atRoundStart: 3, now: 2 })).toBe(true)
    expect(groupMoraleDue({ original: 4, atRoundStart: 3, now: 3 })).toBe(false)
    expect(groupMoraleDue({ original: 4, atRoundStart: 2, now: 2 })).toBe(false)
    expect(groupMoraleDue({ original: 5, atRoundStart: 5, now: 2 })).toBe(true)
    expect(groupMoraleDue({ original: 5, atRoundStart: 5, now: 3 })).toBe(false)
  })

  it('checks a lone character who dropped to half their maximum health this round', () => {
    expect(loneMoraleDue({ maxHealth: 8, healthAtRoundStart: 8, health: 4 })).toBe(true)
    expect(loneMoraleDue({ maxHealth: 8, healthAtRoundStart: 8, health: 5 })).toBe(false)
    expect(loneMoraleDue({ maxHealth: 9, healthAtRoundStart: 5, health: 4 })).toBe(true)
    expect(loneMoraleDue({ maxHealth: 8, healthAtRoundStart: 4, health: 2 })).toBe(false)
  })

  it('lists at the end of the round the bandits halved this round and the lone ogre at half health', () => {
    expect(
      moraleChecksDue([
        { id: 'bandits', kind: 'group', original: 4, atRoundStart: 4, now: 2 },
        { id: 'guards', kind: 'group', original: 4, atRoundStart: 4, now: 3 },
        { id: 'ogre', kind: 'lone', maxHealth: 20, healthAtRoundStart: 12, health: 10 },
      ]),
    ).toEqual(['bandits', 'ogre'])
  })

  it('breaks those who fail the group WIT save, steadies those who pass, and spares the fearless', () => {
    const r = resolveMorale(
      [
        { id: 'a', wit: 10, fearImmune: false, steady: false },
        { id: 'b', wit: 10, fearImmune: false, steady: false },
        { id: 'c', wit: 3, fearImmune: true, steady: false },
        { id: 'd', wit: 3, fearImmune: false, steady: true },
      ],
      { a: 10, b: 11 },
    )
    expect(r.steady).toEqual(['a'])
    expect(r.broken).toEqual(['b'])
    expect(r.exempt).toEqual(['c', 'd'])
  })

  it('lets a harmed surrendering character fight again even after failing morale', () => {
    const s = surrender({ surrendering: false, brokeMorale: true })
    expect(s.surrendering).toBe(true)
    expect(harmedWhileSurrendering(s)).toEqual({ surrendering: false, brokeMorale: false })
  })
})
