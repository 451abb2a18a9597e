/** Exact odds of a declared attack before anyone rolls: hit, critical, fumble, special, expected damage. */

import { mapTotals, mean, sumOfDice } from '../../dice/distribution.ts'
import { addFractions, type Fraction, fraction, multiplyFractions, toFloat } from '../../dice/fraction.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { AttackDeclaration, DamageSpec, PreparedAttack } from './attack.ts'
import { damagePoints, hitsOn, prepareAttack } from './attack.ts'
import type { OdndOptions } from './options.ts'

export interface AttackOdds {
  hit: Fraction
  critical: Fraction
  fumble: Fraction
  specialAttack: Fraction
  /** Expected damage points per attack (misses count 0), natural-20 penalty and doubling included. */
  expectedDamage: Fraction
  /** The same, per hit. */
  expectedDamageOnHit: Fraction
  /** The lowest natural that hits (20 when only a natural 20 can), or null when nothing can. */
  needs: number | null
  /** Floats for the UI. */
  probabilities: { hit: number; critical: number; fumble: number; expectedDamage: number }
}

/** Weights (out of 20 or 400) of each kept natural d20, for a straight roll, Advantage or Disadvantage. */
export function naturalWeights(roll: PreparedAttack['roll']): { weights: number[]; total: number } {
  const weights: number[] = []
  for (let k = 1; k <= 20; k++)
    weights.push(roll === 'normal' ? 1 : roll === 'advantage' ? 2 * k - 1 : 41 - 2 * k)
  return { weights, total: roll === 'normal' ? 20 : 400 }
}

/**
 * Expected points of one damage roll with a given natural-20 penalty, exactly: the dice core's exact
 * distribution of the dice, each sum mapped through the same `damagePoints` resolution uses.
 */
export function expectedDamage(spec: DamageSpec, penalty = spec.penalty): Fraction {
  const s = { ...spec, penalty }
  return mean(mapTotals(sumOfDice(spec.dice.count, spec.dice.sides), (sum) => damagePoints(s, sum)))
}

/** The chance to hit alone (what a defense offers says), without the damage the whole odds count. */
export function hitChance(decl: AttackDeclaration): Outcome<number> {
  const p = prepareAttack(decl)
  if (!p.ok) return fail(p.error)
  const { weights, total } = naturalWeights(p.value.roll)
  const hitW = weights.reduce((sum, w, i) => (hitsOn(p.value, i + 1) ? sum + w : sum), 0)
  return ok(toFloat(fraction(hitW, total)))
}

/** The exact odds of a prepared attack: 20 (or 400) d20 outcomes times the damage dice. */
export function preparedOdds(p: PreparedAttack, attackerLevel: number): AttackOdds {
  const { weights, total } = naturalWeights(p.roll)
  let hitW = 0
  let critW = 0
  let specialW = 0
  let needs: number | null = null
  let dmg = fraction(0)
  const fumbleChance = fraction(Math.max(0, 20 - Math.max(0, attackerLevel)), 20)
  // Florentine with weapons of different size: a d2 picks the weapon that hit, so each is half the hits.
  const perHit = (penalty: number): Fraction => {
    if (!p.damage) return fraction(0)
    const main = expectedDamage(p.damage, penalty)
    if (!p.offhand) return main
    const other = p.offhand.damage ? expectedDamage(p.offhand.damage, penalty) : fraction(0)
    return multiplyFractions(addFractions(main, other), fraction(1, 2))
  }
  const normalHit = perHit(0)
  weights.forEach((w, i) => {
    const natural = i + 1
    if (!hitsOn(p, natural)) return
    needs ??= natural
    hitW += w
    if (natural === 20 && p.natural20Crits) critW += w
    if (p.specialOn > 0 && natural >= p.specialOn) specialW += w
    if (p.damage) {
      const e = natural === 20 ? perHit(Math.max(0, p.needed - 20)) : normalHit
      dmg = addFractions(dmg, multiplyFractions(e, fraction(w, total)))
    }
  })
  const hit = fraction(hitW, total)
  const first = weights[0] ?? 0
  const fumble = multiplyFractions(fraction(first, total), fumbleChance)
  const expectedOnHit = hitW === 0 ? fraction(0) : fraction(dmg.num * BigInt(total), dmg.den * BigInt(hitW))
  const critical = fraction(critW, total)
  return {
    hit,
    critical,
    fumble,
    specialAttack: fraction(specialW, total),
    expectedDamage: dmg,
    expectedDamageOnHit: expectedOnHit,
    needs,
    probabilities: {
      hit: toFloat(hit),
      critical: toFloat(critical),
      fumble: toFloat(fumble),
      expectedDamage: toFloat(dmg),
    },
  }
}

/** Exact odds for a declaration, or why it cannot be made: the preview a player sees before rolling. */
export function attackOdds(decl: AttackDeclaration, options: Partial<OdndOptions> = {}): Outcome<AttackOdds> {
  const p = prepareAttack(decl, options)
  return p.ok ? ok(preparedOdds(p.value, decl.attacker.level)) : p
}
