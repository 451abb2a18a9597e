/**
 * What #21 also saw: a freed seat's key, storage left behind by room ids nobody created, refusals that
 * repeated internal exception text, and a live document keeping a change its storage transaction lost.
 */
import { env, runInDurableObject, SELF } from 'cloudflare:test'
import { LIMITS, type SeatInfo, TABLE } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { splitUpdate } from '../../app/src/models/frames.ts'
import { newRoomId } from '../../worker/src/ids.ts'
import type { EncounterRoom } from '../../worker/src/room/encounter-room.ts'
import { createRoom, eventually, ORIGIN, TestClient, takeSeat, varUint } from './ws-client.ts'

describe('a seat the GM freed (#21, also seen)', () => {
  it('its key no longer opens or writes its seat document; its open phone is told why', async () => {
    const { roomId, gmKey } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey, 'protocol')
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    const seats = gm.doc.getMap<SeatInfo>(TABLE.seats)
    seats.set(seat.seatId, { ...(seats.get(seat.seatId) as SeatInfo), freed: true })
    expect(await phone.closed).toEqual({ code: 4001, reason: expect.stringMatching(/freed this seat/) })

    const reopened = await TestClient.open(roomId, `seat:${seat.seatId}`, seat.seatKey)
    expect(reopened.status).toBe(403)
    expect(await reopened.json()).toEqual({ error: expect.stringMatching(/freed this seat/) })
  })
})

describe('room ids nobody created (#21, also seen)', () => {
  it('leave no storage behind, whatever was asked of them', async () => {
    const roomId = newRoomId()
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}`)).status).toBe(404)
    const seat = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Mira' }),
    })
    expect(seat.status).toBe(404)
    expect((await TestClient.open(roomId, 'table')).status).toBe(404)
    const stats = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/stats`, {
      headers: { Authorization: 'Bearer nope' },
    })
    expect(stats.status).toBe(403)
    const join = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats/join`, {
      method: 'POST',
      body: JSON.stringify({ code: 'ABCD-EFGH' }),
    })
    expect(join.status).toBe(404)

    const stub = env.ROOMS.get(env.ROOMS.idFromName(roomId))
    const tables = await runInDurableObject(stub, (_room: EncounterRoom, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((r) => r.name)
        .filter((name) => !name.startsWith('_cf_')),
    )
    expect(tables).toEqual([])
  })
})

describe('refusals in words (#21, also seen)', () => {
  it('never repeat the decoder’s internal exception text', async () => {
    const { roomId, gmKey } = await createRoom()
    // An update whose item names a content kind that does not exist (31): Yjs throws
    // "contentRefs[...] is not a function" on it.
    const bad = [1, 1, 1, 0, 31, 1, 1, 120]
    const frames = [
      Uint8Array.of(0, 2, ...varUint(bad.length), ...bad),
      Uint8Array.of(0, 2, 200, 1, 1, 2), // a length past the end
      Uint8Array.of(1, 1, 1, 1, 1, 123), // a presence that is not JSON
    ]
    for (const frame of frames) {
      const gm = await TestClient.connect(roomId, 'table', gmKey)
      gm.send(frame)
      const closed = await gm.closed
      expect(closed.code).toBe(4000)
      expect(closed.reason).not.toMatch(/is not a function|Unexpected|undefined|JSON at position|Error/)
      expect(closed.reason).toMatch(/^(Not a valid y-websocket message|This (update|presence update))/)
    }
  })
})

describe('a storage transaction that throws (#21, also seen)', () => {
  it('leaves the live document as storage has it, and no peer hears of the change', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    // A combatant is a map of its fields; the room refuses anything else.
    gm.doc.getMap(TABLE.combatants).set('kept', new Y.Map())
    const reader = await TestClient.connect(roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.combatants).has('kept'), 'the first change')

    // The next write to storage fails, as a full disk or a storage fault would.
    const stub = env.ROOMS.get(env.ROOMS.idFromName(roomId))
    await runInDurableObject(stub, (room: EncounterRoom) => {
      const inside = room as unknown as { room: { store: { storeUpdate: (...args: unknown[]) => void } } }
      const store = inside.room.store
      const real = store.storeUpdate.bind(store)
      store.storeUpdate = () => {
        store.storeUpdate = real
        throw new Error('SQLITE_FULL: database or disk is full')
      }
    })
    gm.doc.getMap(TABLE.combatants).set('lost', new Y.Map())
    const closed = await gm.closed
    expect(closed).toEqual({ code: 1011, reason: expect.stringMatching(/could not store this change/) })
    expect(closed.reason).not.toMatch(/SQLITE/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reader.doc.getMap(TABLE.combatants).has('lost')).toBe(false)
    const fresh = await TestClient.connect(roomId, 'table')
    expect([...fresh.doc.getMap(TABLE.combatants).keys()]).toEqual(['kept'])

    // On reconnect the GM's tablet sends the change again, and this time it is kept.
    const again = await TestClient.connect(roomId, 'table', gmKey)
    Y.applyUpdate(again.doc, Y.encodeStateAsUpdate(gm.doc))
    await eventually(() => fresh.doc.getMap(TABLE.combatants).has('lost'), 'the change sent again')
  })
})

describe('offline changes over the frame cap (#21, also seen)', () => {
  it('are refused in one frame, and arrive whole when the app sends them in frames under the cap', async () => {
    const { roomId } = await createRoom()
    // 1.5 MB from one seat: past its 64 KiB a minute, raised here as a deployment may (the frames are the point).
    await runInDurableObject(env.ROOMS.get(env.ROOMS.idFromName(roomId)), (room: EncounterRoom) => {
      room.requestsPerSeatPerMinute = 1_000_000
    })
    const seat = await takeSeat(roomId, 'Mira')
    const offline = new Y.Doc()
    const notes = offline.getMap('notes')
    for (let i = 0; i < 150; i++) offline.transact(() => notes.set(`n${i}`, 'x'.repeat(10_000)))
    const update = Y.encodeStateAsUpdate(offline)
    expect(update.length).toBeGreaterThan(LIMITS.messageBytes)
    const frameOf = (part: Uint8Array) => {
      const frame = new Uint8Array(2 + varUint(part.length).length + part.length)
      frame.set([0, 2, ...varUint(part.length)])
      frame.set(part, frame.length - part.length)
      return frame
    }
    // As the app sent them before: one frame, closed with 4009 each time, so a phone could never catch up.
    const before = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    before.send(frameOf(update))
    expect((await before.closed).code).toBe(4009)
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    for (const part of splitUpdate(update, LIMITS.messageBytes - 16)) phone.send(frameOf(part))
    const reader = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    await eventually(() => reader.doc.getMap('notes').size === 150, 'every offline change')
  })
})
