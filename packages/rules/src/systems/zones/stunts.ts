/** Attack stunts: an alternative effect the attacker proposes and the target accepts or refuses. */
import { fail, type Outcome, ok } from '../../system.ts'
import type { AttackReactions } from './reactions.ts'

export interface Stunt {
  /** The alternative effect, e.g. "disarmed and incapacitated until the end of the stretch". */
  effect: string
  answer: 'pending' | 'accepted' | 'declined'
}

/**
 * Proposes a stunt instead of damage. It must come before the target decides whether to react, and the
 * GM must approve it as making sense.
 */
export function proposeStunt(input: {
  effect: string
  gmApproved: boolean
  attack: AttackReactions
}): Outcome<Stunt> {
  const effect = input.effect.trim()
  if (!effect) return fail('Say what the stunt does instead of damage.')
  if (input.attack.reacted.length > 0)
    return fail('A stunt must be proposed before the target decides whether to react.')
  if (!input.gmApproved) return fail('The GM must approve the stunt first.')
  return ok({ effect, answer: 'pending' })
}

/**
 * The target's answer. Accepting applies the effect with no damage and closes the attack to reactions;
 * declining resolves the attack as normal.
 */
export function answerStunt(
  stunt: Stunt,
  accept: boolean,
  attack: AttackReactions,
): Outcome<{ stunt: Stunt; attack: AttackReactions; damage: boolean }> {
  if (stunt.answer !== 'pending') return fail('This stunt has already been answered.')
  if (accept)
    return ok({
      stunt: { ...stunt, answer: 'accepted' },
      attack: { ...attack, stuntAccepted: true },
      damage: false,
    })
  return ok({ stunt: { ...stunt, answer: 'declined' }, attack, damage: true })
}
