import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import { declareReaction } from './reactions.ts'
import { newAttackReactions } from './rolls.ts'
import { answerStunt, proposeStunt } from './stunts.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

describe('zones attack stunts', () => {
  it('lets the bandit accept being disarmed and incapacitated instead of damage, and then nobody reacts', () => {
    const attack = newAttackReactions(['bandit'])
    const stunt = must(
      proposeStunt({
        effect: 'disarmed and incapacitated until the end of the stretch',
        gmApproved: true,
        attack,
      }),
    )
    const answered = must(answerStunt(stunt, true, attack))
    expect(answered.damage).toBe(false)
    expect(
      declareReaction(
        answered.attack,
        { kind: 'dodge', by: 'bandit' },
        { mayReact: { ok: true, value: true } },
      ).ok,
    ).toBe(false)
  })

  it('resolves the attack as normal when the target refuses', () => {
    const attack = newAttackReactions(['bandit'])
    const stunt = must(proposeStunt({ effect: 'cut off a hand', gmApproved: true, attack }))
    const answered = must(answerStunt(stunt, false, attack))
    expect(answered.damage).toBe(true)
    expect(answerStunt(answered.stunt, true, attack).ok).toBe(false)
  })

  it('needs the GM to approve, and must come before the target reacts', () => {
    const attack = newAttackReactions(['bandit'])
    expect(proposeStunt({ effect: 'surrender', gmApproved: false, attack }).ok).toBe(false)
    expect(
      proposeStunt({ effect: 'surrender', gmApproved: true, attack: { ...attack, reacted: ['bandit'] } }).ok,
    ).toBe(false)
  })
})
