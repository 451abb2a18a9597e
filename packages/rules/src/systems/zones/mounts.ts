/** Mounts and vehicles: turns taken together, riders stilled by a full-speed move, mounting and falling. */
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { line, RULE } from './common.ts'
import { resolveSave, type SaveResult } from './save.ts'
import type { TurnState } from './turn.ts'

/**
 * Whether a rider or passenger may act or react: not when the mount or vehicle moves at full speed
 * this turn. Their attacks are impaired (the 'mounted' toggle).
 */
export function riderMayAct(mountMovedFullSpeed: boolean): Outcome<true> {
  if (mountMovedFullSpeed)
    return fail("The mount moves at full speed: riders and passengers can't act or react.")
  return ok(true)
}

/**
 * Whether a mount or vehicle has moved at full speed this turn: past half its speed (sprinting counted),
 * which leaves it no action ("Taking a turn") and stills its riders (`riderMayAct`).
 */
export function movedFullSpeed(turn: Pick<TurnState, 'speed' | 'sprinting' | 'moved'>): boolean {
  return turn.moved > (turn.speed * (turn.sprinting ? 2 : 1)) / 2
}

/** Mounting, dismounting, getting on or off a vehicle costs half a zone of movement. */
export const MOUNTING_ZONES = 0.5

export interface MountingResult {
  /** Movement the step costs, for the turn budget. */
  zones: number
  save: SaveResult | null
  fell: boolean
  /** A fall does d4 direct damage (roll it separately with directDamage). */
  fallDamage: { count: number; sides: number } | null
  breakdown: BreakdownLine[]
}

/**
 * Getting on or off. If the mount or vehicle is moving an AGI save is needed to avoid falling for d4
 * direct damage.
 */
export function mountOrDismount(input: {
  moving: boolean
  agi: number
  face?: number
}): Outcome<MountingResult> {
  const breakdown = [line('Mounting or dismounting: half a zone', MOUNTING_ZONES, RULE.mounts)]
  if (!input.moving)
    return ok({ zones: MOUNTING_ZONES, save: null, fell: false, fallDamage: null, breakdown })
  if (input.face === undefined) return fail('It is moving: roll a d20 for the AGI save to avoid falling.')
  const save = resolveSave('agi', input.agi, input.face, RULE.mounts, 'avoid falling')
  return ok({
    zones: MOUNTING_ZONES,
    save,
    fell: !save.passed,
    fallDamage: save.passed ? null : { count: 1, sides: 4 },
    breakdown: [...breakdown, ...save.breakdown],
  })
}
