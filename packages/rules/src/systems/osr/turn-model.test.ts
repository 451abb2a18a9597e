import { describe, expect, it } from 'vitest'
import { fighter, steps, turnContext } from '../../table/test-support.ts'
import { osrTurns as rules } from './turn-model.ts'

const mira = fighter('osr', 'm', 'pc', { name: 'Mira', dexBonus: 2 })
const elf = fighter('osr', 'e', 'pc', { name: 'Ilse', elf: true })
const g1 = fighter('osr', 'g1', 'foe', { name: 'Goblin 1' })
const g2 = fighter('osr', 'g2', 'foe', { name: 'Goblin 2' })

describe('osr turns', () => {
  it('scores 1d6 + DEX, highest first, ties acting together', () => {
    const ctx = turnContext('osr', [mira, g1, g2])
    const start = rules.start(ctx, null)
    if (!start.ok) throw new Error(start.error)
    const running = steps(
      rules,
      start.value.step,
      ctx,
      { kind: 'initiative', id: 'm', faces: [3] },
      { kind: 'initiative', id: 'g1', faces: [5] },
      { kind: 'initiative', id: 'g2', faces: [2] },
    )
    expect(running.turn.initiative.m?.total).toBe(5) // 3 + DEX 2
    expect(running.turn.order).toEqual([
      { ids: ['m', 'g1'], label: 'Initiative 5', at: 5 },
      { ids: ['g2'], label: 'Initiative 2', at: 2 },
    ])
    expect(rules.step(running.turn, { kind: 'initiative', id: 'm', faces: [7] }, ctx)).toEqual({
      ok: false,
      error: 'Initiative is not being rolled right now.',
    })
  })

  it('refuses a face the d6 does not have', () => {
    const ctx = turnContext('osr', [mira, g1])
    const start = rules.start(ctx, null)
    if (!start.ok) throw new Error(start.error)
    expect(rules.step(start.value.step.turn, { kind: 'initiative', id: 'm', faces: [7] }, ctx)).toEqual({
      ok: false,
      error: 'A d6 shows 1 to 6, not 7.',
    })
  })

  it('checks surprise with one d20 for the side, DC 13 (elves 15), +3 against a prepared ambush', () => {
    const table = [mira, elf, g1, g2]
    // 10 + 3 = 13: Mira (DC 13) is surprised, the elf (DC 15) is not.
    const ambushed = rules.start(turnContext('osr', table, { faces: [10] }), { unaware: 'pc', ambush: true })
    expect(ambushed.ok && ambushed.value.step.turn.surprised).toEqual(['m'])
    // An attack on the surprised Mira in round 1 is on an unaware target; on Ilse it is not.
    if (!ambushed.ok) throw new Error(ambushed.error)
    expect(rules.known?.(ambushed.value.step.turn, g1, mira)).toEqual(['target-unaware'])
    expect(rules.known?.(ambushed.value.step.turn, g1, elf)).toEqual([])
    expect(ambushed.ok && ambushed.value.rolls[0]?.detail).toBe(
      'Surprise (one d20 for the party): d20 10 + prepared ambush 3: Mira surprised (13+); Ilse not surprised (15+)',
    )
    const plain = rules.start(turnContext('osr', table, { faces: [12] }), { unaware: 'pc', ambush: false })
    expect(plain.ok && plain.value.step.turn.surprised).toEqual([])
    const both = rules.start(turnContext('osr', table, { faces: [15, 13] }), {
      unaware: 'both',
      ambush: false,
    })
    expect(both.ok && both.value.step.turn.surprised).toEqual(['m', 'e', 'g1', 'g2'])
  })

  it('allows one attack a turn, two with a small weapon in the off hand', () => {
    expect(rules.attacksPerTurn(mira)).toBe(1)
    const twoBlades = fighter('osr', 'b', 'pc', {
      weapons: [
        { name: 'Sword', kind: 'melee', damage: '1d8' },
        { name: 'Dagger', kind: 'melee', damage: '1d4', small: true },
      ],
    })
    expect(rules.attacksPerTurn(twoBlades)).toBe(2)
  })
})
