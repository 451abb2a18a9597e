import { describe, expect, it } from 'vitest'
import { brpSettings } from './settings.ts'
import { damageBonusFor, damageBonusOf, maxHitPoints, parseSheet, SHEET_FIELDS, sheetOf } from './sheet.ts'

describe('the brp sheet', () => {
  it('fills every field with its default when given nothing', () => {
    const parsed = parseSheet({})
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    for (const field of SHEET_FIELDS)
      expect(parsed.value[field.key as keyof typeof parsed.value], field.key).toEqual(field.default)
  })

  it('names the field that is wrong and what it must be', () => {
    expect(parseSheet({ dex: 0 })).toEqual({
      ok: false,
      error: 'DEX must be a whole number from 1 to 100; got 0.',
    })
    expect(parseSheet({ con: 'tough' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^CON must be/),
    })
    expect(parseSheet({ dodge: 12.5 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Dodge % must be/),
    })
    expect(parseSheet({ shield: 'pavise' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Shield must be one of/),
    })
    expect(parseSheet('a goblin')).toEqual({ ok: false, error: 'A sheet must be a set of named fields.' })
  })

  it('names the list entry that is wrong', () => {
    const parsed = parseSheet({
      weaponSkills: [
        { specialty: 'Sword', chance: 50 },
        { specialty: 'Axe', chance: -1 },
      ],
    })
    expect(parsed).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Weapon skills, entry 2: Chance % must be/),
    })
  })

  it('accepts numbers typed as text, as a form sends them', () => {
    expect(parseSheet({ dex: '14' })).toMatchObject({ ok: true, value: { dex: 14 } })
  })

  it('refuses two body armors or two helmets, but allows a helmet over armor', () => {
    expect(parseSheet({ armor: [{ armor: 'chain' }, { armor: 'leather-hard' }] })).toMatchObject({
      ok: false,
    })
    expect(parseSheet({ armor: [{ armor: 'helmet-light' }, { armor: 'helmet-heavy' }] })).toMatchObject({
      ok: false,
    })
    expect(parseSheet({ armor: [{ armor: 'chain' }, { armor: 'helmet-heavy' }] })).toMatchObject({ ok: true })
  })

  it('refuses the same weapon or weapon skill listed twice', () => {
    expect(parseSheet({ weapons: [{ weapon: 'dagger' }, { weapon: 'dagger' }] })).toMatchObject({ ok: false })
    const skill = { skill: 'Melee Weapon', specialty: 'Sword', chance: 40 }
    expect(parseSheet({ weaponSkills: [skill, { ...skill, specialty: 'sword' }] })).toMatchObject({
      ok: false,
    })
  })

  it('derives hit points from the average of CON and SIZ, rounding up unless the room says down (5.12)', () => {
    expect(maxHitPoints({ con: 12, siz: 12 }, brpSettings())).toBe(12)
    expect(maxHitPoints({ con: 11, siz: 14 }, brpSettings())).toBe(13)
    expect(maxHitPoints({ con: 11, siz: 14 }, brpSettings({ hitPoints: 'down' }))).toBe(12)
  })

  it.each([
    [2, '-1D6'],
    [12, '-1D6'],
    [13, '-1D4'],
    [16, '-1D4'],
    [17, 'none'],
    [24, 'none'],
    [25, '+1D4'],
    [32, '+1D4'],
    [33, '+1D6'],
    [40, '+1D6'],
    [41, '+2D6'],
    [56, '+2D6'],
    [57, '+3D6'],
    [72, '+3D6'],
    [73, '+4D6'],
  ])('gives STR+SIZ %i a damage bonus of %s', (sum, bonus) => {
    expect(damageBonusFor(sum)).toBe(bonus)
  })

  it('uses a fixed damage bonus over the one from STR+SIZ', () => {
    expect(damageBonusOf(sheetOf({ str: 16, siz: 16 }))).toEqual({ sign: 1, count: 1, sides: 4 })
    expect(damageBonusOf(sheetOf({ str: 16, siz: 16, damageBonus: 'none' }))).toBeNull()
    expect(damageBonusOf(sheetOf({ damageBonus: '-1D6' }))).toEqual({ sign: -1, count: 1, sides: 6 })
  })
})
