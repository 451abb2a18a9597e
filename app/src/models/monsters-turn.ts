/**
 * The GM's part of the turn under way, as the tablet reads it: whether the monsters acting now have nothing
 * left, so that it ends by itself. Apart from `turn.ts`, which every phone loads.
 */
import type { TurnState } from '@fray/protocol'
import { isActing } from '@fray/rules'
import type { Combatant } from './table.ts'

/**
 * Nothing is left of `id`'s turn under way for the rules (no attack left, or zones' main action taken):
 * it ends by itself, after the window where the rules let one move after acting.
 */
export function doneActing(turn: TurnState, id: string): boolean {
  return isActing(turn, id) && (turn.attacksLeft?.[id] === 0 || Boolean(turn.mainDone?.includes(id)))
}

/**
 * The GM's part of the turn under way is done (#54: "monsters' slots never end by themselves as players'
 * do"): everyone acting now is a monster with nothing left, and no attack waits for an answer.
 */
export function monstersDone(turn: TurnState, combatants: readonly Combatant[], open: number): boolean {
  const now = turn.acting ?? []
  const foe = (id: string) => combatants.find((c) => c.id === id)?.side === 'foe'
  return open === 0 && now.length > 0 && now.every((id) => foe(id) && doneActing(turn, id))
}
