import { describe, expect, it } from 'vitest'
import { defensesDeclared, resolveDeclared } from '../../engine/plan.ts'
import { IDLE_TURN } from '../../engine/turn.ts'
import type { Declared, Fighter, Resolution } from '../../engine/types.ts'
import { type Outcome, ok } from '../../system.ts'
import { fighter, scripted, steps, turnContext } from '../test-support.ts'
import { planAttack } from './attack.ts'
import { checkOpportunityAttack } from './reactions.ts'
import { resolveCounter, resolveDamage, resolveDodge, turnResumes } from './rolls.ts'
import { zonesCombat as rules } from './room-combat.ts'
import { makeSheet, makeWeapon } from './test-support.ts'
import { zonesTurns } from './turn-model.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const free = { mayReact: ok(true) as Outcome<true> }

// Reactions at the table: the target's answers offered (`defenses`) and the one chosen resolved.
const pc = (id: string, sheet: Record<string, unknown> = {}) => fighter('zones', id, 'pc', sheet, { hp: 8 })
const foe = (id: string, sheet: Record<string, unknown> = {}) => fighter('zones', id, 'foe', sheet, { hp: 8 })
const SWORD: Declared = { choice: 'weapon-0', toggles: [] }
const reacted = (f: Fighter, r: Resolution) =>
  rules.status({ ...f, ...r.changes[f.id] }).includes('Reacted (1 round)')
const answers = (...request: Parameters<typeof defensesDeclared> extends [unknown, ...infer R] ? R : never) =>
  must(defensesDeclared(rules, ...request)).map((o) => o.id)

