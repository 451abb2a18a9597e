/**
 * Grenade-like missiles' dice (17.0.9-17.0.11): scatter on a miss, oil (direct, burning, splash, ground
 * fire) and holy water, from their faces. Apart from grenade.ts, which a phone's screen reads: what only
 * resolving an attack (and the room's end of round) runs, which a phone loads only to ask for its own dice.
 */

import { checkDie } from '../../dice/named-dice.ts'
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { type Condition, checksFromConditions } from './conditions.ts'
import type { GroundFire, OilIgnition } from './grenade.ts'
import type { Sheet } from './sheet.ts'
import { rowFor, SCATTER } from './tables.ts'

const RULE = {
  scatter: 'Grenade-Like Missiles (17.0.9)',
  oil: 'Oil (17.0.10)',
  holy: 'Holy Water (17.0.11)',
} as const

/** Where a missed grenade-like missile lands: 1d10 on the diagram, each number a 10' square. */
export function scatter(d10: number | undefined) {
  const f = checkDie(d10, 10, 'scatter roll')
  if (!f.ok) return f
  const row = rowFor(SCATTER, f.value)
  return ok({
    roll: f.value,
    across: row.across,
    behind: row.behind,
    text: row.text,
    feet: { across: row.across * 10, behind: row.behind * 10 },
  })
}

/** Damage to one creature, with its dice and why. */
export interface HazardDamage {
  lines: BreakdownLine[]
  total: number
  /** Why nothing happened, when nothing did. */
  note: string | null
  gains: Condition[]
}

const none = (note: string): HazardDamage => ({ lines: [], total: 0, note, gains: [] })

/** One die's damage under its rule; `more` for a note or a condition it brings. */
const rolled = (label: string, value: number, rule: string, more?: Partial<HazardDamage>): HazardDamage => ({
  lines: [{ label, value, rule }],
  total: value,
  note: null,
  gains: [],
  ...more,
})

/** Burning oil's one die on a creature (`what` names it in a refusal), unless it resists fire. */
function burns(creature: Sheet, die: number | undefined, sides: number, what: string, label: string) {
  if (creature.fireResistant) return ok(none(`${creature.name} is resistant to fire.`))
  const f = checkDie(die, sides, what)
  return f.ok ? ok(rolled(label, f.value, RULE.oil)) : f
}

/**
 * A flask of oil that hits directly: 1d8 fire if it ignites, and the target burns next round (another
 * 1d8 unless they spend the round putting the flames out). Fire-resistant creatures take nothing.
 */
export function oilDirectHit(
  target: Sheet,
  ignition: OilIgnition,
  d8: number | undefined,
): Outcome<HazardDamage> {
  if (ignition === 'unlit') return ok(none('Unlit oil does no damage.'))
  if (target.fireResistant)
    return ok(none(`${target.name} is resistant to fire and takes no damage from burning oil.`))
  const f = checkDie(d8, 8, 'oil damage')
  if (!f.ok) return f
  return ok(rolled('1d8 fire', f.value, RULE.oil, { gains: [{ kind: 'burning', rounds: 1, fresh: true }] }))
}

/** The second round of burning oil: another 1d8 unless the flames were put out by some effective means. */
export function oilBurning(
  target: Sheet,
  extinguished: boolean,
  d8: number | undefined,
): Outcome<HazardDamage> {
  if (extinguished) return ok(none('The flames were put out.'))
  return burns(target, d8, 8, 'burning oil damage', '1d8 burning oil')
}

/**
 * Splash from oil lit by a fuse or wick, on a creature within 5 feet of the impact: 1d6, avoided by a
 * save vs Death Ray, except for the creature directly hit, which gets no save. A missed flask splashes
 * with the same save.
 */
export function oilSplash(
  creature: Sheet,
  opts: { ignition: OilIgnition; directlyHit: boolean; conditions?: ReadonlyArray<Condition> },
  faces: { d6?: number; save?: number },
): Outcome<HazardDamage> {
  if (opts.ignition !== 'fuse') return ok(none('Only oil lit with a fuse or wick splashes.'))
  if (creature.fireResistant) return ok(none(`${creature.name} is resistant to fire.`))
  if (!opts.directlyHit) {
    const save = checkDie(faces.save, 20, 'save vs Death Ray')
    if (!save.ok) return save
    const total = save.value + checksFromConditions(opts.conditions ?? []).reduce((t, l) => t + l.value, 0)
    if (total >= creature.saveDeathRay)
      return ok(none(`Saved vs Death Ray (${total} against ${creature.saveDeathRay}): no splash damage.`))
  }
  return burns(creature, faces.d6, 6, 'splash damage', '1d6 splash')
}

/** 1d6 to a creature standing in or moving through ground fire; no saving throw is allowed. */
export function groundFireDamage(
  creature: Sheet,
  fire: GroundFire,
  d6: number | undefined,
): Outcome<HazardDamage> {
  if (fire.roundsLeft <= 0) return fail('The oil on the ground has burnt out.')
  return burns(creature, d6, 6, 'ground fire damage', '1d6 ground fire')
}

/**
 * Holy water: 1d8 to an undead target hit directly, 1d6 splash to each undead within 5 feet of the
 * impact. The living are unharmed. It is only effective for one round once exposed.
 */
export function holyWater(
  creature: Sheet,
  how: 'direct' | 'splash',
  die: number | undefined,
): Outcome<HazardDamage> {
  if (!creature.undead) return ok(none('Holy water only harms undead creatures.'))
  const sides = how === 'direct' ? 8 : 6
  const f = checkDie(die, sides, how === 'direct' ? 'holy water damage' : 'holy water splash')
  if (!f.ok) return f
  const label = `1d${sides} holy water${how === 'splash' ? ' splash' : ''}`
  const note = 'Holy water takes effect immediately and is only effective for one round once exposed.'
  return ok(rolled(label, f.value, RULE.holy, { note }))
}
