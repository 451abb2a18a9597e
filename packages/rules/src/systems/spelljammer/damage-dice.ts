/**
 * Weapon damage dice: the engine's dice notation, in the one shape the rule text gives weapon damage, a
 * plain sum of dice groups and a constant. The faces to type and their total (`damageDiceToRoll`,
 * `damageTotal`) are resolving's, in rolls.ts; the odds count the engine's own distribution of it.
 */
import { type DiceExpr, sumTerms } from '../../dice/expr.ts'
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
  for (const { sign, expr: e } of sumTerms(expr)) {
    if (e.kind === 'constant') constant += sign * e.value
    else if (e.kind !== 'dice') return fail('must be plain dice and a bonus, like 1d8+4.')
    else if (e.keep) return fail('cannot keep some dice: weapon damage is a plain sum.')
    else if (e.sides > MAX_DAMAGE_SIDES) return fail(`dice can have at most ${MAX_DAMAGE_SIDES} sides.`)
    else groups.push({ count: e.count, sides: e.sides, sign })
  }
  if (groups.reduce((n, g) => n + g.count, 0) > MAX_DAMAGE_DICE)
    return fail(`can roll at most ${MAX_DAMAGE_DICE} dice.`)
  return ok({ groups, constant })
}
