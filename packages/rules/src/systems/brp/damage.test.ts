import { describe, expect, it } from 'vitest'
import { weaponMaximum } from './damage.ts'
import { damageAfterArmor, damageDice, rollDamage } from './exchange.ts'
import { findWeapon, type WeaponRow } from './tables.ts'

const weapon = (id: string): WeaponRow => {
  const row = findWeapon(id)
  if (!row) throw new Error(id)
  return row
}
const plus1d4 = { sign: 1, count: 1, sides: 4 } as const

describe('damage', () => {
  it('deals the short sword special success of 5.13: 7 + (3 + 1) + 2 = 13', () => {
    const sword = weapon('sword-short').damage
    expect(weaponMaximum(sword)).toBe(6 + 1)
    const rolled = rollDamage(sword, plus1d4, [3, 2], 'special')
    expect(rolled).toMatchObject({ ok: true, value: { total: 7 + 3 + 1 + 2 } })
  })

  it('rolls normal damage as weapon dice, weapon bonus and damage bonus', () => {
    expect(rollDamage(weapon('sword-short').damage, plus1d4, [3, 2], 'normal')).toMatchObject({
      ok: true,
      value: { total: 6 },
    })
  })

  it('asks for the weapon dice, then the damage bonus dice', () => {
    expect(damageDice(weapon('halberd').damage, plus1d4).map((d) => d.sides)).toEqual([6, 6, 6, 4])
  })

  it('rolls the damage bonus and halves it, rounding up, for thrown weapons (5.9)', () => {
    const dagger = weapon('dagger-thrown').damage
    // 1D4 rolls 3; +1D4 rolls 3, halved up to 2.
    expect(rollDamage(dagger, plus1d4, [3, 3], 'normal')).toMatchObject({ ok: true, value: { total: 3 + 2 } })
    expect(rollDamage(dagger, plus1d4, [3, 1], 'normal')).toMatchObject({ ok: true, value: { total: 3 + 1 } })
  })

  it('adds no damage bonus to guns and crossbows, whose cells print none', () => {
    expect(damageDice(weapon('crossbow-heavy').damage, plus1d4).map((d) => d.sides)).toEqual([6, 6])
    expect(rollDamage(weapon('rifle').damage, plus1d4, [4, 5], 'normal')).toMatchObject({
      ok: true,
      value: { total: 9 },
    })
  })

  it('subtracts a negative damage bonus, never going below 0 damage', () => {
    const minus1d6 = { sign: -1, count: 1, sides: 6 } as const
    expect(rollDamage(weapon('dagger').damage, minus1d6, [1, 6], 'normal')).toMatchObject({
      ok: true,
      value: { total: 0 },
    })
  })

  it('refuses faces that do not fit the dice, saying which', () => {
    const sword = weapon('sword-short').damage
    expect(rollDamage(sword, plus1d4, [3], 'normal')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/needs 2 dice/),
    })
    expect(rollDamage(sword, plus1d4, [7, 2], 'normal')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/1 to 6/),
    })
  })

  it('subtracts armor points, letting through only what is above them (5.10, 5.12)', () => {
    // The hard leather example: 6 damage, 2 armor points, 4 taken.
    expect(damageAfterArmor(6, 2)).toBe(4)
    // Soft leather stops 1 point, full plate 8.
    expect(damageAfterArmor(5, 1)).toBe(4)
    expect(damageAfterArmor(5, 8)).toBe(0)
  })
})
