/** The brp combatant sheet: characteristics, derived hit points and damage bonus, skills and gear. */
import { readOneGroup } from '../../dice/one-group.ts'
import { choice, list, number, parseFields, type SheetWording, text } from '../../engine/sheet-fields.ts'
import type { Outcome, SheetField } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import type { BrpSettings } from './settings.ts'
import { ARMOR, displayName, findArmor, SHIELDS, WEAPONS, type WeaponSkill, weaponLabel } from './tables.ts'

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

/** The specialties the weapon tables name, with their skill (5.9 "The skill and specialty used"), in order. */
export const SPECIALTIES: ReadonlyArray<{ specialty: string; skill: SpecialtySkill }> = WEAPONS.flatMap(
  (w) => {
    const skill = SPECIALTY_SKILLS.find((s) => s === w.skill)
    return skill ? [{ specialty: w.specialty, skill }] : []
  },
).filter((s, i, all) => all.findIndex((t) => t.specialty === s.specialty) === i)

/** A specialty as the tables spell it, for one typed in any case ("sword"); undefined for another word. */
export const specialtyNamed = (typed: string) =>
  SPECIALTIES.find((s) => s.specialty.toLowerCase() === typed.trim().toLowerCase())

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
  const sign = text[0] === '-' ? -1 : text[0] === '+' ? 1 : undefined
  const dice = sign && readOneGroup(text.slice(1), { dice: 20, sides: 20, minSides: 2 })
  if (!dice) return undefined
  return { sign, count: dice.count, sides: dice.sides }
}

/** The sheet's damage bonus: its fixed value, or from STR+SIZ when 'auto'. */
export function damageBonusOf(sheet: Sheet): DamageBonus | null {
  const text = sheet.damageBonus === 'auto' ? damageBonusFor(sheet.str + sheet.siz) : sheet.damageBonus
  const bonus = parseDamageBonus(text)
  if (bonus === undefined) throw new Error(`a parsed sheet has an unreadable damage bonus: ${text}`)
  return bonus
}

/** Hit points, "derived from the average of Constitution and Size" (5.12); the rounding is a room setting. */
export function maxHitPoints(sheet: Pick<Sheet, 'con' | 'siz'>, settings: BrpSettings): number {
  const sum = sheet.con + sheet.siz
  return settings.hitPoints === 'up' ? Math.ceil(sum / 2) : Math.floor(sum / 2)
}

/** A characteristic: 1 to 100, 10 unless the sheet says otherwise. */
const characteristic = (key: Characteristic, label: string) => number(key, label, 10, { min: 1, max: 100 })

/** A skill's percentage, 0 to 200. */
const skill = (key: string, label: string, value: number, help: string) =>
  number(key, label, value, { min: 0, max: 200, help })

const DB_OPTIONS = ['auto', '-1D6', '-1D4', 'none', '+1D4', '+1D6', '+2D6', '+3D6', '+4D6', '+5D6', '+6D6']
const DAMAGE_BONUSES = DB_OPTIONS.map((value) => ({
  value,
  label: value === 'auto' ? 'From STR+SIZ' : value,
}))
const DAMAGE_BONUS_HELP = 'Added to melee damage, half for thrown weapons (5.9).'
const SKILLS = SPECIALTY_SKILLS.map((value) => ({ value, label: value }))
const labelled = <T extends { id: string; name: string }>(rows: readonly T[], label = (r: T) => r.name) =>
  rows.map((r) => ({ value: r.id, label: label(r) }))
const SPECIALTY_HELP = 'The weapon’s category in the table (5.9), not its name: Sword for a Sword, Short.'
/** The form offers the tables' specialties; the parser reads an old room's typed one too (`parseSheet`). */
const specialty = {
  form: choice(
    'specialty',
    'Specialty',
    'Sword',
    SPECIALTIES.map((s) => ({ value: s.specialty, label: `${s.specialty} (${s.skill})` })),
    { help: SPECIALTY_HELP },
  ),
  typed: text('specialty', 'Specialty', 'Sword', { maxLength: 40 }),
}

