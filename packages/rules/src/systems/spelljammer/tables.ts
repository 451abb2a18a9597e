/**
 * Every table printed in spelljammer.txt, transcribed once as data, with the lookups that read them. The
 * stun and stuck-missile tables, which only the damage rolled reads, are in rolls.ts instead: a phone
 * downloads them only to ask for its own dice.
 */
import { RULE } from './sections.ts'

export type Size = 'tiny' | 'small' | 'medium' | 'large' | 'giant'
export type Specialization = 'none' | 'specialist' | 'double-specialist'

/**
 * One row of the critical/grievous table: a modified strike chance band (`to: null` is "130+") and the
 * highest roll that is grievous / critical in it (0: no grievous band, the printed "-").
 */
export interface CriticalRow {
  readonly from: number
  readonly to: number | null
  readonly grievous: number
  readonly critical: number
}

/** The critical/grievous table exactly as printed, including the misprinted 24-28 / 29-36 boundary. */
export const CRITICAL_TABLE_AS_PRINTED: readonly CriticalRow[] = [
  { from: 1, to: 9, grievous: 0, critical: 1 },
  { from: 10, to: 16, grievous: 1, critical: 2 },
  { from: 17, to: 23, grievous: 1, critical: 3 },
  { from: 24, to: 28, grievous: 1, critical: 4 },
  { from: 29, to: 36, grievous: 2, critical: 5 },
  { from: 37, to: 43, grievous: 2, critical: 6 },
  { from: 44, to: 49, grievous: 2, critical: 7 },
  { from: 50, to: 56, grievous: 3, critical: 8 },
  { from: 57, to: 63, grievous: 3, critical: 9 },
  { from: 64, to: 69, grievous: 3, critical: 10 },
  { from: 70, to: 76, grievous: 4, critical: 11 },
  { from: 77, to: 83, grievous: 4, critical: 12 },
  { from: 84, to: 89, grievous: 4, critical: 13 },
  { from: 90, to: 96, grievous: 5, critical: 14 },
  { from: 97, to: 103, grievous: 5, critical: 15 },
  { from: 104, to: 109, grievous: 5, critical: 16 },
  { from: 110, to: 116, grievous: 6, critical: 17 },
  { from: 117, to: 123, grievous: 6, critical: 18 },
  { from: 124, to: 129, grievous: 6, critical: 19 },
  { from: 130, to: null, grievous: 7, critical: 20 },
]

/**
 * The table as played (rules/README.md): the one misprinted boundary moved so every row follows
 * crit = round(0.15 x SC), grievous = round(0.05 x SC): 24-29 and 30-36.
 */
export const CRITICAL_TABLE: readonly CriticalRow[] = CRITICAL_TABLE_AS_PRINTED.map((row) =>
  row.from === 24 ? { ...row, to: 29 } : row.from === 29 ? { ...row, from: 30 } : row,
)

/** Which printing of the critical table a room plays: the README's corrected one is the default. */
export type CriticalTableReading = 'corrected' | 'as-printed'

/** Highest grievous and critical rolls for a modified SC; below 1 the table gives nothing. */
export function criticalBands(
  modifiedSc: number,
  reading: CriticalTableReading = 'corrected',
): { grievous: number; critical: number } {
  const table = reading === 'corrected' ? CRITICAL_TABLE : CRITICAL_TABLE_AS_PRINTED
  const row = table.find((r) => modifiedSc >= r.from && (r.to === null || modifiedSc <= r.to))
  return row ? { grievous: row.grievous, critical: row.critical } : { grievous: 0, critical: 0 }
}

/** Mage casting time (segments) by spell rank and kind; `to: null` for the last row would be open-ended. */
export interface MageCastingRow {
  readonly from: number
  readonly to: number
  readonly gk: number
  readonly sk: number
}

