/** The zones combatant sheet: form fields with defaults, and a parser that names the bad field. */
import { readOneGroup } from '../../dice/one-group.ts'
import {
  choice,
  flag,
  list,
  number,
  numberWords,
  options,
  parseFields,
  type SheetWording,
  text,
} from '../../engine/sheet-fields.ts'
import { fail, type Outcome, ok, type SheetField } from '../../system.ts'
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

/** Reads "d6" or "2d8" (no bonus); anything else is a player's typo and gets a sentence. */
export function parseDamage(text: string): Outcome<DamageDice> {
  const dice = readOneGroup(text, { dice: 20, sides: 100, minSides: 2 })
  if (!dice) return fail(`"${text}" is not a damage roll: write it like d6 or 2d8.`)
  return ok({ count: dice.count, sides: dice.sides })
}

export function formatDamage(dice: DamageDice): string {
  return `${dice.count === 1 ? '' : dice.count}d${dice.sides}`
}

const WEAPON_FIELDS: SheetField[] = [
  text('name', 'Weapon', 'Sword', { maxLength: 60 }),
  text('damage', 'Damage', 'd6', { maxLength: 10, help: 'd6, 2d8, ...' }),
  number('range', 'Range (zones)', 0, { min: 0, max: 100, integer: false, help: '0 for melee' }),
  flag('blast', 'Blast'),
  flag('great', 'Great'),
  flag('simple', 'Simple'),
  flag('damaged', 'Damaged'),
  flag('improvised', 'Improvised'),
]

const ARMOR_HELP = 'Never above 3; with a shield the value stays capped at 3.'
const STAT = { min: 1, max: 20, help: 'A save passes on a d20 equal to or under this.' }

const SIZE_OPTIONS = SIZES.map((value) => ({ value, label: SIZE_LABEL[value] }))
const BODIES = options<Body>({ character: 'Character', mount: 'Mount', vehicle: 'Vehicle' })

/** The form: every field with its default, so a blank sheet is a medium human with a sword. */
export const SHEET_FIELDS: ReadonlyArray<SheetField> = [
  text('name', 'Name', '', { maxLength: 80 }),
  number('health', 'Health', 8, { min: 1, max: 999 }),
  number('str', 'STR', 10, STAT),
  number('agi', 'AGI', 10, STAT),
  number('wit', 'WIT', 10, STAT),
  number('armor', 'Armour', 0, { min: 0, max: MAX_ARMOR, help: ARMOR_HELP }),
  flag('shield', 'Shield', false, { help: 'Adds 1 to the armour value.' }),
  flag('armorDamaged', 'Armour damaged'),
  flag('shieldDamaged', 'Shield damaged'),
  choice('size', 'Size', 'medium', SIZE_OPTIONS),
  number('speed', 'Speed (zones)', 2, { min: 0, max: 20, integer: false, help: 'Doubled when sprinting.' }),
  flag('fearImmune', 'Immune to fear'),
  choice('body', 'Body', 'character', BODIES),
  number('extraReactions', 'Extra reactions', 0, { min: 0, max: 5 }),
  list('weapons', 'Weapons', WEAPON_FIELDS, [{ name: 'Sword', damage: 'd6', range: 0 }]),
]

/** zones' own words for a number too high: "Armour can't be above 3." */
const WORDING: SheetWording = {
  number: (problem) =>
    problem.wrong === 'too high'
      ? `${problem.name} can't be above ${problem.field.max}.`
      : numberWords(problem),
}

/**
 * Validates form or stored input into a sheet, filling defaults. The error names the field, so a
 * player knows what to fix; the armour value (shield included) can't exceed 3.
 */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const record = parseFields(SHEET_FIELDS, input, WORDING)
  if (!record.ok) return record
  const r = record.value
  const weapons: Weapon[] = []
  for (const [i, row] of (r.weapons as Record<string, unknown>[]).entries()) {
    // A blank damage is the form's d6, as zones has always read it: a sheet stored so still reads.
    const damage = parseDamage((row.damage as string) || 'd6')
    if (!damage.ok) return fail(`Weapon ${i + 1}: Damage ${damage.error}`)
    // Improvised weapons work as simple weapons.
    weapons.push({ ...row, damage: damage.value, simple: row.simple || row.improvised } as Weapon)
  }
  const sheet = { ...r, weapons } as unknown as Sheet
  if (sheet.shieldDamaged && !sheet.shield) return fail('Shield damaged: there is no shield on this sheet.')
  return ok(sheet)
}
