/** The spelljammer combatant sheet: its form fields with defaults, and parsing that names the bad field. */
import { unreachable } from '../../assert.ts'
import { tryParseDice } from '../../dice/parse.ts'
import { fail, type Outcome, ok, type SheetField } from '../../system.ts'
import { damageDice } from './damage-dice.ts'
import type { Penetrating, Size, Specialization, WeaponKind } from './tables.ts'

/** One weapon: its own strike chance, damage dice, rank and specialization (all used by the rules). */
export interface Weapon {
  name: string
  /** Strike chance (SC) with this weapon, before any modifier. */
  sc: number
  /** Damage dice notation, e.g. "1d8+4". */
  damage: string
  /** Weapon rank: caps Defending (rank x 5 SC), sets Full/Desperate Defense, adds to shots into melee. */
  rank: number
  specialization: Specialization
  kind: WeaponKind
  /** Whether a critical or grievous hit leaves it stuck in the target (arrow, quarrel, javelin, spear). */
  penetrating: Penetrating
}

/** One spell the combatant can cast: a mage's by rank and GK/SK, a cleric's by its printed casting time. */
export interface Spell {
  name: string
  caster: 'mage' | 'cleric'
  /** Mage spell rank: sets the casting time with the GK/SK kind. */
  rank: number
  kind: 'GK' | 'SK'
  /** Cleric casting time in segments; 10 means "1 round", which must start on initiative 10. */
  castingTime: number
}

/** Everything the rules read about one combatant. */
export interface Sheet {
  name: string
  hp: number
  startingHp: number
  con: number
  dex: number
  per: number
  /** Initiative modifier (IM): the DEX modifier added to every initiative die. */
  initiativeModifier: number
  attacksPerRound: number
  /** Total DEF as normally used. */
  def: number
  /** The parts of DEF some situations take away (casting, careful aim, no shield on a free attack). */
  defFromDex: number
  defFromDefenseSkill: number
  defFromShield: number
  /** Magical DEF that is "always on": all that is left when surprised out of combat. */
  defMagicAlwaysOn: number
  prot: number
  /** Base combat movement rate (TMR), in feet per round. */
  tmr: number
  size: Size
  ambidextrous: boolean
  masterBowmanRank: number
  /** Tentacles that attack semi-independently (a roper's six): each pair counts as an attacker. */
  tentacles: number
  /** What the target's Range of Field skill takes off the multiple-attacker bonus (the GM's figure). */
  rangeOfField: number
  weapons: Weapon[]
  spells: Spell[]
}

const SPECIALIZATION_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'specialist', label: 'Specialist' },
  { value: 'double-specialist', label: 'Double specialist' },
] as const

const WEAPON_FIELDS: readonly SheetField[] = [
  { key: 'name', label: 'Weapon', kind: 'text', default: 'Longsword', maxLength: 60 },
  {
    key: 'sc',
    label: 'Strike chance (SC)',
    kind: 'number',
    default: 100,
    min: -100,
    max: 400,
    integer: true,
  },
  { key: 'damage', label: 'Damage', kind: 'text', default: '1d8', maxLength: 60, help: 'Dice, e.g. 1d8+4' },
  { key: 'rank', label: 'Weapon rank', kind: 'number', default: 1, min: 0, max: 50, integer: true },
  {
    key: 'specialization',
    label: 'Specialization',
    kind: 'choice',
    default: 'none',
    options: SPECIALIZATION_OPTIONS,
  },
  {
    key: 'kind',
    label: 'Kind',
    kind: 'choice',
    default: 'melee',
    options: [
      { value: 'melee', label: 'Melee' },
      { value: 'hand-crossbow', label: 'Hand crossbow' },
      { value: 'crossbow', label: 'Light or heavy crossbow' },
      { value: 'bow', label: 'Short or long bow' },
      { value: 'thrown', label: 'Thrown' },
    ],
  },
  {
    key: 'penetrating',
    label: 'Sticks in the target',
    kind: 'choice',
    default: 'none',
    options: [
      { value: 'none', label: 'No' },
      { value: 'arrow', label: 'Arrow' },
      { value: 'quarrel', label: 'Quarrel' },
      { value: 'javelin', label: 'Javelin' },
      { value: 'spear', label: 'Spear' },
    ],
  },
]