describe('zones reactions', () => {
  it('makes Sybilla miss when the bandit dodges with a 2 against AGI 8', () => {
    const bandit = foe('bandit', { agi: 8 })
    const r = must(resolveDeclared(rules, pc('sybilla'), bandit, SWORD, 'dodge', scripted(2)))
    expect(reacted(bandit, r)).toBe(true)
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
    const [sybilla, theobald, bandit] = [pc('sybilla'), pc('theobald'), foe('bandit')]
    const table = { turn: IDLE_TURN, fighters: [bandit, sybilla, theobald] }
    const guards = answers(bandit, sybilla, SWORD, table).filter((id) => id.startsWith('guard:'))
    expect(guards).toEqual(['guard:theobald'])
    const guarded = must(resolveDeclared(rules, bandit, sybilla, SWORD, 'guard:theobald', scripted(4), table))
    // The guard is the target now: the d6's 4 is his, and his reaction is spent.
    expect(guarded.changes.theobald?.hp).toBe(8 - 4)
    expect(guarded.changes.sybilla?.hp).toBe(8)
    expect(reacted(theobald, guarded)).toBe(true)
    expect(
      resolveDeclared(rules, bandit, sybilla, SWORD, 'guard:theobald:dodge', scripted(4, 2), table),
    ).toEqual({
      ok: false,
      error: "sybilla can't answer this attack that way.",
    })
  })

  it('refuses a reaction from someone who already took their turn, and from an unaware target', () => {
    const b = foe('b')
    const first = must(resolveDeclared(rules, b, pc('sybilla'), SWORD, null, scripted(1)))
    const spent = { ...b, ...first.changes.b }
    expect(resolveDeclared(rules, pc('sybilla'), spent, SWORD, 'dodge', scripted(2)).ok).toBe(false)
    const unaware: Declared = { choice: 'weapon-0', toggles: ['target-unaware'] }
    expect(resolveDeclared(rules, pc('sybilla'), b, unaware, 'counter:weapon-0', scripted(3, 3))).toEqual({
      ok: false,
      error: 'No reaction: b is unaware of the attacker.',
    })
  })

  it('lets a target hide behind a nearby willing ally or grabbed enemy, who may then react themselves', () => {
    const [theobald, bandit, x] = [pc('theobald'), foe('bandit'), pc('x')]
    const grabbed = { ...foe('g'), state: { grabbedBy: 'theobald', grabbedByName: 'theobald' } }
    const table = { turn: IDLE_TURN, fighters: [bandit, theobald, x, grabbed, foe('unwilling')] }
    const hides = answers(bandit, theobald, SWORD, table).filter((id) => id.startsWith('hide:'))
    // The willing ally (who may dodge or counter in turn) and the grabbed enemy; the unwilling foe not at all.
    expect(hides).toEqual([
      'hide:x',
      'hide:x:dodge',
      'hide:x:counter:weapon-0',
      'hide:x:counter:unarmed',
      'hide:g',
    ])
    const offered = must(defensesDeclared(rules, bandit, theobald, SWORD, table))
    expect(offered.find((o) => o.id === 'hide:x')?.label).toBe('Hide behind x (nearby)')
    const swapped = must(resolveDeclared(rules, bandit, theobald, SWORD, 'hide:x:dodge', scripted(2), table))
    expect(swapped.summary).toBe(
      "theobald hides behind x, who takes the attack and dodges. x dodges bandit's attack.",
    )
    expect([reacted(theobald, swapped), reacted(x, swapped)]).toEqual([true, true])
  })

  it('leaves the reactions to a blast, an attack on everyone in a zone, to the table', () => {
    const bomber = pc('bomber', { weapons: [{ name: 'Bomb', damage: 'd6', range: 4, blast: true }] })
    // A blast is thrown on one's own turn: the party holds the initiative (the d2's 1) and the bomber acts.
    const ctx = turnContext('zones', [bomber, foe('b')], { faces: [1] })
    const started = zonesTurns.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const { turn } = steps(zonesTurns, started.value.step, ctx, { kind: 'act', side: 'pc', id: 'bomber' })
    const view = { turn, fighters: ctx.fighters }
    const blast: Declared = { choice: 'weapon-0', toggles: [] }
    expect(answers(bomber, bomber, blast, view)).toEqual([])
    expect(resolveDeclared(rules, bomber, bomber, blast, 'counter:weapon-0', scripted(3), view)).toEqual({
      ok: false,
      error: 'No reaction: a blast hits a zone: each one in it reacts at the table.',
    })
  })

  it('has the reaction chosen before the damage is rolled', () => {
    const roll = scripted(15, 3)
    must(resolveDeclared(rules, pc('sybilla'), foe('b'), SWORD, 'dodge', roll))
    expect(roll.asked.map((d) => d.label)).toEqual(['AGI save to dodge', 'damage d6'])
  })

  it('refuses every reaction once the target accepted a stunt', () => {
    const [sybilla, b] = [pc('sybilla'), foe('b')]
    const stunt: Declared = { choice: 'weapon-0', toggles: ['stunt'] }
    const accept = must(defensesDeclared(rules, sybilla, b, stunt))[0]
    expect(accept?.effect).toContain('no reaction is possible')
    expect(resolveDeclared(rules, sybilla, b, stunt, 'accept-stunt:dodge', scripted(2)).ok).toBe(false)
    const roll = scripted()
    const r = must(resolveDeclared(rules, sybilla, b, stunt, 'accept-stunt', roll))
    expect(roll.asked).toEqual([])
    expect(reacted(b, r)).toBe(false)
  })

  it('allows an opportunity attack only on a nearby enemy moving away, and resumes their turn if still up', () => {
    expect(checkOpportunityAttack({ ...free, enemyNearby: true, movingAway: true }).ok).toBe(true)
    expect(checkOpportunityAttack({ ...free, enemyNearby: false, movingAway: true }).ok).toBe(false)
    expect(checkOpportunityAttack({ ...free, enemyNearby: true, movingAway: false }).ok).toBe(false)
    expect(turnResumes({ alive: true, conscious: true })).toBe(true)
    expect(turnResumes({ alive: true, conscious: false })).toBe(false)
  })
})
