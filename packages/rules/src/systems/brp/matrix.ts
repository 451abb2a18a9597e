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
  {
    attack: 'special',
    defense: 'special',
    result: 'Defender parries or dodges attack, no other result.',
    hit: 'none',
    armorSubtracted: false,
    parryingWeaponDamage: 0,
    attackingWeaponDamage: 0,
  },
  {
    attack: 'special',
    defense: 'success',
    result:
      'Attack partially parried or dodged and achieves a normal success. Defender’s armor value subtracted from damage. Parrying weapon or shield takes 2 points of damage.',
    hit: 'normal',
    armorSubtracted: true,
    parryingWeaponDamage: 2,
    attackingWeaponDamage: 0,
  },
  {
    attack: 'special',
    defense: 'failure',
    result:
      'Attack achieves a special success. Attack does full damage plus normal damage bonus and appropriate special result. Defender’s armor value subtracted from damage.',
    hit: 'special',
    armorSubtracted: true,
    parryingWeaponDamage: 0,
    attackingWeaponDamage: 0,
  },
  {
    attack: 'success',
    defense: 'special',
    result:
      'Defender blocks or dodges damage; no other result. If parried in melee combat, attacker’s weapon takes 1 point of damage.',
    hit: 'none',
    armorSubtracted: false,
    parryingWeaponDamage: 0,
    attackingWeaponDamage: 1,
  },
  {
    attack: 'success',
    defense: 'success',
    result: 'Defender blocks or dodges damage, no other result.',
    hit: 'none',
    armorSubtracted: false,
    parryingWeaponDamage: 0,
    attackingWeaponDamage: 0,
  },
  {
    attack: 'success',
    defense: 'failure',
    result:
      'Attack strikes defender and rolls damage normally. Defender’s armor value subtracted from damage.',
    hit: 'normal',
    armorSubtracted: true,
    parryingWeaponDamage: 0,
    attackingWeaponDamage: 0,
  },
  {
    attack: 'failure',
    defense: null,
    result: 'No damage; no effect.',
    hit: 'none',
    armorSubtracted: false,
    parryingWeaponDamage: 0,
    attackingWeaponDamage: 0,
  },
]

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
