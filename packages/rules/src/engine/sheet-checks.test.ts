import { describe, expect, it } from 'vitest'
import type { SheetField } from '../system.ts'
import { MAX_LIST_ITEMS, MAX_TEXT, type SheetRules } from './sheet.ts'
import { sheetChecks, sheetInput } from './sheet-checks.ts'

const FIELDS: SheetField[] = [
  { key: 'name', label: 'Name', kind: 'text', default: 'X', maxLength: 10 },
  { key: 'hp', label: 'Hit points', kind: 'number', default: 8 },
]

describe('the checks of a sheet a GM or a file gives', () => {
  // A parser that refuses a sheet without hit points; a monster's defaults (here) have none.
  const rules: SheetRules = {
    fields: FIELDS,
    monsterDefaults: { hp: 0 },
    parse: (input) => {
      const sheet = input as Record<string, unknown>
      return typeof sheet.hp === 'number' && sheet.hp > 0
        ? { ok: true, value: sheet }
        : { ok: false, error: 'Hit points must be at least 1.' }
    },
  }
  const checks = sheetChecks(rules)

  it('stores the form’s fields it was given, read over the defaults of the name and side', () => {
    expect(checks.sheet({ hp: 5, gem: 1 }, 'Mira', 'pc')).toEqual({ ok: true, value: { hp: 5 } })
    expect(checks.sheet({}, 'Mira', 'pc')).toEqual({ ok: true, value: {} })
    expect(checks.sheet({}, 'Orc', 'foe')).toEqual({ ok: false, error: 'Hit points must be at least 1.' })
    expect(checks.sheet({ hp: 2 }, 'Orc', 'foe')).toEqual({ ok: true, value: { hp: 2 } })
    expect(checks.sheet({ hp: 0 }, 'Mira', 'pc')).toEqual({
      ok: false,
      error: 'Hit points must be at least 1.',
    })
    expect(checks.sheet({ name: 'M'.repeat(11) }, 'Mira', 'pc')).toEqual({
      ok: false,
      error: 'Name must be at most 10 characters.',
    })
  })

  it('reads a stat block under its name, and hit points as a number or dice', () => {
    expect(checks.statBlock({ hp: 4 }, 'Orc')).toEqual({ ok: true, value: { hp: 4, name: 'Orc' } })
    expect(checks.statBlock({}, 'Orc')).toMatchObject({ ok: false })
    expect(checks.hitPoints('7')).toEqual({ ok: true, value: { fixed: 7 } })
    expect(checks.hitPoints('1d8+1')).toEqual({ ok: true, value: { dice: '1d8+1' } })
  })
})

const FORM: SheetField[] = [
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
      sheetInput(FORM, { name: 'Mira', hp: 7, notes: 'x'.repeat(900), weapons: [{ name: 'Bow', gem: 1 }] }),
    ).toEqual({ ok: true, value: { name: 'Mira', hp: 7, weapons: [{ name: 'Bow' }] } })
    expect(sheetInput(FORM, 'not a sheet')).toEqual({ ok: true, value: {} })
  })

  it('refuses a text past its field’s limit, or the general one, and a list past its count, naming the field', () => {
    expect(sheetInput(FORM, { name: 'M'.repeat(11) })).toEqual({
      ok: false,
      error: 'Name must be at most 10 characters.',
    })
    expect(sheetInput(FORM, { hp: '9'.repeat(MAX_TEXT + 1) })).toEqual({
      ok: false,
      error: `Hit points must be at most ${MAX_TEXT} characters.`,
    })
    const many = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => ({ name: 'Dagger' }))
    expect(sheetInput(FORM, { weapons: many })).toEqual({ ok: false, error: 'Weapons: at most 20.' })
    expect(sheetInput(FORM, { weapons: [{ name: 'W'.repeat(MAX_TEXT + 1) }] })).toEqual({
      ok: false,
      error: `Weapons: Weapon must be at most ${MAX_TEXT} characters.`,
    })
  })
})
