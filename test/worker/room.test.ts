import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test'
import { LOG, type LogEntry, SEAT, TABLE } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { COMPACT_AFTER } from '../../worker/src/room/room-store.ts'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, TestClient, takeSeat, varUint } from './ws-client.ts'

const combatants = (client: TestClient) => client.doc.getMap<Y.Map<unknown>>(TABLE.combatants)

function addCombatant(client: TestClient, id: string, name: string, hp: number) {
  const fields = new Y.Map<unknown>()
  client.doc.transact(() => {
    combatants(client).set(id, fields)
    fields.set('name', name)
    fields.set('hp', hp)
    fields.set('maxHp', hp)
  })
}

const stubOf = (roomId: string) => env.ROOMS.get(env.ROOMS.idFromName(roomId))

describe('an encounter room', () => {
  it('answers a client with nothing the whole state it encoded for the last one, until the document changes', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    addCombatant(gm, 'g1', 'Goblin 1', 7)
    // A table far larger than the changes below: a stale answer would still hold most of it.
    gm.doc.transact(() => {
      for (let i = 0; i < 60; i++) addCombatant(gm, `k${i}`, `Kobold ${i + 1} of the warren's long march`, 4)
    })
    const hp = (client: TestClient) => combatants(client).get('g1')?.get('hp')
    const first = await TestClient.connect(roomId, 'table')
    await eventually(() => hp(first) === 7, 'the goblin on the first')
    const second = await TestClient.connect(roomId, 'table')
    await eventually(() => hp(second) === 7, 'the goblin on the second, from the same answer')
    addCombatant(gm, 'o1', 'Ogre', 19)
    await eventually(() => combatants(first).has('o1'), 'the ogre on a connected client')
    combatants(gm).get('g1')?.set('hp', 2)
    combatants(gm).delete('o1')
    await eventually(
      () => hp(first) === 2 && !combatants(first).has('o1'),
      'the changes on a connected client',
    )
    // A client joining after the changes gets them too, the deletion included.
    const third = await TestClient.connect(roomId, 'table')
    await eventually(() => hp(third) === 2, 'the goblin as it is now, on the third')
    expect(combatants(third).has('o1')).toBe(false)
    expect(combatants(third).toJSON()).toEqual(combatants(gm).toJSON())
    // Past a compaction (the stored updates replaced by one snapshot), a client joining is the same.
    // Two GM tablets share the edits: one connection's burst of messages is 200 (RATE).
    const tablet = await TestClient.connect(roomId, 'table', gmKey)
    // Each edits its own combatant: two tablets setting one value at once would leave either.
    for (let i = 0; i < COMPACT_AFTER + 5; i++) {
      if (i % 2) combatants(tablet).get('k0')?.set('hp', i)
      else combatants(gm).get('g1')?.set('hp', i)
    }
    await eventually(
      () => hp(first) === COMPACT_AFTER + 4 && combatants(first).get('k0')?.get('hp') === COMPACT_AFTER + 3,
      'the last of many edits',
    )
    combatants(gm).delete('g1')
    addCombatant(gm, 't1', 'Troll', 30)
    await eventually(() => combatants(first).has('t1'), 'the troll on a connected client')
    const fourth = await TestClient.connect(roomId, 'table')
    await eventually(() => combatants(fourth).has('t1'), 'the troll on the fourth')
    expect(combatants(fourth).toJSON()).toEqual(combatants(gm).toJSON())
    expect(Y.encodeStateVector(fourth.doc)).toEqual(Y.encodeStateVector(gm.doc))
  })

  it('converges two GM clients on the table document', async () => {
    const { roomId, gmKey } = await createRoom()
    const a = await TestClient.connect(roomId, 'table', gmKey)
    const b = await TestClient.connect(roomId, 'table', gmKey)
    addCombatant(a, 'g1', 'Goblin 1', 7)
    addCombatant(b, 'o1', 'Ogre', 19)
    await eventually(
      () => combatants(a).size === 2 && combatants(b).size === 2,
      'both combatants on both clients',
    )
    expect(combatants(b).get('g1')?.get('hp')).toBe(7)
    expect(combatants(a).get('o1')?.get('name')).toBe('Ogre')
    a.close()
    b.close()
  })

  it('rebuilds its documents from storage in a new instance', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    addCombatant(gm, 'g1', 'Goblin 1', 7)
    const gmDoc = await TestClient.connect(roomId, 'gm', gmKey)
    gmDoc.doc.getMap('notes').set('secret', 'the ogre is an illusion')
    // A fresh reader proves the server accepted both updates before the instance goes away.
    const check = await TestClient.connect(roomId, 'table', gmKey)
    await eventually(() => combatants(check).size === 1, 'the update to reach the server')
    for (const c of [gm, gmDoc, check]) c.close()

    await evictDurableObject(stubOf(roomId), { webSockets: 'close' })

    const table = await TestClient.connect(roomId, 'table')
    expect(combatants(table).get('g1')?.toJSON()).toEqual({ name: 'Goblin 1', hp: 7, maxHp: 7 })
    const notes = await TestClient.connect(roomId, 'gm', gmKey)
    expect(notes.doc.getMap('notes').get('secret')).toBe('the ogre is an illusion')
  })

  it('refuses the gm document to a player link, and to a wrong key', async () => {
    const { roomId } = await createRoom()
    const player = await TestClient.open(roomId, 'gm')
    expect(player.status).toBe(403)
    expect(await player.json()).toEqual({ error: expect.stringMatching(/cannot open the "gm" document/) })
    const wrongKey = await TestClient.open(roomId, 'gm', 'not-the-key')
    expect(wrongKey.status).toBe(403)
  })

  it('lets a player read the table and closes it with a reason when it writes there', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    addCombatant(gm, 'g1', 'Goblin 1', 7)
    const player = await TestClient.connect(roomId, 'table')
    await eventually(() => combatants(player).size === 1, 'the player to see the goblin')
    addCombatant(player, 'x', 'Forged', 99)
    expect(await player.closed).toEqual({ code: 4003, reason: expect.stringMatching(/not change it/) })
    const fresh = await TestClient.connect(roomId, 'table')
    expect([...combatants(fresh).keys()]).toEqual(['g1'])
  })

  it('closes a connection that speaks for another client in awareness', async () => {
    const { roomId } = await createRoom()
    const player = await TestClient.connect(roomId, 'table')
    const { Awareness, encodeAwarenessUpdate } = await import('y-protocols/awareness')
    const mine = new Awareness(player.doc)
    const other = new Awareness(new Y.Doc())
    mine.setLocalState({ name: 'me' })
    other.setLocalState({ name: 'someone else' })
    const frame = (update: Uint8Array) => new Uint8Array([1, ...varUint(update.length), ...update])
    player.send(frame(encodeAwarenessUpdate(mine, [mine.clientID])))
    player.send(frame(encodeAwarenessUpdate(other, [other.clientID])))
    expect(await player.closed).toEqual({ code: 4003, reason: expect.stringMatching(/own presence/) })
    mine.destroy()
    other.destroy()
  })

  it('drops, without closing, a stock provider echoing others’ presence that is not newer', async () => {
    const { roomId } = await createRoom()
    const a = await TestClient.connect(roomId, 'table')
    const b = await TestClient.connect(roomId, 'table')
    a.setPresence({ name: 'A' })
    b.setPresence({ name: 'B' })
    await eventually(() => b.othersPresent().includes('A'), 'A seen by B')
    // B relays A's state back, as y-websocket's provider does for every change it hears.
    const { encodeAwarenessUpdate } = await import('y-protocols/awareness')
    const echo = encodeAwarenessUpdate(b.presence, [a.doc.clientID])
    b.send(new Uint8Array([1, ...varUint(echo.length), ...echo]))
    b.setPresence({ name: 'B2' })
    await eventually(() => a.othersPresent().includes('B2'), 'B still connected and heard')
  })

  it('closes a connection that sends garbage with a clear reason', async () => {
    const { roomId } = await createRoom()
    const player = await TestClient.connect(roomId, 'table')
    player.send(new Uint8Array([9, 9, 9]))
    expect(await player.closed).toEqual({
      code: 4000,
      reason: expect.stringMatching(/unknown message type 9/),
    })
  })

  it('rolls a d20 on the server for a seat request and writes it to the shared log', async () => {
    const { roomId, gmKey } = await createRoom()
    const { seatId, seatKey } = await takeSeat(roomId, 'Mira')
    const gm = await TestClient.connect(roomId, 'log', gmKey)
    const seat = await TestClient.connect(roomId, `seat:${seatId}`, seatKey)
    seat.doc.getArray(SEAT.requests).push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    const log = gm.doc.getArray<LogEntry>(LOG.entries)
    await eventually(() => log.length === 1, 'the roll in the GM log')
    const entry = log.get(0)
    expect(entry).toMatchObject({ by: 'Mira', notation: '1d20', source: 'crypto' })
    expect(entry.faces).toHaveLength(1)
    expect(entry.total).toBe(entry.faces[0])
    expect(entry.total).toBeGreaterThanOrEqual(1)
    expect(entry.total).toBeLessThanOrEqual(20)
    const results = answersOf(seat.doc)
    await eventually(() => results.size === 1, 'the result in the seat')
    expect(results.get('r1')).toEqual({ ok: true, logId: entry.id })

    // Another seat's key does not open this seat, and the table's readers cannot write requests.
    expect((await TestClient.open(roomId, `seat:${seatId}`)).status).toBe(403)
  })

  it('rolls the percentile dice for a d100 quick roll, and checks a typed face against them', async () => {
    const { roomId, gmKey } = await createRoom('brp')
    const { seatId, seatKey } = await takeSeat(roomId, 'Mira')
    const gm = await TestClient.connect(roomId, 'log', gmKey)
    const seat = await TestClient.connect(roomId, `seat:${seatId}`, seatKey)
    const requests = seat.doc.getArray(SEAT.requests)
    requests.push([{ id: 'r1', kind: 'roll', notation: 'd100', at: 1 }])
    requests.push([{ id: 'r2', kind: 'roll', notation: 'd100', at: 2, faces: [87] }])
    requests.push([{ id: 'r3', kind: 'roll', notation: 'd100', at: 3, faces: [101] }])
    const results = answersOf(seat.doc)
    await eventually(() => results.size === 3, 'the three answers')
    expect(results.get('r3')).toEqual({
      ok: false,
      error: expect.stringMatching(/d100 cannot show 101/),
    })
    const log = gm.doc.getArray<LogEntry>(LOG.entries)
    const [server, typed] = log.toArray()
    expect(server).toMatchObject({ by: 'Mira', notation: '1d100', source: 'crypto' })
    expect(server?.total).toBeGreaterThanOrEqual(1)
    expect(server?.total).toBeLessThanOrEqual(100)
    expect(typed).toMatchObject({ notation: '1d100', total: 87, faces: [87], source: 'physical' })
    expect(log.length).toBe(2)
  })

  it('compacts a long update log into a snapshot that loads to the same state', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    addCombatant(gm, 'g1', 'Goblin 1', 500)
    const hp = () => combatants(gm).get('g1') as Y.Map<number>
    for (let i = 1; i <= COMPACT_AFTER + 20; i++) hp().set('hp', 500 - i)
    const reader = await TestClient.connect(roomId, 'table', gmKey)
    await eventually(
      () => (combatants(reader).get('g1')?.get('hp') as number) === 500 - COMPACT_AFTER - 20,
      'last hp',
    )
    const rows = await runInDurableObject(stubOf(roomId), (_room, state) => ({
      updates: state.storage.sql
        .exec<{ n: number }>("SELECT COUNT(*) AS n FROM doc_updates WHERE doc = 'table'")
        .one().n,
      snapshots: state.storage.sql
        .exec<{ n: number }>("SELECT COUNT(*) AS n FROM doc_states WHERE doc = 'table'")
        .one().n,
      bytes: state.storage.sql
        .exec<{ n: number }>("SELECT SUM(LENGTH(data)) AS n FROM doc_states WHERE doc = 'table'")
        .one().n,
    }))
    expect(rows.snapshots).toBeGreaterThanOrEqual(1)
    expect(rows.updates).toBeLessThan(COMPACT_AFTER)
    // Version 2 keeps each overwritten hit point in a few bytes: version 1 of the same state is larger.
    expect(rows.bytes).toBeLessThan(Y.encodeStateAsUpdate(gm.doc).byteLength)
    await evictDurableObject(stubOf(roomId), { webSockets: 'close' })
    const after = await TestClient.connect(roomId, 'table')
    expect(combatants(after).get('g1')?.get('hp')).toBe(500 - COMPACT_AFTER - 20)
  })

  it('loads a room compacted before version 2 snapshots, and rewrites it as version 2 at its next compaction', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    addCombatant(gm, 'g1', 'Goblin 1', 30)
    const reader = await TestClient.connect(roomId, 'table', gmKey)
    await eventually(() => combatants(reader).has('g1'), 'the goblin')
    // The room as an older version left it: its table in one version 1 snapshot, no update log.
    const older = Y.encodeStateAsUpdate(gm.doc)
    const count = (sql: SqlStorage, table: string) =>
      sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE doc = 'table'`).one().n
    await runInDurableObject(stubOf(roomId), (_room, state) => {
      const sql = state.storage.sql
      for (const table of ['doc_updates', 'doc_states', 'doc_snapshots'])
        sql.exec(`DELETE FROM ${table} WHERE doc = 'table'`)
      sql.exec("INSERT INTO doc_snapshots (doc, part, data) VALUES ('table', 0, ?)", older.slice().buffer)
    })
    await evictDurableObject(stubOf(roomId), { webSockets: 'close' })
    const after = await TestClient.connect(roomId, 'table', gmKey)
    expect(combatants(after).get('g1')?.get('name')).toBe('Goblin 1')
    const hp = () => combatants(after).get('g1') as Y.Map<number>
    for (let i = 1; i <= COMPACT_AFTER + 5; i++) hp().set('hp', 30 + i)
    const watcher = await TestClient.connect(roomId, 'table', gmKey)
    await eventually(() => combatants(watcher).get('g1')?.get('hp') === 30 + COMPACT_AFTER + 5, 'the last hp')
    const rows = await runInDurableObject(stubOf(roomId), (_room, state) => ({
      v1: count(state.storage.sql, 'doc_snapshots'),
      v2: count(state.storage.sql, 'doc_states'),
    }))
    expect(rows).toEqual({ v1: 0, v2: 1 })
    await evictDurableObject(stubOf(roomId), { webSockets: 'close' })
    const last = await TestClient.connect(roomId, 'table')
    expect(combatants(last).get('g1')?.get('hp')).toBe(30 + COMPACT_AFTER + 5)
    expect(combatants(last).get('g1')?.get('name')).toBe('Goblin 1')
  })
})

describe('presence on documents nobody reads it on', () => {
  it('goes back to its sender only on the log, and to everyone on the table', async () => {
    const { roomId } = await createRoom()
    const a = await TestClient.connect(roomId, 'log')
    const b = await TestClient.connect(roomId, 'log')
    a.setPresence({ name: 'A' })
    await eventually(() => a.presence.getStates().has(a.doc.clientID), 'A hears its own presence back')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(b.othersPresent()).toEqual([])
    const c = await TestClient.connect(roomId, 'table')
    const d = await TestClient.connect(roomId, 'table')
    c.setPresence({ name: 'C' })
    await eventually(() => d.othersPresent().includes('C'), 'C seen at the table')
  })
})
