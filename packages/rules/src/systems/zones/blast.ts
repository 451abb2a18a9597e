/** Blast attacks: a whole zone hit, melee ones can't miss, ranged ones deviate to a neighbouring zone on a miss. */
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { assertFace, line, note, RULE } from './common.ts'
import { type DamageSpec, damageSpec } from './damage.ts'
import type { ToggleId } from './modifiers.ts'
import { DEFAULT_SETTINGS, type ZonesSettings } from './settings.ts'
import { armorValue, type Sheet, type Weapon } from './sheet.ts'

export interface BlastTarget {
  id: string
  sheet: Sheet
  cover?: boolean
}

export interface BlastDeclaration {
  attackerId: string
  attacker: Sheet
  weapon: Weapon
  /** Everyone in the struck zone and on its borders (the attacker too, if they stand there). */
  inZone: ReadonlyArray<BlastTarget>
  /** Zones from the attacker to the struck zone: 0 is the attacker's own zone. Melee blasts always hit 0. */
  distance: number
  toggles?: ReadonlyArray<ToggleId>
}

export interface BlastPlan {
  kind: 'melee' | 'ranged'
  /** Empty for melee blasts, which can't miss. */
  witSaveReasons: string[]
  targets: string[]
  /** One spec per target: armour and cover differ, size never changes blast damage. */
  damage: Record<string, DamageSpec>
  breakdown: BreakdownLine[]
}

/**
 * Plans a blast. Melee blasts hit the attacker's zone, leave the attacker out, and can't miss. Ranged
 * blasts hit any zone in range (not changed by size), include the attacker when aimed at their own
 * zone, and need a WIT save beyond half range or while moving like any ranged attack.
 */
export function planBlast(
  decl: BlastDeclaration,
  settings: ZonesSettings = DEFAULT_SETTINGS,
): Outcome<BlastPlan> {
  const { weapon } = decl
  if (!weapon.blast) return fail(`${weapon.name} is not a blast weapon.`)
  const kind = weapon.range > 0 ? 'ranged' : 'melee'
  const has = (t: ToggleId) => decl.toggles?.includes(t) ?? false
  const witSaveReasons: string[] = []
  const breakdown: BreakdownLine[] = []
  let inZone = decl.inZone
  if (kind === 'melee') {
    if (decl.distance !== 0) return fail("A melee blast hits the attacker's own zone.")
    inZone = inZone.filter((t) => t.id !== decl.attackerId)
    breakdown.push(note("Melee blast: can't miss, attacker spared", 0, RULE.blast))
  } else {
    if (decl.distance > weapon.range) return fail(`That zone is beyond the range of ${weapon.range}.`)
    if (has('target-not-visible')) return fail('A ranged attack at a zone you cannot see is impossible.')
    const beyondHalf = has('beyond-half-range') || decl.distance > weapon.range / 2
    const moving = has('attacker-moving')
    if (beyondHalf && moving) return fail("It's impossible to hit beyond half range while moving.")
    if (beyondHalf) witSaveReasons.push('the zone is beyond half range')
    if (moving) witSaveReasons.push('the attack is made while moving')
    for (const r of witSaveReasons)
      breakdown.push(line(`WIT save to hit: ${r}`, decl.attacker.wit, RULE.attacking))
  }
  const damage: Record<string, DamageSpec> = {}
  for (const t of inZone) {
    damage[t.id] = damageSpec({
      weapon,
      attackerSize: decl.attacker.size,
      targetSize: t.sheet.size,
      targetArmor: armorValue(t.sheet),
      targetGear: { shieldDamaged: t.sheet.shieldDamaged, armorDamaged: t.sheet.armorDamaged },
      impaired: [
        ...(has('held-back') ? ['held-back' as const] : []),
        ...(has('mounted') ? ['mounted' as const] : []),
      ],
      cover: t.cover ?? false,
      coverPenetrated: has('cover-penetrated'),
      impairedPolicy: settings.impaired,
    })
  }
  return ok({ kind, witSaveReasons, targets: inZone.map((t) => t.id), damage, breakdown })
}

/**
 * A ranged blast that misses deviates: number the neighbouring zones and roll a die with one face per
 * zone (the face is passed in).
 */
export function deviate(
  neighbours: ReadonlyArray<string>,
  face: number,
): { zone: string; breakdown: BreakdownLine[] } {
  assertFace(face, neighbours.length, 'deviation die')
  const zone = neighbours[face - 1] as string
  return { zone, breakdown: [line(`Deviation: d${neighbours.length}`, face, RULE.blast)] }
}
