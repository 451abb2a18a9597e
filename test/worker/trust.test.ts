import { SELF } from 'cloudflare:test'
import { GM, LOG, type LogEntry, SEAT, TABLE } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, ORIGIN, TestClient, takeSeat, varUint } from './ws-client.ts'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('what a player link can do', () => {
  it('cannot write the table, the log, the gm document or another seat; each refusal says why', async () => {
    const { roomId } = await createRoom()
    const mira = await takeSeat(roomId, 'Mira')
    const other = await takeSeat(roomId, 'Tomas')

    const table = await TestClient.connect(roomId, 'table', mira.seatKey)
    table.doc.getMap(TABLE.combatants).set('x', new Y.Map())
    expect(await table.closed).toEqual({
      code: 4003,
      reason: expect.stringMatching(/"table".*not change it/),
    })

    const log = await TestClient.connect(roomId, 'log', mira.seatKey)
    log.doc.getArray(LOG.entries).push([{ id: 'fake' }])
    expect(await log.closed).toEqual({ code: 4003, reason: expect.stringMatching(/"log".*not change it/) })

    for (const [doc, key] of [
      ['gm', mira.seatKey],
      ['gm', undefined],
      [`seat:${other.seatId}`, mira.seatKey],
      [`seat:${other.seatId}`, undefined],
    ] as const) {
      const response = await TestClient.open(roomId, doc, key)
      expect(response.status, `${doc} with ${key ? 'another key' : 'no key'}`).toBe(403)
      expect(((await response.json()) as { error: string }).error).toMatch(
        /not valid for this room|cannot open/,
      )
    }
  })

  it('is refused with a wrong GM key and with a key from another room', async () => {
    const a = await createRoom()
    const b = await createRoom()
    expect((await TestClient.open(a.roomId, 'gm', 'x'.repeat(43))).status).toBe(403)
    expect((await TestClient.open(a.roomId, 'gm', b.gmKey)).status).toBe(403)
    expect((await TestClient.open(a.roomId, 'gm', a.gmKey, 'protocol')).status).toBe(101)
  })

  it('never receives the hidden monsters of a scripted fight, by sync, awareness or HTTP', async () => {
    const { roomId, gmKey } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const player = {
      table: await TestClient.connect(roomId, 'table'),
      log: await TestClient.connect(roomId, 'log'),
      seat: await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey),
    }
    const gmTable = await TestClient.connect(roomId, 'table', gmKey, 'protocol')
    const gmSecret = await TestClient.connect(roomId, 'gm', gmKey, 'protocol')

    // The GM prepares a hidden ambusher in the gm document and a visible goblin on the table.
    const ambusher = new Y.Map<unknown>()
    gmSecret.doc.transact(() => {
      gmSecret.doc.getMap('hidden').set('h1', ambusher)
      ambusher.set('name', 'Shadow Assassin')
      ambusher.set('hp', 4242)
      ambusher.set('notes', 'poisoned-blade-xyzzy')
    })
    const goblin = new Y.Map<unknown>()
    gmTable.doc.transact(() => {
      gmTable.doc.getMap(TABLE.combatants).set('g1', goblin)
      goblin.set('name', 'Goblin 1')
      goblin.set('hp', 7)
    })
    // The player rolls; the GM sets presence on the gm document.
    player.seat.doc.getArray(SEAT.requests).push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    const { Awareness, encodeAwarenessUpdate } = await import('y-protocols/awareness')
    const presence = new Awareness(gmSecret.doc)
    presence.setLocalState({ looking_at: 'Shadow Assassin' })
    const update = encodeAwarenessUpdate(presence, [presence.clientID])
    gmSecret.send(new Uint8Array([1, ...varUint(update.length), ...update]))
    presence.destroy()

    const log = player.log.doc.getArray<LogEntry>(LOG.entries)
    await eventually(() => log.length === 1, 'the roll to reach the player')
    await eventually(
      () => player.table.doc.getMap(TABLE.combatants).has('g1'),
      'the visible goblin to reach the player',
    )
    const http = await (await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}`)).text()
    const everything = [player.table, player.log, player.seat].map((c) => text(c.received())).join('') + http
    expect(everything).toContain('Goblin 1')
    for (const secret of ['Shadow Assassin', '4242', 'poisoned-blade-xyzzy', gmKey]) {
      expect(everything).not.toContain(secret)
    }
  })
})

describe('rolls', () => {
  it('are only ever written by the server: forged entries and forged results never reach the log', async () => {
    const { roomId, gmKey } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const mine = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    // A player can scribble in its own seat document, e.g. a fake "result"; the room ignores it.
    mine.doc.getArray(SEAT.answers).push([{ id: 'r9', result: { ok: true, logId: 'forged' } }])
    mine.doc.getArray(SEAT.requests).push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1, total: 20 }])
    mine.doc.getArray(SEAT.requests).push([{ id: 'r2', kind: 'roll', notation: 'd100000' }])

    // Not even the GM may write the log.
    const gmLog = await TestClient.connect(roomId, 'log', gmKey)
    gmLog.doc
      .getArray(LOG.entries)
      .push([{ id: 'gm-fake', by: 'GM', total: 20, faces: [20], source: 'crypto' }])
    expect((await gmLog.closed).code).toBe(4003)

    const reader = await TestClient.connect(roomId, 'log')
    const log = reader.doc.getArray<LogEntry>(LOG.entries)
    await eventually(() => log.length === 1, 'the one real roll')
    await new Promise((resolve) => setTimeout(resolve, 50))
    await eventually(() => answersOf(mine.doc).has('r1'), 'the answer to the real roll')
    expect(log.toArray().map((e) => e.id)).toEqual([
      (answersOf(mine.doc).get('r1') as { logId: string }).logId,
    ])
    expect(log.get(0).faces).toEqual([log.get(0).total])
    const results = answersOf(mine.doc)
    await eventually(() => results.has('r2'), 'the refusal of a die no one has')
    expect(results.get('r2')).toEqual({
      ok: false,
      error: expect.stringMatching(/^“d100000” does not read as dice: a die has at most 1000 sides/),
    })
  })
})

describe('hostile traffic', () => {
  it('closes a connection that floods the room, with a reason', async () => {
    const { roomId } = await createRoom()
    const client = await TestClient.connect(roomId, 'table')
    const query = new Uint8Array([3])
    for (let i = 0; i < 2000; i++) client.send(query)
    expect(await client.closed).toEqual({ code: 4029, reason: expect.stringMatching(/messages a second/) })
  })

  it('closes a connection that sends a message over the size cap, with a reason', async () => {
    const { roomId, gmKey } = await createRoom()
    const client = await TestClient.connect(roomId, 'table', gmKey)
    client.send(new Uint8Array(1024 * 1024 + 1))
    expect(await client.closed).toEqual({
      code: 4009,
      reason: expect.stringMatching(/over the 1048576 limit/),
    })
  })

  it('refuses a malformed update from a writer without applying any of it', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    gm.doc.getMap(TABLE.combatants).set('keep', new Y.Map())
    const good = Y.encodeStateAsUpdate(gm.doc)
    const truncated = good.slice(0, good.length - 3)
    gm.send(new Uint8Array([0, 2, ...varUint(truncated.length), ...truncated]))
    expect((await gm.closed).code).toBe(4000)
    const reader = await TestClient.connect(roomId, 'table')
    expect([...reader.doc.getMap(TABLE.combatants).keys()]).toEqual(['keep'])
  })

  it('refuses a combatant that is not a map of fields, so the room keeps resolving everyone else’s rolls', async () => {
    const { roomId, gmKey } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    for (const [doc, key] of [
      ['table', TABLE.combatants],
      ['gm', GM.foeSecrets],
      ['gm', GM.hidden],
    ] as const) {
      const gm = await TestClient.connect(roomId, doc, gmKey)
      gm.doc.getMap(key).set(`bad-${key}`, { name: 'Not a map', hp: 3 })
      const closed = await gm.closed
      expect(closed.code, `${doc} ${key}`).toBe(4000)
      expect(closed.reason).toMatch(/^A combatant is a map of its fields/)
    }
    const reader = await TestClient.connect(roomId, 'table')
    expect([...reader.doc.getMap(TABLE.combatants).keys()]).toEqual([])
    // The room still answers: Mira's roll is resolved and logged.
    phone.doc.getArray(SEAT.requests).push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    const results = answersOf(phone.doc)
    await eventually(() => results.has('r1'), 'the roll resolved')
    expect(results.get('r1')).toMatchObject({ ok: true })
  })
})

describe('physical dice typed in by a player', () => {
  it('are marked as physical, refused when impossible, and held for the GM when the room asks', async () => {
    const { roomId, gmKey } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const mine = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const requests = mine.doc.getArray(SEAT.requests)
    const results = answersOf(mine.doc)
    const reader = await TestClient.connect(roomId, 'log')
    const log = reader.doc.getArray<LogEntry>(LOG.entries)

    requests.push([{ id: 'p1', kind: 'roll', notation: 'd20', at: 1, faces: [17] }])
    requests.push([{ id: 'p2', kind: 'roll', notation: 'd20', at: 2, faces: [25] }])
    await eventually(() => results.size === 2, 'both answers')
    expect(results.get('p2')).toEqual({
      ok: false,
      error: expect.stringMatching(/a d20 cannot show 25/),
    })
    expect(log.toArray()).toEqual([expect.objectContaining({ total: 17, faces: [17], source: 'physical' })])
    expect(log.get(0).status).toBeUndefined()

    // The GM asks for approval; the next physical roll waits for it.
    const gmTable = await TestClient.connect(roomId, 'table', gmKey)
    gmTable.doc.getMap(TABLE.settings).set('physicalDice', 'approve')
    const check = await TestClient.connect(roomId, 'table')
    await eventually(() => check.doc.getMap(TABLE.settings).get('physicalDice') === 'approve', 'the setting')
    requests.push([{ id: 'p3', kind: 'roll', notation: 'd20', at: 3, faces: [20] }])
    await eventually(() => log.length === 2, 'the pending entry')
    expect(log.get(1)).toMatchObject({ total: 20, source: 'physical', status: 'pending' })

    const gm = await TestClient.connect(roomId, 'gm', gmKey)
    gm.doc.getArray(GM.approvals).push([{ entryId: log.get(1).id, approve: true }])
    await eventually(() => log.get(1)?.status === 'approved', 'the approval')
    expect(log.length).toBe(2)
  })
})
