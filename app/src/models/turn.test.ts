import { IDLE_TURN } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import { loadRules } from './rules.ts'
import type { Combatant } from './table.ts'
import { noActionNow } from './turn.ts'

const mira = (conditions: unknown[] = []): Combatant => ({
  id: 'mira',
  name: 'Mira',
  side: 'pc',
  hp: 8,
  maxHp: 8,
  state: { conditions },
})
const goblin: Combatant = { id: 'gob', name: 'Goblin', side: 'foe', hp: 6, maxHp: 6 }

describe('a turn the rules leave nothing to do in', () => {
  it('says why (osr reloading: "no other action"), and is null while anything is offered', async () => {
    const osr = await loadRules('osr')
    const now = (c: Combatant) => noActionNow(osr, c, IDLE_TURN, [c, goblin])
    expect(now(mira([{ kind: 'reloading', rounds: 1 }]))).toBe(
      'Reloading takes the whole round: no other action, not even moving.',
    )
    expect(now(mira())).toBeNull()
    // A dropped weapon takes the attack only: parrying and the like are offered.
    expect(now(mira([{ kind: 'no-attack', reason: 'weapon dropped' }]))).toBeNull()
  })
})
