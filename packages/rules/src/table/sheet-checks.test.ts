import { describe, expect, it } from 'vitest'
import type { SheetField } from '../system.ts'
import type { SheetRules } from './sheet.ts'
import { sheetChecks } from './sheet-checks.ts'

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
