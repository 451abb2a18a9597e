/** The brp combatant sheet: characteristics, derived hit points and damage bonus, skills and gear. */
import { unreachable } from '../../assert.ts'
import type { Outcome, SheetField } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import type { BrpSettings } from './settings.ts'
import { ARMOR, findArmor, SHIELDS, WEAPONS, type WeaponSkill } from './tables.ts'

/** The characteristics the text uses (DEX, CON, SIZ) and the rest a BRP sheet carries. */
export const CHARACTERISTICS = ['str', 'con', 'siz', 'int', 'pow', 'dex', 'app'] as const
export type Characteristic = (typeof CHARACTERISTICS)[number]

/** A damage bonus: a die added (or subtracted) to weapon damage, or none. */
export interface DamageBonus {
  readonly sign: 1 | -1
  readonly count: number
  readonly sides: number
}

/** The weapon skills a sheet lists with a specialty (5.9, "The skill and specialty used"). */
export type SpecialtySkill = Extract<
  WeaponSkill,
  'Melee Weapon' | 'Missile Weapon' | 'Firearm' | 'Energy Weapon'
>
export const SPECIALTY_SKILLS: readonly SpecialtySkill[] = [
  'Melee Weapon',
  'Missile Weapon',
  'Firearm',
  'Energy Weapon',
]

/** One weapon skill on a sheet, e.g. Melee Weapon (Sword) 55%. */
export interface WeaponSkillEntry {
  readonly skill: SpecialtySkill
  readonly specialty: string
  /** The skill's total percentage (the weapon's base chance plus skill points). */
  readonly chance: number
}

/** A parsed brp combatant: what does not change during a fight (the changing part is CombatantState). */
export interface Sheet {
  readonly name: string
  readonly str: number
  readonly con: number
  readonly siz: number
  readonly int: number
  readonly pow: number
  readonly dex: number
  readonly app: number
  /** 'auto' from STR+SIZ, or a fixed value such as '+1D4' or 'none'. */
  readonly damageBonus: string
  readonly dodge: number
  readonly brawl: number
  readonly throw: number
  readonly shieldSkill: number
  readonly firstAid: number
  readonly weaponSkills: readonly WeaponSkillEntry[]
  /** Weapon row ids carried; Brawl is always at hand and need not be listed. */
  readonly weapons: readonly string[]
  /** Armor row ids worn: at most one body armor and one helmet. */
  readonly armor: readonly string[]
  /** A shield row id, or 'none'. */
  readonly shield: string
}

/**
 * The damage bonus table. brp.txt refers to "2.5 Derived Characteristics", which it does not include;
 * this is the standard Basic Roleplaying table by STR+SIZ (docs/systems/brp.md), and a sheet can fix
 * its own value instead.
 */
export const DAMAGE_BONUS_TABLE: ReadonlyArray<{ upTo: number; bonus: string }> = [
  { upTo: 12, bonus: '-1D6' },
  { upTo: 16, bonus: '-1D4' },
  { upTo: 24, bonus: 'none' },
  { upTo: 32, bonus: '+1D4' },
  { upTo: 40, bonus: '+1D6' },
  { upTo: 56, bonus: '+2D6' },
]

/** The damage bonus for STR+SIZ: the table, then +1D6 for each further 16 points. */
export function damageBonusFor(strPlusSiz: number): string {
  const row = DAMAGE_BONUS_TABLE.find((r) => strPlusSiz <= r.upTo)
  if (row) return row.bonus
  return `+${2 + Math.ceil((strPlusSiz - 56) / 16)}D6`
}

/** Reads '+1D4', '-1D6' or 'none'; null for none, undefined for something unreadable. */
export function parseDamageBonus(text: string): DamageBonus | null | undefined {
  if (text === 'none') return null
  const m = /^([+-])(\d+)D(\d+)$/i.exec(text.trim())
  if (!m) return undefined
  const count = Number(m[2])
  const sides = Number(m[3])
  if (count < 1 || count > 20 || sides < 2 || sides > 20) return undefined
  return { sign: m[1] === '-' ? -1 : 1, count, sides }
}

/** The sheet's damage bonus: its fixed value, or from STR+SIZ when 'auto'. */
export function damageBonusOf(sheet: Sheet): DamageBonus | null {
  const text = sheet.damageBonus === 'auto' ? damageBonusFor(sheet.str + sheet.siz) : sheet.damageBonus
  const bonus = parseDamageBonus(text)
  if (bonus === undefined) throw new Error(`a parsed sheet has an unreadable damage bonus: ${text}`)
  return bonus
}

