/** Exact odds before anyone rolls: hit, critical, grievous and expected damage after PROT, by counting faces. */
import { convolve, type Distribution, mapTotals, mean, point, sumOfDice } from '../../dice/distribution.ts'
import {
  addFractions,
  type Fraction,
  fraction,
  multiplyFractions,
  ONE,
  subtractFractions,
  toFloat,
} from '../../dice/fraction.ts'
import { type BreakdownLine, type Outcome, ok } from '../../system.ts'
import {
  type AttackDeclaration,
  type AttackSetup,
  classifyRoll,
  type HitKind,
  type HitOptions,
  setupAttack,
} from './attack.ts'
import { weaponDamageDice } from './damage.ts'
import type { DamageDice } from './damage-dice.ts'
import { initiativeDie } from './initiative.ts'
import { phaseOf } from './segments.ts'
import type { Sheet } from './sheet.ts'

const distributions = new Map<string, Distribution>()
const MAX_CACHED = 256

/** The exact distribution of the total of damage dice: each group's sum, added or subtracted. */
export function damageDistribution(dice: DamageDice): Distribution {
  let dist = point(dice.constant)
  for (const g of dice.groups) {
    const sum = sumOfDice(g.count, g.sides)
    dist = convolve(dist, g.sign === 1 ? sum : mapTotals(sum, (v) => -v))
  }
  return dist
}

/** A weapon's damage distribution, remembered by its notation: previews re-run on every toggle. */
function weaponDistribution(notation: string): Distribution {
  const known = distributions.get(notation)
  if (known) return known
  const dist = damageDistribution(weaponDamageDice({ damage: notation }))
  if (distributions.size >= MAX_CACHED) distributions.clear()
  distributions.set(notation, dist)
  return dist
}

/** The chances of one attack, exact, with floats for the UI. */
export interface AttackOdds {
  target: number
  criticalOn: number
  grievousOn: number
  /** Any hit: plain, critical or grievous. */
  hit: Fraction
  /** Critical or grievous. */
  critical: Fraction
  grievous: Fraction
  /** Expected hit points the target loses to this attack (0 on a miss), after PROT. */
  expectedDamage: Fraction
  /** The same as numbers, for display. */
  display: { hit: number; critical: number; grievous: number; expectedDamage: number }
}

/** How many of the 100 faces give each result. */
export function faceCounts(
  setup: Pick<AttackSetup, 'target' | 'grievousOn' | 'criticalOn'>,
  options: HitOptions = {},
): Record<HitKind, number> {
  const counts: Record<HitKind, number> = { miss: 0, hit: 0, critical: 0, grievous: 0 }
  for (let d100 = 1; d100 <= 100; d100++) counts[classifyRoll(d100, setup, options).kind]++
  return counts
}

/** Odds of a prepared attack against a target sheet (for its PROT). */
export function oddsOfSetup(
  setup: AttackSetup,
  target: Pick<Sheet, 'prot'>,
  options: HitOptions = {},
): AttackOdds {
  const counts = faceCounts(setup, options)
  const dist = weaponDistribution(setup.weapon.damage)
  const flat = setup.damageLines.reduce((n, l: BreakdownLine) => n + l.value, 0)
  // A plain hit loses PROT; a critical or grievous one is doubled and ignores PROT (never below 0).
  const base = (total: number) => Math.max(0, total + flat)
  const plain = mean(mapTotals(dist, (total) => Math.max(0, base(total) - target.prot)))
  const doubled = mean(mapTotals(dist, (total) => base(total) * 2))
  const hit = fraction(counts.hit + counts.critical + counts.grievous, 100)
  const critical = fraction(counts.critical + counts.grievous, 100)
  const grievous = fraction(counts.grievous, 100)
  const expectedDamage = addFractions(
    multiplyFractions(fraction(counts.hit, 100), plain),
    multiplyFractions(critical, doubled),
  )
  return {
    target: setup.target,
    criticalOn: setup.criticalOn,
    grievousOn: setup.grievousOn,
    hit,
    critical,
    grievous,
    expectedDamage,
    display: {
      hit: toFloat(hit),
      critical: toFloat(critical),
      grievous: toFloat(grievous),
      expectedDamage: toFloat(expectedDamage),
    },
  }
}

/** Exact odds of a declared attack: the same setup the roll will use, so preview and result agree. */
export function attackOdds(declaration: AttackDeclaration, options: HitOptions = {}): Outcome<AttackOdds> {
  const setup = setupAttack(declaration, options)
  if (!setup.ok) return setup
  return ok(oddsOfSetup(setup.value, declaration.target.sheet, options))
}

/**
 * The chance each of a round's attacks still happens (is not pushed to -6 or later), exactly. Ties push
 * a later attack down, so the attacks are counted together: states are the segments already taken.
 */
export function chanceAttacksHappen(initiativeModifier: number, attacks: number): Fraction[] {
  let states = new Map<string, { taken: number[]; ways: bigint }>([['', { taken: [], ways: 1n }]])
  let total = 1n
  const happen: Fraction[] = []
  for (let i = 0; i < attacks; i++) {
    const die = initiativeDie(i)
    const next = new Map<string, { taken: number[]; ways: bigint }>()
    let lostWays = 0n
    for (const { taken, ways } of states.values()) {
      for (let face = 1; face <= die; face++) {
        let segment = face + initiativeModifier
        while (taken.includes(segment)) segment--
        if (phaseOf(segment) === 'lost') lostWays += ways
        const after = [...taken, segment].sort((a, b) => b - a)
        const key = after.join(',')
        const entry = next.get(key)
        if (entry) entry.ways += ways
        else next.set(key, { taken: after, ways })
      }
    }
    total *= BigInt(die)
    happen.push(subtractFractions(ONE, fraction(lostWays, total)))
    states = next
  }
  return happen
}

/** The odds of a round of attacks: each attack's chance to happen, and the expected damage of them all. */
export interface RoundOdds {
  perAttack: AttackOdds
  /** The chance each attack of the round is not lost to initiative (-6 or later). */
  happen: Fraction[]
  /** Expected hit points lost over the round's attacks, each counted by its chance to happen. */
  expectedDamage: Fraction
}

/** Exact odds of the attacker's whole round against one target, before anyone rolls. */
export function roundOdds(declaration: AttackDeclaration, options: HitOptions = {}): Outcome<RoundOdds> {
  const perAttack = attackOdds(declaration, options)
  if (!perAttack.ok) return perAttack
  const round = declaration.attacker.round
  const modifier = round.initiativeModifiers.reduce((n, l) => n + l.value, 0)
  const happen = chanceAttacksHappen(modifier, round.attacks)
  let expectedDamage = fraction(0)
  for (const p of happen)
    expectedDamage = addFractions(expectedDamage, multiplyFractions(p, perAttack.value.expectedDamage))
  return ok({ perAttack: perAttack.value, happen, expectedDamage })
}
