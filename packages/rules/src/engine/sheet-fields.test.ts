import { describe, expect, it } from 'vitest'
import { MAX_LIST_ITEMS } from './sheet.ts'
import { choice, flag, list, number, options, parseFields, text } from './sheet-fields.ts'

const WEAPON = [
  text('name', 'Weapon', 'Sword', { maxLength: 12 }),
  number('bonus', 'Bonus', 0, { min: -5, max: 5 }),
]
const FIELDS = [
  text('name', 'Name', 'Combatant'),
  number('dex', 'DEX', 12, { min: 1, max: 60, help: 'Your DEX' }),
  number('speed', 'Speed', 2, { integer: false }),
  flag('elf', 'Elf'),
  choice('size', 'Size', 'medium', options({ small: 'Small', medium: 'Medium' })),
  list('weapons', 'Weapons', WEAPON, [{ name: 'Sword' }]),
]

describe('sheet fields, one to a line', () => {
  it('are the fields a form is built from, whole numbers unless they say otherwise', () => {
    expect(FIELDS[1]).toEqual({
      key: 'dex',
      label: 'DEX',
      kind: 'number',
      default: 12,
      min: 1,
      max: 60,
      integer: true,
      help: 'Your DEX',
    })
    expect(FIELDS[2]).toEqual({ key: 'speed', label: 'Speed', kind: 'number', default: 2 })
    expect(FIELDS[3]).toEqual({ key: 'elf', label: 'Elf', kind: 'boolean', default: false })
    expect(FIELDS[4]).toMatchObject({ kind: 'choice', options: [{ value: 'small', label: 'Small' }, {}] })
  })
})

describe('reading a sheet against its fields', () => {
  it('fills what is left out with defaults, each sheet with its own copy of a list', () => {
    const a = parseFields(FIELDS, {})
    const b = parseFields(FIELDS, { dex: '', elf: null })
    expect(a).toEqual({
      ok: true,
      value: {
        name: 'Combatant',
        dex: 12,
        speed: 2,
        elf: false,
        size: 'medium',
        weapons: [{ name: 'Sword', bonus: 0 }],
      },
    })
    expect(b).toEqual(a)
    if (a.ok && b.ok) expect(a.value.weapons).not.toBe(b.value.weapons)
  })

  it('reads numbers typed as text, trims texts and keeps only its fields', () => {
    expect(parseFields(FIELDS, { dex: ' 14 ', name: '  Mira ', notes: 'x' })).toMatchObject({
      ok: true,
      value: { dex: 14, name: 'Mira' },
    })
    expect(parseFields(FIELDS, { notes: 'x' })).not.toHaveProperty('value.notes')
  })

  it('names the bad field, inside a list by its entry', () => {
    expect(parseFields(FIELDS, { dex: 61 })).toEqual({ ok: false, error: 'DEX must be at most 60.' })
    expect(parseFields(FIELDS, { dex: 1.5 })).toEqual({ ok: false, error: 'DEX must be a whole number.' })
    expect(parseFields(FIELDS, { size: 'huge' })).toEqual({
      ok: false,
      error: 'Size must be one of: Small, Medium.',
    })
    expect(parseFields(FIELDS, { weapons: [{}, { bonus: 9 }] })).toEqual({
      ok: false,
      error: 'Weapons 2: Bonus must be at most 5.',
    })
    expect(parseFields(FIELDS, { weapons: [3] })).toEqual({
      ok: false,
      error: 'Weapons 1 must be a set of fields.',
    })
    const many = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => ({}))
    expect(parseFields(FIELDS, { weapons: many })).toEqual({
      ok: false,
      error: `Weapons may hold at most ${MAX_LIST_ITEMS} entries.`,
    })
    expect(parseFields(FIELDS, 'a goblin')).toEqual({
      ok: false,
      error: 'The sheet must be a set of fields.',
    })
  })

  it('says it in a system’s own words where it has them', () => {
    const wording = {
      notASheet: 'A sheet must be a set of named fields.',
      entry: (list: string, n: number) => `${list}, entry ${n}`,
      number: ({ name, given }: { name: string; given: unknown }) => `${name}: not ${JSON.stringify(given)}.`,
    }
    expect(parseFields(FIELDS, [], wording)).toEqual({
      ok: false,
      error: 'A sheet must be a set of named fields.',
    })
    expect(parseFields(FIELDS, { weapons: [{ bonus: 'x' }] }, wording)).toEqual({
      ok: false,
      error: 'Weapons, entry 1: Bonus: not "x".',
    })
  })
})
