/** The zones combatant sheet: form fields with defaults, and a parser that names the bad field. */
import { fail, type Outcome, ok, type SheetField } from '../../system.ts'
import { unreachable } from './common.ts'
import { SIZE_LABEL, SIZES, type Size } from './size.ts'

/** Dice a weapon rolls, e.g. d6 or 2d8. */
export interface DamageDice {
  count: number
  sides: number
}

export interface Weapon {
  name: string
  damage: DamageDice
  /** Range in zones; 0 is a melee weapon that only reaches nearby characters. */
  range: number
  /** Hits a zone: every character in it and on its borders. */
  blast: boolean
  /** A great (two-handed) weapon: a grabbing character can't attack with it and keep hold. */
  great: boolean
  simple: boolean
  /** Damaged gear breaks on a 1 on the damage die. */
  damaged: boolean
  /** Improvised weapons work as simple weapons handled as if already damaged. */
  improvised: boolean
}

/** Who the sheet describes: a character, or a mount or vehicle that others ride. */
export type Body = 'character' | 'mount' | 'vehicle'

export interface Sheet {
  name: string
  health: number
  str: number
  agi: number
  wit: number
  /** Worn armour; a shield adds 1; the armour value is never above 3. */
  armor: number
  shield: boolean
  armorDamaged: boolean
  shieldDamaged: boolean
  size: Size
  /** Zones per move; twice this when sprinting. */
  speed: number
  fearImmune: boolean
  body: Body
  /** Skills that allow reacting more than once a round. */
  extraReactions: number
  weapons: Weapon[]
}

/** Armour value can never go above 3, whatever is stacked. */
export const MAX_ARMOR = 3

/** The armour value of a sheet: worn armour plus 1 for a shield, capped at 3. */
export function armorValue(sheet: Pick<Sheet, 'armor' | 'shield'>): number {
  return Math.min(MAX_ARMOR, sheet.armor + (sheet.shield ? 1 : 0))
}

/** Whether a weapon breaks on a 1: damaged, or improvised (always handled as damaged). */
export function handledAsDamaged(weapon: Weapon): boolean {
  return weapon.damaged || weapon.improvised
}

const DICE = /^(\d*)d(\d+)$/i

/** Reads "d6" or "2d8"; anything else is a player's typo and gets a sentence. */
export function parseDamage(text: string): Outcome<DamageDice> {
  const match = DICE.exec(text.trim())
  const count = match?.[1] ? Number(match[1]) : 1
  const sides = Number(match?.[2])
  if (!match || count < 1 || count > 20 || !Number.isInteger(sides) || sides < 2 || sides > 100) {
    return fail(`"${text}" is not a damage roll: write it like d6 or 2d8.`)
  }
  return ok({ count, sides })
}

export function formatDamage(dice: DamageDice): string {
  return `${dice.count === 1 ? '' : dice.count}d${dice.sides}`
}

const STAT_HELP = 'A save passes on a d20 equal to or under this.'

const WEAPON_FIELDS: SheetField[] = [
  { key: 'name', label: 'Weapon', kind: 'text', default: 'Sword', maxLength: 60 },
  { key: 'damage', label: 'Damage', kind: 'text', default: 'd6', maxLength: 10, help: 'd6, 2d8, ...' },
  { key: 'range', label: 'Range (zones)', kind: 'number', default: 0, min: 0, max: 100, help: '0 for melee' },
  { key: 'blast', label: 'Blast', kind: 'boolean', default: false },
  { key: 'great', label: 'Great', kind: 'boolean', default: false },
  { key: 'simple', label: 'Simple', kind: 'boolean', default: false },
  { key: 'damaged', label: 'Damaged', kind: 'boolean', default: false },
  { key: 'improvised', label: 'Improvised', kind: 'boolean', default: false },
]

/** The form: every field with its default, so a blank sheet is a medium human with a sword. */
export const SHEET_FIELDS: ReadonlyArray<SheetField> = [
  { key: 'name', label: 'Name', kind: 'text', default: '', maxLength: 80 },
  { key: 'health', label: 'Health', kind: 'number', default: 8, min: 1, max: 999, integer: true },
  { key: 'str', label: 'STR', kind: 'number', default: 10, min: 1, max: 20, integer: true, help: STAT_HELP },
  { key: 'agi', label: 'AGI', kind: 'number', default: 10, min: 1, max: 20, integer: true, help: STAT_HELP },
  { key: 'wit', label: 'WIT', kind: 'number', default: 10, min: 1, max: 20, integer: true, help: STAT_HELP },
  {
    key: 'armor',
    label: 'Armour',
    kind: 'number',
    default: 0,
    min: 0,
    max: MAX_ARMOR,
    integer: true,
    help: 'Never above 3; with a shield the value stays capped at 3.',
  },
  { key: 'shield', label: 'Shield', kind: 'boolean', default: false, help: 'Adds 1 to the armour value.' },
  { key: 'armorDamaged', label: 'Armour damaged', kind: 'boolean', default: false },
  { key: 'shieldDamaged', label: 'Shield damaged', kind: 'boolean', default: false },
  {
    key: 'size',
    label: 'Size',
    kind: 'choice',
    default: 'medium',
    options: SIZES.map((value) => ({ value, label: SIZE_LABEL[value] })),
  },
  {
    key: 'speed',
    label: 'Speed (zones)',
    kind: 'number',
    default: 2,
    min: 0,
    max: 20,
    help: 'Doubled when sprinting.',
  },
  { key: 'fearImmune', label: 'Immune to fear', kind: 'boolean', default: false },
  {
    key: 'body',
    label: 'Body',
    kind: 'choice',
    default: 'character',
    options: [
      { value: 'character', label: 'Character' },
      { value: 'mount', label: 'Mount' },
      { value: 'vehicle', label: 'Vehicle' },
    ],
  },
  {
    key: 'extraReactions',
    label: 'Extra reactions',
    kind: 'number',
    default: 0,
    min: 0,
    max: 5,
    integer: true,
  },
  {
    key: 'weapons',
    label: 'Weapons',
    kind: 'list',
    of: WEAPON_FIELDS,
    default: [{ name: 'Sword', damage: 'd6', range: 0 }],
  },
]

