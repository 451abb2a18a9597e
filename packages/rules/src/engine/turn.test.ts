import { describe, expect, it } from 'vitest'
import { SYSTEMS } from '../systems/index.ts'
import { zonesRound } from '../systems/zones/turn-view.ts'
import { orderedRound, orderedView } from './ordered-round.ts'
import { IDLE_TURN, type TurnState, withoutCombatant } from './turn.ts'

/** Round 2, the second of four slots under way: the Ogre and Mira share it, Mira has acted. */
const running: TurnState = {
  ...IDLE_TURN,
  status: 'running',
  round: 2,
  order: [
    { ids: ['goblin'], label: 'Goblin', at: 18 },
    { ids: ['ogre', 'mira'], label: 'Ogre, Mira', at: 12 },
    { ids: ['tomas'], label: 'Tomas', at: 9 },
    { ids: ['wren'], label: 'Wren', at: 3 },
  ],
  current: 1,
  acted: ['mira'],
  attacks: { mira: 1 },
  initiative: {
    goblin: { total: 18, faces: [18], detail: '18' },
    ogre: { total: 12, faces: [12], detail: '12' },
  },
  acting: ['ogre'],
  out: ['wren'],
  surprised: ['tomas'],
}

describe('the turn without one who left the table', () => {
  it('takes them out of a shared slot, and the slot under way stays under way', () => {
    const turn = withoutCombatant(running, 'ogre')
    expect(turn.order.map((s) => s.ids)).toEqual([['goblin'], ['mira'], ['tomas'], ['wren']])
    expect(turn.current).toBe(1)
    expect(turn.acted).toEqual(['mira'])
    expect(turn.attacks).toEqual({ mira: 1 })
    expect(turn.acting).toEqual([])
    expect(Object.keys(turn.initiative)).toEqual(['goblin'])
    expect(turn.round).toBe(2)
  })

  it('drops an emptied slot before the one under way: the same slot is under way, one place up', () => {
    const turn = withoutCombatant(running, 'goblin')
    expect(turn.order.map((s) => s.ids)).toEqual([['ogre', 'mira'], ['tomas'], ['wren']])
    expect(turn.current).toBe(0)
    expect(turn.order[turn.current]?.ids).toEqual(['ogre', 'mira'])
    expect(turn.acted).toEqual(['mira'])
  })

  it('the slot under way gone, the next one is, and nobody in it has acted', () => {
    const alone = { ...running, order: running.order.toSpliced(1, 1, { ids: ['ogre'], label: 'Ogre' }) }
    const turn = withoutCombatant({ ...alone, acted: ['ogre'], attacks: { ogre: 1 } }, 'ogre')
    expect(turn.order.map((s) => s.ids)).toEqual([['goblin'], ['tomas'], ['wren']])
    expect(turn.current).toBe(1)
    expect(turn.order[turn.current]?.ids).toEqual(['tomas'])
    expect(turn.acted).toEqual([])
    expect(turn.attacks).toEqual({})
  })

  it('leaves nothing naming them: out, surprised, and the fields a system keeps by id', () => {
    const round = { intents: { wren: { weapon: 'sword' } as never }, defendOnly: ['wren'] }
    const turn = withoutCombatant({ ...running, systemRound: round }, 'wren', orderedView)
    expect(turn.out).toEqual([])
    expect(orderedRound(turn).intents).toEqual({})
    expect(orderedRound(turn).defendOnly).toEqual([])
    expect(withoutCombatant(running, 'tomas', orderedView).surprised).toEqual([])
    // Nothing the turn did not have comes in; no fight, nothing changes.
    expect('systemRound' in withoutCombatant(running, 'tomas', orderedView)).toBe(false)
    expect(withoutCombatant(IDLE_TURN, 'tomas', orderedView)).toEqual(IDLE_TURN)
    // zones' round forgets them too.
    const tracked = { characters: { wren: {}, mira: {} }, log: [] }
    const zones = withoutCombatant({ ...running, systemRound: tracked }, 'wren', SYSTEMS.zones.turn.view)
    expect(Object.keys(zonesRound(zones)?.characters ?? {})).toEqual(['mira'])
  })
})
