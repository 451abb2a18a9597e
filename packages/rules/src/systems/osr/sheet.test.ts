import { describe, expect, it } from 'vitest'
import { formatDamageDice, parseDamageDice, parseSheet, SHEET_FIELDS } from './sheet.ts'

describe('parseSheet', () => {
  it('fills every field with its default from an empty form', () => {
    const result = parseSheet({})
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toMatchObject({ attackBonus: 1, ac: 11, movement: 30, size: 'medium', elf: false })
    expect(result.value.weapons[0]).toMatchObject({ name: 'Sword', damage: { count: 1, sides: 8, flat: 0 } })
  })

  it('has a default for every field the form shows', () => {
    for (const field of SHEET_FIELDS) expect(field.default).toBeDefined()
  })

  it('reads numbers typed as text', () => {
    const result = parseSheet({ ac: '15' })
    expect(result.ok && result.value.ac).toBe(15)
  })

  it.each([
    [{ ac: 'plate' }, 'Armor Class must be a number.'],
    [{ strBonus: 1.5 }, 'STR bonus must be a whole number.'],
    [{ dexBonus: 9 }, 'DEX bonus must be at most 5.'],
    [{ size: 'huge' }, 'Size must be one of: Small, Medium, Large.'],
    [{ elf: 'yes' }, 'Elf must be yes or no.'],
    [{ weapons: 'sword' }, 'Weapons must be a list.'],
    [{ weapons: [{}, { damage: 'lots' }] }, 'Weapons 2: Damage must be dice like 1d6 or 2d4+1.'],
    [{ weapons: [{ magicBonus: 9 }] }, 'Weapons 1: Magic bonus must be at most 5.'],
    [{ weapons: [{ kind: 'bow', damage: '1d6' }] }, 'Weapons 1: a bow weapon needs its range bands.'],
    [
      { weapons: [{ kind: 'bow', shortRange: 50, mediumRange: 40, longRange: 150 }] },
      'Weapons 1: ranges must grow from short to medium to long.',
    ],
    [
      { weapons: [{ name: 'Crossbow', kind: 'crossbow', shortRange: 80, mediumRange: 160, longRange: 240 }] },
      'Weapons 1: a crossbow cannot fire every round: a light one fires once every 2 rounds, a heavy one once every 3 (Missile Weapon Rate of Fire, 17.0.9). Set Fires every N rounds to 2 or 3.',
    ],
    ['a goblin', 'The sheet must be an object.'],
  ])('refuses %j, naming the field', (input, error) => {
    expect(parseSheet(input)).toEqual({ ok: false, error })
  })
})

describe('damage dice', () => {
  it.each([
    ['1d6', { count: 1, sides: 6, flat: 0 }],
    ['2d4+1', { count: 2, sides: 4, flat: 1 }],
    ['1d8-1', { count: 1, sides: 8, flat: -1 }],
    [' 1D10 ', { count: 1, sides: 10, flat: 0 }],
  ])('reads %s', (text, dice) => {
    expect(parseDamageDice(text)).toEqual(dice)
  })

  it.each(['d6', '1d0', '0d6', '1d6+', 'six', '1d6*2'])('refuses %s', (text) => {
    expect(parseDamageDice(text)).toBeNull()
  })

  it('prints back what it read', () => {
    for (const text of ['1d6', '2d4+1', '1d8-1']) {
      const dice = parseDamageDice(text)
      expect(dice && formatDamageDice(dice)).toBe(text)
    }
  })
})
