import {
  type Answer,
  type FiledFight,
  GM,
  LOG,
  type LogEntry,
  type PastFight,
  SEAT,
  TABLE,
} from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createTableModel, hpFraction, putOnTable } from './table.ts'

describe('the table model', () => {
  it('adds, damages and asks to remove combatants, and its signals follow the document', () => {
    let n = 0
    const doc = new Y.Doc()
    const gm = new Y.Doc()
    const table = createTableModel(doc, new Y.Doc(), () => `c${++n}`, gm)
    expect(table.addCombatant(' Goblin ', 7)).toEqual({ ok: true, value: 'c1' })
    table.addCombatant('Ogre', 19)
    table.adjustHp('c1', -10)
    expect(table.combatants.value).toEqual([
      { id: 'c1', name: 'Goblin', hp: 0, maxHp: 7, side: 'foe', seatId: null },
      { id: 'c2', name: 'Ogre', hp: 19, maxHp: 19, side: 'foe', seatId: null },
    ])
    // Removing (or hiding) is the room's: asked in the gm document, the table as it was until then.
    table.removeCombatant('c2')
    table.hideCombatant('c1')
    expect(gm.getArray(GM.requests).toArray().slice(-2)).toEqual([
      { id: 'c4', kind: 'remove-combatant', combatantId: 'c2' },
      { id: 'c5', kind: 'hide-combatant', combatantId: 'c1' },
    ])
    expect(table.combatants.value.map((c) => c.name)).toEqual(['Goblin', 'Ogre'])
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

describe('what each change recomputes', () => {
  it('a hit point or a turn step leaves the log as it was, and a roll leaves the combatants', () => {
    const doc = new Y.Doc()
    const log = new Y.Doc()
    const table = createTableModel(doc, log, () => 'c1', new Y.Doc())
    table.addCombatant('Goblin', 7)
    const roll = { id: 'r1', by: 'Mira', notation: '1d20', faces: [15], total: 15, at: 1, source: 'crypto' }
    log.getArray<LogEntry>(LOG.entries).push([roll as LogEntry])
    const entries = table.log.value
    const combatants = table.combatants.value
    // A long evening's log is thousands of entries: read again (and drawn again) only when it changes.
    table.adjustHp('c1', -2)
    doc.getMap(TABLE.turn).set('round', 2)
    expect(table.log.value).toBe(entries)
    expect(table.combatants.value).not.toBe(combatants)
    const hurt = table.combatants.value
    log.getArray<LogEntry>(LOG.entries).push([{ ...roll, id: 'r2' } as LogEntry])
    expect(table.combatants.value).toBe(hurt)
    expect(table.log.value.map((e) => e.id)).toEqual(['r1', 'r2'])
    expect(table.turn.value.round).toBe(2)
  })
})

describe('past fights', () => {
  it('lists those an older room filed whole in its log first, then those the log lists', () => {
    const log = new Y.Doc()
    const roll = { id: 'r1', by: 'Mira', notation: '1d20', faces: [15], total: 15, at: 1, source: 'crypto' }
    const old: PastFight = { id: 'f1', endedAt: 10, rounds: 2, entries: [roll as LogEntry] }
    const listed: FiledFight = { id: 'f2', endedAt: 20, rounds: 0, entries: 4 }
    const table = createTableModel(new Y.Doc(), log)
    log.getArray<PastFight>(LOG.fights).push([old])
    log.getArray<FiledFight>(LOG.filed).push([listed])
    expect(table.pastFights.value).toEqual([{ id: 'f1', endedAt: 10, rounds: 2, entries: 1 }, listed])
    expect(table.filedInLog.value).toEqual([old])
  })
})

describe('the GM’s hand on the turn order', () => {
  it('holds an action to the end of the round and moves slots still to come, never those past', () => {
    const doc = new Y.Doc()
    const table = createTableModel(doc, new Y.Doc())
    const turn = doc.getMap('turn')
    turn.set('status', 'running')
    turn.set('order', [
      { ids: ['a'], label: '6' },
      { ids: ['b', 'c'], label: '4' },
      { ids: ['d'], label: '2' },
    ])
    turn.set('current', 1)
    table.holdAction('b')
    expect(table.turn.value.order.map((s) => s.ids)).toEqual([['a'], ['c'], ['d'], ['b']])
    expect(table.turn.value.current).toBe(1)
    table.moveSlot(3, -1)
    expect(table.turn.value.order.map((s) => s.ids)).toEqual([['a'], ['c'], ['b'], ['d']])
    table.moveSlot(0, 1) // already happened: stays
    expect(table.turn.value.order.map((s) => s.ids)).toEqual([['a'], ['c'], ['b'], ['d']])
  })

  it('edits a combatant mid-fight, asking the change from what it showed, refusing impossible values', () => {
    const doc = new Y.Doc()
    const gm = new Y.Doc()
    const table = createTableModel(doc, new Y.Doc(), () => 'g', gm)
    table.addCombatant('Goblin', 7)
    const shown = { hp: 7, maxHp: 7 }
    expect(table.editCombatant('g', { name: 'Goblin chief', maxHp: 12, hp: 10 }, shown)).toBeNull()
    expect(gm.getArray(GM.requests).toArray()).toEqual([
      { id: 'g', kind: 'hp', combatantId: 'g', delta: 3, maxDelta: 5, edit: true },
    ])
    expect(table.combatants.value[0]).toMatchObject({ name: 'Goblin chief', hp: 10, maxHp: 12 })
    expect(table.editCombatant('g', { name: 'Goblin chief', hp: 30, maxHp: 12 }, shown)).toMatch(/up to 12/)
    expect(gm.getArray(GM.requests).length).toBe(1)
  })
})

describe('the GM’s hit points by request', () => {
  /** A tablet's table and gm documents, with a 13 hit point bandit from the room's table, and the room. */
  function tablet() {
    const [doc, gm, room] = [new Y.Doc(), new Y.Doc(), new Y.Doc()]
    let n = 0
    const table = createTableModel(doc, new Y.Doc(), () => `h${++n}`, gm)
    putOnTable(room, undefined, 'bandit', { name: 'Bandit', side: 'foe', hp: 13, maxHp: 13 })
    const sync = () => Y.applyUpdate(doc, Y.encodeStateAsUpdate(room))
    sync()
    /** The room applies a request: its table write, and its answer saying how far the table had come. */
    const roomApplies = (id: string, hp: number) => {
      room.getMap<Y.Map<unknown>>(TABLE.combatants).get('bandit')?.set('hp', hp)
      const after = { table: [room.clientID, Y.getState(room.store, room.clientID)], log: [0, 0] }
      gm.getArray<Answer>(SEAT.answers).push([{ id, result: { ok: true, logId: id }, after } as Answer])
    }
    const bandit = () => table.combatants.value.find((c) => c.id === 'bandit')
    return { table, gm, doc, roomApplies, sync, bandit }
  }

  it('writes a request, not the hit points, and shows its change at once', () => {
    const { table, gm, doc, bandit } = tablet()
    table.adjustHp('bandit', -5)
    table.adjustHp('bandit', -5)
    expect(gm.getArray(GM.requests).toArray()).toEqual([
      { id: 'h1', kind: 'hp', combatantId: 'bandit', delta: -5 },
      { id: 'h2', kind: 'hp', combatantId: 'bandit', delta: -5 },
    ])
    expect(doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('bandit')?.get('hp')).toBe(13)
    expect(bandit()?.hp).toBe(3)
  })

  it('counts an answered request once: by the table once it holds the room’s write, not twice', () => {
    const { table, roomApplies, sync, bandit } = tablet()
    table.adjustHp('bandit', -5)
    // The answer came before the table's write (another connection): still shown by the request.
    roomApplies('h1', 8)
    expect(bandit()?.hp).toBe(8)
    sync()
    expect(bandit()?.hp).toBe(8)
  })

  it('counts it once when the table’s last write is not a combatant’s, but the turn the room moved after it', () => {
    const { table, gm, doc, bandit } = tablet()
    const room = new Y.Doc()
    Y.applyUpdate(room, Y.encodeStateAsUpdate(doc))
    table.adjustHp('bandit', -5)
    // The room writes the hit points, then moves the turn on; the tablet gets the hit points, then the
    // answer (waiting for the turn too), then the turn: only that last one tells it the -5 is in.
    const before = Y.encodeStateVector(room)
    room.getMap<Y.Map<unknown>>(TABLE.combatants).get('bandit')?.set('hp', 8)
    const hit = Y.encodeStateAsUpdate(room, before)
    const beforeTurn = Y.encodeStateVector(room)
    room.getMap(TABLE.turn).set('current', 1)
    const turn = Y.encodeStateAsUpdate(room, beforeTurn)
    Y.applyUpdate(doc, hit)
    const after = { table: [room.clientID, Y.getState(room.store, room.clientID)], log: [0, 0] }
    gm.getArray<Answer>(SEAT.answers).push([{ id: 'h1', result: { ok: true, logId: 'h1' }, after } as Answer])
    expect(bandit()?.hp).toBe(3)
    Y.applyUpdate(doc, turn)
    expect(bandit()?.hp).toBe(8)
  })

  it('no longer counts a refused one', () => {
    const { table, gm, bandit } = tablet()
    table.adjustHp('bandit', -5)
    gm.getArray<Answer>(SEAT.answers).push([{ id: 'h1', result: { ok: false, error: 'No.' } }])
    expect(bandit()?.hp).toBe(13)
  })
})

describe('a hit-point bar', () => {
  it('is empty at 0 hit points and below, and never over full', () => {
    expect(hpFraction({ hp: -2, maxHp: 22 })).toBe(0)
    expect(hpFraction({ hp: 0, maxHp: 22 })).toBe(0)
    expect(hpFraction({ hp: 11, maxHp: 22 })).toBe(0.5)
    expect(hpFraction({ hp: 30, maxHp: 22 })).toBe(1)
    expect(hpFraction({ hp: 5, maxHp: 0 })).toBe(0)
  })
})
