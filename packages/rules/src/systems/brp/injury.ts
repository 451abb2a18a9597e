/**
 * Injury (5.12): unconscious at 2 or less, dead at 0 or less at round's end, woken, a wound's hit points left.
 * A hit's wound and the 1D6 hours are `exchange.ts`'s.
 */
import type { Outcome } from '../../system.ts'
import { fail, ok } from '../../system.ts'
import type { CombatantState, Injury } from './state.ts'

/** "If a character is reduced to 2 hit points, they fall unconscious" (5.12), read as 2 or less. */
export const UNCONSCIOUS_AT = 2

/**
 * The end of a combat round (5.12): anyone still at 0 hit points or less dies. Call it after First
 * Aid given during the round has been applied.
 */
export function endOfRound(state: CombatantState): { state: CombatantState; died: boolean } {
  if (state.dead || state.hitPoints > 0) return { state, died: false }
  return { state: { ...state, dead: true, unconscious: true }, died: true }
}

/**
 * "Until awakened by another character" (5.12). The text puts no condition on it; Fray refuses only
 * the dead and those at 0 or less, who would not survive the round awake either.
 */
export function awaken(state: CombatantState): Outcome<CombatantState> {
  if (state.dead) return fail('The dead cannot be awakened.')
  if (!state.unconscious) return fail('They are already awake.')
  if (state.hitPoints <= 0) return fail('At 0 hit points or less they cannot be awakened: First Aid first.')
  return ok({ ...state, unconscious: false })
}

/** Hit points of a wound still unhealed. */
export function remainingOf(injury: Injury): number {
  return injury.damage - injury.healed
}
