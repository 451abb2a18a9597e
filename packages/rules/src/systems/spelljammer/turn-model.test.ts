import { describe, expect, it } from 'vitest'
import { fighter, steps, turnContext } from '../../table/test-support.ts'
import { IDLE_TURN, type TurnState } from '../../table/turn.ts'
import { spelljammerTurns as rules, segmentClock } from './turn-model.ts'

const twice = fighter('spelljammer', 't', 'pc', { name: 'Twice', attacksPerRound: 2, initiativeModifier: 1 })
const goblin = fighter('spelljammer', 'g1', 'foe', { name: 'Goblin 1' })
const goblin2 = fighter('spelljammer', 'g2', 'foe', { name: 'Goblin 2' })

describe('spelljammer turns', () => {
  it('rolls a die per attack and counts down from the highest segment', () => {
    const ctx = turnContext('spelljammer', [twice, goblin])
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    expect(rules.initiativeDice(started.value.step.turn, twice, ctx)).toEqual({ ok: true, value: [10, 8] })
    expect(rules.step(started.value.step.turn, { kind: 'initiative', id: 't', faces: [6] }, ctx)).toEqual({
      ok: false,
      error: expect.stringMatching(/a d10, a d8/),
    })
    // Both attacks on 5 + 1 = 6: the second goes one segment later.
    const running = steps(
      rules,
      started.value.step,
      ctx,
      { kind: 'initiative', id: 't', faces: [5, 5] },
      { kind: 'initiative', id: 'g1', faces: [6] },
    )
    expect(running.turn.initiative.t?.segments).toEqual([6, 5])
    expect(running.turn.order.map((s) => [s.label.split(' · ')[0], s.ids])).toEqual([
      ['Segment 6', ['t', 'g1']],
      ['Segment 5', ['t']],
    ])
  })

  it('asks for new initiative dice every round', () => {
    const ctx = turnContext('spelljammer', [twice, goblin])
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const round1 = steps(
      rules,
      started.value.step,
      ctx,
      { kind: 'initiative', id: 't', faces: [5, 5] },
      { kind: 'initiative', id: 'g1', faces: [6] },
    )
    const round2 = steps(rules, round1, ctx, { kind: 'next' }, { kind: 'next' }, { kind: 'new-round' })
    expect([round2.turn.round, round2.turn.waiting]).toEqual([2, { t: 'initiative', g1: 'initiative' }])
  })

  it('checks the ambush with a PER roll each: 3x or worse no attacks back, 2x one; a 1x roll warns everyone', () => {
    const table = [twice, goblin, goblin2]
    // 30 is 3x PER 12 (no attacks back), 20 is 2x (one attack back).
    const sprung = rules.start(turnContext('spelljammer', table, { faces: [30, 20] }), {
      unaware: 'foe',
      ambush: false,
    })
    const turn = sprung.ok ? sprung.value.step.turn : null
    expect([turn?.surprised, turn?.oneAttack]).toEqual([['g1'], ['g2']])
    // The 3x goblin's tier is set on every attack on him in round 1 (+10 SC), and on nobody else's.
    if (!turn) throw new Error('no turn')
    expect(rules.known?.(turn, twice, goblin)).toEqual(['ambush-3x'])
    expect(rules.known?.(turn, twice, goblin2)).toEqual([])
    expect(rules.known?.({ ...turn, round: 2 }, twice, goblin)).toEqual([])
    // 10 is 1x: a warning shout moves the 3x down to 2x, and the 1x stays at 1x.
    const warned = rules.start(turnContext('spelljammer', table, { faces: [10, 30] }), {
      unaware: 'foe',
      ambush: false,
    })
    const w = warned.ok ? warned.value.step.turn : null
    expect([w?.surprised, w?.oneAttack]).toEqual([[], ['g2']])
  })
})

describe('the segment clock the GM’s conditions count on', () => {
  const at = (round: number, segments: number[], current: number): TurnState => ({
    ...IDLE_TURN,
    status: 'running',
    round,
    order: segments.map((s) => ({ ids: [`f${s}`], label: `Segment ${s}`, at: s })),
    current,
  })
  it('runs ten segments a round: movement 10 down to 1, before it at the start, after it at the end', () => {
    expect(segmentClock({ ...IDLE_TURN, status: 'initiative', round: 1 }, false)).toBe(0)
    expect(segmentClock(at(1, [12, 10, 6, 1, -3], 0), false)).toBe(0)
    expect(segmentClock(at(1, [12, 10, 6, 1, -3], 1), false)).toBe(0)
    expect(segmentClock(at(1, [12, 10, 6, 1, -3], 2), false)).toBe(4)
    expect(segmentClock(at(1, [12, 10, 6, 1, -3], 3), false)).toBe(9)
    expect(segmentClock(at(1, [12, 10, 6, 1, -3], 4), false)).toBe(10)
    expect(segmentClock(at(1, [6], 1), false)).toBe(10)
    expect(segmentClock(at(3, [6], 0), true)).toBe(30)
    expect(segmentClock({ ...IDLE_TURN, status: 'initiative', round: 4 }, false)).toBe(30)
  })
})
