/** Whether a combatant may attack this round, and how many can surround one: the text's limits on acting. */
import { fail, type Outcome, ok } from '../../system.ts'
import type { Size } from './sheet.ts'
import { MAX_SURROUNDING_MAN_SIZED } from './tables.ts'

/** What this round holds a combatant to; every field defaults to false or 0. */
export interface RoundState {
  /** Surprised: "the surprised party can not respond that round" (also the first round after an attack from behind). */
  surprised?: boolean
  /** "Melee combatants may parry - gives +2 to defense on that round but no attacks are possible." */
  parrying?: boolean
  /** Running: "NOT attack or take any further action that round". */
  running?: boolean
  /** Rounds of stun left after being thrown off in a grapple. */
  stunnedRounds?: number
  /** Pinned helplessly in a grapple. */
  pinned?: boolean
  /** Struggling in a grapple: on their feet but "unable to defend himself with his weapon". */
  struggling?: boolean
  /** Whether the attack uses a weapon (struggling combatants cannot). */
  withWeapon?: boolean
}

/** Refuses an attack the rules forbid this round, naming `who` (the GM reads a monster's on the tablet). */
export function canAttack(state: RoundState, who: string): Outcome<true> {
  if (state.surprised) return fail(`${who} is surprised and cannot act this round.`)
  if (state.parrying) return fail(`${who} is parrying this round: no attacks are possible.`)
  if (state.running) return fail(`${who} ran this round: no attack or other action.`)
  if ((state.stunnedRounds ?? 0) > 0)
    return fail(`${who} is stunned for ${state.stunnedRounds} more round(s).`)
  if (state.pinned) return fail(`${who} is pinned helplessly.`)
  if (state.struggling && state.withWeapon !== false)
    return fail(`${who} is struggling in a grapple and cannot use a weapon.`)
  return ok(true)
}

/**
 * How many can surround and attack one foe. The text prints only "Up to 6 combatants of around human size
 * can surround ... a human-sized character"; "Larger creatures can be surrounded by more opponents.
 * Smaller creatures ... by fewer": those numbers are the GM's (null).
 */
export function maxSurrounding(attackerSize: Size, defenderSize: Size): number | null {
  return attackerSize === 'man-sized' && defenderSize === 'man-sized' ? MAX_SURROUNDING_MAN_SIZED : null
}
