/** The osr combatant sheet: its form fields with defaults, and `parseSheet` that validates input into a Sheet. */

import { unreachable } from '../../assert.ts'
import { fail, type Outcome, ok, type SheetField } from '../../system.ts'

/** How a weapon is used, which decides STR vs DEX to hit and whether STR adds to damage (Damage section). */
export type WeaponKind =
  | 'melee'
  | 'melee-thrown'
  | 'thrown'
  | 'bow'
  | 'crossbow'
  | 'sling'
  | 'siege'
  | 'grenade'
  | 'holy-water'
export type ArmorKind = 'none' | 'leather' | 'metal'
export type Size = 'small' | 'medium' | 'large'
/** What a creature can be hurt by: "A natural 20 always hits (barring magic or silver weapon requirements)". */
export type HarmedBy = 'anything' | 'silver-or-magic' | 'magic'

/** A weapon's damage dice as NdX+K, parsed once from the sheet's text ("1d6", "2d4+1"). */
export interface DamageDice {
  count: number
  sides: number
  flat: number
}

export interface Weapon {
  name: string
  kind: WeaponKind
  damage: DamageDice
  /** Magic bonus (negative for a cursed weapon). */
  magicBonus: number
  silver: boolean
  /** A long-reach weapon (spear) may attack a closing opponent on its number (Hold Action). */
  longReach: boolean
  /** Spear, lance, pole arm: "suitable for use while charging". */
  chargeable: boolean
  /** Spears, pole arms and some piercing weapons can be set against a charge. */
  settable: boolean
  /** Short sword or dagger: may be the second weapon in two-weapon style. */
  small: boolean
  /** Sharp edges or points on all sides: cannot strike with the flat for non-lethal damage. */
  sharpAllSides: boolean
  /** Range bands in feet: up to short, up to medium, up to long; 0 for a melee-only weapon. */
  shortRange: number
  mediumRange: number
  longRange: number
  /** Fires once every this many rounds: 1 bow, 2 light crossbow, 3 heavy crossbow, 6 for a 1/6 siege engine. */
  firesEvery: number
}

export interface Sheet {
  name: string
  attackBonus: number
  strBonus: number
  dexBonus: number
  /** The Constitution score: a character may run 3 x CON rounds. */
  constitution: number
  /** Ascending Armor Class: an attack hits on a total equal to or greater than this. */
  ac: number
  hitPoints: number
  /** Encounter movement in feet per round. */
  movement: number
  armor: ArmorKind
  size: Size
  elf: boolean
  sneakAttack: boolean
  undead: boolean
  fireResistant: boolean
  /** Casts spells (17.0.1.3): a spell is declared as the round's action, and can be disrupted (17.0.13). */
  spellcaster: boolean
  harmedBy: HarmedBy
  /** Saving throw targets (d20 equal or above succeeds). */
  saveDeathRay: number
  saveSpells: number
  weapons: Weapon[]
}

const choice = <T extends string>(values: ReadonlyArray<readonly [T, string]>) =>
  values.map(([value, label]) => ({ value, label }))

export const WEAPON_KINDS = choice<WeaponKind>([
  ['melee', 'Melee'],
  ['melee-thrown', 'Melee or thrown (dagger, spear)'],
  ['thrown', 'Thrown only (dart, javelin)'],
  ['bow', 'Bow'],
  ['crossbow', 'Crossbow'],
  ['sling', 'Sling'],
  ['siege', 'Siege engine'],
  ['grenade', 'Flask of oil (grenade-like)'],
  ['holy-water', 'Holy water (grenade-like)'],
])

/** Oil and holy water: thrown like a grenade, scattering when they miss (17.0.9-17.0.11). */
export const isGrenadeLike = (w: Pick<Weapon, 'kind'>): boolean =>
  w.kind === 'grenade' || w.kind === 'holy-water'

