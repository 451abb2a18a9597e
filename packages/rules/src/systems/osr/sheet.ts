/** The osr combatant sheet: its form fields with defaults, and `parseSheet` that validates input into a Sheet. */

import { readOneGroup } from '../../dice/one-group.ts'
import { choice, flag, list, number, options, parseFields, text } from '../../engine/sheet-fields.ts'
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

export const WEAPON_KINDS = options<WeaponKind>({
  melee: 'Melee',
  'melee-thrown': 'Melee or thrown (dagger, spear)',
  thrown: 'Thrown only (dart, javelin)',
  bow: 'Bow',
  crossbow: 'Crossbow',
  sling: 'Sling',
  siege: 'Siege engine',
  grenade: 'Flask of oil (grenade-like)',
  'holy-water': 'Holy water (grenade-like)',
})

/** Melee weapons, and daggers and spears also thrown, strike in melee; every other kind is shot or thrown. */
export const meleeCapable = (w: Pick<Weapon, 'kind'>) => w.kind === 'melee' || w.kind === 'melee-thrown'
export const missileCapable = (w: Pick<Weapon, 'kind'>) => w.kind !== 'melee'

/** Oil and holy water: thrown like a grenade, scattering when they miss (17.0.9-17.0.11). */
export const isGrenadeLike = (w: Pick<Weapon, 'kind'>): boolean =>
  w.kind === 'grenade' || w.kind === 'holy-water'

const RANGE = { min: 0, max: 2000 }

/** The weapon sub-form. */
export const WEAPON_FIELDS: ReadonlyArray<SheetField> = [
  text('name', 'Weapon', 'Sword', { maxLength: 40 }),
  choice('kind', 'Kind', 'melee', WEAPON_KINDS),
  text('damage', 'Damage', '1d8', { maxLength: 12, help: 'Dice as NdX or NdX+K' }),
  number('magicBonus', 'Magic bonus', 0, { min: -5, max: 5 }),
  flag('silver', 'Silver'),
  flag('longReach', 'Long reach'),
  flag('chargeable', 'Usable in a charge'),
  flag('settable', 'Can be set against a charge'),
  flag('small', 'Small (off-hand)'),
  flag('sharpAllSides', 'Sharp on all sides'),
  number('shortRange', 'Short range (ft)', 0, RANGE),
  number('mediumRange', 'Medium range (ft)', 0, RANGE),
  number('longRange', 'Long range (ft)', 0, RANGE),
  number('firesEvery', 'Fires every N rounds', 1, { min: 1, max: 20 }),
]

const SWORD = { name: 'Sword', kind: 'melee', damage: '1d8' } as const
const ARMOR_KINDS = options<ArmorKind>({ none: 'None', leather: 'Leather', metal: 'Metal' })
const SIZES = options<Size>({ small: 'Small', medium: 'Medium', large: 'Large' })
const HARMED_BY = options<HarmedBy>({
  anything: 'Any weapon',
  'silver-or-magic': 'Silver or magic weapons only',
  magic: 'Magic weapons only',
})
const BONUS = { min: -5, max: 5 }
const SAVE = { min: 1, max: 30 }

/** The combatant form: every field an osr combat rule reads, with defaults for an ordinary fighter. */
export const SHEET_FIELDS: ReadonlyArray<SheetField> = [
  text('name', 'Name', 'Combatant', { maxLength: 60 }),
  number('attackBonus', 'Attack bonus', 1, { min: -10, max: 30 }),
  number('strBonus', 'STR bonus', 0, BONUS),
  number('dexBonus', 'DEX bonus', 0, BONUS),
  number('constitution', 'Constitution', 10, { min: 1, max: 25 }),
  number('ac', 'Armor Class', 11, { min: 0, max: 40 }),
  number('hitPoints', 'Hit points', 8, { min: 1, max: 999 }),
  number('movement', 'Movement (ft)', 30, { min: 0, max: 240 }),
  choice('armor', 'Armor worn', 'none', ARMOR_KINDS),
  choice('size', 'Size', 'medium', SIZES),
  flag('elf', 'Elf'),
  flag('sneakAttack', 'Sneak Attack ability'),
  flag('undead', 'Undead'),
  flag('fireResistant', 'Resistant to fire'),
  flag('spellcaster', 'Casts spells'),
  choice('harmedBy', 'Harmed by', 'anything', HARMED_BY),
  number('saveDeathRay', 'Save vs Death Ray', 12, SAVE),
  number('saveSpells', 'Save vs Spells', 16, SAVE),
  list('weapons', 'Weapons', WEAPON_FIELDS, [SWORD]),
]

/** Reads "1d6", "2d4+1" or "1d8-1" (the count written out); null when the text is not such dice. */
export function parseDamageDice(text: string): DamageDice | null {
  const dice = /^\s*\d/.test(text) ? readOneGroup(text, { dice: 99, sides: 999, bonus: 999 }) : undefined
  if (!dice) return null
  return { count: dice.count, sides: dice.sides, flat: dice.bonus }
}

/** "1d6+2": how the log prints damage dice. */
export function formatDamageDice(d: DamageDice): string {
  return `${d.count}d${d.sides}${d.flat > 0 ? `+${d.flat}` : d.flat < 0 ? `${d.flat}` : ''}`
}

type Record_ = Record<string, unknown>

/**
 * Validates form or stored input into a Sheet, filling defaults. The error names the bad field
 * ("Weapons 2: Damage must be dice like 1d6 or 2d4+1.") so a player can fix it.
 */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const read = parseFields(SHEET_FIELDS, input, { notASheet: 'The sheet must be an object.' })
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
