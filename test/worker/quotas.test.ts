/**
 * What one room takes (#21 items 6, 8 and 9, and the quotas): seats, combatants, bytes per document and
 * per room, a seat's requests a minute and a connection's sync requests. Each refusal comes with a close
 * code (or an HTTP status) and a reason in words.
 */
import { env, evictDurableObject, runInDurableObject, SELF } from 'cloudflare:test'
import {
  isPastDoc,
  LIMITS,
  LOG,
  type LogEntry,
  PAST,
  type PastFight,
  pastDocName,
  SEAT,
  type SeatInfo,
  TABLE,
} from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { EncounterRoom } from '../../worker/src/room/encounter-room.ts'
import { answersOf } from '../support/answers.ts'
import {
  type Closed,
  createRoom,
  eventually,
  gmAsker,
  ORIGIN,
  seatAsker,
  TestClient,
  takeSeat,
} from './ws-client.ts'

function postSeat(roomId: string, name: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats`, { method: 'POST', body: JSON.stringify({ name }) })
}

/** The close, or a failure when the room never closes the connection. */
function closedSoon(client: TestClient, ms = 3000): Promise<Closed> {
  return Promise.race([
    client.closed,
    new Promise<Closed>((_, reject) => setTimeout(() => reject(new Error('the room never refused')), ms)),
  ])
}

async function stats(roomId: string) {
  const stub = env.ROOMS.get(env.ROOMS.idFromName(roomId))
  const found = await runInDurableObject(stub, (room: EncounterRoom) => room.stats())
  if (!found) throw new Error('no room')
  return found
}

const junk = (n: number) => 'x'.repeat(n)

describe('seats per room (#21 item 6)', () => {
  it(`takes ${LIMITS.seatsPerRoom} seats in use, refuses the next in words, and takes one again once the GM frees one`, async () => {
    const { roomId, gmKey } = await createRoom()
    const seats = []
    for (let i = 0; i < LIMITS.seatsPerRoom; i++) seats.push(await takeSeat(roomId, `Player ${i + 1}`))
    const refused = await postSeat(roomId, 'One too many')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/all its 20 seats taken.*free one/) })

    const gm = await TestClient.connect(roomId, 'table', gmKey)
    const map = gm.doc.getMap<SeatInfo>(TABLE.seats)
    expect(map.size).toBe(LIMITS.seatsPerRoom)
    const first = seats[0]?.seatId ?? ''
    map.set(first, { ...(map.get(first) as SeatInfo), freed: true })
    let answer = await postSeat(roomId, 'Newcomer')
    for (let i = 0; i < 20 && answer.status !== 201; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      answer = await postSeat(roomId, 'Newcomer')
    }
    expect(answer.status).toBe(201)
  })
})

describe('bytes per document and per room (#21 items 8 and 9)', () => {
  it('refuses a player filling its own seat document past its quota, and stores none of the refused frame', async () => {
    const { roomId } = await createRoom()
    // A seat's 64 KiB a minute would refuse the first frame: raised as a deployment may, to reach the quota.
    await runInDurableObject(env.ROOMS.get(env.ROOMS.idFromName(roomId)), (room: EncounterRoom) => {
      room.requestsPerSeatPerMinute = 1_000_000
    })
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    for (let i = 0; i < 16; i++) phone.doc.getMap('junk').set(`k${i}`, junk(900_000))
    expect(await closedSoon(phone)).toEqual({
      code: 4013,
      reason: expect.stringMatching(/"seat:.*" document is full \(2 MiB\)/),
    })
    const stored = await stats(roomId)
    const seatDoc = stored.docs.find((d) => d.doc === `seat:${seat.seatId}`)
    expect(seatDoc?.bytes).toBeLessThanOrEqual(LIMITS.docBytes)
    expect(stored.storedBytes).toBeLessThan(LIMITS.docBytes + 100_000)
  })

  it('refuses the GM growing the room past its stored quota, across documents', async () => {
    const { roomId, gmKey } = await createRoom()
    const a = await takeSeat(roomId, 'A')
    const b = await takeSeat(roomId, 'B')
    const c = await takeSeat(roomId, 'C')
    // Two frames of 900 kB fit in each document; the room's 8 MiB are full before the tenth.
    const docs = ['table', 'gm', `seat:${a.seatId}`, `seat:${b.seatId}`, `seat:${c.seatId}`]
    let refusal: Closed | null = null
    for (const doc of docs) {
      const gm = await TestClient.connect(roomId, doc, gmKey)
      gm.doc.getMap('junk').set('k1', junk(900_000))
      gm.doc.getMap('junk').set('k2', junk(900_000))
      // Either the room refuses, or a second connection finds both frames kept (however busy the machine).
      const reader = await TestClient.connect(roomId, doc, gmKey)
      let refused = false
      const kept = eventually(
        () => refused || reader.doc.getMap('junk').has('k2'),
        `the room to refuse, or to keep both frames in ${doc}`,
        15_000,
      )
      const closed = await Promise.race([gm.closed, kept.then(() => null)])
      refused = closed !== null
      await kept
      reader.close()
      if (closed) {
        refusal = closed
        break
      }
      gm.close()
    }
    expect(refusal).toEqual({ code: 4013, reason: expect.stringMatching(/room is full \(8 MiB stored\)/) })
    expect((await stats(roomId)).storedBytes).toBeLessThanOrEqual(LIMITS.roomBytes)
  })
})

describe('the fights a room has filed', () => {
  /** Stores a filed fight's document as the room would, in `parts` updates of about `bytes` each. */
  const filedFight = (roomId: string, n: number, parts: number, bytes: number) =>
    runInDurableObject(env.ROOMS.get(env.ROOMS.idFromName(roomId)), (_room, state) => {
      const doc = new Y.Doc()
      for (let part = 0; part < parts; part++) {
        const before = Y.encodeStateVector(doc)
        const detail = junk(bytes)
        doc
          .getArray<PastFight>(PAST.fights)
          .push([{ id: `f${part}`, endedAt: 0, rounds: 1, entries: [{ detail } as LogEntry] }])
        const update = Y.encodeStateAsUpdate(doc, before)
        state.storage.sql.exec('INSERT INTO doc_updates (doc, data) VALUES (?, ?)', pastDocName(n), update)
      }
    })

  it('do not count toward the room’s quota: a group that plays every week never fills its room', async () => {
    const { roomId, gmKey } = await createRoom()
    // Seven MiB of fights filed: with two frames of 900 kB more, the live documents alone would be far
    // under the room's 8 MiB, and all of it together over.
    await filedFight(roomId, 0, 4, 1_800_000)
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    gm.doc.getMap('junk').set('k1', junk(900_000))
    gm.doc.getMap('junk').set('k2', junk(900_000))
    const reader = await TestClient.connect(roomId, 'table')
    const taken = eventually(() => reader.doc.getMap('junk').has('k2'), 'both frames taken', 3000)
    expect(await Promise.race([gm.closed, taken.then(() => 'taken')])).toBe('taken')
    const stored = await stats(roomId)
    expect(stored.storedBytes).toBeGreaterThan(LIMITS.roomBytes)
    expect(stored.filedFights.docs).toBe(1)
    expect(stored.filedFights.bytes).toBeGreaterThan(7_000_000)
    expect(stored.docs.map((d) => d.doc)).not.toContain(pastDocName(0))
  })
})

describe('combatants per room (#21 item 9)', () => {
  it(`refuses the GM adding combatants past ${LIMITS.combatantsPerRoom}, hidden ones counted, and keeps none of them`, async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    const add = (doc: Y.Doc, key: string, from: number, count: number) =>
      doc.transact(() => {
        for (let i = from; i < from + count; i++) {
          const fields = new Y.Map<unknown>()
          doc.getMap(key).set(`c${i}`, fields)
          fields.set('name', `Goblin ${i}`)
          fields.set('hp', 4)
        }
      })
    add(gm.doc, TABLE.combatants, 0, 150)
    const hidden = await TestClient.connect(roomId, 'gm', gmKey)
    add(hidden.doc, 'hidden', 1000, 50)
    const reader = await TestClient.connect(roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.combatants).size === 150, 'the first 150')

    add(gm.doc, TABLE.combatants, 150, 1)
    expect(await closedSoon(gm)).toEqual({
      code: 4013,
      reason: expect.stringMatching(/at most 200 combatants, hidden ones included/),
    })
    // A thousand in one go: refused as a whole.
    const again = await TestClient.connect(roomId, 'table', gmKey)
    add(again.doc, TABLE.combatants, 5000, 1000)
    expect((await closedSoon(again)).code).toBe(4013)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reader.doc.getMap(TABLE.combatants).size).toBe(150)
    const fresh = await TestClient.connect(roomId, 'table')
    expect(fresh.doc.getMap(TABLE.combatants).size).toBe(150)
    // Editing the ones there goes on.
    const editor = await TestClient.connect(roomId, 'table', gmKey)
    ;(editor.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('c1') as Y.Map<unknown>).set('hp', 2)
    await eventually(
      () => (reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('c1') as Y.Map<unknown>).get('hp') === 2,
      'an edit',
    )
  })
})

describe('requests per seat per minute (#21 quotas)', () => {
  it(`refuses a seat writing over ${LIMITS.requestsPerSeatPerMinute} requests a minute, resolving none of them`, async () => {
    const { roomId } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const flood = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const roll = (id: string) => ({ id, kind: 'roll', notation: 'd20', at: 1 })
    flood.doc
      .getArray(SEAT.requests)
      .push(Array.from({ length: LIMITS.requestsPerSeatPerMinute + 1 }, (_, i) => roll(`f${i}`)))
    expect(await closedSoon(flood)).toEqual({
      code: 4029,
      reason: expect.stringMatching(/Over 120 requests a minute from this seat/),
    })
    const log = await TestClient.connect(roomId, 'log')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(log.doc.getArray(LOG.entries).length).toBe(0)

    // A minute's worth in one go is fine.
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    phone.doc
      .getArray(SEAT.requests)
      .push(Array.from({ length: LIMITS.requestsPerSeatPerMinute }, (_, i) => roll(`r${i}`)))
    await eventually(
      () => log.doc.getArray(LOG.entries).length === LIMITS.requestsPerSeatPerMinute,
      'the rolls',
    )
  })
})

describe('sync requests per connection (#21, also seen)', () => {
  it('answers a few sync requests on one connection, then refuses with a reason', async () => {
    const { roomId, gmKey } = await createRoom()
    const gm = await TestClient.connect(roomId, 'table', gmKey)
    gm.doc.getMap('notes').set('big', junk(100_000))
    const reader = await TestClient.connect(roomId, 'table')
    const step1 = new Uint8Array([0, 0, 1, 0]) // sync step 1 with an empty state vector
    let answers = 0
    reader.ws.addEventListener('message', () => {
      answers++
    })
    for (let i = 0; i < 100; i++) reader.send(step1)
    expect(await closedSoon(reader)).toEqual({
      code: 4029,
      reason: expect.stringMatching(/sync requests/),
    })
    expect(answers).toBeLessThanOrEqual(LIMITS.syncRequests.burst)
  })
})

/** Stores a document as the room would, in `parts` updates each made by `fill` (before the room opens it). */
function storeDoc(roomId: string, name: string, parts: number, fill: (doc: Y.Doc) => void) {
  return runInDurableObject(env.ROOMS.get(env.ROOMS.idFromName(roomId)), (_room, state) => {
    const doc = new Y.Doc()
    for (let part = 0; part < parts; part++) {
      const before = Y.encodeStateVector(doc)
      fill(doc)
      const update = Y.encodeStateAsUpdate(doc, before)
      state.storage.sql.exec('INSERT INTO doc_updates (doc, data) VALUES (?, ?)', name, update)
    }
  }).then(() => evictDurableObject(env.ROOMS.get(env.ROOMS.idFromName(roomId))))
}

/** A heavy roll a player may ask for: the most dice one roll takes, on the largest dice, with the longest label. */
const heavyRoll = (id: string) => ({
  id,
  kind: 'roll',
  notation: '100d1000',
  label: 'L'.repeat(40),
  at: 1,
})

/** Every log entry the room holds: the live log's and those of every fight it filed. */
async function loggedEverywhere(roomId: string): Promise<number> {
  const log = await TestClient.connect(roomId, 'log')
  const listing = log.doc.getArray<{ entries: number }>(LOG.filed).toArray()
  let filed = 0
  for (let n = 0; n < listing.length; n++) {
    const past = await TestClient.connect(roomId, pastDocName(n))
    filed += past.doc.getArray<PastFight>(PAST.fights).get(0)?.entries.length ?? 0
    past.close()
  }
  const live = log.doc.getArray(LOG.entries).length
  log.close()
  return filed + live
}

describe('what the room writes counts against the quotas (#50)', () => {
  it('refuses a roll of more dice than one roll takes, in words, and logs nothing of it', async () => {
    const { roomId } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const ask = seatAsker(phone)
    expect(await ask({ kind: 'roll', notation: '100d6+100d6+100d6+100d6+100d6+100d6' })).toEqual({
      ok: false,
      error: expect.stringMatching(/at most 100 dice in one roll, not 200/),
    })
    const log = await TestClient.connect(roomId, 'log')
    expect(log.doc.getArray(LOG.entries).length).toBe(0)
  })

  it('the griefing run: 15 seats of 120 heavy rolls a minute leave every document and the room under quota, lose nothing, and New fight works', async () => {
    const { roomId, gmKey } = await createRoom()
    const stub = env.ROOMS.get(env.ROOMS.idFromName(roomId))
    // Rates raised as a deployment may (REQUESTS_PER_SEAT_PER_MINUTE): the log's own quota must hold anyway.
    await runInDurableObject(stub, (room: EncounterRoom) => {
      room.requestsPerSeatPerMinute = 1_000_000
    })
    const seats = await Promise.all(Array.from({ length: 15 }, (_, i) => takeSeat(roomId, `Griefer ${i}`)))
    const phones = await Promise.all(
      seats.map((s) => TestClient.connect(roomId, `seat:${s.seatId}`, s.seatKey)),
    )
    // Two minutes of it: 3,600 rolls of about 1 kB each would take the log to twice its quota.
    const rolls = 240
    for (let minute = 0; minute < 2; minute++)
      for (const [i, phone] of phones.entries())
        phone.doc
          .getArray(SEAT.requests)
          .push(Array.from({ length: 120 }, (_, r) => heavyRoll(`g${i}-${minute * 120 + r}`)))
    const answered = (phone: TestClient, i: number) => answersOf(phone.doc).has(`g${i}-${rolls - 1}`)
    await eventually(() => phones.every(answered), 'every seat’s last roll answered', 60_000)
    expect(phones.map((p, i) => answersOf(p.doc).get(`g${i}-${rolls - 1}`)?.ok)).toEqual(
      phones.map(() => true),
    )

    const stored = await stats(roomId)
    for (const doc of stored.docs) expect(doc.bytes, doc.doc).toBeLessThanOrEqual(LIMITS.docBytes)
    expect(stored.docs.reduce((n, d) => n + d.bytes, 0)).toBeLessThanOrEqual(LIMITS.roomBytes)
    // Nothing lost: every roll is in the live log or in a fight the log filed.
    expect(await loggedEverywhere(roomId)).toBe(15 * rolls)
    expect(stored.filedFights.docs).toBeGreaterThan(0)
    // What it filed is stored, not kept in the room's memory: a filed fight is loaded for a device reading it.
    expect(stored.loaded?.filter(isPastDoc)).toEqual([])

    const gm = await TestClient.connect(roomId, 'gm', gmKey)
    expect(await gmAsker(gm)({ kind: 'new-fight' })).toMatchObject({ ok: true })
    expect(await loggedEverywhere(roomId)).toBe(15 * rolls)
  }, 120_000)

  it(`bounds a seat's writes a minute in bytes too: ${LIMITS.seatBytesPerMinute / 1024} KiB, what the room wrote for it counted`, async () => {
    const { roomId } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    // Under the requests a minute, over the bytes: a hundred heavy rolls log about 100 kB.
    phone.doc.getArray(SEAT.requests).push(Array.from({ length: 100 }, (_, r) => heavyRoll(`h${r}`)))
    await eventually(() => answersOf(phone.doc).has('h99'), 'the heavy rolls answered', 10_000)
    phone.doc.getArray(SEAT.requests).push([{ id: 'one-more', kind: 'roll', notation: 'd20', at: 1 }])
    expect(await closedSoon(phone)).toEqual({
      code: 4029,
      reason: expect.stringMatching(/Over 64 KiB a minute from this seat/),
    })
    const log = await TestClient.connect(roomId, 'log')
    expect(
      log.doc
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .some((e) => e.id.includes('one-more')),
    ).toBe(false)
  })
})

