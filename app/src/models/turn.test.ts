import { IDLE_TURN, type TurnState } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import type { Combatant } from './table.ts'
import { describeTurn } from './turn.ts'

const combatants: Combatant[] = [
  { id: 'm', name: 'Mira', hp: 8, maxHp: 8, side: 'pc' },
  { id: 'g', name: 'Goblin', hp: 5, maxHp: 5, side: 'foe' },
]
const rolling: TurnState = {
  ...IDLE_TURN,
  status: 'initiative',
  round: 1,
  intents: {},
  waiting: { m: 'initiative' },
}

describe('the turn as a viewer reads it', () => {
  it('says initiative is being rolled, not intents stated, in a system whose rounds open with dice', () => {
    expect(describeTurn(rolling, combatants).text).toBe('Round 1: rolling initiative')
    expect(describeTurn(rolling, combatants, 'm')).toEqual({ text: 'Roll initiative!', yours: true })
    expect(describeTurn(rolling, combatants, 'g').yours).toBe(false)
  })

  it('asks for a Statement of Intent where the round waits for one', () => {
    const stating: TurnState = { ...rolling, waiting: { m: 'intent', g: 'intent' } }
    expect(describeTurn(stating, combatants).text).toBe('Round 1: stating intents')
    expect(describeTurn(stating, combatants, 'm')).toEqual({ text: 'State your intent!', yours: true })
  })

  it('is your turn only while the turn model says you act', () => {
    const running: TurnState = {
      ...IDLE_TURN,
      status: 'running',
      round: 2,
      order: [{ ids: ['m', 'g'], label: 'Initiative 5' }],
      acting: ['g'],
    }
    expect(describeTurn(running, combatants, 'g').text).toBe('Your turn')
    // Mira has ended her turn (or fell): the slot is still up, but it is no longer hers.
    expect(describeTurn(running, combatants, 'm')).toMatchObject({
      text: 'Mira and Goblin are acting',
      yours: false,
    })
  })
})
