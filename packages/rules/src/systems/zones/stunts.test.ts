import { describe, expect, it } from 'vitest'
import { resolveDeclared } from '../../engine/plan.ts'
import type { Declared } from '../../engine/types.ts'
import type { Outcome } from '../../system.ts'
import { fighter, scripted } from '../test-support.ts'
import { newAttackReactions } from './rolls.ts'
import { zonesCombat as rules } from './room-combat.ts'
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
    expect(answered.attack.stuntAccepted).toBe(true)
    // At the table, accepting is the bandit's whole answer: no dodge goes with it, and no die is rolled.
    const balthasar = fighter('zones', 'balthasar', 'pc')
    const target = fighter('zones', 'bandit', 'foe', {}, { hp: 3 })
    const proposed: Declared = { choice: 'weapon-0', toggles: ['stunt'] }
    expect(resolveDeclared(rules, balthasar, target, proposed, 'accept-stunt:dodge', scripted(2)).ok).toBe(
      false,
    )
    const roll = scripted()
    must(resolveDeclared(rules, balthasar, target, proposed, 'accept-stunt', roll))
    expect(roll.asked).toEqual([])
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
