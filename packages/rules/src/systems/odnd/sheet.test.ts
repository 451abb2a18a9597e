import { describe, expect, it } from 'vitest'
import { parseDamageDice } from './dice-notation.ts'
import { makeSheet, parseSheet, SHEET_FIELDS } from './sheet.ts'

describe('the odnd sheet', () => {
  it('fills every default from an empty input', () => {
    const sheet = parseSheet({})
    expect(sheet.ok).toBe(true)
    if (!sheet.ok) return
    for (const field of SHEET_FIELDS)
      expect(sheet.value[field.key as keyof typeof sheet.value]).toEqual(field.default)
  })

  it('names the field that is out of range', () => {
    expect(parseSheet({ str: 19 })).toEqual({ ok: false, error: 'Strength must be from 3 to 18.' })
  })

  it('names a bad choice with the allowed values', () => {
    const r = parseSheet({ class: 'wizard' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error).toMatch(/^Class must be one of: fighter, ranger/)
  })

  it('accepts numbers typed as text in a form', () => {
    const r = parseSheet({ level: '8' })
    expect(r.ok && r.value.level).toBe(8)
  })

  it('names the weapon row and field at fault', () => {
    expect(parseSheet({ weapons: [{}, { damage: 'lots' }] })).toEqual({
      ok: false,
      error: 'Weapons, row 2: Damage "lots" is not damage dice like d6, 2d6 or d6+1.',
    })
    expect(parseSheet({ weapons: [{ kind: 'laser' }] }).ok).toBe(false)
  })

  it('refuses a whole sheet that is not an object', () => {
    expect(parseSheet(null).ok).toBe(false)
    expect(parseSheet([]).ok).toBe(false)
  })

  it('makeSheet overrides defaults for quick monsters', () => {
    expect(makeSheet({ level: 6, hdPlus: 3 }).hdPlus).toBe(3)
  })
})

describe('damage notation', () => {
  it.each([
    ['d6+1', { count: 1, sides: 6, bonus: 1 }],
    ['2d6', { count: 2, sides: 6, bonus: 0 }],
    ['d3', { count: 1, sides: 3, bonus: 0 }],
    ['1d8-1', { count: 1, sides: 8, bonus: -1 }],
    ['3', { count: 0, sides: 1, bonus: 3 }],
  ])('reads %s', (text, dice) => {
    expect(parseDamageDice(text)).toEqual({ ok: true, value: dice })
  })

  it('reads spaces between the parts, never inside a number', () => {
    expect(parseDamageDice(' 2 d 6 + 1 ')).toEqual({ ok: true, value: { count: 2, sides: 6, bonus: 1 } })
    expect(parseDamageDice('1 2d6').ok).toBe(false)
    expect(parseDamageDice('d6[fire]').ok).toBe(false)
    expect(parseDamageDice('2d20kh1').ok).toBe(false)
    expect(parseDamageDice('d6+d4').ok).toBe(false)
  })

  it('refuses too many dice in words', () => {
    expect(parseDamageDice('40d6')).toEqual({ ok: false, error: '"40d6" must roll from 1 to 12 dice.' })
  })
})
