import { describe, expect, it } from 'vitest'
import { makeSheet } from './examples.ts'
import { parseSheet, SHEET_FIELDS } from './sheet.ts'

describe('the spelljammer sheet', () => {
  it('fills every field with its default', () => {
    const sheet = makeSheet()
    for (const field of SHEET_FIELDS) expect(sheet).toHaveProperty(field.key)
    expect(sheet.size).toBe('medium')
    expect(sheet.weapons[0]?.damage).toBe('1d8')
  })

  it('names the bad field in its error', () => {
    expect(parseSheet({ con: 'high' })).toEqual({ ok: false, error: 'CON must be a number.' })
    expect(parseSheet({ attacksPerRound: 1.5 })).toEqual({
      ok: false,
      error: 'Attacks per round must be a whole number.',
    })
    expect(parseSheet({ size: 'huge' })).toEqual({
      ok: false,
      error: 'Size must be one of: Tiny, Small, Medium, Large, Giant.',
    })
  })

  it('names the weapon and the field inside a list', () => {
    const weapons = [{ name: 'Sword' }, { name: 'Bow', rank: -1 }]
    expect(parseSheet({ weapons })).toEqual({
      ok: false,
      error: 'Weapons 2: Weapon rank must be at least 0.',
    })
  })

  it('refuses damage that is not plain dice, saying which weapon', () => {
    const bad = parseSheet({ weapons: [{ damage: 'one eight' }] })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error).toMatch(/^Weapons 1: Damage "one eight" is not dice notation/)
    expect(parseSheet({ weapons: [{ damage: '2d20kh1' }] })).toEqual({
      ok: false,
      error: 'Weapons 1: Damage cannot keep some dice: weapon damage is a plain sum.',
    })
    expect(parseSheet({ weapons: [{ damage: '2d6+1d4-1' }] }).ok).toBe(true)
  })

  it('refuses current hit points above starting hit points', () => {
    expect(parseSheet({ hp: 31, startingHp: 30 })).toEqual({
      ok: false,
      error: 'Hit points cannot be above starting hit points.',
    })
  })

  it('refuses something that is not a sheet at all', () => {
    expect(parseSheet('Derrick')).toEqual({ ok: false, error: 'The sheet must be a set of fields.' })
  })
})

describe('weapon damage limits', () => {
  it('refuse dice with more than 100 sides and more than 20 dice, so odds stay instant', () => {
    expect(parseSheet({ weapons: [{ damage: '1d1000' }] })).toEqual({
      ok: false,
      error: 'Weapons 1: Damage dice can have at most 100 sides.',
    })
    expect(parseSheet({ weapons: [{ damage: '21d6' }] })).toEqual({
      ok: false,
      error: 'Weapons 1: Damage can roll at most 20 dice.',
    })
  })
})
