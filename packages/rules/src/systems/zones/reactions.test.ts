import { describe, expect, it } from 'vitest'
import { fail, type Outcome, ok } from '../../system.ts'
import { planAttack } from './attack.ts'
import { checkOpportunityAttack, declareReaction } from './reactions.ts'
import { newAttackReactions, resolveCounter, resolveDamage, resolveDodge, turnResumes } from './rolls.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const free = { mayReact: ok(true) as Outcome<true> }

describe('zones reactions', () => {
  it('makes Sybilla miss when the bandit dodges with a 2 against AGI 8', () => {
    const r = must(declareReaction(newAttackReactions(['bandit']), { kind: 'dodge', by: 'bandit' }, free))
    expect(r.reacted).toEqual(['bandit'])
    const dodge = resolveDodge(8, 2)
    expect(dodge.misses).toBe(true)
    expect(resolveDodge(8, 8).misses).toBe(true)
    expect(resolveDodge(8, 9).misses).toBe(false)
  })

  it("resolves Theobald's counter: 4 against 5 minus armour 2, the leader hit first, Theobald unharmed", () => {
    const theobald = makeSheet({ name: 'Theobald', armor: 1, shield: true })
    const leader = makeSheet({ name: 'leader', health: 8 })
    const spear = makeWeapon({ name: 'Spear', damage: { count: 1, sides: 6 } })
    const battleaxe = makeWeapon({ name: 'Battleaxe', damage: { count: 1, sides: 8 } })
    const attack = must(planAttack({ attacker: theobald, target: leader, weapon: spear, nearby: true }))
    const counter = must(planAttack({ attacker: leader, target: theobald, weapon: battleaxe, nearby: true }))
    const attackDamage = resolveDamage(attack.damage, [4])
    const counterDamage = resolveDamage(counter.damage, [5])
    expect(counterDamage.suffered).toBe(3)
    const base = {
      // The spear hits the leader (the counterer); the battleaxe hits Theobald (the attacker).
      attack: attackDamage,
      counter: counterDamage,
      attackerHealth: { health: 8, max: 8 },
      countererHealth: { health: 8, max: 8 },
      policy: 'ask-gm' as const,
    }
    const asked = resolveCounter(base)
    expect(asked.hitFirst).toBe('counterer')
    expect(asked.countererSuffers).toBe(4)
    expect(asked.attackerSuffers).toBe(3)
    expect(asked.secondBlow).toBe('ask-gm')
    expect(resolveCounter({ ...base, firstBlowIncapacitates: true }).secondBlow).toBe('cancelled')
    expect(resolveCounter({ ...base, policy: 'at-half' }).secondBlow).toBe('cancelled')
    expect(resolveCounter({ ...base, policy: 'at-zero' }).secondBlow).toBe('lands')
  })

  it('hits both at once on a tie', () => {
    const a = makeSheet()
    const sword = makeWeapon()
    const plan = must(planAttack({ attacker: a, target: a, weapon: sword, nearby: true }))
    const r = resolveCounter({
      attack: resolveDamage(plan.damage, [3]),
      counter: resolveDamage(plan.damage, [3]),
      attackerHealth: { health: 8, max: 8 },
      countererHealth: { health: 8, max: 8 },
      policy: 'at-zero',
    })
    expect(r.hitFirst).toBe('both')
    expect(r.secondBlow).toBe('none')
  })

  it('never allows two reactions against one attack, so a guard cannot also dodge', () => {
    const guarded = must(
      declareReaction(
        newAttackReactions(['sybilla']),
        { kind: 'guard', by: 'theobald', guarded: 'sybilla', targetNearby: true },
        free,
      ),
    )
    expect(guarded.targets).toEqual(['theobald'])
    expect(declareReaction(guarded, { kind: 'dodge', by: 'theobald' }, free)).toEqual({
      ok: false,
      error: 'Nobody can react more than once against a single attack.',
    })
  })

  it('refuses a reaction from someone who already took their turn, and from an unaware target', () => {
    const attack = newAttackReactions(['b'])
    const spent = { mayReact: fail<true>("b has already taken their turn this round and can't react.") }
    expect(declareReaction(attack, { kind: 'dodge', by: 'b' }, spent).ok).toBe(false)
    const unaware = { ...free, targetCannotReact: 'b is unaware of the attacker' }
    expect(declareReaction(attack, { kind: 'counter', by: 'b' }, unaware)).toEqual({
      ok: false,
      error: 'No reaction: b is unaware of the attacker.',
    })
  })

  it('lets a target hide behind a nearby willing ally or grabbed enemy, who may then react themselves', () => {
    const attack = newAttackReactions(['theobald'])
    const hide = (behindIs: 'willing-ally' | 'grabbed-enemy' | 'unwilling', behindNearby = true) =>
      declareReaction(
        attack,
        { kind: 'hide-behind', by: 'theobald', behind: 'x', behindNearby, behindIs },
        free,
      )
    const swapped = must(hide('grabbed-enemy'))
    expect(swapped.targets).toEqual(['x'])
    expect(must(declareReaction(swapped, { kind: 'dodge', by: 'x' }, free)).reacted).toEqual([
      'theobald',
      'x',
    ])
    expect(hide('willing-ally').ok).toBe(true)
    expect(hide('unwilling').ok).toBe(false)
    expect(hide('willing-ally', false).ok).toBe(false)
  })

  it('lets only one target counter an attack on several targets', () => {
    const blast = must(declareReaction(newAttackReactions(['a', 'b']), { kind: 'counter', by: 'a' }, free))
    expect(declareReaction(blast, { kind: 'counter', by: 'b' }, free).ok).toBe(false)
    expect(declareReaction(blast, { kind: 'dodge', by: 'b' }, free).ok).toBe(true)
  })

  it('refuses a reaction once the damage has been rolled', () => {
    const rolled = { ...newAttackReactions(['b']), damageRolled: true }
    expect(declareReaction(rolled, { kind: 'dodge', by: 'b' }, free)).toEqual({
      ok: false,
      error: 'Reactions must be chosen before the damage is rolled.',
    })
  })

  it('refuses every reaction once the target accepted a stunt', () => {
    const accepted = { ...newAttackReactions(['b']), stuntAccepted: true }
    expect(declareReaction(accepted, { kind: 'dodge', by: 'b' }, free).ok).toBe(false)
  })

  it('allows an opportunity attack only on a nearby enemy moving away, and resumes their turn if still up', () => {
    expect(checkOpportunityAttack({ ...free, enemyNearby: true, movingAway: true }).ok).toBe(true)
    expect(checkOpportunityAttack({ ...free, enemyNearby: false, movingAway: true }).ok).toBe(false)
    expect(checkOpportunityAttack({ ...free, enemyNearby: true, movingAway: false }).ok).toBe(false)
    expect(turnResumes({ alive: true, conscious: true })).toBe(true)
    expect(turnResumes({ alive: true, conscious: false })).toBe(false)
  })
})
