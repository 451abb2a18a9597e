/** The odnd combatant sheet: its form fields with defaults, and a parser that names the bad field. */

import { unreachable } from '../../assert.ts'
import type { SheetField } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { parseDamageDice } from './dice-notation.ts'

/** Classes the text treats differently; the first seven are "Fighters (INCLUDING Rangers, ...)". */
export const CLASSES = [
  'fighter',
  'ranger',
  'barbarian',
  'dwarf',
  'hobbit',
  'paladin',
  'pirate',
  'thief',
  'cleric',
  'magic-user',
  'elf',
  'normal-man',
  'monster',
] as const
export type ClassId = (typeof CLASSES)[number]

/** "Fighters(INCLUDING Rangers, Barbarians, Dwarves, Hobbits, Paladins, and Pirates)". */
export const FIGHTER_TYPES: ReadonlySet<ClassId> = new Set([
  'fighter',
  'ranger',
  'barbarian',
  'dwarf',
  'hobbit',
  'paladin',
  'pirate',
])

export const WEAPON_KINDS = [
  'one-handed',
  'two-handed',
  'spear',
  'polearm',
  'lance',
  'whip',
  'bow',
  'great-bow',
  'crossbow',
  'sling',
  'thrown',
  'firearm',
  'empty-hand',
  'improvised',
  'natural',
  'horns',
] as const
export type WeaponKind = (typeof WEAPON_KINDS)[number]

/** Weapons that only shoot or are thrown; a 'thrown'-capable melee weapon sets `throwable`. */
export const MISSILE_KINDS: ReadonlySet<WeaponKind> = new Set([
  'bow',
  'great-bow',
  'crossbow',
  'sling',
  'thrown',
  'firearm',
])

export const SIZES = ['small', 'man-sized', 'large', 'huge'] as const
export type Size = (typeof SIZES)[number]

export interface Weapon {
  name: string
  kind: WeaponKind
  /** Damage dice, e.g. "d6+1" ("normal weapons do D6+1 damage"). */
  damage: string
  /** Reach in feet: the longer weapon strikes first in the first round. */
  reach: number
  /** Size of the weapon, for the untrained die (small d3, medium d4, large d6). */
  size: 'small' | 'medium' | 'large'
  /** Can also be thrown (spear, dagger, javelin). */
  throwable: boolean
  trained: boolean
  magic: boolean
  silver: boolean
}

export interface Sheet {
  name: string
  role: 'pc' | 'important-npc' | 'npc' | 'monster'
  class: ClassId
  race: 'human' | 'elf' | 'dwarf' | 'hobbit' | 'other'
  /** XP level, or hit dice for monsters. */
  level: number
  /** The "+3" of "6HD+3". */
  hdPlus: number
  str: number
  dex: number
  con: number
  /** The text's "PSY bonus" for spell-interruption saves; it prints no PSY table. */
  psyBonus: number
  /** Descending armor class from armor alone (no shield, no DEX). */
  ac: number
  /** To-hit number against AC 0: the default room to-hit table is THAC0 - AC. */
  thac0: number
  hp: number
  armor: 'none' | 'light' | 'medium' | 'heavy'
  shield: boolean
  /** Turn movement in inches (6" means 3" and still attack). */
  move: number
  mounted: boolean
  /** "Magically HASTED creatures move twice as fast and always have initiative." */
  hasted: boolean
  /** Mass Combat: the men of a unit "fought as one man" (1: a single combatant). */
  men: number
  size: Size
  /** The d20 roll needed to save vs paralysis (disarm, dismount, whip, spell interruption). */
  saveParalysis: number
  /** What it takes to hit this creature at all ("unless magical or silver weapons are required"). */
  hitBy: 'any' | 'silver' | 'magic'
  /** The natural roll (20 or less) that triggers a monster's special attack; 0 for none. */
  specialOn: number
  special: string
  /** Attacks per round against anything that is not a normal man. */
  attacksPerRound: number
  weapons: Weapon[]
}

const choice = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.replace(/-/g, ' ') }))

