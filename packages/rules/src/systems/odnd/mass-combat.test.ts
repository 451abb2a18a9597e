import { describe, expect, it } from 'vitest'
import { formUnit, survivors } from './mass-combat.ts'
import { unitHit } from './rolls.ts'

describe('mass combat', () => {
  it('a unit of ten totals ten d6 for its hit points', () => {
    const u = formUnit('Bandits', [1, 2, 3, 4, 5, 6, 1, 2, 3, 4])
    expect(u.ok && u.value).toMatchObject({ men: 10, originalHp: 31, hp: 31 })
  })

  it('a hit subtracts the d6 times 10 from the unit total', () => {
    const r = unitHit({ name: 'Bandits', men: 10, originalHp: 40, hp: 40 }, 10, 3)
    expect(r.ok && r.value.damage).toBe(30)
    expect(r.ok && r.value.unit.hp).toBe(10)
  })

  it('from 40 original hit points, 4 left is one man alive and 8 is two', () => {
    expect(survivors({ men: 10, originalHp: 40, hp: 4 })).toBe(1)
    expect(survivors({ men: 10, originalHp: 40, hp: 8 })).toBe(2)
  })

  it('fractions of a man round up', () => {
    expect(survivors({ men: 10, originalHp: 40, hp: 5 })).toBe(2)
    expect(survivors({ men: 10, originalHp: 40, hp: 1 })).toBe(1)
  })

  it('a unit with no points left is slain to a man', () => {
    expect(survivors({ men: 10, originalHp: 40, hp: 0 })).toBe(0)
    const r = unitHit({ name: 'Bandits', men: 10, originalHp: 40, hp: 12 }, 10, 6)
    expect(r.ok && r.value.unit.hp).toBe(0)
  })
})