/** '+1D4', '-1D6' or 'none': how the sheet and the log write a damage bonus. */
export function formatDamageBonus(bonus: DamageBonus | null): string {
  return bonus === null ? 'none' : `${bonus.sign < 0 ? '-' : '+'}${bonus.count}D${bonus.sides}`
}

/** Hit points, "derived from the average of Constitution and Size" (5.12); the rounding is a room setting. */
export function maxHitPoints(sheet: Pick<Sheet, 'con' | 'siz'>, settings: BrpSettings): number {
  const sum = sheet.con + sheet.siz
  return settings.hitPoints === 'up' ? Math.ceil(sum / 2) : Math.floor(sum / 2)
}

const characteristic = (key: Characteristic, label: string): SheetField => ({
  key,
  label,
  kind: 'number',
  default: 10,
  min: 1,
  max: 100,
  integer: true,
})

const skill = (key: string, label: string, def: number, help: string): SheetField => ({
  key,
  label,
  kind: 'number',
  default: def,
  min: 0,
  max: 200,
  integer: true,
  help,
})

const DB_OPTIONS = ['auto', '-1D6', '-1D4', 'none', '+1D4', '+1D6', '+2D6', '+3D6', '+4D6', '+5D6', '+6D6']

/** The form of a brp combatant, with defaults; `parseSheet` validates input against it. */
export const SHEET_FIELDS: readonly SheetField[] = [
  { key: 'name', label: 'Name', kind: 'text', default: 'Combatant', maxLength: 60 },
  characteristic('str', 'STR'),
  characteristic('con', 'CON'),
  characteristic('siz', 'SIZ'),
  characteristic('int', 'INT'),
  characteristic('pow', 'POW'),
  characteristic('dex', 'DEX'),
  characteristic('app', 'APP'),
  {
    key: 'damageBonus',
    label: 'Damage bonus',
    kind: 'choice',
    default: 'auto',
    options: DB_OPTIONS.map((value) => ({ value, label: value === 'auto' ? 'From STR+SIZ' : value })),
    help: 'Added to melee damage, half for thrown weapons (5.9).',
  },
  skill('dodge', 'Dodge %', 20, 'Reduced by body armor, a physical skill (5.10).'),
  skill('brawl', 'Brawl %', 25, 'Base 25% (5.9).'),
  skill('throw', 'Throw %', 25, 'For rocks; reduced by body armor (5.10).'),
  skill('shieldSkill', 'Shield %', 15, 'Base 15% (5.11): parry and bash with a shield.'),
  skill('firstAid', 'First Aid %', 30, 'Heals 1D3 per injury, once per injury (5.14).'),
  {
    key: 'weaponSkills',
    label: 'Weapon skills',
    kind: 'list',
    of: [
      {
        key: 'skill',
        label: 'Skill',
        kind: 'choice',
        default: 'Melee Weapon',
        options: SPECIALTY_SKILLS.map((value) => ({ value, label: value })),
      },
      { key: 'specialty', label: 'Specialty', kind: 'text', default: 'Sword', maxLength: 40 },
      { key: 'chance', label: 'Chance %', kind: 'number', default: 15, min: 0, max: 200, integer: true },
    ],
    default: [],
  },
  {
    key: 'weapons',
    label: 'Weapons',
    kind: 'list',
    of: [
      {
        key: 'weapon',
        label: 'Weapon',
        kind: 'choice',
        default: 'sword-short',
        options: WEAPONS.filter((w) => w.id !== 'brawl').map((w) => ({ value: w.id, label: w.name })),
      },
    ],
    default: [],
  },
  {
    key: 'armor',
    label: 'Armor',
    kind: 'list',
    of: [
      {
        key: 'armor',
        label: 'Armor',
        kind: 'choice',
        default: 'leather-hard',
        options: ARMOR.map((a) => ({ value: a.id, label: a.name })),
      },
    ],
    default: [],
  },
  {
    key: 'shield',
    label: 'Shield',
    kind: 'choice',
    default: 'none',
    options: [{ value: 'none', label: 'None' }, ...SHIELDS.map((s) => ({ value: s.id, label: s.name }))],
  },
]

type Fields = Record<string, unknown>