export const MAGE_CASTING_TABLE: readonly MageCastingRow[] = [
  { from: 1, to: 5, gk: 6, sk: 7 },
  { from: 6, to: 10, gk: 5, sk: 6 },
  { from: 11, to: 15, gk: 4, sk: 5 },
  { from: 16, to: 20, gk: 3, sk: 4 },
  { from: 21, to: 21, gk: 2, sk: 3 },
  { from: 22, to: 22, gk: 1, sk: 2 },
]

/** The five tiers of an ambush PER roll (1x best, 5x or worse). */
export interface AmbushTier {
  readonly tier: 1 | 2 | 3 | 4 | 5
  readonly summary: string
  /** SC bonus the attackers get on their surprise round. */
  readonly attackerSc: number
  /** Damage bonus the attackers get on their surprise round. */
  readonly attackerDamage: number
  /** How many attacks the character may make back in the free attack round: 'normal', 1 or 0. */
  readonly attacksBack: 'normal' | 1 | 0
  /** Whether this character can shout a warning that moves everyone down one tier. */
  readonly canWarn: boolean
}

export const AMBUSH_TABLE: readonly AmbushTier[] = [
  {
    tier: 1,
    summary: 'Ambush noted just before being sprung',
    attackerSc: 0,
    attackerDamage: 0,
    attacksBack: 'normal',
    canWarn: true,
  },
  {
    tier: 2,
    summary: 'Ambush noted just as it is springing',
    attackerSc: 0,
    attackerDamage: 0,
    attacksBack: 1,
    canWarn: false,
  },
  {
    tier: 3,
    summary: 'Surprised but not completely',
    attackerSc: 10,
    attackerDamage: 0,
    attacksBack: 0,
    canWarn: false,
  },
  { tier: 4, summary: 'Surprised', attackerSc: 20, attackerDamage: 0, attacksBack: 0, canWarn: false },
  {
    tier: 5,
    summary: 'Completely surprised',
    attackerSc: 30,
    attackerDamage: 2,
    attacksBack: 0,
    canWarn: false,
  },
]

/** One choice of a situational modifier table: its id, label, value and rule. */
export interface ModifierRow<Id extends string = string> {
  readonly id: Id
  readonly label: string
  readonly value: number
  readonly rule: string
}

export type LightingId = 'starry-night' | 'cloudy-night' | 'cave' | 'pitch-black'
/** Lighting modifiers to SC, as printed. */
export const LIGHTING_TABLE: readonly ModifierRow<LightingId>[] = [
  { id: 'starry-night', label: 'Starry night or shadowy interior', value: -10, rule: RULE.lighting },
  { id: 'cloudy-night', label: 'Cloudy night', value: -20, rule: RULE.lighting },
  { id: 'cave', label: 'Cave or unlit interior', value: -40, rule: RULE.lighting },
  { id: 'pitch-black', label: 'Pitch black', value: -60, rule: RULE.lighting },
]

export type TargetMovementId =
  | 'stationary'
  | 'walking'
  | 'running'
  | 'sprinting'
  | 'fast-sprinting'
  | 'dodging'
  | 'moving-mount'
/** Ranged SC modifiers for how the target moves, as printed (the GM may go further for very fast targets). */
export const TARGET_MOVEMENT_TABLE: readonly ModifierRow<TargetMovementId>[] = [
  { id: 'stationary', label: 'Target stationary', value: 10, rule: RULE.targetMovement },
  { id: 'walking', label: 'Target walking (normal TMR)', value: 0, rule: RULE.targetMovement },
  { id: 'running', label: 'Target running (2x TMR)', value: -10, rule: RULE.targetMovement },
  { id: 'sprinting', label: 'Target sprinting (3x TMR)', value: -20, rule: RULE.targetMovement },
  { id: 'fast-sprinting', label: 'Target fast sprinting (4x TMR)', value: -30, rule: RULE.targetMovement },
  { id: 'dodging', label: 'Target dodging', value: -20, rule: RULE.targetMovement },
  { id: 'moving-mount', label: 'Target on a moving mount or wagon', value: -10, rule: RULE.targetMovement },
]

