/** 17 steps 2 and 4, Declare and Resolve Actions: what a combatant may declare, and what each declaration gives them. */

import { unreachable } from '../../assert.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { attackBlockedBy, type Condition } from './conditions.ts'

export type ActionKind =
  | 'move'
  | 'run-away'
  | 'charge'
  | 'melee-attack'
  | 'ranged-attack'
  | 'cast-spell'
  | 'parry-dodge'
  | 'hold-action'
  | 'perform-feat'

/** The actions the text lists, each with what it does in words and its section. */
export const ACTIONS: ReadonlyArray<{ kind: ActionKind; label: string; effect: string; rule: string }> = [
  {
    kind: 'move',
    label: 'Move',
    effect: 'Move up to your movement and take an action; split the move around it',
    rule: 'Move (17.0.1.1)',
  },
  {
    kind: 'run-away',
    label: 'Run away',
    effect: 'Double movement; no attack; 3 x CON rounds before fatigue',
    rule: 'Run Away (17.0.1.7)',
  },
  {
    kind: 'charge',
    label: 'Charge',
    effect: 'Attack after a running move: +2 to hit, double damage, -2 AC',
    rule: 'Charge (17.0.1.8)',
  },
  {
    kind: 'melee-attack',
    label: 'Melee attack',
    effect: 'd20 + attack bonus + STR against AC',
    rule: 'Attack (17.0.1.2)',
  },
  {
    kind: 'ranged-attack',
    label: 'Ranged attack',
    effect: 'd20 + attack bonus + DEX against AC',
    rule: 'Attack (17.0.1.2)',
  },
  {
    kind: 'cast-spell',
    label: 'Cast a spell',
    effect: 'A standard action; move before or after',
    rule: 'Cast a Spell (17.0.1.3)',
  },
  {
    kind: 'parry-dodge',
    label: 'Parry or dodge',
    effect: '+2 AC instead of an attack',
    rule: 'Parry and Dodge (17.0.1.4)',
  },
  {
    kind: 'hold-action',
    label: 'Hold action',
    effect: 'Act later, on the number of the creature you wait for',
    rule: 'Hold Action (17.0.1.6)',
  },
  {
    kind: 'perform-feat',
    label: 'Perform a feat',
    effect: 'The text gives no rule: the GM adjudicates',
    rule: 'Perform a Feat (17.0.1.5)',
  },
]

/**
 * Declares an action for the round: refused while surprised (and attacks while the combatant cannot
 * attack); returns the round-long conditions it gives (+2 AC for a parry, "running" for running away).
 */
export function declareAction(
  kind: ActionKind,
  conditions: ReadonlyArray<Condition>,
): Outcome<{ gains: Condition[]; prompt: string | null }> {
  if (conditions.some((c) => c.kind === 'surprised'))
    return fail('Surprised characters are unable to act for one round.')
  switch (kind) {
    case 'melee-attack':
    case 'ranged-attack':
    case 'charge': {
      const blocked = attackBlockedBy(conditions)
      return blocked ? fail(blocked) : ok({ gains: [], prompt: null })
    }
    case 'run-away':
      return ok({ gains: [{ kind: 'running' }], prompt: null })
    case 'parry-dodge':
      return ok({ gains: [{ kind: 'defending' }], prompt: null })
    case 'perform-feat':
      return ok({
        gains: [],
        prompt: 'Perform a Feat: the text gives no rule for feats; the GM decides how it resolves.',
      })
    case 'move':
    case 'cast-spell':
    case 'hold-action':
      return ok({ gains: [], prompt: null })
    default:
      return unreachable(kind)
  }
}
