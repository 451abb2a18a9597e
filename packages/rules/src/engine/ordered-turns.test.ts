import { describe, expect, it } from 'vitest'
import { SYSTEMS } from '../systems/index.ts'
import { fighter, steps, turnContext } from '../systems/test-support.ts'
import type { TurnStep } from './turn.ts'

// The slot-ordered engine, seen through osr (1d6 + DEX each, ties together, rerolled every round).
const rules = SYSTEMS.osr.turn
const mira = fighter('osr', 'm', 'pc', { name: 'Mira' })
const tomas = fighter('osr', 't', 'pc', { name: 'Tomas' })
const goblin = fighter('osr', 'g', 'foe', { name: 'Goblin' })
const deadGoblin = fighter('osr', 'd', 'foe', { name: 'Dead goblin' }, { hp: 0 })

function started(ctx = turnContext('osr', [mira, tomas, goblin])): TurnStep {
  const start = rules.start(ctx, null)
  if (!start.ok) throw new Error(start.error)
  return start.value.step
}

/** Mira and the goblin with the round under way: her 6 against its 1, so Mira acts first. */
function miraFirst() {
  const ctx = turnContext('osr', [mira, goblin])
  const running = steps(
    rules,
    started(ctx),
    ctx,
    { kind: 'initiative', id: 'm', faces: [6] },
    { kind: 'initiative', id: 'g', faces: [1] },
  )
  return { ctx, running }
}

describe('a round in slots', () => {
  it('waits for everyone who rolls, then runs the order from the highest initiative', () => {
    const ctx = turnContext('osr', [mira, tomas, goblin])
    const first = started(ctx)
    expect(first.turn.waiting).toEqual({ m: 'initiative', t: 'initiative', g: 'initiative' })
    // Each one awaited is told the dice they roll, so a phone can name them ("your d6").
    expect(first.turn.initiativeSides).toEqual({ m: [6], t: [6], g: [6] })
    const running = steps(
      rules,
      first,
      ctx,
      { kind: 'initiative', id: 'm', faces: [5] },
      { kind: 'initiative', id: 't', faces: [2] },
      { kind: 'initiative', id: 'g', faces: [5] },
    )
    expect(running.turn.status).toBe('running')
    expect(running.turn.order.map((s) => s.ids)).toEqual([['m', 'g'], ['t']])
    expect(running.turn.acting).toEqual(['m', 'g'])
  })

  it('gives no slot, and waits for no roll, from one who is out of the fight', () => {
    const ctx = turnContext('osr', [mira, deadGoblin])
    const first = started(ctx)
    expect(first.turn.waiting).toEqual({ m: 'initiative' })
    expect(rules.initiativeDice(first.turn, deadGoblin, ctx)).toEqual({
      ok: false,
      error: expect.stringMatching(/Dead goblin is dead/),
    })
    const running = steps(rules, first, ctx, { kind: 'initiative', id: 'm', faces: [3] })
    expect(running.turn.order.map((s) => s.ids)).toEqual([['m']])
  })

  it('takes the turn from one who falls before acting, and moves on', () => {
    const ctx = turnContext('osr', [mira, tomas, goblin])
    const running = steps(
      rules,
      started(ctx),
      ctx,
      { kind: 'initiative', id: 'm', faces: [2] },
      { kind: 'initiative', id: 't', faces: [1] },
      { kind: 'initiative', id: 'g', faces: [6] },
    )
    expect(running.turn.acting).toEqual(['g'])
    // The goblin falls (to an effect between turns): the next slot comes up by itself.
    const fallen = turnContext('osr', [mira, tomas, { ...goblin, hp: 0 }])
    const after = steps(rules, running, fallen, { kind: 'refresh' })
    expect(after.turn.acting).toEqual(['m'])
  })

  it('lets a round nobody takes part in wait, not end again at each look, until one can act', () => {
    // Everyone fallen: the round's order is empty from its start.
    const down = turnContext('osr', [deadGoblin, { ...mira, hp: -2 }])
    const empty = started(down)
    expect(empty.turn.order).toEqual([])
    expect(empty.roundOver).toBe(false)
    expect(steps(rules, empty, down, { kind: 'refresh' }).roundOver).toBe(false)
    // The GM heals Mira: this empty round ends, so that the next one has her.
    const healed = turnContext('osr', [deadGoblin, { ...mira, hp: 3 }])
    expect(steps(rules, empty, healed, { kind: 'refresh' }).roundOver).toBe(true)
  })

  it('counts the attacks a turn allows, and ends a round once its last slot is done', () => {
    const { ctx, running } = miraFirst()
    expect(rules.attacksPerTurn(mira)).toBe(1)
    const attacked = steps(rules, running, ctx, { kind: 'attacked', id: 'm' })
    expect([attacked.turn.acting, attacked.turn.attacksLeft]).toEqual([['m'], { m: 0 }])
    expect(rules.step(attacked.turn, { kind: 'attacked', id: 'm' }, ctx)).toEqual({
      ok: false,
      error: 'Their turn allows no more attacks: end it.',
    })
    // The GM undoes the attack: Mira has it back.
    expect(steps(rules, attacked, ctx, { kind: 'attack-undone', id: 'm' }).turn.attacksLeft).toEqual({ m: 1 })
    const goblinsTurn = steps(rules, attacked, ctx, { kind: 'end-turn', id: 'm' })
    expect(goblinsTurn.turn.acting).toEqual(['g'])
    const over = steps(rules, goblinsTurn, ctx, { kind: 'end-turn', id: 'g' })
    expect(over.roundOver).toBe(true)
    const next = steps(rules, over, ctx, { kind: 'new-round' })
    expect([next.turn.round, next.turn.status, next.turn.initiative]).toEqual([2, 'initiative', {}])
  })

  it('does not move past an attack still waiting for its defender', () => {
    const { ctx, running } = miraFirst()
    const asking = turnContext('osr', [mira, goblin], { openPrompts: [{ attackerId: 'm', targetId: 'g' }] })
    const waiting = steps(
      rules,
      running,
      asking,
      { kind: 'attacked', id: 'm' },
      { kind: 'end-turn', id: 'm' },
    )
    expect([waiting.turn.current, waiting.turn.acting]).toEqual([0, []])
    expect(rules.step(waiting.turn, { kind: 'next' }, asking)).toEqual({
      ok: false,
      error: 'Goblin has not answered Mira’s attack yet.',
    })
    // Answered: the goblin's slot comes up.
    expect(steps(rules, waiting, ctx, { kind: 'refresh' }).turn.acting).toEqual(['g'])
  })

  it('lets the surprised sit out round 1 only, and brings a newcomer into the next round', () => {
    const ctx = turnContext('osr', [mira, goblin], { faces: [15] })
    const start = rules.start(ctx, { unaware: 'foe', ambush: false })
    if (!start.ok) throw new Error(start.error)
    expect(start.value.step.turn.surprised).toEqual(['g'])
    expect(start.value.step.turn.waiting).toEqual({ m: 'initiative' })
    const round1 = steps(rules, start.value.step, ctx, { kind: 'initiative', id: 'm', faces: [4] })
    expect(round1.turn.order.map((s) => s.ids)).toEqual([['m']])
    const revealed = turnContext('osr', [mira, goblin, tomas])
    const round2 = steps(rules, round1, revealed, { kind: 'end-turn', id: 'm' }, { kind: 'new-round' })
    expect(round2.turn.waiting).toEqual({ m: 'initiative', g: 'initiative', t: 'initiative' })
  })
})