describe('a room always has a way out (#50)', () => {
  it('takes the GM’s New fight, undo and freeing a seat in a room past its quota, and refuses the seats', async () => {
    const { roomId, gmKey } = await createRoom()
    // Past the room's 8 MiB, as an import or an older room may be: four seats' documents of 2.1 MB.
    for (let i = 0; i < 4; i++)
      await storeDoc(roomId, `seat:filler${i}`, 3, (doc) => doc.getArray('junk').push([junk(700_000)]))
    expect((await stats(roomId)).storedBytes).toBeGreaterThan(LIMITS.roomBytes)
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    phone.doc.getArray(SEAT.requests).push([{ id: 'r2', kind: 'roll', notation: 'd20', at: 1 }])
    expect(await closedSoon(phone)).toEqual({ code: 4013, reason: expect.stringMatching(/room is full/) })

    const gm = await TestClient.connect(roomId, 'gm', gmKey)
    const ask = gmAsker(gm)
    expect(await ask({ kind: 'undo', entryId: 'nothing-yet' })).toEqual({
      ok: false,
      error: 'There is no such entry in the log.',
    })
    expect(await ask({ kind: 'new-fight' })).toMatchObject({ ok: true })

    const table = await TestClient.connect(roomId, 'table', gmKey)
    const seatsMap = table.doc.getMap<SeatInfo>(TABLE.seats)
    seatsMap.set(seat.seatId, { ...(seatsMap.get(seat.seatId) as SeatInfo), freed: true })
    const reader = await TestClient.connect(roomId, 'table')
    let closed: Closed | null = null
    void table.closed.then((c) => {
      closed = c
    })
    await eventually(
      () => closed !== null || reader.doc.getMap<SeatInfo>(TABLE.seats).get(seat.seatId)?.freed === true,
      'the seat freed, or the GM refused',
    )
    expect(closed).toBeNull()
  })
})

