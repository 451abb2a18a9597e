/**
 * Weapon damage dice as a plain sum of dice groups and a constant: reading them, their exact odds. The faces
 * to type and their total (`damageDiceToRoll`, `damageTotal`) are resolving's, in rolls.ts.
 */
import { unreachable } from '../../assert.ts'
import type { DiceExpr } from '../../dice/expr.ts'
import { fail, type Outcome, ok } from '../../system.ts'

/** "2d6+1d4+3": the only shape weapon damage takes in the rule text, so its odds stay small and exact. */
export interface DamageDice {
  readonly groups: ReadonlyArray<{ readonly count: number; readonly sides: number; readonly sign: 1 | -1 }>
  readonly constant: number
}

/** Most dice and most sides in weapon damage: more is a typo, and the odds preview stays instant. */
export const MAX_DAMAGE_DICE = 20
export const MAX_DAMAGE_SIDES = 100

/** Reads a parsed dice expression as plain damage dice; anything fancier (keep, halve) is refused. */
export function damageDice(expr: DiceExpr): Outcome<DamageDice> {
  const groups: Array<{ count: number; sides: number; sign: 1 | -1 }> = []
  let constant = 0
  const walk = (e: DiceExpr, sign: 1 | -1): string | null => {
    switch (e.kind) {
      case 'constant':
        constant += sign * e.value
        return null
      case 'dice':
        if (e.keep) return 'cannot keep some dice: weapon damage is a plain sum.'
        if (e.sides > MAX_DAMAGE_SIDES) return `dice can have at most ${MAX_DAMAGE_SIDES} sides.`
        groups.push({ count: e.count, sides: e.sides, sign })
        return null
      case 'sum':
        for (const t of e.terms) {
          const error = walk(t.expr, t.sign === 1 ? sign : sign === 1 ? -1 : 1)
          if (error) return error
        }
        return null
      case 'multiply':
      case 'halve':
      case 'max-plus-roll':
      case 'double-dice':
        return 'must be plain dice and a bonus, like 1d8+4.'
      default:
        return unreachable(e)
    }
  }
  const error = walk(expr, 1)
  if (error) return fail(error)
  if (groups.reduce((n, g) => n + g.count, 0) > MAX_DAMAGE_DICE)
    return fail(`can roll at most ${MAX_DAMAGE_DICE} dice.`)
  return ok({ groups, constant })
}

/** Exact distribution of the total: `weights[i]` of `total` equally likely outcomes give `min + i`. */
export interface SmallDistribution {
  readonly min: number
  readonly weights: readonly bigint[]
  readonly total: bigint
}

/** Convolves the dice one at a time: at most 20 dice, so a few thousand steps at worst. */
export function damageDistribution(dice: DamageDice): SmallDistribution {
  let min = dice.constant
  let weights: bigint[] = [1n]
  let total = 1n
  for (const g of dice.groups) {
    for (let i = 0; i < g.count; i++) {
      const next: bigint[] = new Array(weights.length + g.sides - 1).fill(0n)
      weights.forEach((w, j) => {
        for (let f = 0; f < g.sides; f++) next[j + f] = (next[j + f] as bigint) + w
      })
      // A die is uniform, so a subtracted one (-sides..-1) has the same weights: only the minimum moves.
      min += g.sign === 1 ? 1 : -g.sides
      weights = next
      total *= BigInt(g.sides)
    }
  }
  return { min, weights, total }
}
