import { describe, expect, it } from 'vitest'
import { armorAgainst } from './armor.ts'
import { applyDamage, damageAfterArmor, unconsciousHours } from './exchange.ts'
import { awaken, endOfRound } from './injury.ts'
import { brpSettings } from './settings.ts'
import { sheetOf } from './sheet.ts'
import { type CombatantState, initialState } from './state.ts'
import { findWeapon, type WeaponRow } from './tables.ts'

const settings = brpSettings()
const at = (hitPoints: number): CombatantState => ({
  ...initialState(sheetOf({ con: 12, siz: 12 }), settings),
  hitPoints,
})
const sword = findWeapon('sword-short') as WeaponRow

describe('damage and injury', () => {
  it('leaves the 12 hit point character in hard leather at 8 after 6 damage (5.12)', () => {
    const sheet = sheetOf({ con: 12, siz: 12, armor: [{ armor: 'leather-hard' }] })
    const state = initialState(sheet, settings)
    expect(state.hitPoints).toBe(12)
    const armor = armorAgainst(sheet, state, sword, settings)
    expect(armor.points).toBe(2)
    const hit = applyDamage(state, damageAfterArmor(6, armor.points))
    expect(hit.state.hitPoints).toBe(8)
    // "Any more damage is subtracted from this new total."
    expect(applyDamage(hit.state, 3).state.hitPoints).toBe(5)
  })

  it('keeps each wound separately', () => {
    const once = applyDamage(at(12), 4)
    const twice = applyDamage(once.state, 3)
    expect(twice.state.injuries.map((i) => [i.id, i.damage])).toEqual([
      [1, 4],
      [2, 3],
    ])
  })

  it('records no wound when armor stops it all', () => {
    const hit = applyDamage(at(12), 0)
    expect(hit.injury).toBeNull()
    expect(hit.state.injuries).toEqual([])
  })

  it('knocks a character out at 2 hit points, and at less', () => {
    expect(applyDamage(at(5), 2).knockedOut).toBe(false)
    expect(applyDamage(at(5), 3)).toMatchObject({
      knockedOut: true,
      state: { unconscious: true, hitPoints: 2 },
    })
    expect(applyDamage(at(5), 9)).toMatchObject({
      knockedOut: true,
      state: { unconscious: true, hitPoints: -4 },
    })
  })

  it('goes below 0 into negative hit points (5.12)', () => {
    expect(applyDamage(at(3), 10).state.hitPoints).toBe(-7)
  })

  it('kills only at the end of the round, and only at 0 or less', () => {
    const down = applyDamage(at(3), 3).state
    expect(down.dead).toBe(false)
    expect(endOfRound(down)).toMatchObject({ died: true, state: { dead: true } })
    expect(endOfRound(at(1))).toMatchObject({ died: false, state: { dead: false } })
  })

  it('keeps the knocked-out down for 1D6 hours unless awakened', () => {
    expect(unconsciousHours(4)).toMatchObject({ ok: true, value: { hours: 4 } })
    expect(unconsciousHours(7)).toMatchObject({ ok: false })
    const out = applyDamage(at(5), 3).state
    expect(awaken(out)).toMatchObject({ ok: true, value: { unconscious: false } })
    expect(awaken(at(5))).toMatchObject({ ok: false })
    expect(awaken(applyDamage(at(5), 6).state)).toMatchObject({ ok: false })
  })
})
