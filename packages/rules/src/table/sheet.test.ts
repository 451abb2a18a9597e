import { describe, expect, it } from 'vitest'
import type { SheetField } from '../system.ts'
import { MAX_LIST_ITEMS, MAX_TEXT, sheetInput } from './sheet.ts'

const FIELDS: SheetField[] = [
  { key: 'name', label: 'Name', kind: 'text', default: 'X', maxLength: 10 },
  { key: 'hp', label: 'Hit points', kind: 'number', default: 8 },
  {
    key: 'weapons',
    label: 'Weapons',
    kind: 'list',
    default: [],
    of: [{ key: 'name', label: 'Weapon', kind: 'text', default: 'Sword' }],
  },
]

describe('what of a client’s sheet is stored', () => {
  it('keeps the form’s own fields at every level and drops the rest', () => {
    expect(
      sheetInput(FIELDS, { name: 'Mira', hp: 7, notes: 'x'.repeat(900), weapons: [{ name: 'Bow', gem: 1 }] }),
    ).toEqual({ ok: true, value: { name: 'Mira', hp: 7, weapons: [{ name: 'Bow' }] } })
    expect(sheetInput(FIELDS, 'not a sheet')).toEqual({ ok: true, value: {} })
  })

  it('refuses a text past its field’s limit, or the general one, and a list past its count, naming the field', () => {
    expect(sheetInput(FIELDS, { name: 'M'.repeat(11) })).toEqual({
      ok: false,
      error: 'Name must be at most 10 characters.',
    })
    expect(sheetInput(FIELDS, { hp: '9'.repeat(MAX_TEXT + 1) })).toEqual({
      ok: false,
      error: `Hit points must be at most ${MAX_TEXT} characters.`,
    })
    const many = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => ({ name: 'Dagger' }))
    expect(sheetInput(FIELDS, { weapons: many })).toEqual({ ok: false, error: 'Weapons: at most 20.' })
    expect(sheetInput(FIELDS, { weapons: [{ name: 'W'.repeat(MAX_TEXT + 1) }] })).toEqual({
      ok: false,
      error: `Weapons: Weapon must be at most ${MAX_TEXT} characters.`,
    })
  })
})
