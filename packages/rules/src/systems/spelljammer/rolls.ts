/**
 * What only resolving an attack runs of spelljammer's rules: the d100 against a prepared attack, the damage
 * from the faces rolled (stun, stuck missiles, and their two tables), the DEX roll of picking up a weapon,
 * a hit on a caster, the DEX roll of attack and move.
 * Apart from the modules a preview reads (attack.ts, damage.ts, damage-dice.ts, melee.ts, casting.ts), which
 * keep the types: a phone loads it only to ask for its own dice (`resolve.ts`). rules.ts re-exports it.
 */

import { unreachable } from '../../assert.ts'
import { isFace, notAFace } from '../../dice/faces.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import {
  type AttackDeclaration,
  type AttackResult,
  type AttackSetup,
  classifyRoll,
  type HitKind,
  type HitOptions,
  setupAttack,
  setupLines,
} from './attack.ts'
import type { InterruptionRule } from './casting.ts'
import {
  type DamageHit,
  type DamageResult,
  type GrievousWoundTable,
  HUMAN_MAX_CON,
  type StuckMissile,
  weaponDamageDice,
} from './damage.ts'
import type { DamageDice } from './damage-dice.ts'
import type { PickUpResult } from './melee.ts'
import { RULE } from './sections.ts'
import { MOVEMENT_END, MOVEMENT_START } from './segments.ts'
import type { Sheet, Weapon } from './sheet.ts'
import { checkD100, makesStatRoll, statRollTier } from './stat-rolls.ts'
import type { Penetrating } from './tables.ts'
import { woundState } from './wounds.ts'

// Hitting (attack.ts): the d100.

/** Resolves an attack from the d100 rolled (1-100, 00 is 100): setup, roll and breakdown. */
export function resolveAttack(
  declaration: AttackDeclaration,
  dice: { d100: number },
  options: HitOptions = {},
): Outcome<AttackResult> {
  const { d100 } = dice
  if (!isFace(d100, 100)) return fail(`A d100 shows 1 to 100 (00 is 100), not ${d100}.`)
  const setup = setupAttack(declaration, options)
  if (!setup.ok) return setup
  return ok(rollAgainst(setup.value, d100, options))
}

/** Applies a d100 to a prepared setup: the cheap half, for re-rolls and sampling. */
export function rollAgainst(setup: AttackSetup, d100: number, options: HitOptions = {}): AttackResult {
  const { kind, automatic } = classifyRoll(d100, setup, options)
  const breakdown: BreakdownLine[] = [
    { label: 'd100', value: d100, rule: RULE.hitting },
    ...setupLines(setup),
  ]
  if (automatic)
    breakdown.push({
      label: `Automatic: ${d100} is always ${automaticWords(d100)}`,
      value: d100,
      rule: RULE.automatic,
    })
  // 01 to 03 inside a better band: the automatic result is a floor (reading 3), and the line says so.
  else if (d100 <= 3 && kind !== classifyRoll(d100, { target: 3, criticalOn: 0, grievousOn: 0 }).kind)
    breakdown.push({
      label: `Automatic: ${d100} is always ${automaticWords(d100)}, at least; the table makes it a ${kind} hit (${kind} on ${kind === 'grievous' ? setup.grievousOn : setup.criticalOn} or less)`,
      value: d100,
      rule: RULE.automatic,
      note: true,
    })
  return { ...setup, d100, kind, automatic, breakdown }
}

function automaticWords(d100: number): string {
  if (d100 >= 96) return 'a miss'
  if (d100 === 1) return 'a potential grievous'
  if (d100 === 2) return 'a crit'
  return 'a hit'
}

// Damage (damage.ts, damage-dice.ts): the faces rolled.

// The stun and stuck-missile tables, which only the damage rolled reads (tables.ts has the others).

/** A CON above human maximum (25) and the damage a single hit must exceed to stun. */
export interface StunRow {
  readonly con: number
  readonly exceeds: number
}

/** The stun table for CON 26 to 35, as printed. */
export const STUN_TABLE: readonly StunRow[] = [
  { con: 26, exceeds: 27 },
  { con: 27, exceeds: 29 },
  { con: 28, exceeds: 31 },
  { con: 29, exceeds: 33 },
  { con: 30, exceeds: 35 },
  { con: 31, exceeds: 37 },
  { con: 32, exceeds: 39 },
  { con: 33, exceeds: 41 },
  { con: 34, exceeds: 43 },
  { con: 35, exceeds: 45 },
]

/**
 * A penetrating missile stuck in the target after a critical or grievous hit. The text prints "javelin"
 * twice; the second row (-4, 5 bleeding) is the spear (rules/README.md).
 */
export const STUCK_MISSILE_TABLE: ReadonlyArray<{
  readonly missile: Exclude<Penetrating, 'none'>
  readonly dexPenalty: number
  readonly bleeding: number
}> = [
  { missile: 'arrow', dexPenalty: -2, bleeding: 1 },
  { missile: 'quarrel', dexPenalty: -2, bleeding: 1 },
  { missile: 'javelin', dexPenalty: -3, bleeding: 2 },
  { missile: 'spear', dexPenalty: -4, bleeding: 5 },
]

/** The sides of each die to roll, in order, so a player can type the faces they rolled. */
export function damageDiceToRoll(dice: DamageDice): number[] {
  return dice.groups.flatMap((g) => new Array<number>(g.count).fill(g.sides))
}

