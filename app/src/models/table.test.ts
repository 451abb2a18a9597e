import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createTableModel } from './table.ts'

describe('the table model', () => {
  it('adds, damages and removes combatants, and its signals follow the document', () => {
    let n = 0
    const doc = new Y.Doc()
    const table = createTableModel(doc, new Y.Doc(), () => `c${++n}`)
    expect(table.addCombatant(' Goblin ', 7)).toEqual({ ok: true, id: 'c1' })
    table.addCombatant('Ogre', 19)
    table.adjustHp('c1', -10)
    expect(table.combatants.value).toEqual([
      { id: 'c1', name: 'Goblin', hp: 0, maxHp: 7, side: 'foe', seatId: null },
      { id: 'c2', name: 'Ogre', hp: 19, maxHp: 19, side: 'foe', seatId: null },
    ])
    table.removeCombatant('c2')
    expect(table.combatants.value.map((c) => c.name)).toEqual(['Goblin'])
  })

  it('refuses a combatant without a name or with impossible hit points, and says why', () => {
    const table = createTableModel(new Y.Doc(), new Y.Doc())
    expect(table.addCombatant('', 5)).toEqual({ ok: false, error: 'Give the combatant a name.' })
    expect(table.addCombatant('Rat', 0)).toEqual({ ok: false, error: expect.stringMatching(/at least 1/) })
    expect(table.addCombatant('Rat', 2.5)).toEqual({
      ok: false,
      error: expect.stringMatching(/whole number/),
    })
    expect(table.combatants.value).toEqual([])
  })

  it('sees changes made by another replica', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    a.on('update', (u: Uint8Array) => Y.applyUpdate(b, u))
    const gm = createTableModel(a, new Y.Doc())
    const mirror = createTableModel(b, new Y.Doc())
    gm.addCombatant('Wolf', 11)
    expect(mirror.combatants.value.map((c) => c.name)).toEqual(['Wolf'])
  })
})
