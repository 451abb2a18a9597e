/** The Attack and Defense Matrix of brp 5.8 as data: what each pair of levels does. */
import type { Level } from './rolls.ts'

/** What lands on the defender: a special hit, a normal hit, or nothing. */
export type HitKind = 'special' | 'normal' | 'none'

/** One row of the matrix. Parry and dodge columns print the same level in every row, so one serves both. */
export interface MatrixRow {
  readonly attack: Level
  /** The parry or dodge level; null in the Failure row, where no defense is needed. */
  readonly defense: Level | null
  /** The Result cell as printed. */
  readonly result: string
  readonly hit: HitKind
  /** "Defender's armor value subtracted from damage." */
  readonly armorSubtracted: boolean
  /** Points the parrying weapon or shield takes (parries only). */
  readonly parryingWeaponDamage: number
  /** Points the attacking weapon takes "if parried in melee combat". */
  readonly attackingWeaponDamage: number
}

/** The seven printed rows, in order. */
export const MATRIX: readonly MatrixRow[] = [
  row('special', 'special', 'none', 'Defender parries or dodges attack, no other result.'),
  row(
    'special',
    'success',
    'normal',
    'Attack partially parried or dodged and achieves a normal success. Defender’s armor value subtracted from damage. Parrying weapon or shield takes 2 points of damage.',
    2,
  ),
  row(
    'special',
    'failure',
    'special',
    'Attack achieves a special success. Attack does full damage plus normal damage bonus and appropriate special result. Defender’s armor value subtracted from damage.',
  ),
  row(
    'success',
    'special',
    'none',
    'Defender blocks or dodges damage; no other result. If parried in melee combat, attacker’s weapon takes 1 point of damage.',
    0,
    1,
  ),
  row('success', 'success', 'none', 'Defender blocks or dodges damage, no other result.'),
  row(
    'success',
    'failure',
    'normal',
    'Attack strikes defender and rolls damage normally. Defender’s armor value subtracted from damage.',
  ),
  row('failure', null, 'none', 'No damage; no effect.'),
]

/**
 * A row as printed: the levels, what lands, the Result cell (whose "Defender's armor value subtracted from
 * damage" says armor counts), and the points the parrying and the attacking weapon take.
 */
function row(
  attack: Level,
  defense: Level | null,
  hit: HitKind,
  result: string,
  parryingWeaponDamage = 0,
  attackingWeaponDamage = 0,
): MatrixRow {
  const armorSubtracted = result.includes('armor value subtracted from damage')
  return { attack, defense, result, hit, armorSubtracted, parryingWeaponDamage, attackingWeaponDamage }
}

/**
 * The row for an attack level against a defense level. No defense (unaware, no legal option, or the
 * defender chose none) counts as a failed one: the attack then lands at its own level.
 */
export function matrixRow(attack: Level, defense: Level | null): MatrixRow {
  const wanted = attack === 'failure' ? null : (defense ?? 'failure')
  const row = MATRIX.find((r) => r.attack === attack && r.defense === wanted)
  if (!row) throw new Error(`the matrix has no row for ${attack} against ${defense}`)
  return row
}
