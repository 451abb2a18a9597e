/** The weapon, armor and shield tables of brp 5.9-5.11, transcribed once as rows of data. */
import { unreachable } from '../../assert.ts'
import { readOneGroup } from '../../dice/one-group.ts'

/** The skill a weapon is used with (5.9 "The skill and specialty used"). */
export type WeaponSkill =
  | 'Melee Weapon'
  | 'Missile Weapon'
  | 'Firearm'
  | 'Energy Weapon'
  | 'Brawl'
  | 'Throw'
  | 'Shield'

/** How the damage bonus applies: "+db", "+½db" (roll and halve, rounding up), or not at all (guns). */
export type DbUse = 'full' | 'half' | 'none'

/** A damage cell such as "1D8+2+db": dice, a flat bonus, and how the damage bonus applies. */
export interface DamageSpec {
  readonly count: number
  readonly sides: number
  readonly bonus: number
  readonly db: DbUse
}

/**
 * Weapon length for the DEX-rank tie-break of 5.4 (missile, then long, medium, short or unarmed).
 * Not a column of the text: Fray's reading of its examples ("spears, lances", "swords, axes",
 * "daggers"), written beside each row so the GM can see it.
 */
export type WeaponLength = 'missile' | 'long' | 'medium' | 'short' | 'unarmed'

/** One row of the Melee Weapons or Missile Weapons table, plus the few facts the notes under it give. */
export interface WeaponRow {
  readonly id: string
  readonly name: string
  readonly table: 'melee' | 'missile'
  readonly skill: WeaponSkill
  /** Empty for Brawl, whose specialty cell is empty in the text. */
  readonly specialty: string
  /** The base chance; 'Throw' for the rock, which is thrown with the Throw skill. */
  readonly base: number | 'Throw'
  readonly damage: DamageSpec
  readonly hands: 1 | 2
  /** Hit points when used to parry; null where the text prints "n/a". */
  readonly hitPoints: number | null
  /** Range in meters (missile weapons only). */
  readonly range: number | null
  /** Fray's reading, see WeaponLength. */
  readonly length: WeaponLength
  /**
   * The physical item: the melee and thrown rows of one dagger share it, so they share its damage
   * and "if a weapon has more than one range listed, the user can choose which range to act on" (5.4).
   */
  readonly item: string
  /** "*": a full combat round to reload, so fired every other round. */
  readonly reloadRound?: true
  /** "**": pistols and rifles hold 6 shots; laser pistols and rifles have charges for 20 shots. */
  readonly magazine?: { readonly size: number; readonly unit: 'shots' | 'charges' }
}

/** A damage cell as the text prints it ("1D8+2+db", "2D6+2", "1D2+½db"), read by the one dice parser. */
function cell(text: string): DamageSpec {
  const db: DbUse = text.endsWith('+½db') ? 'half' : text.endsWith('+db') ? 'full' : 'none'
  const dice = readOneGroup(text.replace(/\+½?db$/, ''))
  if (!dice) throw new Error(`an unreadable damage cell: ${text}`)
  return { ...dice, db }
}

