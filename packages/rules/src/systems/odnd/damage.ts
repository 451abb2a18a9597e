/**
 * Damage: a hit's dice added up, doubled, cut by the natural-20 penalty. Rolling them and the split into
 * real and temporary is rolls.ts's `rollDamage`, which a phone's screen does not load.
 */
import type { DamageSpec } from './attack.ts'

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
