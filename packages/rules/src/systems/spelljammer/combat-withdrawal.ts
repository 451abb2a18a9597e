/**
 * Withdrawing From Melee at the table: the one leaving names the opponent they leave, says in one tap
 * what the text's exceptions need (only maneuvering, the opponent on their ally alone, flying off), and
 * the rules say whether the opponent gets a free attack: rolled at once on the opponent's own dice, none,
 * or the GM's call with the text's words.
 */

import type { AttackChoice, Declared, Fighter } from '../../engine/types.ts'
import type { ModifierToggle } from '../../system.ts'
import * as spelljammer from './screen-rules.ts'

const RULE = spelljammer.RULE

export const WITHDRAW = 'withdraw'

export const WITHDRAW_CHOICE: AttackChoice = {
  id: WITHDRAW,
  label: 'Withdraw from melee',
  verb: 'Withdraw from melee',
}

/** The facts of the text's exceptions, one tap each. */
export const WITHDRAW_TOGGLES: readonly ModifierToggle[] = [
  {
    id: 'withdraw-maneuvering',
    label: 'Only maneuvering to another nearby foe',
    effect: 'not withdrawing: no free attack',
    rule: RULE.withdrawing,
  },
  {
    id: 'withdraw-ally-engaged',
    label: 'Two on one: they attack only my ally',
    effect: 'you may withdraw without a free attack: the GM decides',
    rule: RULE.withdrawing,
  },
  {
    id: 'withdraw-flying',
    label: 'Agile flyer, gaining altitude',
    effect: 'a free attack may not be allowed: the GM decides',
    rule: RULE.withdrawing,
  },
]

/** Whether the opponent gets a free attack on the one withdrawing, and why, from the declared facts. */
export function withdrawalVerdict(opponent: Fighter, declared: Declared, segment: number | null) {
  const has = (id: string) => declared.toggles.includes(id)
  const stance = (opponent.state as { stance?: spelljammer.Stance }).stance ?? spelljammer.ATTACKING
  return spelljammer.freeAttackOnWithdrawal({
    opponentStance: stance,
    maneuveringOnly: has('withdraw-maneuvering'),
    opponentOnAllyOnly: has('withdraw-ally-engaged'),
    agileFlyerClimbing: has('withdraw-flying'),
    beforeMovement: segment !== null && spelljammer.phaseOf(segment) === 'pre-movement',
  })
}

/** The opponent's free attack: with the weapon in hand, in melee, as the text's free attack. */
export function freeAttackWith(opponent: Fighter, sheet: spelljammer.Sheet, declared: Declared): Declared {
  const index = Math.min((opponent.state as { weapon?: number }).weapon ?? 0, sheet.weapons.length - 1)
  const weapon = sheet.weapons[index]
  const choice = weapon?.kind === 'melee' ? `weapon-${index}` : `weapon-${index}-melee`
  return { choice, toggles: ['free-attack'], ...(declared.round && { round: declared.round }) }
}
