import { describe, expect, it } from 'vitest'
import { armorValue, parseDamage, parseSheet } from './sheet.ts'
import { makeSheet } from './test-support.ts'

describe('the zones sheet', () => {
  it('fills every default from an empty form: a medium character with 8 health and a d6 sword', () => {
    const r = parseSheet({})
    expect(r.ok && r.value).toMatchObject({ health: 8, size: 'medium', armor: 0, speed: 2 })
    expect(r.ok && r.value.weapons[0]?.damage).toEqual({ count: 1, sides: 6 })
  })

  it('refuses an armour value above 3 and names the field', () => {
    expect(parseSheet({ armor: 4 })).toEqual({ ok: false, error: "Armour can't be above 3." })
    expect(parseSheet({ armor: 3 }).ok).toBe(true)
  })

  it('caps worn armour plus a shield at 3', () => {
    expect(armorValue(makeSheet({ armor: 1, shield: true }))).toBe(2)
    expect(armorValue(makeSheet({ armor: 3, shield: true }))).toBe(3)
  })

  it('names the bad stat and the bad weapon', () => {
    expect(parseSheet({ agi: 21 })).toEqual({ ok: false, error: "AGI can't be above 20." })
    expect(parseSheet({ wit: 'sharp' })).toEqual({ ok: false, error: 'WIT must be a number.' })
    const r = parseSheet({ weapons: [{ name: 'Bow', damage: 'd6', range: 8 }, { damage: 'lots' }] })
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error).toMatch(/^Weapon 2: Damage "lots" is not a damage roll/)
  })

  it('treats an improvised weapon as a simple one', () => {
    const r = parseSheet({ weapons: [{ name: 'Chair', damage: 'd6', improvised: true }] })
    expect(r.ok && r.value.weapons[0]?.simple).toBe(true)
  })

  it('reads damage dice written like d6 and 2d8', () => {
    expect(parseDamage('2d8')).toEqual({ ok: true, value: { count: 2, sides: 8 } })
    expect(parseDamage(' d4 ')).toEqual({ ok: true, value: { count: 1, sides: 4 } })
    expect(parseDamage('d1').ok).toBe(false)
  })

  it('reads a weapon stored with blank damage as the form’s d6, as it always has', () => {
    const r = parseSheet({ weapons: [{ name: 'Club', damage: '' }] })
    expect(r.ok && r.value.weapons[0]?.damage).toEqual({ count: 1, sides: 6 })
  })

  it('refuses a size that does not exist', () => {
    expect(parseSheet({ size: 'gigantic' }).ok).toBe(false)
  })
})
