import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import {
  type FiledFight,
  LOG,
  type LogEntry,
  PAST,
  type PastFight,
  pastDocName,
  type RoomInfo,
  SEAT,
  TABLE,
} from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { EncounterRoom } from '../../worker/src/room/encounter-room.ts'
import { IDLE_DELETE_MS, PARTY_KEEP_MS } from '../../worker/src/room/keeping.ts'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, ORIGIN, TestClient, takeSeat } from './ws-client.ts'

const stubOf = (roomId: string) => env.ROOMS.get(env.ROOMS.idFromName(roomId))
const combatants = (client: TestClient) => client.doc.getMap<Y.Map<unknown>>(TABLE.combatants)

describe('a room that hibernates while its clients stay connected', () => {
  it('keeps its state, keeps serving the open sockets, and shows no ghost presence after the wake', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    const player = await TestClient.connect(roomId, 'table')
    const leaver = await TestClient.connect(roomId, 'table')
    gm.setPresence({ name: 'GM' })
    player.setPresence({ name: 'Mira' })
    leaver.setPresence({ name: 'Leaver' })
    const goblin = new Y.Map<unknown>()
    combatants(gm).set('g1', goblin)
    goblin.set('hp', 7)
    await eventually(
      () => player.othersPresent().length === 2 && combatants(player).has('g1'),
      'presence and goblin',
    )

    await evictDurableObject(stubOf(roomId)) // hibernates the sockets, tears the instance down
    leaver.close() // closes while the room sleeps

    // The same sockets still work: an edit after the wake reaches the player.
    ;(combatants(gm).get('g1') as Y.Map<unknown>).set('hp', 3)
    await eventually(() => combatants(player).get('g1')?.get('hp') === 3, 'the edit after the wake')
    const newcomer = await TestClient.connect(roomId, 'table')
    await eventually(() => newcomer.othersPresent().length === 2, 'presence rebuilt from the open sockets')
    expect(newcomer.othersPresent()).toEqual(['GM', 'Mira'])
    expect(combatants(newcomer).get('g1')?.get('hp')).toBe(3)
  })
})

describe('requests made offline', () => {
  it('are resolved exactly once, however often the seat document is replayed', async () => {
    const { roomId } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    // The phone writes two requests while offline, then connects.
    const offline = new Y.Doc()
    offline.getArray(SEAT.requests).push([
      { id: 'a', kind: 'roll', notation: 'd20', at: 1 },
      { id: 'b', kind: 'roll', notation: 'd20', at: 2 },
    ])
    const first = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    Y.applyUpdate(first.doc, Y.encodeStateAsUpdate(offline))
    const reader = await TestClient.connect(roomId, 'log')
    const log = reader.doc.getArray<LogEntry>(LOG.entries)
    await eventually(() => log.length === 2, 'both rolls')
    // The connection drops and the same state is sent again, also after the room restarts.
    first.close()
    await evictDurableObject(stubOf(roomId), { webSockets: 'close' })
    const again = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    Y.applyUpdate(again.doc, Y.encodeStateAsUpdate(offline))
    again.doc.getArray(SEAT.requests).push([{ id: 'c', kind: 'roll', notation: 'd20', at: 3 }])
    const fresh = await TestClient.connect(roomId, 'log')
    const entries = fresh.doc.getArray<LogEntry>(LOG.entries)
    await eventually(() => entries.length >= 3, 'the third roll')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(entries.toArray().map((e) => e.id.split('/')[0])).toEqual([seat.seatId, seat.seatId, seat.seatId])
    // Each request once: its answer names its own entry, and no entry is another's.
    await eventually(() => answersOf(again.doc).has('c'), 'the answer to c')
    const logIds = ['a', 'b', 'c'].map((id) => (answersOf(again.doc).get(id) as { logId?: string })?.logId)
    expect(entries.toArray().map((e) => e.id)).toEqual(logIds)
  })
})

describe('a room that resolved requests before it kept marks', () => {
  it('does not resolve again a request whose key it stored then, and keeps no key for new ones', async () => {
    const { roomId } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    // Then, the room stored a key per resolved request, `<seat id>/<request id>`.
    await runInDurableObject(stubOf(roomId), (_room, state) => {
      state.storage.sql.exec(
        'INSERT INTO processed_requests (id, seat) VALUES (?, ?)',
        `${seat.seatId}/old`,
        seat.seatId,
      )
    })
    await evictDurableObject(stubOf(roomId))
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    phone.doc.getArray(SEAT.requests).push([{ id: 'old', kind: 'roll', notation: 'd20', at: 1 }])
    phone.doc.getArray(SEAT.requests).push([{ id: 'new', kind: 'roll', notation: 'd20', at: 2 }])
    await eventually(() => answersOf(phone.doc).has('new'), 'the answer to the new request')
    const reader = await TestClient.connect(roomId, 'log')
    const entries = reader.doc.getArray<LogEntry>(LOG.entries).toArray()
    expect(entries.map((e) => e.id)).toEqual([(answersOf(phone.doc).get('new') as { logId: string }).logId])
    expect(answersOf(phone.doc).has('old')).toBe(false)
    const stats = await runInDurableObject(stubOf(roomId), (room: EncounterRoom) => room.stats())
    expect(stats).toMatchObject({ processedRequests: 1, writerClocks: 1 })
  })
})

