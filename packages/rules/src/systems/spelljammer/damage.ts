/** Taking damage: the dice, critical doubling, PROT, stun by CON, grievous armor damage, stuck missiles. */
import { unreachable } from '../../assert.ts'
import { parseDice } from '../../dice/parse.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import type { HitKind } from './attack.ts'
import { type DamageDice, damageDice, damageDiceToRoll, damageTotal } from './damage-dice.ts'
import { RULE } from './sections.ts'
import type { Sheet, Weapon } from './sheet.ts'
import { STUCK_MISSILE_TABLE, STUN_TABLE } from './tables.ts'
import { type WoundState, woundState } from './wounds.ts'

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

/** The dice a weapon's damage needs, in order: what to roll or type in. */
export function weaponDamageSides(weapon: Weapon): number[] {
  return damageDiceToRoll(weaponDamageDice(weapon))
}

/**
 * The CON used for stun: +2 Large, +4 Giant, +1 per 10 HP or fraction above 100 (of starting HP: the
 * combatant's size, not their wounds, is what makes them hard to stun).
 */
export function stunCon(sheet: Pick<Sheet, 'con' | 'size' | 'startingHp'>): {
  con: number
  lines: BreakdownLine[]
} {
  const lines: BreakdownLine[] = [{ label: 'CON', value: sheet.con, rule: RULE.damage }]
  if (sheet.size === 'large') lines.push({ label: 'Large', value: 2, rule: RULE.damage })
  if (sheet.size === 'giant') lines.push({ label: 'Giant', value: 4, rule: RULE.damage })
  if (sheet.startingHp > 100) {
    const extra = Math.ceil((sheet.startingHp - 100) / 10)
    lines.push({ label: `${sheet.startingHp} HP: +1 per 10 above 100`, value: extra, rule: RULE.damage })
  }
  return { con: lines.reduce((n, l) => n + l.value, 0), lines }
}

/**
 * The damage a single hit must exceed to stun: CON up to 25, then the table (26 -> 27 ... 35 -> 45).
 * Past the table's last row the same step continues, 2 per point of CON (2 x CON - 25).
 */
export function stunThresholdForCon(con: number): number {
  if (con <= HUMAN_MAX_CON) return con
  const row = STUN_TABLE.find((r) => r.con === con)
  return row ? row.exceeds : 2 * con - HUMAN_MAX_CON
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

/** The stuck missile of a critical or grievous hit with a penetrating weapon; grievous adds 1 to the DEX penalty. */
export function stuckMissile(weapon: Weapon, kind: HitKind): StuckMissile | null {
  if (weapon.penetrating === 'none') return null
  switch (kind) {
    case 'miss':
    case 'hit':
      return null
    case 'critical':
    case 'grievous': {
      const row = STUCK_MISSILE_TABLE.find((r) => r.missile === weapon.penetrating)
      if (!row) throw new Error(`no stuck-missile row for ${weapon.penetrating}`)
      return {
        missile: row.missile,
        dexPenalty: row.dexPenalty - (kind === 'grievous' ? 1 : 0),
        bleedingPerRound: row.bleeding,
      }
    }
    default:
      return unreachable(kind)
  }
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
 * Damage from the faces rolled. Flat modifiers join the dice; a critical or grievous hit doubles that
 * total and ignores PROT; otherwise PROT comes off. Damage never goes below 0.
 */
export function resolveDamage(
  hit: DamageHit,
  target: Sheet,
  faces: readonly number[],
  options: { grievousWoundTable?: GrievousWoundTable } = {},
): Outcome<DamageResult> {
  const { kind, weapon } = hit
  if (kind === 'miss') return fail('A miss does no damage.')
  const dice = weaponDamageDice(weapon)
  const total = damageTotal(dice, faces)
  if (!total.ok) return total
  const sides = damageDiceToRoll(dice)
  const breakdown: BreakdownLine[] = faces.map((face, i) => ({
    label: `${weapon.name} d${sides[i]}`,
    value: face,
    rule: RULE.damage,
  }))
  if (dice.constant)
    breakdown.push({ label: `${weapon.name} damage bonus`, value: dice.constant, rule: RULE.damage })
  breakdown.push(...hit.damageLines)
  const base = Math.max(0, total.value + hit.damageLines.reduce((n, l) => n + l.value, 0))
  const critical = kind === 'critical' || kind === 'grievous'
  const dealt = critical ? base * 2 : base
  if (critical)
    breakdown.push({
      label: `${kind === 'grievous' ? 'Grievous' : 'Critical'}: double damage`,
      value: base,
      rule: RULE.critical,
    })
  const protApplied = critical ? 0 : Math.min(target.prot, dealt)
  if (protApplied) breakdown.push({ label: `${target.name} PROT`, value: -protApplied, rule: RULE.damage })
  if (critical && target.prot)
    breakdown.push({
      label: `${kind === 'grievous' ? 'Grievous' : 'Critical'}: no PROT`,
      value: 0,
      rule: RULE.critical,
    })
  const taken = dealt - protApplied
  const stun = stunThresholdForCon(stunCon(target).con)
  const hpAfter = target.hp - taken
  return ok({
    kind,
    dealt,
    protApplied,
    taken,
    hpBefore: target.hp,
    hpAfter,
    stunThreshold: stun,
    stunned: taken > stun,
    woundBefore: woundState(target.hp, target.startingHp),
    woundAfter: woundState(hpAfter, target.startingHp),
    armorProtLoss: kind === 'grievous' ? 1 : 0,
    grievousWoundCheck: kind === 'grievous',
    grievousWound:
      kind !== 'grievous'
        ? { kind: 'none' }
        : options.grievousWoundTable
          ? { kind: 'table', wound: options.grievousWoundTable({ weapon, dealt }) }
          : { kind: 'ask-gm' },
    stuck: stuckMissile(weapon, kind),
    breakdown,
  })
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
