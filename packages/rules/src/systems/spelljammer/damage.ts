/**
 * Taking damage: the dice, critical doubling, PROT, stun by CON, grievous armor damage, stuck missiles. What
 * the faces rolled do (`resolveDamage` and its parts) is resolving's, in rolls.ts; here the types and the rest.
 */
import { parseDice } from '../../dice/parse.ts'
import type { BreakdownLine } from '../../system.ts'
import type { HitKind } from './attack.ts'
import { type DamageDice, damageDice } from './damage-dice.ts'
import type { Sheet, Weapon } from './sheet.ts'
import type { WoundState } from './wounds.ts'

/** Human maximum CON: above it the stun table applies. */
export const HUMAN_MAX_CON = 25

const readDice = new Map<string, DamageDice>()

/**
 * The damage dice of a weapon; the sheet parser already refused any it cannot read, so failing here is a
 * bug. Read once per notation (never changed after): every attack and preview asks again.
 */
export function weaponDamageDice(weapon: Pick<Weapon, 'damage'>): DamageDice {
  const known = readDice.get(weapon.damage)
  if (known) return known
  const parsed = damageDice(parseDice(weapon.damage))
  if (!parsed.ok) throw new Error(`weapon damage "${weapon.damage}" passed the sheet but is not damage dice`)
  if (readDice.size >= 256) readDice.clear()
  readDice.set(weapon.damage, parsed.value)
  return parsed.value
}

/** What one hit did to its target. */
export interface DamageResult {
  kind: Exclude<HitKind, 'miss'>
  /** Damage after dice, bonuses and doubling, before PROT. */
  dealt: number
  /** PROT subtracted (0 on a critical or grievous hit). */
  protApplied: number
  /** Hit points lost. */
  taken: number
  hpBefore: number
  hpAfter: number
  /** The single-hit damage that must be exceeded to stun. */
  stunThreshold: number
  /** Stunned for the rest of the round: all remaining attacks this round are lost. */
  stunned: boolean
  woundBefore: WoundState
  woundAfter: WoundState
  /** A grievous hit takes 1 from the armor's PROT until it is repaired. */
  armorProtLoss: number
  /** A grievous hit may cause a Grievous Wound: the tables are not in the text, so the GM is asked. */
  grievousWoundCheck: boolean
  /** What the room's grievous wound table said, when it has one; 'ask-gm' on a grievous hit without one. */
  grievousWound: { kind: 'none' } | { kind: 'ask-gm' } | { kind: 'table'; wound: string | null }
  /** A penetrating missile left in the target by a critical or grievous hit. */
  stuck: StuckMissile | null
  breakdown: BreakdownLine[]
}

/** A missile stuck in a combatant: DEX penalty until removed (First Aid), bleeding per strenuous round. */
export interface StuckMissile {
  missile: 'arrow' | 'quarrel' | 'javelin' | 'spear'
  dexPenalty: number
  bleedingPerRound: number
}

/** Bleeding from stuck missiles over rounds spent in combat or other strenuous activity. */
export function bleedingDamage(stuck: readonly StuckMissile[], strenuousRounds: number): number {
  return stuck.reduce((n, s) => n + s.bleedingPerRound, 0) * strenuousRounds
}

/** The hit to resolve damage for: its kind, weapon and flat damage modifiers (from AttackResult). */
export interface DamageHit {
  kind: HitKind
  weapon: Weapon
  damageLines: readonly BreakdownLine[]
}

/**
 * The target after a hit: hit points down by the damage taken, armor PROT down by 1 after a grievous hit
 * (until repaired, never below 0). A new sheet, so the caller decides where it is stored.
 */
export function applyDamage(target: Sheet, result: Pick<DamageResult, 'taken' | 'armorProtLoss'>): Sheet {
  return { ...target, hp: target.hp - result.taken, prot: Math.max(0, target.prot - result.armorProtLoss) }
}

/**
 * The Grievous Wound tables are not in the text: a room can plug one in; without it the GM is asked.
 * Given the hit, it returns the wound's description (or null for no wound).
 */
export type GrievousWoundTable = (hit: { weapon: Weapon; dealt: number }) => string | null
