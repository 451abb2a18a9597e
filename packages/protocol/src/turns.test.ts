import { describe, expect, it } from 'vitest'
import { buildOrder, scoreInitiative, type TurnCombatant } from './turns.ts'

const mira: TurnCombatant = { id: 'm', name: 'Mira', side: 'pc', sheet: { dexBonus: 2 } }
const goblin: TurnCombatant = { id: 'g', name: 'Goblin', side: 'foe' }
const ogre: TurnCombatant = { id: 'o', name: 'Ogre', side: 'foe' }

describe('turn order', () => {
  it('osr: 1d6 + DEX each, highest first, ties acting together', () => {
    const rolls = {
      m: scoreInitiative('osr', mira, [3]),
      g: scoreInitiative('osr', goblin, [5]),
      o: scoreInitiative('osr', ogre, [2]),
    }
    const initiative = Object.fromEntries(
      Object.entries(rolls).map(([id, r]) => {
        if (!r.ok) throw new Error(r.error)
        return [id, r.value]
      }),
    )
    expect(initiative.m?.total).toBe(5) // 3 + DEX 2
    expect(buildOrder('osr', [mira, goblin, ogre], initiative)).toEqual({
      ok: true,
      value: [
        { ids: ['m', 'g'], label: 'Initiative 5' },
        { ids: ['o'], label: 'Initiative 2' },
      ],
    })
  })

  it('osr: says who has not rolled yet', () => {
    const r = scoreInitiative('osr', mira, [4])
    if (!r.ok) throw new Error(r.error)
    expect(buildOrder('osr', [mira, goblin], { m: r.value })).toEqual({
      ok: false,
      error: 'Waiting for initiative from Goblin.',
    })
  })

  it('odnd: one d6 per side, the higher side first', () => {
    const party = scoreInitiative('odnd', mira, [2])
    const foes = scoreInitiative('odnd', goblin, [5])
    if (!party.ok || !foes.ok) throw new Error('no roll')
    const order = buildOrder('odnd', [mira, goblin, ogre], { m: party.value, g: foes.value })
    expect(order.ok && order.value.map((s) => s.ids)).toEqual([['g', 'o'], ['m']])
  })

  it('spelljammer: a die per attack, ties a segment later, the countdown from the highest segment', () => {
    const twice: TurnCombatant = {
      id: 't',
      name: 'Twice',
      side: 'pc',
      sheet: { attacksPerRound: 2, initiativeModifier: 1 },
    }
    const r = scoreInitiative('spelljammer', twice, [6, 5])
    if (!r.ok) throw new Error(r.error)
    // 6 + 1 = 7; the second attack, 5 + 1 = 6 on its d8.
    expect(r.value.segments).toEqual([7, 6])
    expect(scoreInitiative('spelljammer', twice, [6])).toEqual({
      ok: false,
      error: expect.stringMatching(/a d10, a d8/),
    })
    // Both attacks on 5 + 1 = 6: the second goes one segment later.
    const tied = scoreInitiative('spelljammer', twice, [5, 5])
    expect(tied.ok && tied.value.segments).toEqual([6, 5])
    const one = scoreInitiative('spelljammer', goblin, [7])
    if (!one.ok || !tied.ok) throw new Error('no roll')
    const order = buildOrder('spelljammer', [twice, goblin], { t: r.value, g: one.value })
    expect(order.ok && order.value.map((s) => [s.label.split(' · ')[0], s.ids])).toEqual([
      ['Segment 7', ['t', 'g']],
      ['Segment 6', ['t']],
    ])
  })

  it('brp: DEX rank order, no roll', () => {
    const fast: TurnCombatant = { id: 'f', name: 'Fast', side: 'pc', sheet: { dex: 16 } }
    const slow: TurnCombatant = { id: 's', name: 'Slow', side: 'foe', sheet: { dex: 9 } }
    const order = buildOrder('brp', [slow, fast], {})
    expect(order.ok && order.value.map((s) => s.ids)).toEqual([['f'], ['s']])
  })
})
