/**
 * Mass combat: units of men fought as one, with pooled hit points and survivors counted from what is left.
 * A unit's hit, rolled as an attack is resolved, is rolls.ts's `unitHit`.
 */
import { isFace } from '../../dice/faces.ts'
import { fail, type Outcome, ok } from '../../system.ts'

/** A unit "fought as one man": its pooled hit points from one d6 per man. */
export interface Unit {
  name: string
  men: number
  originalHp: number
  hp: number
}

/** "the referee rolls ten 6-sided dice and totals the score": one d6 per man. */
export function formUnit(name: string, faces: readonly number[]): Outcome<Unit> {
  if (faces.length < 1) return fail('A unit needs at least one man.')
  if (!faces.every((f) => isFace(f, 6))) return fail('A hit die shows 1 to 6.')
  const hp = faces.reduce((a, b) => a + b, 0)
  return ok({ name, men: faces.length, originalHp: hp, hp })
}

/**
 * Men left alive: one per tenth (per man's share) of the original total still standing, fractions rounded
 * up. From 40 original hit points, 4 left is one man, 8 is two; 0 is "slain to a man".
 */
export function survivors(unit: Pick<Unit, 'men' | 'originalHp' | 'hp'>): number {
  if (unit.hp <= 0) return 0
  if (unit.originalHp <= 0) throw new RangeError('a unit starts with hit points')
  return Math.min(unit.men, Math.ceil((unit.hp * unit.men) / unit.originalHp))
}
