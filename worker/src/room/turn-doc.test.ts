/** An older room's turn, stored before each system kept its own round in `systemRound`, reads and plays on. */
import { TABLE, type TurnState } from '@fray/protocol'
import { defaultSheetFor, orderedRound, type SystemId, seededDice, zones } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { processedInMemory, TableRoom } from './table-room.ts'
import { gmAskerOf } from './test-support.ts'
import { readTurn, upgradeTurn } from './turn-doc.ts'

/** A room of `system` over plain documents, a goblin and an ogre on the table, its fight started. */
function zonesRoom(system: SystemId = 'zones') {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  const room = new TableRoom({
    system,
    docs: { ...docs, seat: () => new Y.Doc(), past: () => new Y.Doc() },
    dice: seededDice(5),
    processed: processedInMemory(),
    seatName: () => null,
    now: () => 1000,
  })
  docs.table.transact(() => {
    for (const [id, name] of [
      ['a', 'Goblin'],
      ['b', 'Ogre'],
    ]) {
      const m = new Y.Map<unknown>()
      docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).set(id as string, m)
      const fields = {
        name,
        side: 'foe',
        hp: 9,
        maxHp: 9,
        sheet: defaultSheetFor(system, name as string, 'foe'),
      }
      for (const [key, value] of Object.entries(fields)) m.set(key, value)
    }
  })
  room.tableChanged()
  const ask = gmAskerOf(docs.gm, room)
  expect(ask({ kind: 'start-combat' }).ok).toBe(true)
  const stored = () => docs.table.getMap<unknown>(TABLE.turn)
  return { docs, room, ask, stored, turn: () => stored().toJSON() as TurnState }
}

/**
 * The turn stored as a room did before #51, with no `systemRound`: zones' tracker under `factions`, a
 * slot-ordered round's parts (intents, brp's phase...) each under its own key.
 */
function storeAsBefore(map: Y.Map<unknown>, system: SystemId = 'zones'): void {
  const round = map.get('systemRound') as Record<string, unknown>
  map.doc?.transact(() => {
    map.delete('systemRound')
    if (system === 'zones') map.set('factions', round)
    else for (const [key, value] of Object.entries(round)) map.set(key, value)
  })
}

describe('a turn stored by an older room', () => {
  it('reads with its system’s round where the turn model keeps it now', () => {
    const now = zonesRoom()
    const before = now.turn()
    expect(zones.zonesRound(before)?.characters.a?.name).toBe('Goblin')
    storeAsBefore(now.stored())
    expect(now.stored().has('factions')).toBe(true)
    expect(readTurn(now.docs.table)).toEqual({ ...before })
  })

  it('is written again once as it reads now, and then needs nothing more', () => {
    const old = zonesRoom()
    const before = old.turn()
    storeAsBefore(old.stored())
    old.room.upgrade()
    expect(old.stored().has('factions')).toBe(false)
    expect(old.turn()).toEqual(before)
    expect(upgradeTurn(old.docs.table)).toBe(false)
  })

  it('plays on as the same fight never stored the old way does', () => {
    const old = zonesRoom()
    const fresh = zonesRoom()
    storeAsBefore(old.stored())
    // The foes move (or are refused, holding no initiative) in both rooms alike.
    const requests = [{ kind: 'act', combatantId: 'a' }, { kind: 'pass' }, { kind: 'next-turn' }]
    const answers = requests.map((request) => [old.ask(request), fresh.ask(request)])
    for (const [a, b] of answers) expect(a).toEqual(b)
    expect(answers.some(([a]) => a?.ok)).toBe(true)
    expect(old.turn()).toEqual(fresh.turn())
    expect(zones.zonesRound(old.turn())?.log.length).toBeGreaterThan(1)
  })

  it('of brp, its intents and phase each under a key of its own, reads, upgrades and plays on alike', () => {
    const old = zonesRoom('brp')
    const fresh = zonesRoom('brp')
    const intent = { kind: 'intent', combatantId: 'a', intent: { metersMoved: 10, weapon: null } }
    for (const r of [old, fresh]) expect(r.ask(intent).ok).toBe(true)
    expect(orderedRound(old.turn()).intents?.a?.metersMoved).toBe(10)
    const before = old.turn()
    storeAsBefore(old.stored(), 'brp')
    expect(old.stored().get('intents')).toBeDefined()
    expect(readTurn(old.docs.table)).toEqual(before)
    old.room.upgrade()
    expect(old.stored().has('intents')).toBe(false)
    expect(old.turn()).toEqual(before)
    // The Statement of Intent ends, the goblin moves first (brp's Movement phase), then the Actions.
    for (const request of [{ kind: 'begin-actions' }, { kind: 'begin-actions' }, { kind: 'next-turn' }])
      expect(old.ask(request)).toEqual(fresh.ask(request))
    expect(old.turn()).toEqual(fresh.turn())
    expect(orderedRound(old.turn()).phase).toBe('actions')
  })
})