function readField(field: SheetField, raw: unknown, where: string): Outcome<unknown> {
  const name = `${where}${field.label}`
  if (raw === undefined || raw === null || raw === '') return ok(field.default)
  switch (field.kind) {
    case 'number': {
      const value = typeof raw === 'string' ? Number(raw) : raw
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`${name} must be a number.`)
      if (field.integer && !Number.isInteger(value)) return fail(`${name} must be a whole number.`)
      if (field.min !== undefined && value < field.min) return fail(`${name} must be at least ${field.min}.`)
      if (field.max !== undefined && value > field.max) return fail(`${name} can't be above ${field.max}.`)
      return ok(value)
    }
    case 'text':
      if (typeof raw !== 'string') return fail(`${name} must be text.`)
      if (field.maxLength !== undefined && raw.length > field.maxLength) {
        return fail(`${name} is longer than ${field.maxLength} characters.`)
      }
      return ok(raw)
    case 'boolean':
      if (typeof raw !== 'boolean') return fail(`${name} must be yes or no.`)
      return ok(raw)
    case 'choice':
      if (!field.options.some((o) => o.value === raw)) {
        return fail(`${name} must be one of ${field.options.map((o) => o.label).join(', ')}.`)
      }
      return ok(raw)
    case 'list': {
      if (!Array.isArray(raw)) return fail(`${name} must be a list.`)
      const rows: Record<string, unknown>[] = []
      for (const [i, item] of raw.entries()) {
        if (typeof item !== 'object' || item === null) return fail(`${name} ${i + 1} must be filled in.`)
        const row = readRecord(field.of, item as Record<string, unknown>, `${field.label} ${i + 1}: `)
        if (!row.ok) return row
        rows.push(row.value)
      }
      return ok(rows)
    }
    default:
      return unreachable(field)
  }
}

function readRecord(
  fields: ReadonlyArray<SheetField>,
  input: Record<string, unknown>,
  where: string,
): Outcome<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    const value = readField(field, input[field.key], where)
    if (!value.ok) return value
    out[field.key] = value.value
  }
  return ok(out)
}

/**
 * Validates form or stored input into a sheet, filling defaults. The error names the field, so a
 * player knows what to fix; the armour value (shield included) can't exceed 3.
 */
export function parseSheet(input: unknown): Outcome<Sheet> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('The sheet must be filled in.')
  }
  const record = readRecord(SHEET_FIELDS, input as Record<string, unknown>, '')
  if (!record.ok) return record
  const r = record.value
  const weapons: Weapon[] = []
  for (const [i, row] of (r.weapons as Record<string, unknown>[]).entries()) {
    const damage = parseDamage(row.damage as string)
    if (!damage.ok) return fail(`Weapon ${i + 1}: Damage ${damage.error}`)
    const improvised = row.improvised as boolean
    weapons.push({
      name: row.name as string,
      damage: damage.value,
      range: row.range as number,
      blast: row.blast as boolean,
      great: row.great as boolean,
      simple: (row.simple as boolean) || improvised,
      damaged: row.damaged as boolean,
      improvised,
    })
  }
  const sheet: Sheet = {
    name: r.name as string,
    health: r.health as number,
    str: r.str as number,
    agi: r.agi as number,
    wit: r.wit as number,
    armor: r.armor as number,
    shield: r.shield as boolean,
    armorDamaged: r.armorDamaged as boolean,
    shieldDamaged: r.shieldDamaged as boolean,
    size: r.size as Size,
    speed: r.speed as number,
    fearImmune: r.fearImmune as boolean,
    body: r.body as Body,
    extraReactions: r.extraReactions as number,
    weapons,
  }
  if (sheet.shieldDamaged && !sheet.shield) return fail('Shield damaged: there is no shield on this sheet.')
  return ok(sheet)
}

/** A complete default sheet with some fields replaced: handy for tests and quick NPCs. */
export function makeSheet(overrides: Partial<Sheet> = {}): Sheet {
  const base = parseSheet({})
  if (!base.ok) throw new Error(`zones: the default sheet does not parse: ${base.error}`)
  return { ...base.value, ...overrides }
}

/** A complete weapon with some fields replaced. */
export function makeWeapon(overrides: Partial<Weapon> = {}): Weapon {
  return {
    name: 'Sword',
    damage: { count: 1, sides: 6 },
    range: 0,
    blast: false,
    great: false,
    simple: false,
    damaged: false,
    improvised: false,
    ...overrides,
  }
}