/** The total of the damage dice for the given faces, or why the faces do not fit the dice. */
export function damageTotal(dice: DamageDice, faces: readonly number[]): Outcome<number> {
  const sides = damageDiceToRoll(dice)
  if (faces.length !== sides.length)
    return fail(
      `These damage dice need ${sides.length} ${sides.length === 1 ? 'die' : 'dice'}, not ${faces.length}.`,
    )
  let total = dice.constant
  let at = 0
  for (const g of dice.groups) {
    for (let i = 0; i < g.count; i++) {
      const face = faces[at] as number
      const s = sides[at] as number
      if (!isFace(face, s)) return fail(notAFace(face, s))
      total += g.sign * face
      at++
    }
  }
  return ok(total)
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

// A dropped weapon (melee.ts): the DEX roll.

/** Picking up a dropped weapon: 4x DEX gets it back, 1x DEX still allows one attack at -5 initiative. */
export function pickUpWeapon(dexRoll: number, dex: number): Outcome<PickUpResult> {
  const roll = checkD100(dexRoll, 'DEX roll')
  if (!roll.ok) return roll
  const base = { defModifier: -15, rule: RULE.droppedWeapon }
  if (makesStatRoll(roll.value, dex, 1))
    return ok({ ...base, retrieved: true, attacksLeft: 1, initiativeModifier: -5 })
  if (makesStatRoll(roll.value, dex, 4))
    return ok({ ...base, retrieved: true, attacksLeft: 0, initiativeModifier: 0 })
  return ok({ ...base, retrieved: false, attacksLeft: 0, initiativeModifier: 0 })
}

// Casting (casting.ts): a hit on a caster.

/** What a hit while casting does: the spell and the round's action are lost, or the GM is asked. */
export function hitWhileCasting(rule: InterruptionRule = 'always'): 'interrupted' | 'ask-gm' {
  switch (rule) {
    case 'always':
      return 'interrupted'
    case 'gm-decides':
      return 'ask-gm'
    default:
      return unreachable(rule)
  }
}

/**
 * Attack and Move, last attack between initiative 2 and 10: by DEX roll tier, how many segments after the
 * last attack movement begins (null: cannot move this round).
 */
export const ATTACK_AND_MOVE_TABLE: ReadonlyArray<{
  readonly tier: 1 | 2 | 3 | 4 | 5
  readonly delay: number | null
}> = [
  { tier: 1, delay: 1 },
  { tier: 2, delay: 2 },
  { tier: 3, delay: 3 },
  { tier: 4, delay: 4 },
  { tier: 5, delay: null },
]

/** Movement after attacking: from which segment, at what share of TMR per segment, and how far in all. */
export interface AttackAndMove {
  /** First segment of movement, or null when the combatant cannot move this round. */
  startsOn: number | null
  /** Segments of movement this round. */
  segments: number
  /** Feet per segment: 1/20th of base TMR. */
  feetPerSegment: number
  /** Total feet: never more than half TMR. */
  feet: number
  /** The DEX roll's tier, when one was needed. */
  dexTier: 1 | 2 | 3 | 4 | 5 | null
  reason: string
  rule: string
}

/**
 * Attack and Move. Last attack before 10: move from 10 at 1/20th TMR a segment. Last attack on 2 to 10:
 * a DEX roll sets the delay (1x: 1 segment ... 4x: 4, 5x or worse: no move). No movement after 1 ("last
 * attack on 3 and a 4x DEX roll: 3 - 4 = -1, cannot move"). No attacks may follow the movement.
 */
export function attackAndMove(
  lastAttackSegment: number,
  tmr: number,
  dex: number,
  dexRoll?: number,
): Outcome<AttackAndMove> {
  const feetPerSegment = tmr / 20
  const plan = (
    startsOn: number | null,
    dexTier: AttackAndMove['dexTier'],
    reason: string,
  ): AttackAndMove => {
    const segments =
      startsOn === null || startsOn < MOVEMENT_END ? 0 : Math.min(startsOn, MOVEMENT_START) - MOVEMENT_END + 1
    return {
      startsOn: segments === 0 ? null : startsOn,
      segments,
      feetPerSegment,
      feet: segments * feetPerSegment,
      dexTier,
      reason,
      rule: RULE.attackAndMove,
    }
  }
  if (lastAttackSegment > MOVEMENT_START)
    return ok(plan(MOVEMENT_START, null, 'last attack before initiative 10: move from 10'))
  // "No movement occurs after segment 1": a last attack on 1 or later leaves nothing to roll for.
  if (lastAttackSegment <= MOVEMENT_END)
    return ok(plan(null, null, 'no movement occurs after segment 1: cannot move this round'))
  if (dexRoll === undefined)
    return { ok: false, error: 'Roll DEX to see when you can move after this attack.' }
  const roll = checkD100(dexRoll, 'DEX roll')
  if (!roll.ok) return roll
  const tier = statRollTier(roll.value, dex)
  const row = ATTACK_AND_MOVE_TABLE.find((r) => r.tier === tier)
  if (!row) throw new Error(`no attack-and-move row for tier ${tier}`)
  if (row.delay === null) return ok(plan(null, tier, '5x DEX roll or worse: cannot move this round'))
  const startsOn = lastAttackSegment - row.delay
  return ok(
    plan(
      startsOn,
      tier,
      startsOn < MOVEMENT_END
        ? `${tier}x DEX roll: ${lastAttackSegment} - ${row.delay} = ${startsOn}, after movement ends: cannot move`
        : `${tier}x DEX roll: move from ${startsOn}`,
    ),
  )
}
