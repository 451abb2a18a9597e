import { describe, expect, it } from 'vitest'
import { fighter, steps, turnContext } from '../test-support.ts'
import { ACTS_LATER, AS_QUICK, YET_TO_ACT } from './round-facts.ts'
import { osrTurns as rules } from './turn-model.ts'

const mira = fighter('osr', 'm', 'pc', { name: 'Mira', dexBonus: 2 })
const elf = fighter('osr', 'e', 'pc', { name: 'Ilse', elf: true })
const g1 = fighter('osr', 'g1', 'foe', { name: 'Goblin 1' })
const g2 = fighter('osr', 'g2', 'foe', { name: 'Goblin 2' })

/** Round 1 started and everyone's d6 rolled: the order is built and the first slot acts. */
function rolled(ctx: ReturnType<typeof turnContext>, d6: Record<string, number>) {
  const start = rules.start(ctx, null)
  if (!start.ok) throw new Error(start.error)
  const rolls = Object.entries(d6).map(([id, face]) => ({ kind: 'initiative' as const, id, faces: [face] }))
  return steps(rules, start.value.step, ctx, ...rolls)
}

describe('osr turns', () => {
  it('scores 1d6 + DEX, highest first, ties acting together', () => {
    const ctx = turnContext('osr', [mira, g1, g2])
    const start = rules.start(ctx, null)
    if (!start.ok) throw new Error(start.error)
    const running = steps(
      rules,
      start.value.step,
      ctx,
      { kind: 'initiative', id: 'm', faces: [3] },
      { kind: 'initiative', id: 'g1', faces: [5] },
      { kind: 'initiative', id: 'g2', faces: [2] },
    )
    expect(running.turn.initiative.m?.total).toBe(5) // 3 + DEX 2
    expect(running.turn.order).toEqual([
      { ids: ['m', 'g1'], label: 'Initiative 5', at: 5 },
      { ids: ['g2'], label: 'Initiative 2', at: 2 },
    ])
    expect(rules.step(running.turn, { kind: 'initiative', id: 'm', faces: [7] }, ctx)).toEqual({
      ok: false,
      error: 'Initiative is not being rolled right now.',
    })
  })

  it('takes 2 from a blinded fighter\'s initiative: "Enemy is Blinded -4 to hit, a -4 AC, -2 Init" (17.0.3)', () => {
    const blind = fighter(
      'osr',
      'b',
      'pc',
      { name: 'Bors', dexBonus: 1 },
      { state: { conditions: [{ kind: 'blinded' }] } },
    )
    const ctx = turnContext('osr', [blind, g1])
    const running = rolled(ctx, { b: 5, g1: 3 })
    // 5 + DEX 1 - 2 blinded = 4; the goblin's 3 + DEX 0 = 3.
    expect(running.turn.initiative.b?.total).toBe(4)
    expect(running.turn.initiative.b?.detail).toBe('d6 5 + DEX bonus 1 + blinded -2')
    expect(running.turn.order).toEqual([
      { ids: ['b'], label: 'Initiative 4', at: 4 },
      { ids: ['g1'], label: 'Initiative 3', at: 3 },
    ])
    // Rolled 4 against the goblin's 4, blind Bors (4 + 1 - 2 = 3) acts after it (4).
    const later = rolled(turnContext('osr', [blind, g1]), { b: 4, g1: 4 })
    expect(later.turn.order.map((s) => s.ids)).toEqual([['g1'], ['b']])
  })

  it('refuses a face the d6 does not have', () => {
    const ctx = turnContext('osr', [mira, g1])
    const start = rules.start(ctx, null)
    if (!start.ok) throw new Error(start.error)
    expect(rules.step(start.value.step.turn, { kind: 'initiative', id: 'm', faces: [7] }, ctx)).toEqual({
      ok: false,
      error: 'A d6 shows 1 to 6, not 7.',
    })
  })

  it('checks surprise with one d20 for the side, DC 13 (elves 15), +3 against a prepared ambush', () => {
    const table = [mira, elf, g1, g2]
    // 10 + 3 = 13: Mira (DC 13) is surprised, the elf (DC 15) is not.
    const ambushed = rules.start(turnContext('osr', table, { faces: [10] }), { unaware: 'pc', ambush: true })
    expect(ambushed.ok && ambushed.value.step.turn.surprised).toEqual(['m'])
    // An attack on the surprised Mira in round 1 is on an unaware target; on Ilse it is not.
    if (!ambushed.ok) throw new Error(ambushed.error)
    expect(rules.known?.(ambushed.value.step.turn, g1, mira)).toEqual(['target-unaware'])
    expect(rules.known?.(ambushed.value.step.turn, g1, elf)).toEqual([])
    expect(ambushed.ok && ambushed.value.rolls[0]?.detail).toBe(
      'Surprise (one d20 for the party): d20 10 + prepared ambush 3: Mira surprised (13+); Ilse not surprised (15+)',
    )
    const plain = rules.start(turnContext('osr', table, { faces: [12] }), { unaware: 'pc', ambush: false })
    expect(plain.ok && plain.value.step.turn.surprised).toEqual([])
    const both = rules.start(turnContext('osr', table, { faces: [15, 13] }), {
      unaware: 'both',
      ambush: false,
    })
    expect(both.ok && both.value.step.turn.surprised).toEqual(['m', 'e', 'g1', 'g2'])
  })

  it('holds an action onto the number of one who acts later, to act with them (17.0.1.6)', () => {
    const g3 = fighter('osr', 'g3', 'foe', { name: 'Goblin 3' })
    const ctx = turnContext('osr', [mira, g1, g2, g3])
    // Mira 3 + 2 = 5 acts first; Goblin 1 on 4, Goblin 2 and Goblin 3 on 2.
    const running = rolled(ctx, { m: 3, g1: 4, g2: 2, g3: 2 })
    expect(running.turn.acting).toEqual(['m'])
    const held = steps(rules, running, ctx, { kind: 'hold', id: 'm', until: 'g2' })
    // Her own slot is gone; Goblin 1 acts now, and she acts on 2 with Goblins 2 and 3.
    expect(held.turn.order).toEqual([
      { ids: ['g1'], label: 'Initiative 4', at: 4 },
      { ids: ['g2', 'g3', 'm'], label: 'Initiative 2', at: 2 },
    ])
    expect(held.turn.acting).toEqual(['g1'])
    // Waiting for one who has acted already is what the rules refuse; so is holding out of turn.
    const ended = steps(rules, held, ctx, { kind: 'end-turn', id: 'g1' })
    expect(ended.turn.acting).toEqual(['g2', 'g3', 'm'])
    expect(rules.step(ended.turn, { kind: 'hold', id: 'g2', until: 'm' }, ctx)).toEqual({
      ok: false,
      error: 'Mira already acts at the same time as you.',
    })
    expect(rules.step(held.turn, { kind: 'hold', id: 'g2', until: 'g1' }, ctx)).toEqual({
      ok: false,
      error: 'Only one whose turn it is can hold their action.',
    })
    const attacked = steps(rules, running, ctx, { kind: 'attacked', id: 'm' })
    expect(rules.step(attacked.turn, { kind: 'hold', id: 'm', until: 'g1' }, ctx)).toEqual({
      ok: false,
      error: 'You have already acted this turn: there is nothing to hold.',
    })
  })

  it('refuses to wait for one who acts earlier in the order, as the rules do', () => {
    const ctx = turnContext('osr', [mira, g1])
    const running = rolled(ctx, { m: 3, g1: 1 })
    // The GM moved Goblin 1 first; Mira, now second, cannot wait for the one already done.
    const moved = { ...running.turn, order: [...running.turn.order].reverse(), current: 1 }
    expect(rules.step(moved, { kind: 'hold', id: 'm', until: 'g1' }, ctx)).toEqual({
      ok: false,
      error: 'You can only wait for someone who acts later in the round.',
    })
  })

  it('allows one attack a turn, two with a small weapon in the off hand', () => {
    expect(rules.attacksPerTurn(mira)).toBe(1)
    const twoBlades = fighter('osr', 'b', 'pc', {
      weapons: [
        { name: 'Sword', kind: 'melee', damage: '1d8' },
        { name: 'Dagger', kind: 'melee', damage: '1d4', small: true },
      ],
    })
    expect(rules.attacksPerTurn(twoBlades)).toBe(2)
  })

  it('says who may still strike first: not acted yet this round, and with equal or better initiative', () => {
    const ctx = turnContext('osr', [mira, g1, g2])
    // Goblin 1 on 5, Mira on 1 + DEX 2 = 3, Goblin 2 on 2.
    const running = rolled(ctx, { m: 1, g1: 5, g2: 2 })
    const facts = (turn: typeof running.turn, by: typeof g1) => rules.facts?.(turn, by, mira)
    expect(facts(running.turn, g1)).toEqual([ACTS_LATER, YET_TO_ACT])
    expect(facts(running.turn, g2)).toEqual([ACTS_LATER, YET_TO_ACT, AS_QUICK])
  })

  it('spends the action of one who struck with the slot under way: they join it, and their own number goes', () => {
    const ctx = turnContext('osr', [mira, g1, g2])
    const running = rolled(ctx, { m: 1, g1: 5, g2: 2 })
    const spent = steps(rules, running, ctx, { kind: 'spent', id: 'm' })
    expect(spent.turn.order.map((s) => s.ids)).toEqual([['g1', 'm'], ['g2']])
    expect(spent.turn.acting).toEqual(['g1'])
    expect(rules.facts?.(spent.turn, g2, mira)).toEqual([])
    // Goblin 1 ends its turn: the round goes on to Goblin 2, without Mira.
    const next = steps(rules, spent, ctx, { kind: 'end-turn', id: 'g1' })
    expect(next.turn.acting).toEqual(['g2'])
  })
})