function readField(field: SheetField, raw: unknown, where: string): Outcome<unknown> {
  const name = `${where}${field.label}`
  if (raw === undefined) return ok(field.default)
  switch (field.kind) {
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
      const min = field.min ?? Number.NEGATIVE_INFINITY
      const max = field.max ?? Number.POSITIVE_INFINITY
      if (
        typeof n !== 'number' ||
        !Number.isFinite(n) ||
        (field.integer && !Number.isInteger(n)) ||
        n < min ||
        n > max
      )
        return fail(
          `${name} must be a whole number from ${field.min} to ${field.max}; got ${JSON.stringify(raw)}.`,
        )
      return ok(n)
    }
    case 'text': {
      if (typeof raw !== 'string') return fail(`${name} must be text.`)
      const text = raw.trim()
      if (field.maxLength !== undefined && text.length > field.maxLength)
        return fail(`${name} is too long: at most ${field.maxLength} characters.`)
      return ok(text)
    }
    case 'boolean':
      return typeof raw === 'boolean' ? ok(raw) : fail(`${name} must be yes or no.`)
    case 'choice': {
      if (typeof raw !== 'string' || !field.options.some((o) => o.value === raw))
        return fail(
          `${name} must be one of ${field.options.map((o) => o.label).join(', ')}; got ${JSON.stringify(raw)}.`,
        )
      return ok(raw)
    }
    case 'list': {
      if (!Array.isArray(raw)) return fail(`${name} must be a list.`)
      const items: Fields[] = []
      for (const [i, item] of raw.entries()) {
        if (typeof item !== 'object' || item === null)
          return fail(`${name}, entry ${i + 1}, must be filled in.`)
        const read = readFields(field.of, item as Fields, `${name}, entry ${i + 1}: `)
        if (!read.ok) return read
        items.push(read.value)
      }
      return ok(items)
    }
    default:
      return unreachable(field)
  }
}

function readFields(fields: readonly SheetField[], input: Fields, where: string): Outcome<Fields> {
  const out: Fields = {}
  for (const field of fields) {
    const read = readField(field, input[field.key], where)
    if (!read.ok) return read
    out[field.key] = read.value
  }
  return ok(out)
}

/**
 * Validates form or stored input into a sheet, filling defaults. The error names the field and what
 * it must be, so a player can fix it: "DEX must be a whole number from 1 to 100; got 0."
 */
export function parseSheet(input: unknown): Outcome<Sheet> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail('A sheet must be a set of named fields.')
  const read = readFields(SHEET_FIELDS, input as Fields, '')
  if (!read.ok) return read
  const v = read.value
  const list = <T>(key: string, pick: (item: Fields) => T): T[] => (v[key] as Fields[]).map(pick)
  const weapons = list('weapons', (w) => w.weapon as string)
  const armor = list('armor', (a) => a.armor as string)
  const weaponSkills = list('weaponSkills', (s) => ({
    skill: s.skill as SpecialtySkill,
    specialty: s.specialty as string,
    chance: s.chance as number,
  }))
  const duplicate = weapons.find((w, i) => weapons.indexOf(w) !== i)
  if (duplicate) return fail(`Weapons lists ${WEAPONS.find((w) => w.id === duplicate)?.name} twice.`)
  const worn = armor.map((id) => findArmor(id))
  if (worn.filter((a) => a && !a.helmet).length > 1)
    return fail('Armor: wear at most one body armor (helmets add to it).')
  if (worn.filter((a) => a?.helmet).length > 1) return fail('Armor: wear at most one helmet.')
  const skillKey = (s: WeaponSkillEntry) => `${s.skill}|${s.specialty.toLowerCase()}`
  const twice = weaponSkills.find((s, i) => weaponSkills.findIndex((t) => skillKey(t) === skillKey(s)) !== i)
  if (twice) return fail(`Weapon skills lists ${twice.skill} (${twice.specialty}) twice.`)
  if (weaponSkills.some((s) => s.specialty === ''))
    return fail('Weapon skills: every entry needs a specialty.')
  return ok({
    name: v.name as string,
    str: v.str as number,
    con: v.con as number,
    siz: v.siz as number,
    int: v.int as number,
    pow: v.pow as number,
    dex: v.dex as number,
    app: v.app as number,
    damageBonus: v.damageBonus as string,
    dodge: v.dodge as number,
    brawl: v.brawl as number,
    throw: v.throw as number,
    shieldSkill: v.shieldSkill as number,
    firstAid: v.firstAid as number,
    weaponSkills,
    weapons,
    armor,
    shield: v.shield as string,
  })
}

/** A sheet from partial fields, for tests and examples; a bad one is a bug and throws. */
export function sheetOf(input: Record<string, unknown> = {}): Sheet {
  const parsed = parseSheet(input)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.value
}
