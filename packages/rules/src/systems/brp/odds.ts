/** Exact odds of a declared attack against each defense: matrix outcomes and expected damage after armor. */
import { convolve, type Distribution, mapTotals, sumOfDice } from '../../dice/distribution.ts'
import { type Fraction, fraction, toFloat } from '../../dice/fraction.ts'
import { armorAgainst } from './armor.ts'
import type { DeclaredAttack } from './attack.ts'
import { appliedDamageBonus, halfDamageBonus, weaponMaximum } from './damage.ts'
import type { DeclaredDefense } from './defense.ts'
import { type MatrixRow, matrixRow } from './matrix.ts'
import { LEVELS, type Level, levelCounts } from './rolls.ts'
import type { BrpSettings } from './settings.ts'
import type { DamageBonus, Sheet } from './sheet.ts'
import type { CombatantState } from './state.ts'
import type { DamageSpec } from './tables.ts'

/**
 * The distribution of damage before armor, by enumerating the faces: the weapon's dice and bonus
 * (plus its maximum for a special success, 5.13), plus the damage bonus (halved up for thrown weapons),
 * never below 0. The same arithmetic as rollDamage, which the sampling test checks.
 */
export function damageWeights(
  spec: DamageSpec,
  db: DamageBonus | null,
  kind: 'normal' | 'special',
): Distribution {
  let total = mapTotals(
    sumOfDice(spec.count, spec.sides),
    (v) => v + spec.bonus + (kind === 'special' ? weaponMaximum(spec) : 0),
  )
  const bonus = appliedDamageBonus(spec, db)
  if (bonus) {
    const rolled = sumOfDice(bonus.count, bonus.sides)
    total = convolve(
      total,
      mapTotals(rolled, (v) => bonus.sign * (spec.db === 'half' ? halfDamageBonus(v) : v)),
    )
  }
  return mapTotals(total, (v) => Math.max(0, v))
}

/** P of each level of one d100 roll. */
export type LevelOdds = Record<Level, Fraction>

/** The exact odds of each level for a chance, as fractions of the 100 faces. */
export function levelOdds(chance: number, settings: BrpSettings): LevelOdds {
  const counts = levelCounts(chance, settings)
  return {
    special: fraction(counts.special, 100),
    success: fraction(counts.success, 100),
    failure: fraction(counts.failure, 100),
  }
}

/** What a player sees before rolling: the chance of each matrix row, of a hit, and the damage to expect. */
export interface ExchangeOdds {
  readonly attack: LevelOdds
  /** The defense roll's levels; null when the defender does not roll. */
  readonly defense: LevelOdds | null
  /** Every matrix row that can happen, with its probability. */
  readonly rows: ReadonlyArray<{ readonly row: MatrixRow; readonly probability: Fraction }>
  /** P(the attack lands at all). */
  readonly hit: Fraction
  /** P(it lands as a special success). */
  readonly specialHit: Fraction
  readonly armor: number
  /** Expected hit points lost, after armor: exact, and as a float for the UI. */
  readonly expectedDamage: Fraction
  readonly expectedDamageFloat: number
}

/**
 * Exact odds of one attack against one declared defense (or none): each matrix row, the chance to land
 * and to land special, and expected damage after armor. 100 x 100 faces and a few small convolutions:
 * cheap enough for a live preview.
 */
export function exchangeOdds(
  attack: DeclaredAttack,
  defense: DeclaredDefense | null,
  defender: Sheet,
  defenderState: CombatantState,
  settings: BrpSettings,
  /** The attack roll's level where it is known (the defender chooses after it, 5.6): the odds given it. */
  rolled?: Level,
): ExchangeOdds {
  const atk = rolled
    ? { special: 0, success: 0, failure: 0, [rolled]: 100 }
    : levelCounts(attack.chance.value, settings)
  const def = defense?.chance ? levelCounts(defense.chance.value, settings) : null
  const armor = armorAgainst(
    defender,
    defenderState,
    attack.weapon,
    settings,
    defense?.behindImmobileShield ?? false,
  ).points
  const expectedAfterArmor = (kind: 'normal' | 'special'): { num: bigint; den: bigint } => {
    const w = damageWeights(attack.weapon.damage, attack.damageBonus, kind)
    let sum = 0n
    w.weights.forEach((weight, i) => {
      sum += weight * BigInt(Math.max(0, w.min + i - armor))
    })
    return { num: sum, den: w.total }
  }
  const normal = expectedAfterArmor('normal')
  const special = expectedAfterArmor('special')
  // Every probability below is over 100 x 100 equally likely pairs of d100 faces.
  const rowWays = new Map<MatrixRow, number>()
  for (const a of LEVELS) {
    if (def === null || a === 'failure') {
      const row = matrixRow(a, null)
      rowWays.set(row, (rowWays.get(row) ?? 0) + atk[a] * 100)
      continue
    }
    for (const d of LEVELS) {
      const row = matrixRow(a, d)
      rowWays.set(row, (rowWays.get(row) ?? 0) + atk[a] * def[d])
    }
  }
  let hitWays = 0
  let specialWays = 0
  let expNum = 0n
  const den = 10_000n * normal.den * special.den
  const rows = [...rowWays]
    .filter(([, ways]) => ways > 0)
    .map(([row, ways]) => ({ row, probability: fraction(ways, 10_000) }))
  for (const [row, ways] of rowWays) {
    if (row.hit === 'none') continue
    hitWays += ways
    if (row.hit === 'special') specialWays += ways
    const e = row.hit === 'special' ? special.num * normal.den : normal.num * special.den
    expNum += BigInt(ways) * e
  }
  const expectedDamage = fraction(expNum, den)
  return {
    attack: {
      special: fraction(atk.special, 100),
      success: fraction(atk.success, 100),
      failure: fraction(atk.failure, 100),
    },
    defense: defense?.chance ? levelOdds(defense.chance.value, settings) : null,
    rows,
    hit: fraction(hitWays, 10_000),
    specialHit: fraction(specialWays, 10_000),
    armor,
    expectedDamage,
    expectedDamageFloat: toFloat(expectedDamage),
  }
}