const WEAPON_FIELDS: ReadonlyArray<SheetField> = [
  { key: 'name', label: 'Weapon', kind: 'text', default: 'Sword', maxLength: 60 },
  { key: 'kind', label: 'Weapon kind', kind: 'choice', default: 'one-handed', options: choice(WEAPON_KINDS) },
  { key: 'damage', label: 'Damage', kind: 'text', default: 'd6+1', maxLength: 20, help: 'd6, 2d6, d6+1' },
  { key: 'reach', label: 'Reach (ft)', kind: 'number', default: 3, min: 0, max: 30, integer: true },
  {
    key: 'size',
    label: 'Weapon size',
    kind: 'choice',
    default: 'medium',
    options: choice(['small', 'medium', 'large']),
  },
  { key: 'throwable', label: 'Can be thrown', kind: 'boolean', default: false },
  { key: 'trained', label: 'Trained', kind: 'boolean', default: true },
  { key: 'magic', label: 'Magic', kind: 'boolean', default: false },
  { key: 'silver', label: 'Silver', kind: 'boolean', default: false },
]

/**
 * A monster the GM adds is a monster, not a human fighter PC: its role decides who counts as a 'Normal
 * Man' ("creatures of basically that strength, i.e., goblins, kobolds ...") and who gets "a number of
 * melee attacks against 'Normal Men' ... equal to their level" (PCs and important NPC fighter-types).
 */
export const MONSTER_DEFAULTS = {
  role: 'monster',
  class: 'monster',
  race: 'other',
  // A monster fights with what its sheet lists: "normal weapons do D6+1 damage".
  weapons: [{ name: 'Weapon', kind: 'one-handed', damage: 'd6+1', reach: 3, size: 'medium' }],
}

/** The form for an odnd combatant; `parse` fills these defaults. */
export const SHEET_FIELDS: ReadonlyArray<SheetField> = [
  { key: 'name', label: 'Name', kind: 'text', default: 'Combatant', maxLength: 60 },
  {
    key: 'role',
    label: 'Role',
    kind: 'choice',
    default: 'pc',
    options: choice(['pc', 'important-npc', 'npc', 'monster']),
    help: 'PCs and important NPC fighter-types get their level in attacks against normal men',
  },
  { key: 'class', label: 'Class', kind: 'choice', default: 'fighter', options: choice(CLASSES) },
  {
    key: 'race',
    label: 'Race',
    kind: 'choice',
    default: 'human',
    options: choice(['human', 'elf', 'dwarf', 'hobbit', 'other']),
  },
  { key: 'level', label: 'Level or hit dice', kind: 'number', default: 1, min: 0, max: 40, integer: true },
  { key: 'hdPlus', label: 'Hit dice plus', kind: 'number', default: 0, min: -10, max: 20, integer: true },
  { key: 'str', label: 'Strength', kind: 'number', default: 10, min: 3, max: 18, integer: true },
  { key: 'dex', label: 'Dexterity', kind: 'number', default: 10, min: 3, max: 18, integer: true },
  { key: 'con', label: 'Constitution', kind: 'number', default: 10, min: 3, max: 18, integer: true },
  { key: 'psyBonus', label: 'PSY bonus', kind: 'number', default: 0, min: -3, max: 3, integer: true },
  {
    key: 'ac',
    label: 'Armor Class (armor only)',
    kind: 'number',
    default: 9,
    min: -10,
    max: 10,
    integer: true,
  },
  { key: 'thac0', label: 'THAC0', kind: 'number', default: 19, min: 1, max: 30, integer: true },
  { key: 'hp', label: 'Hit points', kind: 'number', default: 6, min: 0, max: 999, integer: true },
  {
    key: 'armor',
    label: 'Armor weight',
    kind: 'choice',
    default: 'none',
    options: choice(['none', 'light', 'medium', 'heavy']),
  },
  { key: 'shield', label: 'Shield', kind: 'boolean', default: false },
  {
    key: 'move',
    label: 'Move (inches per Turn)',
    kind: 'number',
    default: 12,
    min: 0,
    max: 48,
    integer: true,
  },
  { key: 'mounted', label: 'Mounted', kind: 'boolean', default: false },
  { key: 'hasted', label: 'Magically hasted', kind: 'boolean', default: false },
  {
    key: 'men',
    label: 'Men in the unit (mass combat)',
    kind: 'number',
    default: 1,
    min: 1,
    max: 500,
    integer: true,
    help: 'A unit fought as one man: hit points one d6 per man (10d6 for ten)',
  },
  { key: 'size', label: 'Size', kind: 'choice', default: 'man-sized', options: choice(SIZES) },
  {
    key: 'saveParalysis',
    label: 'Save vs Paralysis',
    kind: 'number',
    default: 14,
    min: 2,
    max: 20,
    integer: true,
  },
  {
    key: 'hitBy',
    label: 'Can be hit by',
    kind: 'choice',
    default: 'any',
    options: choice(['any', 'silver', 'magic']),
  },
  {
    key: 'specialOn',
    label: 'Special attack on',
    kind: 'number',
    default: 0,
    min: 0,
    max: 20,
    integer: true,
  },
  { key: 'special', label: 'Special attack', kind: 'text', default: '', maxLength: 120 },
  {
    key: 'attacksPerRound',
    label: 'Attacks per round',
    kind: 'number',
    default: 1,
    min: 1,
    max: 10,
    integer: true,
  },
  { key: 'weapons', label: 'Weapons', kind: 'list', of: WEAPON_FIELDS, default: [] },
]

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks one field, filling its default when the input leaves it out. */
function parseField(field: SheetField, raw: unknown, where: string): Outcome<unknown> {
  const name = `${where}${field.label}`
  if (raw === undefined) return ok(structuredCopy(field.default))
  switch (field.kind) {
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
      if (typeof n !== 'number' || !Number.isFinite(n)) return fail(`${name} must be a number.`)
      if (field.integer && !Number.isInteger(n)) return fail(`${name} must be a whole number.`)
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
        return fail(`${name} must be from ${field.min ?? '-∞'} to ${field.max ?? '∞'}.`)
      return ok(n)
    }
    case 'text':
      if (typeof raw !== 'string') return fail(`${name} must be text.`)
      if (field.maxLength !== undefined && raw.length > field.maxLength)
        return fail(`${name} must be at most ${field.maxLength} characters.`)
      return ok(raw)
    case 'boolean':
      if (typeof raw !== 'boolean') return fail(`${name} must be yes or no.`)
      return ok(raw)
    case 'choice':
      if (typeof raw !== 'string' || !field.options.some((o) => o.value === raw))
        return fail(`${name} must be one of: ${field.options.map((o) => o.value).join(', ')}.`)
      return ok(raw)
    case 'list': {
      if (!Array.isArray(raw)) return fail(`${name} must be a list.`)
      const rows: Record<string, unknown>[] = []
      for (const [i, row] of raw.entries()) {
        const parsed = parseRecord(field.of, row, `${name}, row ${i + 1}: `)
        if (!parsed.ok) return parsed
        rows.push(parsed.value)
      }
      return ok(rows)
    }
    default:
      return unreachable(field)
  }
}

const structuredCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

function parseRecord(
  fields: ReadonlyArray<SheetField>,
  input: unknown,
  where: string,
): Outcome<Record<string, unknown>> {
  if (!isRecord(input)) return fail(`${where || 'The sheet '}must be an object of fields.`)
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    const parsed = parseField(field, input[field.key], where)
    if (!parsed.ok) return parsed
    out[field.key] = parsed.value
  }
  return ok(out)
}

/** Validates form or stored input into a Sheet, filling defaults; the error names the field at fault. */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const parsed = parseRecord(SHEET_FIELDS, input, '')
  if (!parsed.ok) return parsed
  const sheet = parsed.value as unknown as Sheet
  for (const [i, weapon] of sheet.weapons.entries()) {
    const dice = parseDamageDice(weapon.damage)
    if (!dice.ok) return fail(`Weapons, row ${i + 1}: Damage ${dice.error}`)
  }
  if (sheet.specialOn === 0 && sheet.special !== '')
    return fail('Special attack on must be set when a special attack is named.')
  return ok(sheet)
}

/** A sheet with every default, overridden by `partial`: for tests and quick monsters. */
export function makeSheet(partial: Partial<Sheet> = {}): Sheet {
  const parsed = parseSheet({})
  if (!parsed.ok) throw new Error(parsed.error)
  return { ...parsed.value, ...partial }
}

/** A weapon with every default, overridden by `partial`. */
export function makeWeapon(partial: Partial<Weapon> = {}): Weapon {
  const parsed = parseRecord(WEAPON_FIELDS, {}, '')
  if (!parsed.ok) throw new Error(parsed.error)
  return { ...(parsed.value as unknown as Weapon), ...partial }
}

export const isFighterType = (sheet: Sheet): boolean => FIGHTER_TYPES.has(sheet.class)
export const isElf = (sheet: Sheet): boolean => sheet.race === 'elf' || sheet.class === 'elf'
export const isHobbit = (sheet: Sheet): boolean => sheet.race === 'hobbit' || sheet.class === 'hobbit'