describe('idle rooms', () => {
  it('are deleted by their alarm once idle for the documented period, and kept while in use', async () => {
    const idle = await createRoom()
    const busy = await createRoom()
    const open = await TestClient.connect(busy.roomId, 'table')
    for (const { roomId } of [idle, busy]) {
      await runInDurableObject(stubOf(roomId), (_room, state) => {
        state.storage.sql.exec('UPDATE activity SET at = ?', Date.now() - IDLE_DELETE_MS - 1)
      })
      expect(await runDurableObjectAlarm(stubOf(roomId))).toBe(true)
    }
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${idle.roomId}`)).status).toBe(404)
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${busy.roomId}`)).status).toBe(200)
    open.close()
  })

  it('keep a room with a party for 180 days, and say until when', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    const mira = new Y.Map<unknown>()
    gm.doc.getMap(TABLE.combatants).set('mira', mira)
    mira.set('name', 'Mira')
    mira.set('side', 'pc')
    const info = async () => (await (await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}`)).json()) as RoomInfo
    const reader = await TestClient.connect(roomId, 'table')
    await eventually(() => combatants(reader).has('mira'), 'the party in the room')
    gm.close()
    reader.close()
    await evictDurableObject(stubOf(roomId), { webSockets: 'close' })
    // Idle past the 30 days of a room with no party: kept.
    await runInDurableObject(stubOf(roomId), (_room, state) => {
      state.storage.sql.exec('UPDATE activity SET at = ?', Date.now() - IDLE_DELETE_MS - 1)
    })
    expect(await runDurableObjectAlarm(stubOf(roomId))).toBe(true)
    const kept = await info()
    expect(kept.keptUntil).toBeGreaterThan(Date.now() + PARTY_KEEP_MS - IDLE_DELETE_MS - 60_000)
    // Past the 180 days: deleted.
    await runInDurableObject(stubOf(roomId), (_room, state) => {
      state.storage.sql.exec('UPDATE activity SET at = ?', Date.now() - PARTY_KEEP_MS - 1)
    })
    expect(await runDurableObjectAlarm(stubOf(roomId))).toBe(true)
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}`)).status).toBe(404)
  })
})

describe('export and import', () => {
  it('builds a new room from an exported encounter: the table, the hidden roster and its past fights', async () => {
    const encounter = {
      fray: 'encounter',
      version: 2,
      system: 'zones',
      name: 'Den',
      exportedAt: 'then',
      combatants: [
        { name: 'Wolf', side: 'foe', hp: 3, maxHp: 3 },
        { name: 'Wolf mother', side: 'foe', hp: 9, maxHp: 9, hidden: true },
      ],
      pastFights: [{ endedAt: 1, rounds: 2, entries: [] }],
    }
    const created = await SELF.fetch(`${ORIGIN}/api/rooms`, {
      method: 'POST',
      body: JSON.stringify({ system: 'zones', encounter }),
    })
    expect(created.status).toBe(201)
    const { roomId, gmKey } = (await created.json()) as { roomId: string; gmKey: string }
    // What the room stored, read back by a new instance of it.
    await evictDurableObject(stubOf(roomId))
    const table = await TestClient.connect(roomId, 'table')
    expect([...combatants(table).values()].map((f) => f.get('name'))).toEqual(['Wolf'])
    const gm = await TestClient.connect(roomId, 'gm', gmKey)
    expect([...gm.doc.getMap<Y.Map<unknown>>('hidden').values()].map((f) => f.get('name'))).toEqual([
      'Wolf mother',
    ])
    const log = await TestClient.connect(roomId, 'log')
    expect(log.doc.getArray<FiledFight>(LOG.filed).toArray()).toEqual([
      { id: 'imported-0', endedAt: 1, rounds: 2, entries: 0, imported: true },
    ])
    const past = await TestClient.connect(roomId, 'past:0')
    expect(past.doc.getArray<PastFight>(PAST.fights).get(0)).toMatchObject({ imported: true, entries: [] })
  })
})

describe('a room that filed its fights in one past document', () => {
  it('moves each to its own document on the first read, in the order its log lists them, and keeps the old one no more', async () => {
    const { roomId } = await createRoom()
    // Then, "New fight" pushed each fight into the one `past` document, and listed it in the log.
    const old = new Y.Doc()
    const fight = (id: string, detail: string) =>
      ({ id, endedAt: 1, rounds: 2, entries: [{ id: `${id}/e`, detail } as LogEntry] }) satisfies PastFight
    old.getArray<PastFight>(PAST.fights).push([fight('gm/a.1', 'the first')])
    old.getArray<PastFight>(PAST.fights).push([fight('gm/b.2', 'the second')])
    const log = new Y.Doc()
    for (const f of old.getArray<PastFight>(PAST.fights))
      log.getArray<FiledFight>(LOG.filed).push([{ ...f, entries: f.entries.length }])
    await runInDurableObject(stubOf(roomId), (_room, state) => {
      for (const [name, doc] of [
        ['past', old],
        ['log', log],
      ] as const)
        state.storage.sql.exec(
          'INSERT INTO doc_updates (doc, data) VALUES (?, ?)',
          name,
          Y.encodeStateAsUpdate(doc),
        )
    })
    await evictDurableObject(stubOf(roomId))
    const second = await TestClient.connect(roomId, pastDocName(1))
    expect(second.doc.getArray<PastFight>(PAST.fights).toArray()).toEqual([fight('gm/b.2', 'the second')])
    const first = await TestClient.connect(roomId, pastDocName(0))
    expect(first.doc.getArray<PastFight>(PAST.fights).toArray()).toEqual([fight('gm/a.1', 'the first')])
    const stats = await runInDurableObject(stubOf(roomId), (room: EncounterRoom) => room.stats())
    // Two filed fights' documents, and no `past` document left.
    expect(stats?.filedFights.docs).toBe(2)
    // And stored so: after the room is evicted, each is read from its own document.
    await evictDurableObject(stubOf(roomId))
    const again = await TestClient.connect(roomId, pastDocName(1))
    expect(again.doc.getArray<PastFight>(PAST.fights).toArray()).toEqual([fight('gm/b.2', 'the second')])
  })
})
