/** Declaring an attack: reach and range, the WIT save to hit, who may react, the damage dice (rolls.ts). */
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { line, note, RULE } from './common.ts'
import { type DamageSpec, damageSpec, type ImpairedReason } from './damage.ts'
import type { ToggleId } from './modifiers.ts'
import { DEFAULT_SETTINGS, type ZonesSettings } from './settings.ts'
import { armorValue, type Sheet, type Weapon } from './sheet.ts'
import { rangeForSize, sizeSteps } from './size.ts'

export interface AttackDeclaration {
  attacker: Sheet
  target: Sheet
  /** null for an unarmed attack. */
  weapon: Weapon | null
  toggles?: ReadonlyArray<ToggleId>
  /** The target is nearby (melee reach). */
  nearby: boolean
  /** Zones between attacker and target, when known: 0 is the same zone. */
  distance?: number
  /** The target is incapacitated (for a death blow). */
  targetIncapacitated?: boolean
  /** A larger attacker splitting a melee attack's dice: this target's share (checked with checkDiceSplit). */
  assignedDice?: number
}

export interface AttackPlan {
  kind: 'melee' | 'ranged'
  /** Why a WIT save to hit is needed; empty when the attack hits automatically. */
  witSaveReasons: string[]
  /** Null when the target may react; otherwise why not. */
  noReaction: string | null
  /** A death blow kills outright: no roll. */
  deathBlow: boolean
  /** The range that applies against this target, for ranged attacks. */
  range: number | null
  damage: DamageSpec
  breakdown: BreakdownLine[]
}

const has = (d: AttackDeclaration, t: ToggleId) => d.toggles?.includes(t) ?? false

/**
 * Checks an attack is possible and works out what it needs before anyone rolls. Attacks hit
 * automatically, except: melee at a target that isn't visible, ranged beyond half range or while
 * moving (then a WIT save). A ranged attack at an invisible target, or beyond half range while moving,
 * is impossible and refused with the reason.
 */
export function planAttack(
  decl: AttackDeclaration,
  settings: ZonesSettings = DEFAULT_SETTINGS,
): Outcome<AttackPlan> {
  const { attacker, target, weapon } = decl
  const kind = weapon && weapon.range > 0 ? 'ranged' : 'melee'
  const breakdown: BreakdownLine[] = []
  const witSaveReasons: string[] = []
  const tName = target.name || 'the target'
  if (weapon?.blast) return fail('Blast weapons hit a zone: declare a blast attack instead.')
  if (has(decl, 'barrier')) return fail(`A barrier completely blocks attacks at ${tName}.`)
  let range: number | null = null
  if (kind === 'melee') {
    const massiveReach = attacker.size === 'massive' && decl.distance !== undefined && decl.distance <= 1
    if (!decl.nearby && !massiveReach) {
      return fail(`${tName} is not nearby: melee attacks only reach nearby enemies.`)
    }
    if (massiveReach && !decl.nearby) breakdown.push(note('Massive: melee reaches range 1', 1, RULE.size))
    if (has(decl, 'target-not-visible')) witSaveReasons.push('the target is not visible')
  } else {
    const weaponRange = (weapon as Weapon).range
    range = rangeForSize(weaponRange, attacker.size, target.size)
    if (range !== weaponRange) breakdown.push(line('Range changed by size difference', range, RULE.size))
    if (has(decl, 'target-not-visible'))
      return fail(`${tName} is not visible: a ranged attack is impossible.`)
    if (decl.distance !== undefined && decl.distance > range) {
      return fail(`${tName} is ${decl.distance} zones away, beyond the range of ${range}.`)
    }
    const beyondHalf =
      has(decl, 'beyond-half-range') || (decl.distance !== undefined && decl.distance > range / 2)
    const moving = has(decl, 'attacker-moving')
    if (beyondHalf && moving) return fail(`It's impossible to hit ${tName} beyond half range while moving.`)
    if (beyondHalf) witSaveReasons.push('the target is beyond half range')
    if (moving) witSaveReasons.push('the attack is made while moving')
  }
  if (decl.assignedDice !== undefined && (kind !== 'melee' || sizeSteps(attacker.size, target.size) <= 0)) {
    return fail('Only a larger attacker can spread the dice of a melee attack among smaller targets.')
  }
  const deathBlow = has(decl, 'death-blow')
  if (deathBlow && !(decl.nearby && decl.targetIncapacitated)) {
    return fail(`A death blow needs ${tName} to be nearby and incapacitated.`)
  }
  let noReaction: string | null = null
  if (has(decl, 'concealed-attacker')) noReaction = `${tName} is taken by surprise by a concealed attacker`
  else if (has(decl, 'target-unaware')) noReaction = `${tName} is unaware of the attacker`
  else if (has(decl, 'target-grabbed')) noReaction = `${tName} is grabbed and can't act`
  else if (decl.targetIncapacitated) noReaction = `${tName} is incapacitated`
  const impaired: ImpairedReason[] = []
  if (has(decl, 'held-back')) impaired.push('held-back')
  if (has(decl, 'mounted')) impaired.push('mounted')
  const damage = damageSpec({
    weapon,
    attackerSize: attacker.size,
    targetSize: target.size,
    targetArmor: armorValue(target),
    targetGear: { shieldDamaged: target.shieldDamaged, armorDamaged: target.armorDamaged },
    impaired,
    cover: has(decl, 'cover'),
    coverPenetrated: has(decl, 'cover-penetrated'),
    impairedPolicy: settings.impaired,
    ...(decl.assignedDice === undefined ? {} : { assignedDice: decl.assignedDice }),
  })
  for (const reason of witSaveReasons)
    breakdown.push(line(`WIT save to hit: ${reason}`, attacker.wit, RULE.attacking))
  return ok({ kind, witSaveReasons, noReaction, deathBlow, range, damage, breakdown })
}