/** Melee Weapons (5.9), in the order printed. */
export const MELEE_WEAPONS: readonly WeaponRow[] = [
  melee('axe-battle', 'Axe, Battle', 'Axe', 15, '1D8+2+db', 1, 15, 'medium'),
  melee('axe-great', 'Axe, Great', 'Axe', 15, '2D6+2+db', 2, 15, 'medium'),
  melee('axe-hand', 'Axe, Hand', 'Axe', 15, '1D6+1+db', 1, 12, 'medium'),
  { ...melee('brawl', 'Brawl', '', 25, '1D3+db', 1, null, 'unarmed'), skill: 'Brawl' },
  melee('club-heavy', 'Club, Heavy', 'Club', 25, '1D8+db', 2, 22, 'medium'),
  melee('club-light', 'Club, Light', 'Club', 25, '1D6+db', 1, 15, 'medium'),
  melee('dagger', 'Dagger', 'Dagger', 25, '1D4+db', 1, 15, 'short'),
  melee('halberd', 'Halberd', 'Polearm', 15, '3D6+db', 2, 25, 'long'),
  melee('hammer', 'Hammer', 'Hammer', 25, '1D6+db', 1, 15, 'medium'),
  melee('hammer-great', 'Hammer, Great', 'Hammer', 25, '1D10+3+db', 2, 15, 'medium'),
  melee('knife', 'Knife', 'Dagger', 25, '1D3+1+db', 1, 15, 'short'),
  melee('mace-heavy', 'Mace, Heavy', 'Mace', 25, '1D8+2+db', 2, 10, 'medium'),
  melee('mace-light', 'Mace, Light', 'Mace', 25, '1D6+2+db', 1, 6, 'medium'),
  melee('pike', 'Pike', 'Polearm', 15, '1D10+2+db', 2, 12, 'long'),
  melee('staff-quarter', 'Staff, Quarter-', 'Staff', 25, '1D8+db', 2, 8, 'long'),
  melee('spear-long', 'Spear, Long', 'Spear', 15, '1D10+db', 2, 10, 'long'),
  melee('sword-broad', 'Sword, Broad', 'Sword', 15, '1D8+1+db', 1, 12, 'medium'),
  melee('sword-great', 'Sword, Great', 'Sword', 5, '2D8+db', 2, 12, 'medium'),
  melee('sword-short', 'Sword, Short', 'Sword', 15, '1D6+1+db', 1, 12, 'medium'),
]

/**
 * Missile Weapons (5.9), in the order printed; the notes "*" and "**" are read from the names (`missile`).
 * A "(thrown)" row is the melee weapon of that name thrown: the same item (`missile`).
 */
export const MISSILE_WEAPONS: readonly WeaponRow[] = [
  missile(
    'axe-hand-thrown',
    'Axe, Hand (thrown)',
    'Missile Weapon',
    'Throwing Axe',
    10,
    '1D6+½db',
    1,
    12,
    20,
  ),
  missile('bow-long', 'Bow, Long', 'Missile Weapon', 'Bow', 5, '1D8+1+½db', 2, 10, 90),
  missile('crossbow-heavy', 'Crossbow, Heavy*', 'Missile Weapon', 'Crossbow', 25, '2D6+2', 2, 18, 55),
  missile('crossbow-light', 'Crossbow, Light*', 'Missile Weapon', 'Crossbow', 25, '1D6+2', 2, 10, 40),
  missile('dagger-thrown', 'Dagger (thrown)', 'Missile Weapon', 'Throwing Dagger', 15, '1D4+½db', 1, 15, 10),
  missile('knife-thrown', 'Knife, (thrown)', 'Missile Weapon', 'Throwing Dagger', 15, '1D3+1+½db', 1, 10, 10),
  missile('pistol', 'Pistol**', 'Firearm', 'Pistol', 20, '1D8', 1, 8, 20),
  missile('pistol-laser', 'Pistol, Laser**', 'Energy Weapon', 'Laser Pistol', 20, '1D8', 1, 14, 20),
  missile('rifle', 'Rifle**', 'Firearm', 'Rifle', 25, '2D6', 2, 12, 80),
  missile('rifle-laser', 'Rifle, Laser**', 'Energy Weapon', 'Laser Rifle', 15, '2D8', 2, 20, 100),
  missile('rock', 'Rock (thrown)', 'Throw', 'Throw', 'Throw', '1D2+½db', 1, null, 20),
  missile('sling', 'Sling', 'Missile Weapon', 'Sling', 5, '1D8+½db', 2, 2, 80),
]

function melee(
  id: string,
  name: string,
  specialty: string,
  base: number,
  damage: string,
  hands: 1 | 2,
  hitPoints: number | null,
  length: WeaponLength,
): WeaponRow {
  return {
    id,
    name,
    table: 'melee',
    skill: 'Melee Weapon',
    specialty,
    base,
    damage: cell(damage),
    hands,
    hitPoints,
    range: null,
    length,
    item: id,
  }
}

/**
 * A Missile Weapons row, with the notes its name's marks point to: "*" a full combat round to reload;
 * "**" 6 shots for pistols and rifles, charges for 20 shots for laser ones. A thrown melee weapon
 * ("dagger-thrown") is the same item as the melee row ("dagger").
 */
