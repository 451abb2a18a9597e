/** The odnd combatant sheet: its form fields with defaults, and a parser that names the bad field. */

import {
  choice,
  flag,
  list,
  number,
  numberWords,
  parseFields,
  type SheetWording,
  text,
} from '../../engine/sheet-fields.ts'
import type { SheetField } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { parseDamageDice } from './dice-notation.ts'

/** "Fighters(INCLUDING Rangers, Barbarians, Dwarves, Hobbits, Paladins, and Pirates)". */
const FIGHTER_CLASSES = ['fighter', 'ranger', 'barbarian', 'dwarf', 'hobbit', 'paladin', 'pirate'] as const

/** Classes the text treats differently, the Fighters first. */
export const CLASSES = [
  ...FIGHTER_CLASSES,
  'thief',
  'cleric',
  'magic-user',
  'elf',
  'normal-man',
  'monster',
] as const
export type ClassId = (typeof CLASSES)[number]

/** The fighter classes, to ask of a class whether the text counts it among the Fighters. */
export const FIGHTER_TYPES: ReadonlySet<ClassId> = new Set(FIGHTER_CLASSES)

/** Weapons that only shoot or are thrown; a 'thrown'-capable melee weapon sets `throwable`. */
const MISSILE_WEAPON_KINDS = ['bow', 'great-bow', 'crossbow', 'sling', 'thrown', 'firearm'] as const

export const WEAPON_KINDS = [
  'one-handed',
  'two-handed',
  'spear',
  'polearm',
  'lance',
  'whip',
  ...MISSILE_WEAPON_KINDS,
  'empty-hand',
  'improvised',
  'natural',
  'horns',
] as const
export type WeaponKind = (typeof WEAPON_KINDS)[number]

/** The missile kinds, to ask of a weapon whether it only shoots or is thrown. */
export const MISSILE_KINDS: ReadonlySet<WeaponKind> = new Set(MISSILE_WEAPON_KINDS)

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

/** Options labelled by their values, spelled with spaces ("magic-user" is "magic user"). */
const named = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.replace(/-/g, ' ') }))

const WEAPON_FIELDS: ReadonlyArray<SheetField> = [
  text('name', 'Weapon', 'Sword', { maxLength: 60 }),
  choice('kind', 'Weapon kind', 'one-handed', named(WEAPON_KINDS)),
  text('damage', 'Damage', 'd6+1', { maxLength: 20, help: 'd6, 2d6, d6+1' }),
  number('reach', 'Reach (ft)', 3, { min: 0, max: 30 }),
  choice('size', 'Weapon size', 'medium', named(['small', 'medium', 'large'])),
  flag('throwable', 'Can be thrown'),
  flag('trained', 'Trained', true),
  flag('magic', 'Magic'),
  flag('silver', 'Silver'),
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

const ROLE_HELP = 'PCs and important NPC fighter-types get their level in attacks against normal men'
const ABILITY = { min: 3, max: 18 }

/** The form for an odnd combatant; `parse` fills these defaults. */
export const SHEET_FIELDS: ReadonlyArray<SheetField> = [
  text('name', 'Name', 'Combatant', { maxLength: 60 }),
  choice('role', 'Role', 'pc', named(['pc', 'important-npc', 'npc', 'monster']), { help: ROLE_HELP }),
  choice('class', 'Class', 'fighter', named(CLASSES)),
  choice('race', 'Race', 'human', named(['human', 'elf', 'dwarf', 'hobbit', 'other'])),
  number('level', 'Level or hit dice', 1, { min: 0, max: 40 }),
  number('hdPlus', 'Hit dice plus', 0, { min: -10, max: 20 }),
  number('str', 'Strength', 10, ABILITY),
  number('dex', 'Dexterity', 10, ABILITY),
  number('con', 'Constitution', 10, ABILITY),
  number('psyBonus', 'PSY bonus', 0, { min: -3, max: 3 }),
  number('ac', 'Armor Class (armor only)', 9, { min: -10, max: 10 }),
  number('thac0', 'THAC0', 19, { min: 1, max: 30 }),
  number('hp', 'Hit points', 6, { min: 0, max: 999 }),
  choice('armor', 'Armor weight', 'none', named(['none', 'light', 'medium', 'heavy'])),
  flag('shield', 'Shield'),
  number('move', 'Move (inches per Turn)', 12, { min: 0, max: 48 }),
  flag('mounted', 'Mounted'),
  flag('hasted', 'Magically hasted'),
  number('men', 'Men in the unit (mass combat)', 1, {
    min: 1,
    max: 500,
    help: 'A unit fought as one man: hit points one d6 per man (10d6 for ten)',
  }),
  choice('size', 'Size', 'man-sized', named(SIZES)),
  number('saveParalysis', 'Save vs Paralysis', 14, { min: 2, max: 20 }),
  choice('hitBy', 'Can be hit by', 'any', named(['any', 'silver', 'magic'])),
  number('specialOn', 'Special attack on', 0, { min: 0, max: 20 }),
  text('special', 'Special attack', '', { maxLength: 120 }),
  number('attacksPerRound', 'Attacks per round', 1, { min: 1, max: 10 }),
  list('weapons', 'Weapons', WEAPON_FIELDS),
]

/** odnd's own words for a refusal: "Strength must be from 3 to 18.", "Weapons, row 2: ...". */
const WORDING: SheetWording = {
  notASheet: 'The sheet must be an object of fields.',
  entry: (list, n) => `${list}, row ${n}`,
  number: (problem) => {
    const { name, field, wrong } = problem
    if (wrong !== 'too low' && wrong !== 'too high') return numberWords(problem)
    return `${name} must be from ${field.min ?? '-∞'} to ${field.max ?? '∞'}.`
  },
}

/** Validates form or stored input into a Sheet, filling defaults; the error names the field at fault. */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const parsed = parseFields(SHEET_FIELDS, input, WORDING)
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
  const parsed = parseFields(WEAPON_FIELDS, {})
  if (!parsed.ok) throw new Error(parsed.error)
  return { ...(parsed.value as unknown as Weapon), ...partial }
}

export const isFighterType = (sheet: Sheet): boolean => FIGHTER_TYPES.has(sheet.class)
export const isElf = (sheet: Sheet): boolean => sheet.race === 'elf' || sheet.class === 'elf'
export const isHobbit = (sheet: Sheet): boolean => sheet.race === 'hobbit' || sheet.class === 'hobbit'

/** Kinds that take no training: fists, whatever comes to hand, a monster's own claws and horns. */
const NO_TRAINING: ReadonlySet<WeaponKind> = new Set(['empty-hand', 'improvised', 'natural', 'horns'])
/** One who fights with a weapon untrained "attacks as a 'Normal Man'". */
export const untrainedWith = (weapon: Weapon): boolean => !weapon.trained && !NO_TRAINING.has(weapon.kind)