/** The weapon sub-form. */
export const WEAPON_FIELDS: ReadonlyArray<SheetField> = [
  { key: 'name', label: 'Weapon', kind: 'text', default: 'Sword', maxLength: 40 },
  { key: 'kind', label: 'Kind', kind: 'choice', default: 'melee', options: WEAPON_KINDS },
  {
    key: 'damage',
    label: 'Damage',
    kind: 'text',
    default: '1d8',
    maxLength: 12,
    help: 'Dice as NdX or NdX+K',
  },
  { key: 'magicBonus', label: 'Magic bonus', kind: 'number', default: 0, min: -5, max: 5, integer: true },
  { key: 'silver', label: 'Silver', kind: 'boolean', default: false },
  { key: 'longReach', label: 'Long reach', kind: 'boolean', default: false },
  { key: 'chargeable', label: 'Usable in a charge', kind: 'boolean', default: false },
  { key: 'settable', label: 'Can be set against a charge', kind: 'boolean', default: false },
  { key: 'small', label: 'Small (off-hand)', kind: 'boolean', default: false },
  { key: 'sharpAllSides', label: 'Sharp on all sides', kind: 'boolean', default: false },
  {
    key: 'shortRange',
    label: 'Short range (ft)',
    kind: 'number',
    default: 0,
    min: 0,
    max: 2000,
    integer: true,
  },
  {
    key: 'mediumRange',
    label: 'Medium range (ft)',
    kind: 'number',
    default: 0,
    min: 0,
    max: 2000,
    integer: true,
  },
  {
    key: 'longRange',
    label: 'Long range (ft)',
    kind: 'number',
    default: 0,
    min: 0,
    max: 2000,
    integer: true,
  },
  {
    key: 'firesEvery',
    label: 'Fires every N rounds',
    kind: 'number',
    default: 1,
    min: 1,
    max: 20,
    integer: true,
  },
]

const SWORD = { name: 'Sword', kind: 'melee', damage: '1d8' } as const

/** The combatant form: every field an osr combat rule reads, with defaults for an ordinary fighter. */
export const SHEET_FIELDS: ReadonlyArray<SheetField> = [
  { key: 'name', label: 'Name', kind: 'text', default: 'Combatant', maxLength: 60 },
  { key: 'attackBonus', label: 'Attack bonus', kind: 'number', default: 1, min: -10, max: 30, integer: true },
  { key: 'strBonus', label: 'STR bonus', kind: 'number', default: 0, min: -5, max: 5, integer: true },
  { key: 'dexBonus', label: 'DEX bonus', kind: 'number', default: 0, min: -5, max: 5, integer: true },
  { key: 'constitution', label: 'Constitution', kind: 'number', default: 10, min: 1, max: 25, integer: true },
  { key: 'ac', label: 'Armor Class', kind: 'number', default: 11, min: 0, max: 40, integer: true },
  { key: 'hitPoints', label: 'Hit points', kind: 'number', default: 8, min: 1, max: 999, integer: true },
  { key: 'movement', label: 'Movement (ft)', kind: 'number', default: 30, min: 0, max: 240, integer: true },
  {
    key: 'armor',
    label: 'Armor worn',
    kind: 'choice',
    default: 'none',
    options: choice<ArmorKind>([
      ['none', 'None'],
      ['leather', 'Leather'],
      ['metal', 'Metal'],
    ]),
  },
  {
    key: 'size',
    label: 'Size',
    kind: 'choice',
    default: 'medium',
    options: choice<Size>([
      ['small', 'Small'],
      ['medium', 'Medium'],
      ['large', 'Large'],
    ]),
  },
  { key: 'elf', label: 'Elf', kind: 'boolean', default: false },
  { key: 'sneakAttack', label: 'Sneak Attack ability', kind: 'boolean', default: false },
  { key: 'undead', label: 'Undead', kind: 'boolean', default: false },
  { key: 'fireResistant', label: 'Resistant to fire', kind: 'boolean', default: false },
  { key: 'spellcaster', label: 'Casts spells', kind: 'boolean', default: false },
  {
    key: 'harmedBy',
    label: 'Harmed by',
    kind: 'choice',
    default: 'anything',
    options: choice<HarmedBy>([
      ['anything', 'Any weapon'],
      ['silver-or-magic', 'Silver or magic weapons only'],
      ['magic', 'Magic weapons only'],
    ]),
  },
  {
    key: 'saveDeathRay',
    label: 'Save vs Death Ray',
    kind: 'number',
    default: 12,
    min: 1,
    max: 30,
    integer: true,
  },
  { key: 'saveSpells', label: 'Save vs Spells', kind: 'number', default: 16, min: 1, max: 30, integer: true },
  { key: 'weapons', label: 'Weapons', kind: 'list', of: WEAPON_FIELDS, default: [SWORD] },
]

const DICE = /^\s*(\d{1,2})d(\d{1,3})\s*(?:([+-])\s*(\d{1,3}))?\s*$/i

