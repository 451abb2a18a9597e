import { describe, expect, it } from 'vitest'
import { armorAgainst, perceptionSkillPenalty, physicalSkillPenalty } from './armor.ts'
import { brpSettings } from './settings.ts'
import { sheetOf } from './sheet.ts'
import { initialState, withItem } from './state.ts'
import { findWeapon, type WeaponRow } from './tables.ts'

const settings = brpSettings()
const sword = findWeapon('sword-short') as WeaponRow
const rifle = findWeapon('rifle') as WeaponRow
const wearing = (...armor: string[]) => sheetOf({ armor: armor.map((id) => ({ armor: id })), shield: 'kite' })
const points = (weapon: WeaponRow, room = settings, ...armor: string[]) => {
  const sheet = wearing(...armor)
  return armorAgainst(sheet, initialState(sheet, room), weapon, room).points
}

describe('armor', () => {
  it('stops 1 point in soft leather and 8 in full plate (5.10)', () => {
    expect(points(sword, settings, 'leather-soft')).toBe(1)
    expect(points(sword, settings, 'plate-full')).toBe(8)
    expect(points(sword, settings)).toBe(0)
  })

  it('adds a helmet’s "+" points to the body armor', () => {
    expect(points(sword, settings, 'chain', 'helmet-heavy')).toBe(9)
    expect(points(sword, settings, 'helmet-light')).toBe(1)
  })

  it('reads Riot Gear’s 12/6 as 12 against blows and 6 against guns, or as the room says', () => {
    expect(points(sword, settings, 'riot-gear')).toBe(12)
    expect(points(rifle, settings, 'riot-gear')).toBe(6)
    expect(points(rifle, brpSettings({ riotGear: 'high' }), 'riot-gear')).toBe(12)
    expect(points(sword, brpSettings({ riotGear: 'low' }), 'riot-gear')).toBe(6)
  })

  it('adds an immobile shield’s armor points, worn down by the damage it has taken (5.11)', () => {
    const sheet = wearing('leather-hard')
    const state = initialState(sheet, settings)
    expect(armorAgainst(sheet, state, sword, settings, true).points).toBe(2 + 16)
    expect(armorAgainst(sheet, withItem(state, 'shield', { damage: 4 }), sword, settings, true).points).toBe(
      2 + 12,
    )
  })

  it('penalises physical skills for body armor and perception skills for helmets (5.10)', () => {
    const sheet = wearing('plate-full', 'helmet-light')
    expect(physicalSkillPenalty(sheet).map((l) => l.value)).toEqual([-25])
    expect(perceptionSkillPenalty(sheet).map((l) => l.value)).toEqual([-15])
    expect(physicalSkillPenalty(wearing('clothing-heavy'))).toEqual([])
  })
})
