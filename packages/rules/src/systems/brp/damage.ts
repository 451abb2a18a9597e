/** Weapon damage (5.9, 5.12, 5.13): the dice to roll, the damage bonus, special-success damage, armor. */
import type { BreakdownLine, Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import { checkFace } from './rolls.ts'
import type { DamageBonus } from './sheet.ts'
import { type DamageSpec, formatDamage } from './tables.ts'

/** One die to roll for damage, with what it is for: the app asks for these faces in this order. */
export interface DieSlot {
  readonly sides: number
  readonly label: string
}

/** The damage bonus as it applies to this weapon: full, halved (thrown) or not at all (guns, crossbows). */
export function appliedDamageBonus(spec: DamageSpec, db: DamageBonus | null): DamageBonus | null {
  return spec.db === 'none' ? null : db
}

/**
 * The dice to roll for a hit, weapon dice first, then the damage bonus dice. A special success rolls
 * the same dice: its maximum is a fixed number (5.13).
 */
export function damageDice(spec: DamageSpec, db: DamageBonus | null): DieSlot[] {
  const weapon = Array.from({ length: spec.count }, () => ({
    sides: spec.sides,
    label: `Weapon d${spec.sides}`,
  }))
  const bonus = appliedDamageBonus(spec, db)
  const dbDice = bonus
    ? Array.from({ length: bonus.count }, () => ({
        sides: bonus.sides,
        label: `Damage bonus d${bonus.sides}`,
      }))
    : []
  return [...weapon, ...dbDice]
}

/** The highest the weapon itself can roll, dice and flat bonus, without the damage bonus (5.13). */
export function weaponMaximum(spec: DamageSpec): number {
  return spec.count * spec.sides + spec.bonus
}

/** "½ damage bonus" means roll and divide by 2, rounding up (5.9); a negative bonus halves its size. */
export function halfDamageBonus(rolled: number): number {
  return Math.ceil(rolled / 2)
}

export interface DamageRoll {
  /** Damage before armor, never below 0. */
  readonly total: number
  readonly lines: readonly BreakdownLine[]
}

/**
 * Damage from the faces rolled (in the order of `damageDice`). Normal: weapon roll + damage bonus.
 * Special (5.13): the weapon's maximum + a normal weapon roll + the damage bonus, rolled, not maximised.
 */
export function rollDamage(
  spec: DamageSpec,
  db: DamageBonus | null,
  faces: readonly number[],
  kind: 'normal' | 'special',
): Outcome<DamageRoll> {
  const slots = damageDice(spec, db)
  if (faces.length !== slots.length)
    return fail(
      `Damage needs ${slots.length} dice (${slots.map((s) => `d${s.sides}`).join(', ')}); got ${faces.length}.`,
    )
  for (const [i, slot] of slots.entries()) {
    const checked = checkFace(`${slot.label} (die ${i + 1})`, faces[i] ?? 0, slot.sides)
    if (!checked.ok) return checked
  }
  const lines: BreakdownLine[] = []
  let total = 0
  if (kind === 'special') {
    const max = weaponMaximum(spec)
    lines.push({
      label: `Special success: ${formatDamage({ ...spec, db: 'none' })} maximum`,
      value: max,
      rule: '5.13 Special Successes',
    })
    total += max
  }
  const weaponFaces = faces.slice(0, spec.count)
  for (const face of weaponFaces)
    lines.push({ label: `d${spec.sides}`, value: face, rule: '5.9 Weapons and Damage' })
  total += weaponFaces.reduce((s, f) => s + f, 0)
  if (spec.bonus) {
    lines.push({ label: 'Weapon bonus', value: spec.bonus, rule: '5.9 Weapons and Damage' })
    total += spec.bonus
  }
  const bonus = appliedDamageBonus(spec, db)
  if (bonus) {
    const rolled = faces.slice(spec.count).reduce((s, f) => s + f, 0)
    const die = `${bonus.count}D${bonus.sides}`
    const value = bonus.sign * (spec.db === 'half' ? halfDamageBonus(rolled) : rolled)
    lines.push({
      label:
        spec.db === 'half' ? `½ damage bonus (${die} rolled ${rolled}, halved up)` : `Damage bonus (${die})`,
      value,
      rule: '5.9 Weapons and Damage',
    })
    total += value
  }
  if (total < 0) lines.push({ label: 'Damage cannot be negative', value: -total })
  return ok({ total: Math.max(0, total), lines })
}

/** Damage that gets past armor (5.10): what is above the armor points, never below 0. */
export function damageAfterArmor(damage: number, armorPoints: number): number {
  return Math.max(0, damage - armorPoints)
}
