/**
 * What a screen reads of spelljammer's round (`ScreenRules.turn`), apart from the turn model
 * (`turn-model.ts`), so a phone's chunk does not hold the room's steps of the round.
 */

import { orderedRound, orderedView } from '../../engine/ordered-round.ts'
import type { OrderedHooks } from '../../engine/ordered-turns.ts'
import type { ScreenRules } from '../../rule-system.ts'
import { othersOnTarget } from './combat.ts'
import { segmentFact } from './combat-casting.ts'
import { declarationFacts, declarationOf, declarationRules, lastAttackFact } from './turn-declaration.ts'

/** What a screen reads of the round (`ScreenRules.turn`): `spelljammerTurns` adds the room's steps. */
export const spelljammerTurnView = {
  // The Action Declaration opens every round, before the dice (which follow it).
  intents: declarationRules,
  // The segment an attack falls on: casting begins there, and a caster is hit mid-casting or not.
  // What the attacker and the target declared for the round: its movement sets run-and-attack's SC and
  // no movement's -20 DEF (Initiative, Run and Attack); attack and move's last attack, which movement follows.
  // One caught by surprise takes no part in the ambush's round: no declaration of theirs, no defense, holds.
  facts: (turn, attacker, target) => {
    const at = turn.status === 'running' ? turn.order[turn.current]?.at : undefined
    return [
      ...(at === undefined ? [] : [segmentFact(at)]),
      ...declarationFacts(declarationOf(turn, attacker.id), declarationOf(turn, target.id)),
      ...(at === undefined ? [] : lastAttackFact(turn, attacker.id)),
    ]
  },
  // The ambush's round: an attack on one caught by it takes their tier. Everyone else who attacked the
  // target this round counts for Multiple Attackers.
  known: (turn, attacker, target) => [
    ...(turn.round === 1 ? (orderedRound(turn).against?.[target.id] ?? []) : []),
    ...(orderedRound(turn).intents?.[attacker.id]?.options?.includes('run-and-attack')
      ? ['run-and-attack']
      : []),
    ...othersOnTarget(attacker, target),
  ],
  view: orderedView,
} satisfies ScreenRules['turn'] & Pick<OrderedHooks, 'intents'>
