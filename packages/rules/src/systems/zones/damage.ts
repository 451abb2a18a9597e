/** Damage: which dice to roll (weapon, unarmed, impaired, size), armour and cover; the faces: rolls.ts. */
import type { BreakdownLine } from '../../system.ts'
import { invariant, line, note, RULE } from './common.ts'
import type { ImpairedPolicy } from './settings.ts'
import { type DamageDice, formatDamage, MAX_ARMOR, type Weapon } from './sheet.ts'
import { diceForSize, type Size, sizeSteps } from './size.ts'

/** Why a blow does impaired damage; each comes from a different sentence of the text. */
export type ImpairedReason = 'unarmed' | 'held-back' | 'mounted'

/** Everything needed to turn rolled faces into damage suffered, worked out before anyone rolls. */
export interface DamageSpec {
  /** The dice to roll, after size doubling. */
  dice: DamageDice
  /** Halvings of the rolled total, rounding up: one per size step smaller, one for 'halved' impaired damage. */
  halvings: number
  /** The armour value that applies: worn armour, shield, cover, never above 3. */
  armor: number
  /** A damaged or improvised weapon breaks on a 1. */
  breaksOnOne: boolean
  /** The target's damaged shield / armour that an 8+ blow destroys (shield first). */
  targetGear: { shieldDamaged: boolean; armorDamaged: boolean }
  breakdown: BreakdownLine[]
}

export interface DamageSpecInput {
  /** null for an unarmed attack. */
  weapon: Weapon | null
  attackerSize: Size
  targetSize: Size
  /** The target's armour value (armorValue(sheet)). */
  targetArmor: number
  targetGear?: { shieldDamaged: boolean; armorDamaged: boolean }
  impaired?: ImpairedReason[]
  cover?: boolean
  coverPenetrated?: boolean
  /** Dice a larger attacker assigned to this target when splitting a melee attack (see splitMeleeDice). */
  assignedDice?: number
  impairedPolicy: ImpairedPolicy
}

/**
 * Works out the dice and reductions for one blow. Unarmed attacks do d4 impaired damage; held-back
 * blows and riders' attacks are impaired; larger attackers double their dice per size step and smaller
 * ones halve damage per step, except with blast weapons; cover adds 1 armour unless penetrated.
 */
export function damageSpec(input: DamageSpecInput): DamageSpec {
  const { weapon } = input
  const breakdown: BreakdownLine[] = []
  const reasons = new Set<ImpairedReason>(input.impaired ?? [])
  if (!weapon) reasons.add('unarmed')
  let dice: DamageDice = weapon ? weapon.damage : { count: 1, sides: 4 }
  let halvings = 0
  if (weapon)
    breakdown.push(
      line(`${weapon.name}: ${formatDamage(weapon.damage)}`, weapon.damage.count, RULE.attacking),
    )
  else breakdown.push(line('Unarmed: d4 impaired', 1, RULE.attacking))
  const impairedBy = [...reasons].filter((r) => r !== 'unarmed')
  if (impairedBy.length > 0) {
    const why = impairedBy
      .map((r) => (r === 'held-back' ? 'held back' : 'from a mount or vehicle'))
      .join(', ')
    const rule = impairedBy.includes('held-back') ? RULE.attacking : RULE.mounts
    if (input.impairedPolicy === 'd4') {
      dice = { count: 1, sides: 4 }
      breakdown.push(note(`Impaired (${why}): d4 whatever the weapon`, 1, rule))
    } else if (weapon) {
      halvings += 1
      breakdown.push(note(`Impaired (${why}): weapon damage halved`, 1, rule))
    }
  }
  const blast = weapon?.blast ?? false
  const steps = sizeSteps(input.attackerSize, input.targetSize)
  if (blast) {
    if (steps !== 0) breakdown.push(note('Blast: damage not modified by size', 0, RULE.size))
  } else if (input.assignedDice !== undefined) {
    invariant(steps > 0, 'only a larger attacker splits dice')
    dice = { count: input.assignedDice, sides: dice.sides }
    breakdown.push(line(`Dice assigned to this target by a larger attacker`, input.assignedDice, RULE.size))
  } else if (steps > 0) {
    dice = { count: diceForSize(dice.count, input.attackerSize, input.targetSize), sides: dice.sides }
    breakdown.push(
      line(`Larger by ${steps} size${steps > 1 ? 's' : ''}: dice doubled per size`, dice.count, RULE.size),
    )
  } else if (steps < 0) {
    halvings += -steps
    breakdown.push(
      line(`Smaller by ${-steps} size${steps < -1 ? 's' : ''}: damage halved per size`, -steps, RULE.size),
    )
  }
  let armor = input.targetArmor
  breakdown.push(line('Armour value', armor))
  if (input.cover) {
    if (input.coverPenetrated) breakdown.push(note('Cover penetrated', 0, RULE.cover))
    else {
      armor = Math.min(MAX_ARMOR, armor + 1)
      breakdown.push(line('Cover: +1 armour (never above 3)', armor, RULE.cover))
    }
  }
  return {
    dice,
    halvings,
    armor,
    breaksOnOne: weapon ? weapon.damaged || weapon.improvised : false,
    targetGear: input.targetGear ?? { shieldDamaged: false, armorDamaged: false },
    breakdown,
  }
}