const SPELL_FIELDS: readonly SheetField[] = [
  { key: 'name', label: 'Spell', kind: 'text', default: 'Bolt of Energy', maxLength: 60 },
  {
    key: 'caster',
    label: 'Caster',
    kind: 'choice',
    default: 'mage',
    options: [
      { value: 'mage', label: 'Mage' },
      { value: 'cleric', label: 'Cleric' },
    ],
  },
  { key: 'rank', label: 'Spell rank', kind: 'number', default: 1, min: 1, max: 50, integer: true },
  {
    key: 'kind',
    label: 'Spell kind',
    kind: 'choice',
    default: 'GK',
    options: [
      { value: 'GK', label: 'GK' },
      { value: 'SK', label: 'SK' },
    ],
  },
  {
    key: 'castingTime',
    label: 'Cleric casting time (segments)',
    kind: 'number',
    default: 5,
    min: 1,
    max: 10,
    integer: true,
    help: '10 means 1 round',
  },
]

/** The form of a combatant: every field with its default and bounds. */
export const SHEET_FIELDS: readonly SheetField[] = [
  { key: 'name', label: 'Name', kind: 'text', default: 'Combatant', maxLength: 60 },
  { key: 'hp', label: 'Hit points', kind: 'number', default: 30, min: -100, max: 1000, integer: true },
  {
    key: 'startingHp',
    label: 'Starting hit points',
    kind: 'number',
    default: 30,
    min: 1,
    max: 1000,
    integer: true,
  },
  { key: 'con', label: 'CON', kind: 'number', default: 12, min: 1, max: 60, integer: true },
  { key: 'dex', label: 'DEX', kind: 'number', default: 12, min: 1, max: 60, integer: true },
  { key: 'per', label: 'PER', kind: 'number', default: 12, min: 1, max: 60, integer: true },
  {
    key: 'initiativeModifier',
    label: 'Initiative modifier (IM)',
    kind: 'number',
    default: 0,
    min: -20,
    max: 20,
    integer: true,
    help: 'Your DEX modifier to initiative',
  },
  {
    key: 'attacksPerRound',
    label: 'Attacks per round',
    kind: 'number',
    default: 1,
    min: 1,
    max: 10,
    integer: true,
  },
  { key: 'def', label: 'DEF', kind: 'number', default: 20, min: -100, max: 300, integer: true },
  { key: 'defFromDex', label: 'DEF from DEX', kind: 'number', default: 0, min: 0, max: 300, integer: true },
  {
    key: 'defFromDefenseSkill',
    label: 'DEF from Defense skill',
    kind: 'number',
    default: 0,
    min: 0,
    max: 300,
    integer: true,
  },
  {
    key: 'defFromShield',
    label: 'DEF from Shield skill',
    kind: 'number',
    default: 0,
    min: 0,
    max: 300,
    integer: true,
  },
  {
    key: 'defMagicAlwaysOn',
    label: 'Always-on magical DEF',
    kind: 'number',
    default: 0,
    min: 0,
    max: 300,
    integer: true,
  },
  { key: 'prot', label: 'PROT', kind: 'number', default: 0, min: 0, max: 100, integer: true },
  { key: 'tmr', label: 'Movement (TMR)', kind: 'number', default: 40, min: 0, max: 1000, integer: true },
  {
    key: 'size',
    label: 'Size',
    kind: 'choice',
    default: 'medium',
    options: [
      { value: 'tiny', label: 'Tiny' },
      { value: 'small', label: 'Small' },
      { value: 'medium', label: 'Medium' },
      { value: 'large', label: 'Large' },
      { value: 'giant', label: 'Giant' },
    ],
  },
  { key: 'ambidextrous', label: 'Ambidextrous', kind: 'boolean', default: false },
  {
    key: 'masterBowmanRank',
    label: 'Master Bowman rank',
    kind: 'number',
    default: 0,
    min: 0,
    max: 50,
    integer: true,
  },
  {
    key: 'tentacles',
    label: 'Tentacles attacking on their own',
    kind: 'number',
    default: 0,
    min: 0,
    max: 50,
    integer: true,
    help: 'A roper: 6. Each pair counts as one more attacker on its target (+10 SC)',
  },
  {
    key: 'rangeOfField',
    label: 'Range of Field: SC off the multiple-attacker bonus',
    kind: 'number',
    default: 0,
    min: 0,
    max: 100,
    integer: true,
    help: 'The text says the skill reduces the bonus but not by how much: the GM’s figure',
  },
  {
    key: 'weapons',
    label: 'Weapons',
    kind: 'list',
    of: WEAPON_FIELDS,
    default: [
      {
        name: 'Longsword',
        sc: 100,
        damage: '1d8',
        rank: 1,
        specialization: 'none',
        kind: 'melee',
        penetrating: 'none',
      },
    ],
  },
  { key: 'spells', label: 'Spells', kind: 'list', of: SPELL_FIELDS, default: [] },
]

