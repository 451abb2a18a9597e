import { describe, expect, it } from 'vitest'
import { freshMorale, moraleTriggersDue, rollMorale } from './morale.ts'

describe('morale', () => {
  it('is due at the start, after the first death and when half are down', () => {
    const s = freshMorale()
    expect(moraleTriggersDue({ size: 10, dead: 0, down: 0, conflictStarting: true }, s)).toEqual([
      'start-of-conflict',
    ])
    expect(moraleTriggersDue({ size: 10, dead: 1, down: 1 }, s)).toEqual(['first-death'])
    expect(moraleTriggersDue({ size: 10, dead: 1, down: 5 }, s)).toEqual(['first-death', 'half-down'])
    expect(moraleTriggersDue({ size: 10, dead: 1, down: 4 }, { ...s, checked: ['first-death'] })).toEqual([])
    expect(moraleTriggersDue({ size: 10, dead: 0, down: 0, bigUpset: true }, s)).toEqual(['big-upset'])
  })

  it('rolls 2d6 and prompts the GM, since the morale table is not in the text', () => {
    const r = rollMorale(freshMorale(), 'first-death', [3, 6])
    expect(r.ok && r.value.total).toBe(9)
    expect(r.ok && r.value.prompt?.table).toBe('morale')
    // Each die's line says when the roll is due in words, not the trigger's id ("first-death", #54).
    expect(r.ok && r.value.breakdown.map((l) => l.label)).toEqual([
      'd6 (morale after the first death)',
      'd6 (morale after the first death)',
    ])
  })

  it('monsters who make their morale roll twice fight to the death', () => {
    const one = rollMorale(freshMorale(), 'first-death', [3, 3], 'holds')
    if (!one.ok) throw new Error(one.error)
    expect(one.value.state.fightsToDeath).toBe(false)
    const two = rollMorale(one.value.state, 'half-down', [4, 4], 'holds')
    if (!two.ok) throw new Error(two.error)
    expect(two.value.state.fightsToDeath).toBe(true)
    expect(moraleTriggersDue({ size: 4, dead: 4, down: 4, bigUpset: true }, two.value.state)).toEqual([])
    expect(rollMorale(two.value.state, 'big-upset', [1, 1]).ok).toBe(false)
  })

  it('a broken roll marks the group broken', () => {
    const r = rollMorale(freshMorale(), 'first-death', [6, 6], 'breaks')
    expect(r.ok && r.value.state.broken).toBe(true)
  })
})
