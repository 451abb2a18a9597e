import { describe, expect, it } from 'vitest'
import { orderedRound } from '../../engine/ordered-round.ts'
import { IDLE_TURN, type TurnState } from '../../engine/turn.ts'
import { fighter, steps, turnContext } from '../test-support.ts'
import { movementBy, spelljammerTurns as rules, segmentClock } from './turn-model.ts'

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
    expect([turn?.surprised, turn && orderedRound(turn).oneAttack]).toEqual([['g1'], ['g2']])
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
    expect([w?.surprised, w && orderedRound(w).oneAttack]).toEqual([[], ['g2']])
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

/** A fight of `table` just started: the round asks for declarations and dice. */
const started = (table: ReturnType<typeof fighter>[]) => {
  const ctx = turnContext('spelljammer', table)
  const s = rules.start(ctx, null)
  if (!s.ok) throw new Error(s.error)
  return { ctx, step: s.value.step }
}

describe('spelljammer: the Action Declaration before initiative', () => {
  it('"no movement" gives +3 initiative to every die; move and attack loses half the attacks and -5', () => {
    const { ctx, step } = started([twice, goblin])
    const still = { metersMoved: 0, weapon: '0', options: ['no-movement'] }
    const declared = steps(rules, step, ctx, { kind: 'intent', id: 't', intent: still })
    // Declaring is not rolling: the round still waits for Twice's two dice, now at IM 1 + 3.
    expect(declared.turn.waiting).toEqual({ t: 'initiative', g1: 'initiative' })
    const rolled = steps(rules, declared, ctx, { kind: 'initiative', id: 't', faces: [5, 5] })
    // 5 + 1 + 3 = 9 for both: the second a segment later (Initiative; In a Nutshell).
    expect(rolled.turn.initiative.t?.segments).toEqual([9, 8])
    expect(rolled.turn.initiative.t?.detail).toMatch(/No movement declared \+3/)
    // Move and attack: 2 attacks lose 1 (half, rounded down), so one d10 at 1 - 5.
    const moving = { metersMoved: 0, weapon: '0', options: ['move-and-attack'] }
    const other = steps(rules, step, ctx, { kind: 'intent', id: 't', intent: moving })
    expect(rules.initiativeDice(other.turn, twice, ctx)).toEqual({ ok: true, value: [10] })
    const placed = steps(rules, other, ctx, { kind: 'initiative', id: 't', faces: [7] })
    expect(placed.turn.initiative.t?.segments).toEqual([3])
  })

  it('rolling without a declaration declares what one who says nothing does; once rolled, it stands', () => {
    const { ctx, step } = started([twice, goblin])
    const rolled = steps(rules, step, ctx, { kind: 'initiative', id: 't', faces: [5, 5] })
    expect(orderedRound(rolled.turn).intents?.t).toEqual({ metersMoved: 0, weapon: '0', options: [] })
    expect(rolled.turn.initiative.t?.segments).toEqual([6, 5])
    const late = rules.step(
      rolled.turn,
      { kind: 'intent', id: 't', intent: { metersMoved: 0, weapon: '0', options: ['no-movement'] } },
      ctx,
    )
    expect(late).toEqual({
      ok: false,
      error: 'Twice has rolled initiative: this round’s declaration stands.',
    })
  })

  it('refuses a declaration the text does not allow, in its words', () => {
    const { ctx, step } = started([twice, goblin])
    const two = { metersMoved: 0, weapon: '0', options: ['no-movement', 'run-and-attack'] }
    expect(rules.step(step.turn, { kind: 'intent', id: 't', intent: two }, ctx)).toEqual({
      ok: false,
      error: 'Declare one choice of movement, not two.',
    })
    const flying = { metersMoved: 0, weapon: '0', options: ['fly'] }
    expect(rules.step(step.turn, { kind: 'intent', id: 't', intent: flying }, ctx)).toMatchObject({
      ok: false,
      error: '"fly" is not one of the Action Declaration\'s choices.',
    })
  })

  it('shows the round’s odds where the declaration is made: the chance each attack is not lost', () => {
    // IM -8 and drawing a weapon (-5): d10 - 13 is lost at -6 or later on 1 to 7 (30% it happens); the
    // d8 only on 8 (-5), and then not if the d10 took -5 too (pushed to -6): 1/8 x 9/10 = 11.25%.
    const slow = fighter('spelljammer', 's', 'pc', {
      name: 'Slow',
      attacksPerRound: 2,
      initiativeModifier: -8,
    })
    const preview = rules.intents?.preview(slow, { metersMoved: 0, weapon: '0', options: ['draw'] })
    expect(preview).toMatch(/^2 attacks: d10 -13 \(30% it happens\), d8 -13 \(11\.3% it happens\)\./)
    // No movement: +3 initiative, -20 DEF and -20 Luck, in words.
    const still = rules.intents?.preview(twice, { metersMoved: 0, weapon: '0', options: ['no-movement'] })
    expect(still).toMatch(
      /d10 \+4 \(100% it happens\), d8 \+4 \(100% it happens\)\. Movement: none.*-20 DEF and -20 Luck/,
    )
  })
})

describe('spelljammer: movement on the segment timeline', () => {
  it('a slot during movement says how far each one acting has moved, 10% of their movement a segment', () => {
    const { ctx, step } = started([twice, goblin])
    const running = steps(
      rules,
      step,
      ctx,
      { kind: 'intent', id: 't', intent: { metersMoved: 0, weapon: '0', options: ['move-and-attack'] } },
      { kind: 'intent', id: 'g1', intent: { metersMoved: 0, weapon: '0', options: ['no-movement'] } },
      // Twice: d10 10 + 1 - 5 = 6; the goblin: 3 + 0 + 3 = 6.
      { kind: 'initiative', id: 't', faces: [10] },
      { kind: 'initiative', id: 'g1', faces: [3] },
    )
    // Half of TMR 40 is 20 ft; by the end of segment 6, five tenths of it (10 down to 6).
    expect(running.turn.order.map((s) => s.label)).toEqual([
      'Segment 6 · during movement · Twice has moved 10 of 20 ft; Goblin 1: no movement',
    ])
  })

  it('run and attack moves the whole TMR, no attack too; attack and move begins on 10 after an attack before it', () => {
    const run = { metersMoved: 0, weapon: '0', options: ['run-and-attack'] }
    expect(movementBy(twice, run, 7)).toBe('Twice has moved 16 of 40 ft')
    expect(movementBy(twice, { metersMoved: 0, weapon: null, options: [] }, 1)).toBe(
      'Twice has moved 40 of 40 ft',
    )
    const after = { metersMoved: 0, weapon: '0', options: ['attack-and-move'] }
    // 1/20th of TMR 40 a segment from 10: by 7, four segments, 8 of half TMR's 20 ft.
    expect(movementBy(twice, after, 7, 12)).toBe('Twice has moved 8 of 20 ft')
    expect(movementBy(twice, after, 7, 8)).toBe(
      'Twice moves after the last attack (a DEX roll says from when)',
    )
    // A potion that costs half the movement, and no attack: half of TMR 40.
    const potion = { metersMoved: 0, weapon: null, options: ['drink-potion-lose-movement'] }
    expect(movementBy(twice, potion, 1)).toBe('Twice has moved 20 of 20 ft')
    // Attacking as usual: only the free 5 ft, not followed.
    expect(movementBy(twice, { metersMoved: 0, weapon: '0', options: [] }, 5)).toBeNull()
    expect(movementBy(twice, run, 11)).toBeNull()
  })
})
