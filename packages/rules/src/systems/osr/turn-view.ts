/**
 * What a screen reads of osr's round (`ScreenRules.turn`), apart from the turn model (`turn-model.ts`), so
 * a phone's chunk does not hold the room's steps of the round.
 */
import { orderedView } from '../../engine/ordered-round.ts'
import type { OrderedHooks } from '../../engine/ordered-turns.ts'
import type { TurnState } from '../../engine/turn.ts'
import { ACTS_LATER, AS_QUICK, SAME_NUMBER, YET_TO_ACT } from './round-facts.ts'

/**
 * What the round says of an attack on `targetId` (`TurnRules.facts`), for the room and for the odds a
 * phone shows. An attack on one whose number is still to come lands before they act (17.0.13): a spell
 * they cast then must survive a save; one on the same number is simultaneous, and disrupts nothing. One
 * who has not acted yet this round may still strike first: a long reach against one closing (17.0.1.6),
 * and, with equal or better initiative, a weapon set against a charge (17.0.1.9). One yet to act on the
 * attacker's own number acts simultaneously (17, 3): felled, they still make their action.
 */
export function roundFacts(turn: TurnState, attackerId: string, targetId: string): string[] {
  const at = turn.order.findIndex((s) => s.ids.includes(targetId))
  if (turn.status !== 'running' || at < 0) return []
  const facts: string[] = []
  const done = turn.acted.includes(targetId)
  if (at > turn.current && !done) facts.push(ACTS_LATER)
  const yet = at > turn.current || (at === turn.current && !done && !turn.attacks?.[targetId])
  if (!yet) return facts
  facts.push(YET_TO_ACT)
  // Both on the number under way: "Equal initiative numbers act simultaneously" (17, 3).
  if (at === turn.current && turn.order[at]?.ids.includes(attackerId)) facts.push(SAME_NUMBER)
  const mine = turn.initiative[targetId]?.total
  const theirs = turn.initiative[attackerId]?.total
  if (mine !== undefined && theirs !== undefined && mine >= theirs) facts.push(AS_QUICK)
  return facts
}

/** What a screen reads of the round (`ScreenRules.turn`): `osrTurns` adds the room's steps. */
export const osrTurnView: Pick<OrderedHooks, 'known' | 'facts' | 'view'> = {
  // A surprised target does not see the attack coming.
  known: (turn, _attacker, target) =>
    turn.round === 1 && (turn.surprised ?? []).includes(target.id) ? ['target-unaware'] : [],
  facts: (turn, attacker, target) => roundFacts(turn, attacker.id, target.id),
  view: orderedView,
}
