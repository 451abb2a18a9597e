/**
 * Weapon damage (5.9, 5.13): the damage bonus as it applies, a weapon's maximum, a halved bonus, what the
 * odds count with. Rolling it, and armor, are `exchange.ts`'s.
 */
import type { DamageBonus } from './sheet.ts'
import type { DamageSpec } from './tables.ts'

/** The damage bonus as it applies to this weapon: full, halved (thrown) or not at all (guns, crossbows). */
export function appliedDamageBonus(spec: DamageSpec, db: DamageBonus | null): DamageBonus | null {
  return spec.db === 'none' ? null : db
}

/** The highest the weapon itself can roll, dice and flat bonus, without the damage bonus (5.13). */
export function weaponMaximum(spec: DamageSpec): number {
  return spec.count * spec.sides + spec.bonus
}

/** "½ damage bonus" means roll and divide by 2, rounding up (5.9); a negative bonus halves its size. */
export function halfDamageBonus(rolled: number): number {
  return Math.ceil(rolled / 2)
}
