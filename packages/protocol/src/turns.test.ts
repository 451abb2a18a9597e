import { describe, expect, it } from 'vitest'
import { buildOrder, scoreInitiative, type TurnCombatant } from './turns.ts'

const mira: TurnCombatant = { id: 'm', name: 'Mira', side: 'pc', sheet: { dexBonus: 2 } }
const goblin: TurnCombatant = { id: 'g', name: 'Goblin', side: 'foe' }
const ogre: TurnCombatant = { id: 'o', name: 'Ogre', side: 'foe' }

describe('turn order', () => {
  it('osr: 1d6 + DEX each, highest first, ties acting together', () => {
    const rolls = {
      m: scoreInitiative('osr', mira, 3),
      g: scoreInitiative('osr', goblin, 5),
      o: scoreInitiative('osr', ogre, 2),
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
    const r = scoreInitiative('osr', mira, 4)
    if (!r.ok) throw new Error(r.error)
    expect(buildOrder('osr', [mira, goblin], { m: r.value })).toEqual({
      ok: false,
      error: 'Waiting for initiative from Goblin.',
    })
  })

  it('odnd: one d6 per side, the higher side first', () => {
    const party = scoreInitiative('odnd', mira, 2)
    const foes = scoreInitiative('odnd', goblin, 5)
    if (!party.ok || !foes.ok) throw new Error('no roll')
    const order = buildOrder('odnd', [mira, goblin, ogre], { m: party.value, g: foes.value })
    expect(order.ok && order.value.map((s) => s.ids)).toEqual([['g', 'o'], ['m']])
  })

  it('brp: DEX rank order, no roll', () => {
    const fast: TurnCombatant = { id: 'f', name: 'Fast', side: 'pc', sheet: { dex: 16 } }
    const slow: TurnCombatant = { id: 's', name: 'Slow', side: 'foe', sheet: { dex: 9 } }
    const order = buildOrder('brp', [slow, fast], {})
    expect(order.ok && order.value.map((s) => s.ids)).toEqual([['f'], ['s']])
  })
})