function missile(
  id: string,
  name: string,
  skill: WeaponSkill,
  specialty: string,
  base: number | 'Throw',
  damage: string,
  hands: 1 | 2,
  hitPoints: number | null,
  range: number,
): WeaponRow {
  const row: WeaponRow = {
    id,
    name,
    table: 'missile',
    skill,
    specialty,
    base,
    damage: cell(damage),
    hands,
    hitPoints,
    range,
    length: 'missile',
    item: id.replace(/-thrown$/, ''),
  }
  if (name.endsWith('**'))
    return {
      ...row,
      magazine: skill === 'Energy Weapon' ? { size: 20, unit: 'charges' } : { size: 6, unit: 'shots' },
    }
  return name.endsWith('*') ? { ...row, reloadRound: true } : row
}

/** Every weapon row, melee first, as the rest of the system looks them up. */
export const WEAPONS: readonly WeaponRow[] = [...MELEE_WEAPONS, ...MISSILE_WEAPONS]

/** The name without the table's note marks: "Crossbow, Heavy*" reads "Crossbow, Heavy" in a message. */
export function displayName(weapon: WeaponRow): string {
  return weapon.name.replace(/\*+$/, '')
}

/**
 * The name as a form lists it: the table's note marks in words, "Crossbow, Heavy (a full round to
 * reload)", "Pistol (6 shots)", "Rifle, Laser (charges for 20 shots)".
 */
export function weaponLabel(weapon: WeaponRow): string {
  const m = weapon.magazine
  const note = weapon.reloadRound
    ? 'a full round to reload'
    : m && (m.unit === 'shots' ? `${m.size} shots` : `charges for ${m.size} shots`)
  return note ? `${displayName(weapon)} (${note})` : displayName(weapon)
}

/** A weapon row by id; undefined for an id not in the tables (the caller says so to the player). */
export function findWeapon(id: string): WeaponRow | undefined {
  return WEAPONS.find((w) => w.id === id)
}

/** "Sword, Short", "Round shield": an item key of the state (a weapon row's id, or `shield`) as words name it. */
export function itemName(sheet: { readonly shield: string }, item: string): string {
  if (item === 'shield') return `${findShield(sheet.shield)?.name ?? 'the'} shield`
  const row = findWeapon(item)
  return row ? displayName(row) : item
}

/** The rows a carried item can be used as: a dagger can stab or be thrown (5.4, "more than one range"). */
export function weaponModes(item: string): WeaponRow[] {
  return WEAPONS.filter((w) => w.item === item)
}

/**
 * Firearms and energy weapons are "high-velocity": they cannot be parried (5.6) or dodged (5.7).
 * Everything else thrown or shot is a low-velocity missile a shield can parry (5.11).
 */
export function velocityOf(weapon: WeaponRow): 'melee' | 'low-velocity' | 'high-velocity' {
  if (weapon.skill === 'Firearm' || weapon.skill === 'Energy Weapon') return 'high-velocity'
  return weapon.table === 'melee' ? 'melee' : 'low-velocity'
}

/** Which skills armor penalises: the list in 5.10. */
export type ArmorSkillGroup = 'physical' | 'perception'

/** One row of Armor Types (5.10). */
export interface ArmorRow {
  readonly id: string
  readonly name: string
  /** Armor points; for Riot Gear's "12/6", the first number. */
  readonly points: number
  /** Riot Gear's second number ("12/6"); which attacks it applies to is a room setting (docs/systems/brp.md). */
  readonly alternatePoints?: number
  /** Helmets print "+2": they add to the body armor worn. */
  readonly helmet: boolean
  /** The skill modifier, e.g. -20 to physical skills; null for "None". */
  readonly modifier: { readonly value: number; readonly skills: ArmorSkillGroup } | null
}

const phys = (value: number) => ({ value, skills: 'physical' as const })
const perc = (value: number) => ({ value, skills: 'perception' as const })
const armor = (
  id: string,
  name: string,
  points: number,
  modifier: ArmorRow['modifier'],
  helmet = false,
): ArmorRow => ({
  id,
  name,
  points,
  helmet,
  modifier,
})

