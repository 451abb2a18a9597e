import { describe, expect, it } from 'vitest'
import { orderedRound } from '../../engine/ordered-round.ts'
import type { Fighter } from '../../engine/types.ts'
import { fighter, steps, turnContext } from '../test-support.ts'
import { PHASES } from './dex-rank.ts'
import { brpTurns as rules } from './turn-model.ts'

const fast = fighter('brp', 'f', 'pc', { name: 'Fast', dex: 16 })
const slow = fighter('brp', 's', 'foe', { name: 'Slow', dex: 9 })

/** The round begun on a table of `fighters`: its context and first step, the Statement of Intent (5.2). */
function begun(fighters: Fighter[]) {
  const ctx = turnContext('brp', fighters)
  const started = rules.start(ctx, null)
  if (!started.ok) throw new Error(started.error)
  return { ctx, first: started.value.step }
}

/** The intent `id` states: how far they move this round and with which weapon (none: their first). */
const intent = (id: string, metersMoved: number, weapon: string | null = null) =>
  ({ kind: 'intent', id, intent: { metersMoved, weapon } }) as const

describe('brp turns', () => {
  it('opens each round with a Statement of Intent, then runs in DEX rank order', () => {
    const { ctx, first } = begun([slow, fast])
    expect(first.turn.waiting).toEqual({ s: 'intent', f: 'intent' })
    // Awaited highest DEX first (5.2): Fast (16) states before Slow (9), whatever the table's order.
    expect(Object.keys(first.turn.waiting ?? {})).toEqual(['f', 's'])
    expect(rules.initiativeDice(first.turn, fast, ctx)).toEqual({
      ok: false,
      error: 'This system orders the round without an initiative roll.',
    })
    expect(rules.step(first.turn, intent('f', 40), ctx)).toEqual({
      ok: false,
      error: expect.stringMatching(/at most about 30 meters/),
    })
    const stated = steps(rules, first, ctx, {
      kind: 'intent',
      id: 'f',
      intent: { metersMoved: 0, weapon: null },
    })
    expect(stated.turn.status).toBe('initiative')
    // The GM ends the statements: who said nothing stays put with their first weapon.
    const running = steps(rules, stated, ctx, { kind: 'begin-actions' })
    expect(running.turn.order.map((s) => s.ids)).toEqual([['f'], ['s']])
  })

  it('states a reload, not a shot, for a crossbow not loaded: a reload is “something else” (5.2, 5.9 *)', () => {
    const weapons = [{ weapon: 'crossbow-light' }, { weapon: 'sword-short' }]
    const loaded = fighter('brp', 'x', 'pc', { name: 'Xan', weapons })
    const fired = { ...loaded, state: { items: { 'crossbow-light': { damage: 0, loaded: false } } } }
    const intents = rules.intents
    if (!intents) throw new Error('brp states intents')
    const ids = (f: typeof loaded) => {
      const w = intents.weapons(f)
      return w.ok ? w.value.map((row) => row.id) : w.error
    }
    expect(ids(loaded)).toEqual(['crossbow-light', 'sword-short', 'brawl'])
    expect(intents.fallback(loaded)).toEqual({ metersMoved: 0, weapon: 'crossbow-light' })
    // Fired last round: not offered, not assumed, refused in words that say how to reload it.
    expect(ids(fired)).toEqual(['sword-short', 'brawl'])
    expect(intents.fallback(fired)).toEqual({ metersMoved: 0, weapon: 'sword-short' })
    expect(intents.check(fired, { metersMoved: 0, weapon: 'crossbow-light' })).toEqual({
      ok: false,
      error:
        'The Crossbow, Light is not loaded: reloading it takes a full combat round (Reload). To reload it this round, state “Something else (no attack)”.',
    })
    // Who says nothing acts on the sword's rank and tier, not the crossbow's (5.4).
    const { ctx, first } = begun([fired])
    const running = steps(rules, first, ctx, { kind: 'begin-actions' })
    expect(running.turn.order.map((s) => s.label)).toEqual(['DEX rank 10 · medium weapon'])
  })

  it('leaves only parries and dodges to one who moves the full 30 meters', () => {
    const { ctx, first } = begun([slow, fast])
    const running = steps(rules, first, ctx, intent('f', 30), intent('s', 0))
    expect(orderedRound(running.turn).defendOnly).toEqual(['f'])
    expect(rules.intents?.preview(fast, { metersMoved: 30, weapon: null })).toBe(
      'Only parries and dodges this round.',
    )
  })

  it('runs the four phases of 5.1: intents, the moves stated, the actions in DEX order, then the end', () => {
    const { ctx, first } = begun([slow, fast])
    const moving = steps(rules, first, ctx, intent('f', 10), intent('s', 0))
    // Each step carries the phase under way as every banner names it, with what it allows.
    const phase = (n: number) => {
      const p = PHASES[n - 1]
      return p && { id: p.id, label: `Phase ${n} of 4: ${p.name}`, allows: p.allows }
    }
    expect(first.turn.phaseNow).toEqual(phase(1))
    // Phase 2: those who stated a move make it; nobody acts, nor can the GM skip ahead.
    expect(orderedRound(moving.turn).phase).toBe('movement')
    expect(moving.turn.phaseNow).toEqual(phase(2))
    expect(moving.turn.acting).toEqual([])
    for (const action of [{ kind: 'next' }, { kind: 'end-turn', id: 'f' }] as const)
      expect(rules.step(moving.turn, action, ctx)).toEqual({
        ok: false,
        error: expect.stringMatching(/Movement phase, 5.1/),
      })
    // Phase 3: the GM begins the Actions; Fast moved 10 m, so acts at half DEX (8) after Slow's 9 (5.3).
    const acting = steps(rules, moving, ctx, { kind: 'begin-actions' })
    expect(orderedRound(acting.turn).phase).toBe('actions')
    expect(acting.turn.phaseNow).toEqual(phase(3))
    expect(acting.turn.order.map((slot) => slot.ids)).toEqual([['s'], ['f']])
    expect(acting.turn.acting).toEqual(['s'])
    // Phase 4: once the last slot is done, the round is over; the next opens with intents again.
    const last = steps(rules, acting, ctx, { kind: 'next' }, { kind: 'next' })
    expect(last.roundOver).toBe(true)
    expect(last.turn.phaseNow).toEqual(phase(4))
    const next = steps(rules, last, ctx, { kind: 'new-round' })
    expect(orderedRound(next.turn).phase).toBeUndefined()
    expect(next.turn.phaseNow).toEqual(phase(1))
    expect(next.turn.waiting).toEqual({ s: 'intent', f: 'intent' })
    // "These always occur in the same order": after Resolution comes Statement of Intent again.
    expect([first, moving, acting, last, next].map((s) => s.turn.phaseNow?.id)).toEqual([
      'statement-of-intent',
      'movement',
      'actions',
      'resolution',
      'statement-of-intent',
    ])
  })

  it('offers each row of a weapon with two as its own intent, its row setting the tier (5.4)', () => {
    const thrower = fighter('brp', 't', 'pc', {
      name: 'Thrower',
      weapons: [{ weapon: 'dagger' }],
      shield: 'round',
    })
    const offered = rules.intents?.weapons(thrower)
    expect(offered).toEqual({
      ok: true,
      value: [
        { id: 'dagger', label: 'Dagger (short weapon)' },
        { id: 'dagger-thrown', label: 'Dagger (thrown) (missile weapon)' },
        { id: 'shield-round', label: 'Round shield bash (short weapon)' },
        { id: 'brawl', label: 'Brawl (unarmed)' },
      ],
    })
    // "If a weapon has more than one range listed, the user can choose which range to act on": thrown,
    // the dagger acts before a sword on the same rank.
    const swordsman = fighter('brp', 's', 'foe', { name: 'Swordsman', weapons: [{ weapon: 'sword-short' }] })
    const { ctx, first } = begun([swordsman, thrower])
    const running = steps(rules, first, ctx, intent('t', 0, 'dagger-thrown'), intent('s', 0, 'sword-short'))
    expect(running.turn.order.map((slot) => [slot.ids, slot.label])).toEqual([
      [['t'], 'DEX rank 10 · missile weapon'],
      [['s'], 'DEX rank 10 · medium weapon'],
    ])
  })

  it('goes straight to the Actions when nobody stated a move', () => {
    const { ctx, first } = begun([slow, fast])
    const running = steps(rules, first, ctx, { kind: 'begin-actions' })
    expect(orderedRound(running.turn).phase).toBe('actions')
    expect(running.turn.acting).toEqual(['f'])
  })

  it('has no surprise check, and says what to use instead', () => {
    expect(rules.start(turnContext('brp', [fast, slow]), { unaware: 'pc', ambush: false })).toEqual({
      ok: false,
      error: expect.stringMatching(/defender unaware/),
    })
  })
})
