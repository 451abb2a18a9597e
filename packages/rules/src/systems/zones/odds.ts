/** Exact odds for a declared attack and its reactions, by counting die faces: cheap enough for a live preview. */
import { fraction } from '../../dice/reduced-fraction.ts'
import { sumOfDice } from '../../dice/sum-of-dice.ts'
import type { AttackPlan } from './attack.ts'
import { CERTAIN, type Chance, notChance, timesChance } from './common.ts'
import type { DamageSpec } from './damage.ts'
import type { NonLethalPlan } from './non-lethal.ts'
import { saveChance } from './save.ts'
import { halveForSize } from './size.ts'

/** An exact expected value: num / den, reduced, with the float for the UI. */
export interface Expectation {
  num: number
  den: number
  value: number
}

/** A reduced expectation (by the engine's fractions), so equal ones are deep-equal in tests. */
export function expectation(num: number, den: number): Expectation {
  const reduced = fraction(num, den)
  return { num: Number(reduced.num), den: Number(reduced.den), value: num / den }
}

/** How many of the sides^count equally likely rolls give each total (index = total), from the engine's count. */
export function diceCounts(count: number, sides: number): number[] {
  const dist = sumOfDice(count, sides)
  return [...new Array<number>(dist.min).fill(0), ...dist.weights.map(Number)]
}

/** The distribution of damage suffered: ways[value] of `outOf` equally likely rolls. */
export interface DamageOdds {
  ways: number[]
  outOf: number
  /** Exact expected damage suffered, given the blow lands. */
  expected: Expectation
}

/**
 * Damage odds worked out before, by what they count (dice, halvings, armour): they are never changed once
 * made, and one attack asks for the same ones several times (its counters' odds, whether it fells the
 * counterer before each disarm, shove or grapple, its expected damage).
 */
const damages = new Map<string, DamageOdds>()
const MAX_KEPT_DAMAGES = 256
export const damageKey = (d: DamageSpec) => `${d.dice.count}d${d.dice.sides}/${d.halvings}/${d.armor}`

/** Counts every roll of the spec's dice through halving and armour, once per distinct count (`damages`). */
export function damageOdds(spec: DamageSpec): DamageOdds {
  const key = damageKey(spec)
  let odds = damages.get(key)
  if (!odds) {
    odds = countDamage(spec)
    if (damages.size >= MAX_KEPT_DAMAGES) damages.clear()
    damages.set(key, odds)
  }
  return odds
}

function countDamage(spec: DamageSpec): DamageOdds {
  const counts = diceCounts(spec.dice.count, spec.dice.sides)
  const ways: number[] = []
  let outOf = 0
  let sum = 0
  counts.forEach((w, total) => {
    if (!w) return
    const suffered = Math.max(0, halveForSize(total, spec.halvings) - spec.armor)
    ways[suffered] = (ways[suffered] ?? 0) + w
    outOf += w
    sum += suffered * w
  })
  for (let i = 0; i < ways.length; i++) ways[i] ??= 0
  return { ways, outOf, expected: expectation(sum, outOf) }
}

export type ReactionPlan = { kind: 'none' } | { kind: 'dodge'; agi: number }

export interface AttackOdds {
  /** P(the attack hits): 1 without a WIT save, else P(WIT save passes). */
  hit: Chance
  /** P(the dodge's AGI save passes), when dodging. */
  dodge: Chance | null
  /** P(the blow lands on the target): hit and not dodged. */
  lands: Chance
  /** Expected damage the target suffers, over every outcome (misses count as 0). */
  expectedDamage: Expectation
}

/**
 * The exact odds of a declared attack before anyone rolls: chance to hit, to be dodged, expected damage (for
 * a counter, who is hit first: the defender's prompt's `whoIsHitFirst`). A preview counts at most a few
 * thousand outcomes.
 */
export function attackOdds(
  plan: AttackPlan,
  attackerWit: number,
  reaction: ReactionPlan = { kind: 'none' },
): AttackOdds {
  const hit = plan.witSaveReasons.length > 0 ? saveChance(attackerWit) : CERTAIN
  const dmg = damageOdds(plan.damage)
  const dodge = reaction.kind === 'dodge' ? saveChance(reaction.agi) : null
  const lands = dodge ? timesChance(hit, notChance(dodge)) : hit
  const expectedDamage = expectation(dmg.expected.num * lands.ways, dmg.expected.den * lands.outOf)
  return { hit, dodge, lands, expectedDamage }
}

/**
 * The odds of a disarm, shove or grapple: it takes effect when it isn't dodged and the target fails the
 * STR save (no save against a larger attacker).
 */
export function nonLethalOdds(
  plan: NonLethalPlan,
  targetStr: number,
  dodgeAgi?: number,
): { takesEffect: Chance } {
  const failsSave = plan.saveAllowed ? notChance(saveChance(targetStr)) : CERTAIN
  const notDodged = dodgeAgi === undefined ? CERTAIN : notChance(saveChance(dodgeAgi))
  return { takesEffect: timesChance(failsSave, notDodged) }
}
