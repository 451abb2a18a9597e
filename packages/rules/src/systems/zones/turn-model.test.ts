import { describe, expect, it } from 'vitest'
import { fighter, steps, turnContext } from '../../table/test-support.ts'
import { zonesTurns as rules } from './turn-model.ts'

const sybilla = fighter('zones', 's', 'pc', { name: 'Sybilla' })
const bandit = fighter('zones', 'b', 'foe', { name: 'Bandit' })
const leader = fighter('zones', 'l', 'foe', { name: 'Bandit leader' })
const incapacitated = { ...bandit, state: { down: 'incapacitated' } }

describe('zones turns', () => {
  it('alternates the sides one character at a time; the one who took the turn may attack once', () => {
    // The initiative die (a d2) gives it to the party.
    const ctx = turnContext('zones', [sybilla, bandit], { faces: [1] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    expect(rules.step(started.value.step.turn, { kind: 'act', side: 'foe', id: 'b' }, ctx)).toEqual({
      ok: false,
      error: 'The other side holds the initiative: wait for their move.',
    })
    const acted = steps(rules, started.value.step, ctx, { kind: 'act', side: 'pc', id: 's' })
    expect(acted.turn.acting).toEqual(['s'])
    expect(steps(rules, acted, ctx, { kind: 'attacked', id: 's' }).turn.attacksLeft).toEqual({ s: 0 })
    const over = steps(
      rules,
      acted,
      ctx,
      { kind: 'act', side: 'foe', id: 'b' },
      { kind: 'act', side: 'pc', id: null },
      { kind: 'act', side: 'foe', id: null },
    )
    expect(over.roundOver).toBe(true)
    expect(steps(rules, over, ctx, { kind: 'new-round' }).turn.round).toBe(2)
  })

  it('never lets one who is out take a turn, and brings a newcomer into the round at once', () => {
    const ctx = turnContext('zones', [sybilla, bandit], { faces: [2] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const out = turnContext('zones', [sybilla, incapacitated, leader])
    expect(rules.step(started.value.step.turn, { kind: 'act', side: 'foe', id: 'b' }, out)).toEqual({
      ok: false,
      error: 'Bandit is incapacitated.',
    })
    const joined = steps(rules, started.value.step, out, { kind: 'act', side: 'foe', id: 'l' })
    expect(joined.turn.acting).toEqual(['l'])
    expect(joined.turn.factions?.characters.b?.out).toBe(true)
  })

  it('starts the side lying in wait concealed, in a bonus round of its own', () => {
    const started = rules.start(turnContext('zones', [sybilla, bandit], { faces: [1] }), {
      unaware: 'pc',
      ambush: false,
    })
    expect(started.ok && started.value.step.turn.factions?.bonusRound).toBe(true)
    expect(started.ok && started.value.step.turn.factions?.characters.b?.concealed).toBe(true)
    expect(rules.start(turnContext('zones', [sybilla, bandit]), { unaware: 'both', ambush: false })).toEqual({
      ok: false,
      error: expect.stringMatching(/one side lies in wait/),
    })
  })
})
