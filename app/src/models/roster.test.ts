import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createRoster, groupOf, numberedNames, parseGroupName } from './roster.ts'
import { createTableModel } from './table.ts'

describe('the GM roster', () => {
  it('reads "Goblin x4" as four goblins, numbered after those already there', () => {
    expect(parseGroupName('Goblin x4')).toEqual({ name: 'Goblin', count: 4 })
    expect(parseGroupName('  Ogre  ')).toEqual({ name: 'Ogre', count: 1 })
    // Hit points may follow on the same line, as a number or dice.
    expect(parseGroupName('Orc x3 HP 1d8+1')).toEqual({ name: 'Orc', count: 3, hp: '1d8+1' })
    expect(parseGroupName('Troll hp 30')).toEqual({ name: 'Troll', count: 1, hp: '30' })
    expect(parseGroupName('HP Lovecraft')).toEqual({ name: 'HP Lovecraft', count: 1 })
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
    // Revealing one is the room's, by request (worker/src/room/table-acts.test.ts).
  })

  it('refuses a group it cannot add, and says why', () => {
    const roster = createRoster(new Y.Doc(), new Y.Doc(), () => [])
    expect(roster.addGroup({ name: 'Rat', count: 50, hp: 2, side: 'foe', hidden: false })).toEqual({
      ok: false,
      error: 'Add between 1 and 20 at a time.',
    })
  })

  it('knows a group by its numbered names, whatever else is on the table', () => {
    const all = ['Goblin 1', 'Goblin 2', 'Goblin 12', 'Goblin king', 'Hobgoblin 1', 'Ogre'].map(
      (name, i) => ({
        id: `c${i}`,
        name,
      }),
    )
    const names = (c: { id: string; name: string }) => groupOf(c, all).map((o) => o.name)
    expect(names(all[1] as (typeof all)[number])).toEqual(['Goblin 2', 'Goblin 1', 'Goblin 12'])
    expect(names(all[5] as (typeof all)[number])).toEqual(['Ogre'])
  })

  it('lets the GM set a hidden monster’s sheet without showing it', () => {
    const table = new Y.Doc()
    const gm = new Y.Doc()
    const roster = createRoster(
      table,
      gm,
      () => [],
      () => 'w1',
    )
    roster.addGroup({ name: 'Wolf', count: 1, hp: 11, side: 'foe', hidden: true })
    roster.setSheet('w1', { name: 'Wolf', hitPoints: 11, armor: 'none' }, 11)
    expect(roster.hidden.value).toEqual([
      expect.objectContaining({
        name: 'Wolf',
        hp: 11,
        maxHp: 11,
        sheet: { name: 'Wolf', hitPoints: 11, armor: 'none' },
      }),
    ])
    expect(JSON.stringify(table.toJSON())).not.toContain('Wolf')
  })
})