/** Armor Types (5.10), in the order printed. */
export const ARMOR: readonly ArmorRow[] = [
  armor('bulletproof-vest', 'Bulletproof Vest', 8, phys(-5)),
  armor('chain', 'Chain', 7, phys(-20)),
  armor('flak-jacket', 'Flak Jacket', 4, phys(-10)),
  armor('clothing-heavy', 'Clothing, Heavy', 1, null),
  armor('helmet-heavy', 'Helmet, Heavy', 2, perc(-50), true),
  armor('helmet-light', 'Helmet, Light', 1, perc(-15), true),
  armor('hoplite-panoply', 'Hoplite Panoply', 6, phys(-20)),
  armor('leather-soft', 'Leather, Soft', 1, null),
  armor('leather-hard', 'Leather, Hard', 2, phys(-10)),
  armor('plate-full', 'Plate, Full', 8, phys(-25)),
  armor('quilted', 'Quilted', 2, phys(-5)),
  { ...armor('riot-gear', 'Riot Gear', 12, phys(-10)), alternatePoints: 6 },
]

/** An armor row by id; undefined for an id not in the table. */
export function findArmor(id: string): ArmorRow | undefined {
  return ARMOR.find((a) => a.id === id)
}

/** The shield sizes of 5.11, which set the straight chance to parry a missile. */
export type ShieldSize = 'target' | 'full' | 'large'

/** One row of the Shields Table (5.11). */
export interface ShieldRow {
  readonly id: string
  readonly name: string
  readonly base: number
  /** "Armor/Hit Points": one number for both, and damage reduces both (5.11). */
  readonly points: number
  readonly damage: DamageSpec
  /** From the prose of 5.11: target; full (heater, kite, round); large (hoplite or riot-style). */
  readonly size: ShieldSize
}

const shield = (id: string, name: string, points: number, damage: string, size: ShieldSize): ShieldRow => ({
  id,
  name,
  base: 15,
  points,
  damage: cell(damage),
  size,
})

/** Shields Table (5.11), in the order printed. */
export const SHIELDS: readonly ShieldRow[] = [
  shield('heater', 'Heater', 12, '1D3+db', 'full'),
  shield('hoplite', 'Hoplite', 16, '1D4+db', 'large'),
  shield('kite', 'Kite', 16, '1D4+db', 'full'),
  shield('riot', 'Riot', 16, '1D3+db', 'large'),
  shield('round', 'Round', 12, '1D3+db', 'full'),
  shield('target', 'Target', 12, '1D2+db', 'target'),
]

/** A shield row by id; undefined for 'none' or an id not in the table. */
export function findShield(id: string): ShieldRow | undefined {
  return SHIELDS.find((s) => s.id === id)
}

/**
 * The straight chance to parry a low-velocity missile with a shield (5.11): 15% target, 30% full,
 * 60% large, 90% kneeling behind a large shield.
 */
export function shieldMissileChance(size: ShieldSize, kneeling: boolean): number {
  switch (size) {
    case 'target':
      return 15
    case 'full':
      return 30
    case 'large':
      return kneeling ? 90 : 60
    default:
      return unreachable(size)
  }
}

/** A shield used to bash, as a weapon row, so attacks treat it like any other weapon. */
export function shieldAsWeapon(row: ShieldRow): WeaponRow {
  return {
    id: `shield-${row.id}`,
    name: `${row.name} shield bash`,
    table: 'melee',
    skill: 'Shield',
    specialty: '',
    base: row.base,
    damage: row.damage,
    hands: 1,
    hitPoints: row.points,
    range: null,
    length: 'short',
    item: 'shield',
  }
}

/** Renders a damage cell as the text prints it: "1D8+2+db", "2D6+2", "1D2+½db". */
export function formatDamage(spec: DamageSpec): string {
  const bonus = spec.bonus ? `+${spec.bonus}` : ''
  const db = spec.db === 'full' ? '+db' : spec.db === 'half' ? '+½db' : ''
  return `${spec.count}D${spec.sides}${bonus}${db}`
}