describe('sync answers per connection (#50)', () => {
  it(`answers one connection at most ${LIMITS.syncBytes.burst / (1024 * 1024)} MiB at once, whatever its document's size`, async () => {
    const { roomId } = await createRoom()
    // A log of about 1.9 MB, stored as the room would have it.
    await storeDoc(roomId, 'log', 19, (doc) =>
      doc
        .getArray<LogEntry>(LOG.entries)
        .push([{ id: `e${doc.getArray(LOG.entries).length}`, detail: junk(100_000) } as LogEntry]),
    )
    const reader = await TestClient.connect(roomId, 'log')
    expect(reader.doc.getArray(LOG.entries).length).toBe(19)
    const step1 = new Uint8Array([0, 0, 1, 0]) // sync step 1 with an empty state vector
    const start = Date.now()
    for (let i = 0; i < 4; i++) reader.send(step1)
    expect(await closedSoon(reader, 10_000)).toEqual({
      code: 4029,
      reason: expect.stringMatching(/MiB of sync answers/),
    })
    const seconds = (Date.now() - start) / 1000
    const bound = LIMITS.syncBytes.burst + seconds * LIMITS.syncBytes.perSecond
    expect(reader.received().length).toBeLessThanOrEqual(bound)
    expect(reader.received().length).toBeGreaterThan(1_900_000)
  }, 30_000)
})
