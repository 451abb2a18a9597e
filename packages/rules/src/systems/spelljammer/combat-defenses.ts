/**
 * The defenses of spelljammer's table (Defending, Full Defense, Desperate Defense): "This decision must be
 * made at the beginning of the round", so each is a choice of the round's Action Declaration
 * (`turn-declaration.ts`) and an attack asks the target nothing (`defensesOf`); the stance it meets is the
 * one declared (`chosenStance`). Only the room and resolving an attack (`resolve.ts`) read them.
 */

import type { AttackPlan, DefenseOption } from '../../engine/types.ts'
import { fail, type Outcome, ok } from '../../outcome.ts'
import { stateOf } from './combat.ts'
import * as spelljammer from './rules.ts'

/** Nothing to choose when attacked: the defense was declared (or not) at the beginning of the round. */
export function defensesOf(_plan: AttackPlan): Outcome<DefenseOption[]> {
  return ok([])
}

/** The stance the target answers with: the one declared for the round; another named now is refused. */
export function chosenStance(plan: AttackPlan, defense: string | null): Outcome<spelljammer.Stance> {
  const stance = stateOf(plan.target).stance ?? spelljammer.ATTACKING
  const said = stance.kind === 'attack' ? 'none' : stance.kind
  if (defense !== null && defense !== said)
    return fail(
      `${plan.target.name} declared this round's defense at its beginning; a defense is declared at the beginning of the round.`,
    )
  return ok(stance)
}
