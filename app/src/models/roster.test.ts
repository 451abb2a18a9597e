import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createRoster, numberedNames, parseGroupName } from './roster.ts'
import { createTableModel } from './table.ts'

describe('the GM roster', () => {
  it('reads "Goblin x4" as four goblins, numbered after those already there', () => {
    expect(parseGroupName('Goblin x4')).toEqual({ name: 'Goblin', count: 4 })
    expect(parseGroupName('  Ogre  ')).toEqual({ name: 'Ogre', count: 1 })
    expect(numberedNames('Goblin', 2, ['Goblin 1', 'Goblin 2', 'Ogre'])).toEqual(['Goblin 3', 'Goblin 4'])
  })

  it('keeps hidden monsters in the gm document only, until revealed', () => {
    let n = 0
    const table = new Y.Doc()
    const gm = new Y.Doc()
    const model = createTableModel(table, new Y.Doc())
    const roster = createRoster(
      table,
      gm,
      () => model.combatants.value,
      () => `m${++n}`,
    )
    expect(roster.addGroup({ name: 'Wolf', count: 3, hp: 11, side: 'foe', hidden: true })).toEqual({
      ok: true,
      value: ['m1', 'm2', 'm3'],
    })
    expect(model.combatants.value).toEqual([])
    expect(JSON.stringify(table.toJSON())).not.toContain('Wolf')
    expect(roster.hidden.value.map((c) => c.name)).toEqual(['Wolf 1', 'Wolf 2', 'Wolf 3'])
    roster.reveal('m2')
    expect(model.combatants.value.map((c) => c.name)).toEqual(['Wolf 2'])
    expect(roster.hidden.value.map((c) => c.name)).toEqual(['Wolf 1', 'Wolf 3'])
  })

  it('refuses a group it cannot add, and says why', () => {
    const roster = createRoster(new Y.Doc(), new Y.Doc(), () => [])
    expect(roster.addGroup({ name: 'Rat', count: 50, hp: 2, side: 'foe', hidden: false })).toEqual({
      ok: false,
      error: 'Add between 1 and 20 at a time.',
    })
  })
})
