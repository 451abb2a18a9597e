/**
 * Moving in combat: split movement around an action, running and fatigue, a fighting withdrawal's pace.
 * Who gets a parting shot is asked at the table (resolve.ts `partingAsks`, 17.0.2).
 */

import { unreachable } from '../../assert.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { Condition } from './conditions.ts'
import type { Sheet } from './sheet.ts'

/**
 * Move (17.0.1.1): movement may be split before and after the action ("move 10 feet, take an action,
 * and then move 20 feet" with a movement of 30).
 */
export function splitMove(
  movement: number,
  before: number,
  after: number,
): Outcome<{ before: number; after: number }> {
  if (before < 0 || after < 0) return fail('Distances moved cannot be negative.')
  if (before + after > movement)
    return fail(`That is ${before + after} feet; your movement is ${movement} feet.`)
  return ok({ before, after })
}

/** How far a combatant may move this round for the movement they declare. */
export type MoveKind = 'move' | 'run' | 'charge' | 'withdraw'

/** Run-and-fatigue bookkeeping (Run Away, 17.0.1.7). */
export interface RunState {
  roundsRun: number
  fatigued: boolean
  /** Turns rested since becoming fatigued. */
  turnsRested: number
}

export const FRESH: RunState = { roundsRun: 0, fatigued: false, turnsRested: 0 }

/** A character may run 3 x Constitution rounds before fatigue. */
export const runLimit = (sheet: Pick<Sheet, 'constitution'>) => 3 * sheet.constitution

/**
 * The most feet a combatant may cover this round: double movement to run or charge, half walking
 * movement in a fighting withdrawal, and only the walking rate once fatigued. Nobody moves while surprised
 * or while spending the round reloading.
 */
export function moveAllowance(
  sheet: Pick<Sheet, 'movement'>,
  kind: MoveKind,
  run: RunState = FRESH,
  conditions: ReadonlyArray<Condition> = [],
): Outcome<number> {
  if (conditions.some((c) => c.kind === 'surprised'))
    return fail('Surprised characters are unable to act for one round.')
  if (conditions.some((c) => c.kind === 'reloading' && !c.fresh))
    return fail('Reloading takes the whole round: no other action, not even moving.')
  switch (kind) {
    case 'move':
      return ok(sheet.movement)
    case 'run':
    case 'charge':
      if (run.fatigued) return fail('Fatigued characters may only walk at the normal encounter rate.')
      return ok(sheet.movement * 2)
    case 'withdraw':
      return ok(Math.floor(sheet.movement / 2))
    default:
      return unreachable(kind)
  }
}

/**
 * One round of running: allowed until 3 x CON rounds have been run, after which the runner is fatigued.
 * A running character may not attack.
 */
export function runRound(sheet: Pick<Sheet, 'constitution'>, state: RunState): Outcome<RunState> {
  if (state.fatigued) return fail('Fatigued characters must rest for at least 3 turns before running again.')
  const roundsRun = state.roundsRun + 1
  return ok({ roundsRun, fatigued: roundsRun >= runLimit(sheet), turnsRested: 0 })
}

/** Resting: after at least 3 turns a fatigued character may run again. */
export function rest(state: RunState, turns: number): RunState {
  if (!state.fatigued) return { ...state, roundsRun: 0 }
  const turnsRested = state.turnsRested + turns
  return turnsRested >= 3 ? FRESH : { ...state, turnsRested }
}
