/** Multiple attacks against 'Normal Men' and the text's quick estimate of how many fall each round. */

import { type Fraction, fraction, multiplyFractions } from '../../dice/fraction.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { AttackDeclaration } from './attack.ts'
import type { DamageDice } from './dice-notation.ts'
import { attackOdds } from './odds.ts'
import type { OdndOptions } from './options.ts'
import { isFighterType, type Sheet, untrainedWith, type Weapon } from './sheet.ts'

/**
 * Whether a sheet counts as a 'Normal Man' ("or creatures of basically that strength, i.e., goblins,
 * kobolds, dwarves, hobbits, ... giant rats"): the normal-man class, or an ordinary NPC or monster of 1
 * hit die or less, whatever its kind. The GM can always say otherwise; this is the default.
 */
export function isNormalManType(sheet: Sheet): boolean {
  return (
    sheet.class === 'normal-man' || ((sheet.role === 'monster' || sheet.role === 'npc') && sheet.level <= 1)
  )
}

export interface AttackCount {
  attacks: number
  why: string
  rule: string
}

/**
 * Melee attacks this round. "PCs and Important NPC Fighter-types get a number of melee attacks against
 * 'Normal Men' ... equal to their level"; "Monsters with more than 1HD will attack 'Normal Men' multiple
 * times depending upon their HD" (a Troll of 6HD+3 attacks 6 times). One who fights with an untrained
 * weapon "attacks as a 'Normal Man'" and gets no extra attacks.
 */
export function meleeAttacks(attacker: Sheet, againstNormalMen: boolean, weapon?: Weapon): AttackCount {
  const base = { attacks: attacker.attacksPerRound, why: 'attacks per round on the sheet', rule: 'sheet' }
  if (!againstNormalMen) return base
  if (weapon && untrainedWith(weapon)) return base
  if (
    isFighterType(attacker) &&
    (attacker.role === 'pc' || attacker.role === 'important-npc') &&
    attacker.level > 1
  )
    return {
      attacks: attacker.level,
      why: `level ${attacker.level} fighter type against normal men`,
      rule: 'MISC COMBAT RULES: Normal Men',
    }
  if (attacker.role === 'monster' && attacker.level > 1)
    return {
      attacks: attacker.level,
      why: `${attacker.level}HD${attacker.hdPlus ? `${attacker.hdPlus > 0 ? '+' : ''}${attacker.hdPlus}` : ''} monster against normal men`,
      rule: 'MISC COMBAT RULES: Monsters with more than 1HD',
    }
  return base
}

/** The mean of a damage roll, exactly: d6+1 is 9/2. */
export function meanOf(dice: DamageDice): Fraction {
  return fraction(dice.count * (dice.sides + 1) + 2 * dice.bonus, 2)
}

export interface KillEstimate {
  hits: Fraction
  kills: Fraction
  /** "(6 if rounded up)". */
  killsRoundedUp: number
}

/**
 * "An easier way to do this": hits = attacks x chance to hit; each hit kills one foe when the average
 * hit does at least the foes' average hit points, otherwise that share of one. The text's 8th-level
 * fighter: 8 attacks at 70% is 5.6 hits of 4.5 against 3.5 hit points, so 5.6 kills (6 rounded up).
 */
export function quickKillEstimate(input: {
  attacks: number
  hitChance: Fraction
  damagePerHit: Fraction
  foeHitPoints: Fraction
}): KillEstimate {
  const hits = multiplyFractions(fraction(input.attacks), input.hitChance)
  const ratio = fraction(
    input.damagePerHit.num * input.foeHitPoints.den,
    input.damagePerHit.den * input.foeHitPoints.num,
  )
  const perHit = ratio.num >= ratio.den ? fraction(1) : ratio
  const kills = multiplyFractions(hits, perHit)
  const up = (kills.num + kills.den - 1n) / kills.den
  return { hits, kills, killsRoundedUp: Number(up) }
}

/**
 * The quick estimate for a declared attack against a crowd of normal men: the attack's exact odds and
 * damage per hit, the attacker's attacks against normal men, and the foes' average hit points.
 */
export function quickKillForAttack(
  decl: AttackDeclaration,
  foeHitPoints: DamageDice,
  options: Partial<OdndOptions> = {},
): Outcome<KillEstimate & { attacks: number }> {
  const odds = attackOdds(decl, options)
  if (!odds.ok) return fail(odds.error)
  const weapon = decl.weapon === undefined ? decl.attacker.weapons[0] : decl.attacker.weapons[decl.weapon]
  const { attacks } = meleeAttacks(decl.attacker, true, weapon)
  return ok({
    attacks,
    ...quickKillEstimate({
      attacks,
      hitChance: odds.value.hit,
      damagePerHit: odds.value.expectedDamageOnHit,
      foeHitPoints: meanOf(foeHitPoints),
    }),
  })
}
