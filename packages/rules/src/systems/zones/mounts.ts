/** Mounts and vehicles: turns taken together, riders stilled by a full-speed move (mounting: rolls.ts). */
import { fail, type Outcome, ok } from '../../system.ts'
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
