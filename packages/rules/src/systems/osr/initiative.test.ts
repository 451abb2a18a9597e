import { describe, expect, it } from 'vitest'
import { holdAction, type InitiativeOrder, initiativeOrder } from './initiative.ts'
import { sheet } from './test-support.ts'

const spear = { name: 'Spear', damage: '1d6', longReach: true, settable: true }
const quick = sheet({ name: 'Quick', dexBonus: 2, weapons: [spear] })
const plain = sheet({ name: 'Plain' })
const orc = sheet({ name: 'Orc', dexBonus: -1 })

const order = (entries: Parameters<typeof initiativeOrder>[0]): InitiativeOrder => {
  const r = initiativeOrder(entries)
  if (!r.ok) throw new Error(r.error)
  return r.value
}

describe('initiative', () => {
  it('adds DEX to 1d6 and counts down from the highest', () => {
    const o = order([
      { id: 'a', sheet: quick, roll: 2 },
      { id: 'b', sheet: plain, roll: 5 },
      { id: 'c', sheet: orc, roll: 3 },
    ])
    expect(o.steps).toEqual([
      { initiative: 5, ids: ['b'] },
      { initiative: 4, ids: ['a'] },
      { initiative: 2, ids: ['c'] },
    ])
  })

  it('makes equal numbers act simultaneously', () => {
    const o = order([
      { id: 'a', sheet: quick, roll: 1 },
      { id: 'b', sheet: plain, roll: 3 },
    ])
    expect(o.steps).toEqual([{ initiative: 3, ids: ['a', 'b'] }])
  })

  it('takes 2 off a blinded combatant', () => {
    const o = order([{ id: 'b', sheet: plain, roll: 4, conditions: [{ kind: 'blinded' }] }])
    expect(o.steps[0]?.initiative).toBe(2)
  })

  it('leaves surprised combatants out of the round', () => {
    const o = order([
      { id: 'a', sheet: quick, roll: 6, conditions: [{ kind: 'surprised' }] },
      { id: 'b', sheet: plain, roll: 1 },
    ])
    expect(o.steps).toEqual([{ initiative: 1, ids: ['b'] }])
    expect(o.skipped).toEqual(['a'])
  })

  it('refuses a d6 face of 7', () => {
    expect(initiativeOrder([{ id: 'b', sheet: plain, roll: 7 }]).ok).toBe(false)
  })
})

describe('acting on another’s number', () => {
  const o = order([
    { id: 'quick', sheet: quick, roll: 1 }, // 3
    { id: 'plain', sheet: plain, roll: 5 }, // 5
    { id: 'orc', sheet: orc, roll: 2 }, // 1
  ])

  it('lets a holder act simultaneously with the creature they wait for', () => {
    const held = holdAction(o, 'plain', 'orc')
    expect(held.ok && held.value.steps).toEqual([
      { initiative: 3, ids: ['quick'] },
      { initiative: 1, ids: ['plain', 'orc'] },
    ])
    expect(holdAction(o, 'orc', 'plain').ok).toBe(false)
  })
})