/** The form of a brp combatant, with defaults; `parseSheet` validates input against it. */
export const SHEET_FIELDS: readonly SheetField[] = [
  text('name', 'Name', 'Combatant', { maxLength: 60 }),
  characteristic('str', 'STR'),
  characteristic('con', 'CON'),
  characteristic('siz', 'SIZ'),
  characteristic('int', 'INT'),
  characteristic('pow', 'POW'),
  characteristic('dex', 'DEX'),
  characteristic('app', 'APP'),
  choice('damageBonus', 'Damage bonus', 'auto', DAMAGE_BONUSES, { help: DAMAGE_BONUS_HELP }),
  skill('dodge', 'Dodge %', 20, 'Reduced by body armor, a physical skill (5.10).'),
  skill('brawl', 'Brawl %', 25, 'Base 25% (5.9).'),
  skill('throw', 'Throw %', 25, 'For rocks; reduced by body armor (5.10).'),
  skill('shieldSkill', 'Shield %', 15, 'Base 15% (5.11): parry and bash with a shield.'),
  skill('firstAid', 'First Aid %', 30, 'Heals 1D3 per injury, once per injury (5.14).'),
  list('weaponSkills', 'Weapon skills', [
    choice('skill', 'Skill', 'Melee Weapon', SKILLS),
    specialty.form,
    number('chance', 'Chance %', 15, { min: 0, max: 200 }),
  ]),
  list('weapons', 'Weapons', [
    choice(
      'weapon',
      'Weapon',
      'sword-short',
      labelled(
        WEAPONS.filter((w) => w.id !== 'brawl'),
        weaponLabel,
      ),
    ),
  ]),
  list('armor', 'Armor', [choice('armor', 'Armor', 'leather-hard', labelled(ARMOR))]),
  choice('shield', 'Shield', 'none', [{ value: 'none', label: 'None' }, ...labelled(SHIELDS)]),
]

type Fields = Record<string, unknown>

/** The fields as the parser reads them: a specialty as text, so an old room's typed one still reads. */
const PARSED_FIELDS: readonly SheetField[] = SHEET_FIELDS.map((f) =>
  f.kind === 'list' && f.key === 'weaponSkills'
    ? { ...f, of: f.of.map((sub) => (sub.key === 'specialty' ? specialty.typed : sub)) }
    : f,
)

/** brp's own words for a refusal: "DEX must be a whole number from 1 to 100; got 0.", "Armor, entry 2: ...". */
const WORDING: SheetWording = {
  notASheet: 'A sheet must be a set of named fields.',
  entry: (list, n) => `${list}, entry ${n}`,
  number: ({ name, field, given }) =>
    `${name} must be a whole number from ${field.min} to ${field.max}; got ${JSON.stringify(given)}.`,
}

/**
 * Validates form or stored input into a sheet, filling defaults. The error names the field and what
 * it must be, so a player can fix it: "DEX must be a whole number from 1 to 100; got 0."
 */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const read = parseFields(PARSED_FIELDS, input, WORDING)
  if (!read.ok) return read
  const v = read.value
  const ids = (key: string, id: string) => (v[key] as Fields[]).map((entry) => entry[id] as string)
  const weapons = ids('weapons', 'weapon')
  const armor = ids('armor', 'armor')
  // A specialty typed in any case is the table's ("sword" is Sword); another word is kept as typed.
  const weaponSkills = (v.weaponSkills as WeaponSkillEntry[]).map((s) => ({
    ...s,
    specialty: specialtyNamed(s.specialty)?.specialty ?? s.specialty,
  }))
  const duplicate = WEAPONS.find((w) => weapons.filter((id) => id === w.id).length > 1)
  if (duplicate) return fail(`Weapons lists ${displayName(duplicate)} twice.`)
  const worn = armor.map((id) => findArmor(id))
  if (worn.filter((a) => a && !a.helmet).length > 1)
    return fail('Armor: wear at most one body armor (helmets add to it).')
  if (worn.filter((a) => a?.helmet).length > 1) return fail('Armor: wear at most one helmet.')
  const skillKey = (s: WeaponSkillEntry) => `${s.skill}|${s.specialty.toLowerCase()}`
  const twice = weaponSkills.find((s, i) => weaponSkills.findIndex((t) => skillKey(t) === skillKey(s)) !== i)
  if (twice) return fail(`Weapon skills lists ${twice.skill} (${twice.specialty}) twice.`)
  if (weaponSkills.some((s) => s.specialty === ''))
    return fail('Weapon skills: every entry needs a specialty.')
  return ok({ ...(v as unknown as Sheet), weaponSkills, weapons, armor })
}

/** A sheet from partial fields, for tests and examples; a bad one is a bug and throws. */
export function sheetOf(input: Record<string, unknown> = {}): Sheet {
  const parsed = parseSheet(input)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.value
}

/** brp's sheet as the table reads it: the form and its parser. */
export const SHEET = { fields: SHEET_FIELDS, parse: parseSheet }
