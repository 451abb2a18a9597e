import { describe, expect, it } from 'vitest'
import { durabilityRolls } from './gear.ts'
import { DEFAULT_SETTINGS } from './settings.ts'

describe('zones gear degradation', () => {
  it('rolls durability only for gear used in the fight, damaging it on the failing faces', () => {
    const r = durabilityRolls(
      [
        { id: 'sword', kind: 'weapon', used: true, damaged: false },
        { id: 'mail', kind: 'armor', used: true, damaged: false },
        { id: 'spare', kind: 'weapon', used: false, damaged: false },
      ],
      { sword: 1, mail: 2 },
      DEFAULT_SETTINGS,
    )
    expect(r.items.map((i) => i.damaged)).toEqual([true, false, false])
    expect(r.breakdown).toHaveLength(2)
  })

  it('follows the room setting for the durability die', () => {
    const r = durabilityRolls(
      [{ id: 's', kind: 'shield', used: true, damaged: false }],
      { s: 3 },
      {
        durability: { sides: 10, damagedAtOrBelow: 3 },
      },
    )
    expect(r.items[0]?.damaged).toBe(true)
  })
})
