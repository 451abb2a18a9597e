/** Exact odds for a declared osr attack, before anyone rolls: hit, each natural-20 band, each fumble, expected damage. */

import { invariant } from '../../assert.ts'
import { d20Check } from '../../dice/d20.ts'
import { type Distribution, mapTotals, mean, point, sumOfDice } from '../../dice/distribution.ts'
import { addFractions, type Fraction, fraction, ONE, subtractFractions } from '../../dice/fraction.ts'
import { mix } from '../../dice/mixture.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type AttackDeclaration, damageSteps, planAttack, specialRowFor } from './attack.ts'
import { type OsrSettings, withDefaults } from './settings.ts'
import { FUMBLES, type FumbleResult, type SpecialResult } from './tables.ts'

export interface AttackOdds {
  /** P(the attack hits), natural 20s included. */
  hit: Fraction
  /** The lowest natural d20 face that hits. */
  needs: number
  /** P(natural 20 and each special band); these add up to 1/20. */
  special: Record<SpecialResult, Fraction>
  /** P(any critical damage): special bands critical and critical-condition. */
  critical: Fraction
  /** P(natural 1 and each fumble row); these add up to 1/20. */
  fumble: Record<FumbleResult, Fraction>
  /** The exact damage distribution over the whole attack, 0 for a miss. */
  damage: Distribution
  /** The damage distribution given each kind of hit: a plain hit or regular special, maximum, critical. */
  damageOnHit: { regular: Distribution; maximum: Distribution; critical: Distribution } | null
  /** Expected damage per attack, misses counted as 0. */
  expectedDamage: Fraction
  /** Whose hit points the damage comes off (brawling against metal armor hurts the attacker). */
  damageTo: 'target' | 'attacker'
}

/**
 * The exact odds of a declared attack, by counting: 20 attack faces, 20 special faces and the damage
 * dice. Costs a few small convolutions, far under a millisecond for any weapon on a sheet.
 */
export function attackOdds(
  decl: AttackDeclaration,
  settings: Partial<OsrSettings> = {},
): Outcome<AttackOdds> {
  const s = withDefaults(settings)
  const planned = planAttack(decl, s)
  if (!planned.ok) return planned
  const plan = planned.value
  if (plan.damage && plan.damage.dice.count > 20) return fail('Too many damage dice to work out odds for.')

  // A natural 20 always hits, a natural 1 always misses (17.0.3, 17.0.4).
  const d20 = d20Check({
    modifier: plan.toHitModifier,
    target: plan.ac,
    natural1Fails: true,
    natural20Succeeds: true,
  })
  const hit = d20.chance
  const needs = d20.needs ?? 20
  const regularHits = subtractFractions(hit, fraction(1, 20))

  const special = specialOdds(plan.specialModifier)
  const fumble = FUMBLE_ODDS

  let damage: Distribution = point(0)
  let damageOnHit: AttackOdds['damageOnHit'] = null
  const dplan = plan.damage
  if (dplan && !plan.grapple) {
    const rolled = sumOfDice(dplan.dice.count, dplan.dice.sides)
    const finish = (result: SpecialResult) => (diceSum: number) =>
      damageSteps(dplan, result, diceSum, s.minimumDamage).total
    const regular = mapTotals(rolled, finish('regular'))
    const maximum = mapTotals(point(0), finish('maximum'))
    const critical = mapTotals(rolled, finish('critical'))
    const parts = [
      { p: addFractions(regularHits, special.regular), dist: regular },
      { p: special.maximum, dist: maximum },
      { p: addFractions(special.critical, special['critical-condition']), dist: critical },
      { p: subtractFractions(ONE, hit), dist: point(0) },
    ].filter((part) => part.p.num !== 0n)
    damage = mix(parts)
    damageOnHit = { regular, maximum, critical }
  }
  invariant(damage.total > 0n, 'a distribution has outcomes')
  return ok({
    hit,
    needs,
    special,
    critical: addFractions(special.critical, special['critical-condition']),
    fumble,
    damage,
    damageOnHit,
    expectedDamage: mean(damage),
    damageTo: dplan?.to ?? 'target',
  })
}

const specialCache = new Map<number, Record<SpecialResult, Fraction>>()

/** P(natural 20 and each special band) for a special-roll modifier; 41 possible answers, so cached. */
export function specialOdds(modifier: number): Record<SpecialResult, Fraction> {
  const key = Math.max(-20, Math.min(20, modifier))
  const cached = specialCache.get(key)
  if (cached) return cached
  const counts: Record<SpecialResult, number> = {
    regular: 0,
    maximum: 0,
    critical: 0,
    'critical-condition': 0,
  }
  for (let face = 1; face <= 20; face++) counts[specialRowFor(face + key).result]++
  const odds = per400(counts)
  Object.freeze(odds)
  specialCache.set(key, odds)
  return odds
}

function fumbleOdds(): Record<FumbleResult, Fraction> {
  const counts: Record<FumbleResult, number> = {
    'weapon-breaks': 0,
    stumble: 0,
    sloppy: 0,
    'drop-weapon': 0,
    miss: 0,
  }
  for (const row of FUMBLES) counts[row.result] += row.max - row.min + 1
  return per400(counts)
}

/** Each result's count of the 400 equally likely pairs of a natural face and the table's d20, as a chance. */
function per400<R extends string>(counts: Record<R, number>): Record<R, Fraction> {
  const entries = Object.entries<number>(counts).map(([r, n]) => [r, fraction(n, 400)])
  return Object.fromEntries(entries) as Record<R, Fraction>
}

/** P(natural 1 and each fumble row): the fumble roll is a bare d20, so this never changes. */
export const FUMBLE_ODDS: Readonly<Record<FumbleResult, Fraction>> = Object.freeze(fumbleOdds())
