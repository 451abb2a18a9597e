/** Exact odds of a declared attack before anyone rolls: hit, critical, fumble, special, expected damage. */
import { fail, type Outcome, ok } from '../../system.ts'
import { type AttackDeclaration, type DamageSpec, type PreparedAttack, prepareAttack } from './attack.ts'
import { damagePoints } from './damage.ts'
import { add, type Fraction, frac, mul, toNumber } from './exact.ts'
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

/** Ways to roll each sum of `count` dice of `sides`: small convolutions (damage dice are few). */
export function diceSums(count: number, sides: number): { min: number; ways: bigint[] } {
  let ways = [1n]
  for (let d = 0; d < count; d++) {
    const next = new Array<bigint>(ways.length + sides - 1).fill(0n)
    ways.forEach((w, i) => {
      for (let f = 0; f < sides; f++) next[i + f] = (next[i + f] ?? 0n) + w
    })
    ways = next
  }
  return { min: count, ways }
}

/** Expected points of one damage roll with a given natural-20 penalty, exactly. */
export function expectedDamage(spec: DamageSpec, penalty = spec.penalty): Fraction {
  const { min, ways } = diceSums(spec.dice.count, spec.dice.sides)
  const s = { ...spec, penalty }
  let sum = 0n
  let total = 0n
  ways.forEach((w, i) => {
    sum += w * BigInt(damagePoints(s, min + i))
    total += w
  })
  return frac(sum, total)
}

/** The exact odds of a prepared attack: 20 (or 400) d20 outcomes times the damage dice. */
export function preparedOdds(p: PreparedAttack, attackerLevel: number): AttackOdds {
  const { weights, total } = naturalWeights(p.roll)
  let hitW = 0
  let critW = 0
  let specialW = 0
  let needs: number | null = null
  let dmg = frac(0)
  const fumbleChance = frac(Math.max(0, 20 - Math.max(0, attackerLevel)), 20)
  // Florentine with weapons of different size: a d2 picks the weapon that hit, so each is half the hits.
  const perHit = (penalty: number): Fraction => {
    if (!p.damage) return frac(0)
    const main = expectedDamage(p.damage, penalty)
    if (!p.offhand) return main
    const other = p.offhand.damage ? expectedDamage(p.offhand.damage, penalty) : frac(0)
    return mul(add(main, other), frac(1, 2))
  }
  const normalHit = perHit(0)
  weights.forEach((w, i) => {
    const natural = i + 1
    const hit = natural !== 1 && p.canHit && (natural === 20 || natural + p.modifier >= p.target)
    if (!hit) return
    needs ??= natural
    hitW += w
    if (natural === 20 && p.natural20Crits) critW += w
    if (p.specialOn > 0 && natural >= p.specialOn) specialW += w
    if (p.damage) {
      const e = natural === 20 ? perHit(Math.max(0, p.needed - 20)) : normalHit
      dmg = add(dmg, mul(e, frac(w, total)))
    }
  })
  const hit = frac(hitW, total)
  const first = weights[0] ?? 0
  const fumble = mul(frac(first, total), fumbleChance)
  const expectedOnHit = hitW === 0 ? frac(0) : frac(dmg.num * BigInt(total), dmg.den * BigInt(hitW))
  const critical = frac(critW, total)
  return {
    hit,
    critical,
    fumble,
    specialAttack: frac(specialW, total),
    expectedDamage: dmg,
    expectedDamageOnHit: expectedOnHit,
    needs,
    probabilities: {
      hit: toNumber(hit),
      critical: toNumber(critical),
      fumble: toNumber(fumble),
      expectedDamage: toNumber(dmg),
    },
  }
}

/** Exact odds for a declaration, or why it cannot be made: the preview a player sees before rolling. */
export function attackOdds(decl: AttackDeclaration, options: Partial<OdndOptions> = {}): Outcome<AttackOdds> {
  const p = prepareAttack(decl, options)
  if (!p.ok) return fail(p.error)
  return ok(preparedOdds(p.value, decl.attacker.level))
}