const MAX_LIST = 50

/** Validates one object against fields, filling defaults for missing keys; errors name the field. */
function parseFields(
  fields: readonly SheetField[],
  input: unknown,
  where: string,
): Outcome<Record<string, unknown>> {
  if (input === undefined || input === null) input = {}
  if (typeof input !== 'object' || Array.isArray(input))
    return fail(`${where || 'The sheet'} must be a set of fields.`)
  const source = input as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    const name = where ? `${where}: ${field.label}` : field.label
    const raw = source[field.key]
    if (raw === undefined) {
      out[field.key] = copyDefault(field.default)
      continue
    }
    switch (field.kind) {
      case 'number': {
        if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail(`${name} must be a number.`)
        if (field.integer && !Number.isInteger(raw)) return fail(`${name} must be a whole number.`)
        if (field.min !== undefined && raw < field.min) return fail(`${name} must be at least ${field.min}.`)
        if (field.max !== undefined && raw > field.max) return fail(`${name} must be at most ${field.max}.`)
        out[field.key] = raw
        break
      }
      case 'text': {
        if (typeof raw !== 'string') return fail(`${name} must be text.`)
        if (field.maxLength !== undefined && raw.length > field.maxLength)
          return fail(`${name} must be at most ${field.maxLength} characters.`)
        out[field.key] = raw
        break
      }
      case 'boolean':
        if (typeof raw !== 'boolean') return fail(`${name} must be yes or no.`)
        out[field.key] = raw
        break
      case 'choice':
        if (typeof raw !== 'string' || !field.options.some((o) => o.value === raw))
          return fail(`${name} must be one of: ${field.options.map((o) => o.label).join(', ')}.`)
        out[field.key] = raw
        break
      case 'list': {
        if (!Array.isArray(raw)) return fail(`${name} must be a list.`)
        if (raw.length > MAX_LIST) return fail(`${name} can hold at most ${MAX_LIST} entries.`)
        const items: Record<string, unknown>[] = []
        for (const [i, item] of raw.entries()) {
          const parsed = parseFields(field.of, item, `${field.label} ${i + 1}`)
          if (!parsed.ok) return parsed
          items.push(parsed.value)
        }
        out[field.key] = items
        break
      }
      default:
        return unreachable(field)
    }
  }
  return ok(out)
}

/** A fresh copy of a list default, so one sheet's edits never reach another's. */
function copyDefault(value: unknown): unknown {
  return Array.isArray(value) ? value.map((v) => ({ ...(v as Record<string, unknown>) })) : value
}

/** Validates form or stored input into a sheet, filling defaults; the error names the field at fault. */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const parsed = parseFields(SHEET_FIELDS, input, '')
  if (!parsed.ok) return parsed
  const sheet = parsed.value as unknown as Sheet
  for (const [i, weapon] of sheet.weapons.entries()) {
    const dice = tryParseDice(weapon.damage)
    if (!dice.ok)
      return fail(`Weapons ${i + 1}: Damage "${weapon.damage}" is not dice notation (${dice.error.message}).`)
    const simple = damageDice(dice.value)
    if (!simple.ok) return fail(`Weapons ${i + 1}: Damage ${simple.error}`)
  }
  if (sheet.hp > sheet.startingHp) return fail('Hit points cannot be above starting hit points.')
  return ok(sheet)
}

/** A sheet with every default: a starting point for forms and tests. */
export function defaultSheet(): Sheet {
  const parsed = parseSheet({})
  if (!parsed.ok) throw new Error(`the default sheet is invalid: ${parsed.error}`)
  return parsed.value
}
