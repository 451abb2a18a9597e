/** The spelljammer combatant sheet: its form fields with defaults, and parsing that names the bad field. */
import { tryParseDice } from '../../dice/parse.ts'
import { choice, flag, list, number, options, parseFields, text } from '../../engine/sheet-fields.ts'
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

const SPECIALIZATIONS = options<Specialization>({
  none: 'None',
  specialist: 'Specialist',
  'double-specialist': 'Double specialist',
})
const WEAPON_KINDS = options<WeaponKind>({
  melee: 'Melee',
  'hand-crossbow': 'Hand crossbow',
  crossbow: 'Light or heavy crossbow',
  bow: 'Short or long bow',
  thrown: 'Thrown',
})
const STICKS_IN = options<Penetrating>({
  none: 'No',
  arrow: 'Arrow',
  quarrel: 'Quarrel',
  javelin: 'Javelin',
  spear: 'Spear',
})

const WEAPON_FIELDS: readonly SheetField[] = [
  text('name', 'Weapon', 'Longsword', { maxLength: 60 }),
  number('sc', 'Strike chance (SC)', 100, { min: -100, max: 400 }),
  text('damage', 'Damage', '1d8', { maxLength: 60, help: 'Dice, e.g. 1d8+4' }),
  number('rank', 'Weapon rank', 1, { min: 0, max: 50 }),
  choice('specialization', 'Specialization', 'none', SPECIALIZATIONS),
  choice('kind', 'Kind', 'melee', WEAPON_KINDS),
  choice('penetrating', 'Sticks in the target', 'none', STICKS_IN),
]

const CASTERS = options({ mage: 'Mage', cleric: 'Cleric' })
const SPELL_KINDS = options({ GK: 'GK', SK: 'SK' })

const SPELL_FIELDS: readonly SheetField[] = [
  text('name', 'Spell', 'Bolt of Energy', { maxLength: 60 }),
  choice('caster', 'Caster', 'mage', CASTERS),
  number('rank', 'Spell rank', 1, { min: 1, max: 50 }),
  choice('kind', 'Spell kind', 'GK', SPELL_KINDS),
  number('castingTime', 'Cleric casting time (segments)', 5, { min: 1, max: 10, help: '10 means 1 round' }),
]

const SIZES = options<Size>({
  tiny: 'Tiny',
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  giant: 'Giant',
})
const STAT = { min: 1, max: 60 }
const DEF_PART = { min: 0, max: 300 }
const TENTACLES_HELP = 'A roper: 6. Each pair counts as one more attacker on its target (+10 SC)'
const RANGE_OF_FIELD_HELP = 'The text says the skill reduces the bonus but not by how much: the GM’s figure'
const LONGSWORD = {
  name: 'Longsword',
  sc: 100,
  damage: '1d8',
  rank: 1,
  specialization: 'none',
  kind: 'melee',
  penetrating: 'none',
}

/** The form of a combatant: every field with its default and bounds. */
export const SHEET_FIELDS: readonly SheetField[] = [
  text('name', 'Name', 'Combatant', { maxLength: 60 }),
  number('hp', 'Hit points', 30, { min: -100, max: 1000 }),
  number('startingHp', 'Starting hit points', 30, { min: 1, max: 1000 }),
  number('con', 'CON', 12, STAT),
  number('dex', 'DEX', 12, STAT),
  number('per', 'PER', 12, STAT),
  number('initiativeModifier', 'Initiative modifier (IM)', 0, {
    min: -20,
    max: 20,
    help: 'Your DEX modifier to initiative',
  }),
  number('attacksPerRound', 'Attacks per round', 1, { min: 1, max: 10 }),
  number('def', 'DEF', 20, { min: -100, max: 300 }),
  number('defFromDex', 'DEF from DEX', 0, DEF_PART),
  number('defFromDefenseSkill', 'DEF from Defense skill', 0, DEF_PART),
  number('defFromShield', 'DEF from Shield skill', 0, DEF_PART),
  number('defMagicAlwaysOn', 'Always-on magical DEF', 0, DEF_PART),
  number('prot', 'PROT', 0, { min: 0, max: 100 }),
  number('tmr', 'Movement (TMR)', 40, { min: 0, max: 1000 }),
  choice('size', 'Size', 'medium', SIZES),
  flag('ambidextrous', 'Ambidextrous'),
  number('masterBowmanRank', 'Master Bowman rank', 0, { min: 0, max: 50 }),
  number('tentacles', 'Tentacles attacking on their own', 0, { min: 0, max: 50, help: TENTACLES_HELP }),
  number('rangeOfField', 'Range of Field: SC off the multiple-attacker bonus', 0, {
    min: 0,
    max: 100,
    help: RANGE_OF_FIELD_HELP,
  }),
  list('weapons', 'Weapons', WEAPON_FIELDS, [LONGSWORD]),
  list('spells', 'Spells', SPELL_FIELDS),
]

/** Validates form or stored input into a sheet, filling defaults; the error names the field at fault. */
export function parseSheet(input: unknown): Outcome<Sheet> {
  const parsed = parseFields(SHEET_FIELDS, input)
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