export type CoverId = 'soft' | 'hard'
/** Ranged SC modifiers for cover (more than half the body hidden). */
export const COVER_TABLE: readonly ModifierRow<CoverId>[] = [
  { id: 'soft', label: 'Soft cover', value: -10, rule: RULE.cover },
  { id: 'hard', label: 'Hard cover', value: -20, rule: RULE.cover },
]

/** Ranged SC modifier for the target's size. */
export const SIZE_TABLE: readonly ModifierRow<Size>[] = [
  { id: 'tiny', label: 'Tiny target', value: -10, rule: RULE.size },
  { id: 'small', label: 'Small target', value: -5, rule: RULE.size },
  { id: 'medium', label: 'Medium target', value: 0, rule: RULE.size },
  { id: 'large', label: 'Large target', value: 5, rule: RULE.size },
  { id: 'giant', label: 'Giant target', value: 10, rule: RULE.size },
]

export type WeaponKind = 'melee' | 'hand-crossbow' | 'crossbow' | 'bow' | 'thrown'
/** SC penalty for using a ranged weapon in melee, by specialization; thrown weapons are not listed. */
export const RANGED_IN_MELEE_TABLE: ReadonlyArray<{
  readonly kind: 'hand-crossbow' | 'crossbow' | 'bow'
  readonly label: string
  readonly none: number
  readonly specialist: number
  readonly doubleSpecialist: number
}> = [
  { kind: 'hand-crossbow', label: 'Hand crossbow', none: -10, specialist: -5, doubleSpecialist: 0 },
  { kind: 'crossbow', label: 'Light or heavy crossbow', none: -20, specialist: -15, doubleSpecialist: -10 },
  { kind: 'bow', label: 'Short or long bow', none: -30, specialist: -20, doubleSpecialist: -10 },
]

export type Penetrating = 'none' | 'arrow' | 'quarrel' | 'javelin' | 'spear'
/** Shooting into melee: with this many friends and foes engaged, a total at or below `friendOn` hits a friend. */
export const SHOOTING_INTO_MELEE_TABLE: ReadonlyArray<{
  readonly friends: number
  readonly foes: number
  readonly friendOn: number
}> = [
  { friends: 1, foes: 1, friendOn: 30 },
  { friends: 1, foes: 2, friendOn: 20 },
  { friends: 1, foes: 3, friendOn: 10 },
  { friends: 2, foes: 1, friendOn: 40 },
  { friends: 3, foes: 1, friendOn: 50 },
  { friends: 3, foes: 2, friendOn: 45 },
]

/** The raw d100 at or below which a shot into melee always targets a friend, by specialization. */
export const SHOOTING_INTO_MELEE_ALWAYS_FRIEND: Readonly<Record<Specialization, number>> = {
  none: 5,
  specialist: 3,
  'double-specialist': 1,
}

/** Wound levels with their action/TMR modifier; `atOrBelow` is in hit points (the first two are shares). */
export type WoundLevelId =
  | 'unhurt'
  | 'wounded'
  | 'bloodied'
  | 'badly-wounded'
  | 'very-badly-wounded'
  | 'near-death'
export const WOUND_TABLE: ReadonlyArray<{
  readonly id: 'badly-wounded' | 'very-badly-wounded' | 'near-death'
  readonly label: string
  readonly atOrBelow: number
  readonly modifier: number
}> = [
  { id: 'badly-wounded', label: 'Badly Wounded', atOrBelow: 20, modifier: -10 },
  { id: 'very-badly-wounded', label: 'Very Badly Wounded', atOrBelow: 10, modifier: -20 },
  // The text prints "Very Badly Wounded" twice; the second row is a further level (rules/README.md).
  { id: 'near-death', label: 'Very Badly Wounded (5 or less)', atOrBelow: 5, modifier: -30 },
]
