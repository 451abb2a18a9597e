/**
 * Melee situations outside the attack roll: a dropped weapon, withdrawing, being forced to move, tentacles.
 * The DEX roll of picking up a weapon (`pickUpWeapon`) is resolving's, in rolls.ts.
 */
import { unreachable } from '../../assert.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import type { Stance } from './defending.ts'
import { checkD100, makesStatRoll } from './stat-rolls.ts'

/** Attackers a tentacled creature counts as against one target: each pair of tentacles is one. */
export function tentacleAttackers(tentacles: number): number {
  if (!Number.isInteger(tentacles) || tentacles < 0)
    throw new Error(`tentacles must be a count, got ${tentacles}`)
  return Math.max(1, Math.floor(tentacles / 2))
}

/** Picking up a dropped weapon: -15 DEF meanwhile; 4x DEX gets it back, 1x DEX still allows one attack at -5 initiative. */
export interface PickUpResult {
  retrieved: boolean
  /** Attacks still allowed this round after picking it up. */
  attacksLeft: 0 | 1
  initiativeModifier: number
  defModifier: number
  rule: string
}

/** What a combatant who declared no movement suffers when forced to move. */
export interface ForcedMoveResult {
  /** All remaining actions this round are lost. */
  actionsLost: true
  /** Spells being cast are interrupted. */
  spellInterrupted: boolean
  /** A 2x DEX roll avoids falling down. */
  fallsDown: boolean
}

export function forcedToMoveAfterNoMovement(
  dexRoll: number,
  dex: number,
  casting: boolean,
): Outcome<ForcedMoveResult> {
  const roll = checkD100(dexRoll, 'DEX roll')
  if (!roll.ok) return roll
  return ok({ actionsLost: true, spellInterrupted: casting, fallsDown: !makesStatRoll(roll.value, dex, 2) })
}

/** The facts that decide whether an opponent gets a free attack on a withdrawing combatant. */
export interface Withdrawal {
  /** The opponent's declared stance. */
  opponentStance: Stance
  /** Only maneuvering to a nearby foe, not leaving the melee. */
  maneuveringOnly?: boolean
  /** Two on one, and the opponent is concentrating solely on the ally. */
  opponentOnAllyOnly?: boolean
  /** An agile flyer gaining altitude. */
  agileFlyerClimbing?: boolean
  /** The withdrawal happens before initiative 10, when movement has not begun: attacks then are normal. */
  beforeMovement?: boolean
}

/**
 * Whether the opponent gets a free attack. Full or desperate defense never does (the text names "Full
 * Parry" with them: Full Defense here); the cases the text hedges with "may" go to the GM.
 */
export function freeAttackOnWithdrawal(w: Withdrawal): {
  verdict: 'free-attack' | 'none' | 'ask-gm'
  reason: string
} {
  if (w.maneuveringOnly) return { verdict: 'none', reason: 'maneuvering to a nearby foe is not withdrawing' }
  if (w.beforeMovement)
    return { verdict: 'none', reason: 'before initiative 10 no one has moved yet: attacks are normal' }
  switch (w.opponentStance.kind) {
    case 'full-defense':
    case 'desperate-defense':
      return { verdict: 'none', reason: 'an opponent in full or desperate defense gets no free attack' }
    case 'attack':
    case 'defending':
      break
    default:
      return unreachable(w.opponentStance)
  }
  if (w.opponentOnAllyOnly)
    return {
      verdict: 'ask-gm',
      reason: 'the opponent is attacking only the ally: the withdrawal may be free',
    }
  if (w.agileFlyerClimbing)
    return { verdict: 'ask-gm', reason: 'an agile flyer gaining altitude may escape the free attack' }
  return {
    verdict: 'free-attack',
    reason:
      w.opponentStance.kind === 'defending'
        ? 'free attack, at the SC given up for defending; no shield for the target'
        : 'free attack; the target keeps DEF from DEX but no shield',
  }
}

/** Free actions: one a round at the earliest initiative; a second must be declared as a regular action. */
export function checkFreeActions(count: number): Outcome<number> {
  if (!Number.isInteger(count) || count < 0) return fail('Free actions are counted in whole numbers.')
  if (count > 1)
    return fail('Only one free action can be taken per round; declare any other as a regular action.')
  return ok(count)
}
