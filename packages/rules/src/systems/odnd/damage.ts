/** Damage: a hit's dice added up, doubled, cut by the natural-20 penalty, and split into real and temporary. */
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { DamageSpec } from './attack.ts'
import { formatDamageDice } from './dice-notation.ts'

export interface DamageResult {
  /** All points dealt, real and temporary. */
  total: number
  /** Real damage (hit points lost). */
  actual: number
  /** Temporary damage: "regained at a rate of 1 point times XP Level/HD per Turn". */
  temporary: number
  breakdown: BreakdownLine[]
  /** The attacker's empty-hand/subdual damage rolls so far, this one included (pass it back next time). */
  subdualRolls: number
}

/**
 * The points of one damage roll, before any split. Kept apart so odds and resolution share it: at least
 * the room minimum, doubled (total or dice by room setting), then the natural-20 penalty, never below 0.
 */
export function damagePoints(spec: DamageSpec, diceSum: number): number {
  const flat = spec.lines.reduce((sum, l) => sum + l.value, 0) + (spec.dice.count === 0 ? spec.dice.bonus : 0)
  const doubled =
    spec.doubleDamage === 'dice'
      ? Math.max(spec.minimum, diceSum * spec.multiplier + flat)
      : Math.max(spec.minimum, diceSum + flat) * spec.multiplier
  return Math.max(0, doubled - spec.penalty)
}

/**
 * Rolls up a hit's damage from the faces shown. For subdual (empty hands, "attacks designed to subdue")
 * only every second damage roll carries real points, 1 (2 at STR 16-18); pulled punches are all temporary.
 */
export function rollDamage(
  spec: DamageSpec,
  faces: readonly number[],
  priorSubdualRolls = 0,
): Outcome<DamageResult> {
  if (faces.length !== spec.dice.count)
    return fail(
      `Damage ${formatDamageDice(spec.dice)} needs ${spec.dice.count} ${spec.dice.count === 1 ? 'die' : 'dice'}, not ${faces.length}.`,
    )
  if (!faces.every((f) => Number.isInteger(f) && f >= 1 && f <= spec.dice.sides))
    return fail(`Each damage die shows a whole number from 1 to ${spec.dice.sides}.`)
  const breakdown: BreakdownLine[] = faces.map((f) => ({ label: `d${spec.dice.sides}`, value: f }))
  breakdown.push(...spec.lines)
  const diceSum = faces.reduce((a, b) => a + b, 0)
  if (spec.multiplier === 2)
    breakdown.push({
      label: `double damage (${spec.doubleDamage})`,
      value: 2,
      rule: spec.multiplierRule ?? '',
    })
  if (spec.penalty > 0)
    breakdown.push({ label: 'natural 20 penalty', value: -spec.penalty, rule: 'Natural 20' })
  const total = damagePoints(spec, diceSum)
  let actual = total
  let subdualRolls = priorSubdualRolls
  switch (spec.kind) {
    case 'lethal':
      break
    case 'pulled':
      actual = 0
      break
    case 'subdual':
      subdualRolls += 1
      actual = subdualRolls % 2 === 0 ? Math.min(total, spec.actualPerTwoRolls) : 0
      breakdown.push({
        label: `real damage: ${spec.actualPerTwoRolls} point${spec.actualPerTwoRolls === 2 ? 's' : ''} per 2 rolls (roll ${subdualRolls})`,
        value: actual,
        rule: 'Empty Hand Attacks',
      })
      break
    default: {
      const never: never = spec.kind
      throw new Error(`unhandled damage kind ${never}`)
    }
  }
  return ok({ total, actual, temporary: total - actual, breakdown, subdualRolls })
}