/** Reads "1d6", "2d4+1" or "1d8-1"; null when the text is not dice. */
export function parseDamageDice(text: string): DamageDice | null {
  const m = DICE.exec(text)
  if (!m) return null
  const count = Number(m[1])
  const sides = Number(m[2])
  if (count < 1 || sides < 1) return null
  const flat = m[4] === undefined ? 0 : Number(m[4]) * (m[3] === '-' ? -1 : 1)
  return { count, sides, flat }
}

/** "1d6+2": how the log prints damage dice. */
export function formatDamageDice(d: DamageDice): string {
  return `${d.count}d${d.sides}${d.flat > 0 ? `+${d.flat}` : d.flat < 0 ? `${d.flat}` : ''}`
}

type Record_ = Record<string, unknown>

/** Validates one object against fields; errors are sentences that start with the field's label. */
function readFields(fields: ReadonlyArray<SheetField>, input: unknown, where: string): Outcome<Record_> {
  if (input === undefined || input === null) input = {}
  if (typeof input !== 'object' || Array.isArray(input))
    return fail(`${where || 'The sheet'} must be an object.`)
  const source = input as Record_
  const out: Record_ = {}
  for (const field of fields) {
    const name = `${where}${field.label}`
    const raw = source[field.key]
    switch (field.kind) {
      case 'number': {
        const value =
          raw === undefined || raw === '' ? field.default : typeof raw === 'string' ? Number(raw) : raw
        if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`${name} must be a number.`)
        if (field.integer && !Number.isInteger(value)) return fail(`${name} must be a whole number.`)
        if (field.min !== undefined && value < field.min)
          return fail(`${name} must be at least ${field.min}.`)
        if (field.max !== undefined && value > field.max) return fail(`${name} must be at most ${field.max}.`)
        out[field.key] = value
        break
      }
      case 'text': {
        const value = raw === undefined ? field.default : raw
        if (typeof value !== 'string') return fail(`${name} must be text.`)
        if (field.maxLength !== undefined && value.length > field.maxLength)
          return fail(`${name} must be at most ${field.maxLength} characters.`)
        out[field.key] = value.trim()
        break
      }
      case 'boolean': {
        const value = raw === undefined ? field.default : raw
        if (typeof value !== 'boolean') return fail(`${name} must be yes or no.`)
        out[field.key] = value
        break
      }
      case 'choice': {
        const value = raw === undefined ? field.default : raw
        if (typeof value !== 'string' || !field.options.some((o) => o.value === value))
          return fail(`${name} must be one of: ${field.options.map((o) => o.label).join(', ')}.`)
        out[field.key] = value
        break
      }
      case 'list': {
        const value = raw === undefined ? field.default : raw
        if (!Array.isArray(value)) return fail(`${name} must be a list.`)
        if (value.length > 20) return fail(`${name} may hold at most 20 entries.`)
        const items: Record_[] = []
        for (const [i, item] of value.entries()) {
          const read = readFields(field.of, item, `${name} ${i + 1}: `)
          if (!read.ok) return read
          items.push(read.value)
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

/**
 * Validates form or stored input into a Sheet, filling defaults. The error names the bad field
 * ("Weapons 2: Damage must be dice like 1d6 or 2d4+1.") so a player can fix it.
 */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const read = readFields(SHEET_FIELDS, input, '')
  if (!read.ok) return read
  const raw = read.value
  const weapons: Weapon[] = []
  for (const [i, w] of (raw.weapons as Record_[]).entries()) {
    const where = `Weapons ${i + 1}`
    const damage = parseDamageDice(w.damage as string)
    if (!damage) return fail(`${where}: Damage must be dice like 1d6 or 2d4+1.`)
    const weapon = { ...w, damage } as unknown as Weapon
    if (!(weapon.shortRange <= weapon.mediumRange && weapon.mediumRange <= weapon.longRange))
      return fail(`${where}: ranges must grow from short to medium to long.`)
    const ranged = weapon.kind !== 'melee'
    if (ranged && weapon.longRange === 0)
      return fail(`${where}: a ${weapon.kind} weapon needs its range bands.`)
    // "Light crossbows can be fired once every two rounds ... Heavy crossbows ... once every three" (17.0.9).
    if (weapon.kind === 'crossbow' && weapon.firesEvery < 2)
      return fail(
        `${where}: a crossbow cannot fire every round: a light one fires once every 2 rounds, a heavy one once every 3 (Missile Weapon Rate of Fire, 17.0.9). Set Fires every N rounds to 2 or 3.`,
      )
    weapons.push(weapon)
  }
  return ok({ ...(raw as unknown as Sheet), weapons })
}
