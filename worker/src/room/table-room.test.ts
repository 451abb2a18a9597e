import {
  type Answer,
  type Approval,
  answerTo,
  GM,
  LOG,
  type LogEntry,
  type RequestResult,
  requestKey,
  SEAT,
  TABLE,
} from '@fray/protocol'
import { SYSTEMS, seededDice, type TurnState, turnPlace } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { applyApproval } from './requests.ts'
import { KEPT_REQUESTS, KEPT_UNREAD, type ProcessedLog, processedInMemory, TableRoom } from './table-room.ts'
import { readTurn as readTurnOf } from './turn-doc.ts'

/** A table room over plain documents, with one seat (Mira's) and a processed log that records its writers' clocks. */
function setup(options: { processed?: Set<string> } = {}) {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc(), seats: new Map<string, Y.Doc>() }
  const seat = (id: string) => {
    const doc = docs.seats.get(id) ?? new Y.Doc()
    docs.seats.set(id, doc)
    return doc
  }
  const memory = processedInMemory()
  for (const key of options.processed ?? []) memory.keys.add(key)
  const marks: string[] = []
  const processed: ProcessedLog = {
    ...memory,
    add: (key) => {
      marks.push(key)
      memory.add(key)
    },
    setLastResolved: (scope, client, clock) => {
      marks.push(`${scope} ${client}:${clock}`)
      memory.setLastResolved(scope, client, clock)
    },
  }
  let ids = 0
  const room = new TableRoom({
    system: 'osr',
    docs: { table: docs.table, log: docs.log, past: () => new Y.Doc(), gm: docs.gm, seat },
    dice: seededDice(7),
    processed,
    seatName: (id) => (id === MIRA ? 'Mira' : null),
    now: () => 1000,
    newId: () => `id-${++ids}`,
  })
  const log = () => docs.log.getArray<LogEntry>(LOG.entries).toArray()
  const answers = (doc: Y.Doc) => doc.getArray<Answer>(SEAT.answers)
  const answer = (doc: Y.Doc, id: string) => answerTo(answers(doc).toArray(), id)
  return { room, docs, seat, marks, memory, log, answers, answer }
}

const MIRA = 'mira-seat-1'

/** Starts the fight as a table does: the GM starts it, Mira rolls initiative, the GM rolls for the foes. */
function startFight(
  room: TableRoom,
  seat: (id: string) => Y.Doc,
  ask: (request: Record<string, unknown>) => void,
) {
  ask({ id: 'start', kind: 'start-combat' })
  seat(MIRA)
    .getArray(SEAT.requests)
    .push([{ id: 'i1', kind: 'initiative', at: 1 }])
  room.resolveSeat(MIRA)
  ask({ id: 'foes', kind: 'roll-foes' })
}

/** A phone or tablet: its own copy of a document; `update()` is what it has written since last asked. */
function device(clientID: number) {
  const doc = new Y.Doc()
  doc.clientID = clientID
  const updates: Uint8Array[] = []
  doc.on('update', (update: Uint8Array) => updates.push(update))
  return { doc, update: () => Y.mergeUpdates(updates.splice(0)) }
}

/**
 * What a phone's seat model writes once it holds more answers than the room keeps anyway (or, `always`,
 * at once): the Yjs id of the latest one it holds.
 */
function markRead(doc: Y.Doc, always = false) {
  const answers = doc.getArray(SEAT.answers)
  const due = always ? answers.length > 0 : answers.length > 2 * KEPT_REQUESTS
  const last = due ? Y.createRelativePositionFromTypeIndex(answers, answers.length - 1).item : null
  if (last) doc.getMap(SEAT.read).set('answers', [last.client, last.clock])
}

describe('a seat request', () => {
  it('is resolved once, even when resolveSeat runs again or the same update arrives twice', () => {
    const { room, seat, marks, log, answers, answer } = setup()
    const phone = device(11)
    phone.doc.getArray(SEAT.requests).push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    const update = phone.update()

    let writes = 0
    answers(seat(MIRA)).observe(() => writes++)
    Y.applyUpdate(seat(MIRA), update)
    room.resolveSeat(MIRA)
    Y.applyUpdate(seat(MIRA), update)
    room.resolveSeat(MIRA)
    room.resolveSeat(MIRA)

    expect(log().map((e) => e.id)).toEqual([requestKey(MIRA, 11, 0)])
    expect(answer(seat(MIRA), 'r1')).toEqual({ ok: true, logId: requestKey(MIRA, 11, 0) })
    expect(writes).toBe(1)
    expect(marks).toEqual([`${MIRA} 11:0`])
  })

  it('is answered with how far the table and the log had come, so a device knows when it has the effects', () => {
    const { room, docs, seat, answers } = setup()
    // A phone's copies of the table and the log, which come over connections of their own.
    const table = new Y.Doc()
    const log = new Y.Doc()
    const has = (doc: Y.Doc, [client, clock]: [number, number]) => Y.getState(doc.store, client) >= clock
    seat(MIRA)
      .getArray(SEAT.requests)
      .push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    const logBefore = Y.encodeStateVector(docs.log)
    room.resolveSeat(MIRA)
    const after = answers(seat(MIRA)).toArray()[0]?.after
    if (!after) throw new Error('the answer says nothing of the table and the log')
    // The roll's entry is in the log: a copy without it is behind; with it, caught up.
    expect(has(log, after.log)).toBe(false)
    Y.applyUpdate(log, Y.encodeStateAsUpdate(docs.log, Y.encodeStateVector(log)))
    expect(has(log, after.log)).toBe(true)
    expect(Y.encodeStateVector(docs.log)).not.toEqual(logBefore)
    // The roll wrote nothing to the table, so a copy that has nothing from the room has all of it.
    expect(has(table, after.table)).toBe(true)
  })

  it('is resolved in the order the seat wrote them, each once, when more arrive later', () => {
    const { room, seat, log } = setup()
    const requests = seat(MIRA).getArray(SEAT.requests)
    requests.push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    room.resolveSeat(MIRA)
    requests.push([
      { id: 'r2', kind: 'roll', notation: 'd100', at: 2 },
      { id: 'r3', kind: 'roll', notation: 'd20', at: 3 },
    ])
    room.resolveSeat(MIRA)
    expect(log().map((e) => e.notation)).toEqual(['1d20', '1d100', '1d20'])
    expect(new Set(log().map((e) => e.id)).size).toBe(3)
  })

  it('leaves the seat’s document its latest requests and their answers only, so it does not grow with the fight', () => {
    const { room, seat, log, answer, answers, memory } = setup()
    const phone = device(11)
    const sync = () => {
      Y.applyUpdate(seat(MIRA), phone.update())
      room.resolveSeat(MIRA)
      Y.applyUpdate(phone.doc, Y.encodeStateAsUpdate(seat(MIRA), Y.encodeStateVector(phone.doc)))
      phone.update() // what the phone took from the room, not what it wrote
      markRead(phone.doc)
    }
    const requests = phone.doc.getArray(SEAT.requests)
    for (let i = 1; i <= 200; i++) {
      requests.push([{ id: `r${i}`, kind: 'roll', notation: 'd20', at: i }])
      sync()
    }
    expect(log()).toHaveLength(200)
    const kept = seat(MIRA).getArray<{ id: string }>(SEAT.requests).toArray()
    expect(kept.length).toBeLessThanOrEqual(2 * KEPT_REQUESTS)
    expect(kept.at(-1)?.id).toBe('r200')
    expect(answer(seat(MIRA), 'r200')).toEqual({ ok: true, logId: log().at(-1)?.id })
    expect(
      answers(seat(MIRA))
        .toArray()
        .map((a) => a.id),
    ).toEqual(kept.map((r) => r.id))
    // The phone's copy is the room's: what the room let go is gone there too, nothing comes back.
    expect(requests.length).toBe(kept.length)
    // A roll made offline, on a copy from before the room let the old ones go, is resolved once.
    const offline = device(12)
    Y.applyUpdate(offline.doc, Y.encodeStateAsUpdate(phone.doc))
    offline.doc.getArray(SEAT.requests).push([{ id: 'late', kind: 'roll', notation: 'd20', at: 999 }])
    Y.applyUpdate(seat(MIRA), offline.update())
    room.resolveSeat(MIRA)
    room.resolveSeat(MIRA)
    expect(log().filter((e) => e.id === requestKey(MIRA, 12, 0))).toHaveLength(1)
    expect(log()).toHaveLength(201)
    // The document holds a little per request kept (the request, its answer, and how far that answer
    // found the table and the log: ~130 bytes), not the whole fight's; the room keeps one clock per writer
    // and no key per request.
    expect(Y.encodeStateAsUpdateV2(seat(MIRA)).byteLength).toBeLessThan(2 * KEPT_REQUESTS * 150)
    expect(memory.keys.size).toBe(0)
    expect([...memory.clocks.keys()]).toEqual([`${MIRA}/11`, `${MIRA}/12`])
  })

  it('keeps answers its phone has not read, yet no more than KEPT_UNREAD requests whatever a seat sends', () => {
    const { room, seat, answer } = setup()
    const requests = seat(MIRA).getArray(SEAT.requests)
    // A seat that never says it read anything (as a hostile client would not): every answer is unread.
    for (let i = 1; i <= 2 * KEPT_UNREAD; i++) {
      requests.push([{ id: `r${i}`, kind: 'roll', notation: 'd20', at: i }])
      room.resolveSeat(MIRA)
      if (i === KEPT_UNREAD) expect(answer(seat(MIRA), 'r1')).toMatchObject({ ok: true })
    }
    expect(requests.length).toBeGreaterThanOrEqual(KEPT_UNREAD)
    expect(requests.length).toBeLessThanOrEqual(KEPT_UNREAD + KEPT_REQUESTS)
    expect(answer(seat(MIRA), 'r1')).toBeUndefined()
    expect(answer(seat(MIRA), `r${2 * KEPT_UNREAD}`)).toMatchObject({ ok: true })
    // Once read (a mark that names the latest answer), the room keeps its latest few again.
    markRead(seat(MIRA), true)
    requests.push([{ id: 'last', kind: 'roll', notation: 'd20', at: 0 }])
    room.resolveSeat(MIRA)
    expect(requests.length).toBeLessThanOrEqual(KEPT_REQUESTS + 1)
    expect(answer(seat(MIRA), 'last')).toMatchObject({ ok: true })
  })

  it('of a seat that marks nothing read lets its old ones go in runs, not in a storage transaction a request', () => {
    const { room, seat } = setup()
    let transactions = 0
    const inner = room as unknown as { atomically: (work: () => unknown) => unknown }
    const atomically = inner.atomically
    inner.atomically = (work) => {
      transactions++
      return atomically(work)
    }
    const requests = seat(MIRA).getArray(SEAT.requests)
    const n = KEPT_UNREAD + 8 * KEPT_REQUESTS
    for (let i = 1; i <= n; i++) {
      requests.push([{ id: `r${i}`, kind: 'roll', notation: 'd20', at: i }])
      room.resolveSeat(MIRA)
    }
    // One for each request, and one for each KEPT_REQUESTS more (each request's own, before).
    expect(transactions).toBeLessThanOrEqual(n + Math.ceil(n / KEPT_REQUESTS))
    expect(requests.length).toBeLessThanOrEqual(KEPT_UNREAD + KEPT_REQUESTS)
  })

  it('sent again with an old id, after the room let the first go, is a new request with a log id of its own', () => {
    const { room, seat, log, answer } = setup()
    const phone = device(11)
    const requests = phone.doc.getArray(SEAT.requests)
    const send = (id: string) => {
      requests.push([{ id, kind: 'roll', notation: 'd20', at: 1 }])
      Y.applyUpdate(seat(MIRA), phone.update())
      room.resolveSeat(MIRA)
      Y.applyUpdate(phone.doc, Y.encodeStateAsUpdate(seat(MIRA), Y.encodeStateVector(phone.doc)))
      phone.update()
      markRead(phone.doc)
    }
    send('again')
    const first = answer(seat(MIRA), 'again')
    for (let i = 0; i < 3 * KEPT_REQUESTS; i++) send(`r${i}`)
    expect(answer(seat(MIRA), 'again')).toBeUndefined()
    send('again')
    const second = answer(seat(MIRA), 'again')
    expect(second).toMatchObject({ ok: true })
    expect(second).not.toEqual(first)
    const ids = log().map((e) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('resolved by a room before writer clocks (its key in the processed log) is not resolved again', () => {
    const { room, seat, log, answer } = setup({ processed: new Set([`${MIRA}/old`]) })
    const legacy = seat(MIRA).getMap<RequestResult>(SEAT.results)
    legacy.set(`${MIRA}/old`, { ok: true, logId: `${MIRA}/old` })
    const requests = seat(MIRA).getArray(SEAT.requests)
    requests.push([{ id: 'old', kind: 'roll', notation: 'd20', at: 1 }])
    room.resolveSeat(MIRA)
    expect(log()).toEqual([])
    expect(answer(seat(MIRA), 'old')).toBeUndefined()
    // Once the room lets it go, its answer in the old results map goes with it.
    for (let i = 0; i < 2 * KEPT_REQUESTS + 1; i++)
      requests.push([{ id: `r${i}`, kind: 'roll', notation: 'd20', at: 2 }])
    room.resolveSeat(MIRA)
    expect(requests.toArray().some((r) => (r as { id: string }).id === 'old')).toBe(false)
    expect(legacy.size).toBe(0)
  })

  it('of a seat the room does not know is not resolved', () => {
    const { room, seat, marks, log, answers } = setup()
    seat('stranger-1')
      .getArray(SEAT.requests)
      .push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    room.resolveSeat('stranger-1')
    expect(log()).toEqual([])
    expect(answers(seat('stranger-1')).length).toBe(0)
    expect(marks).toEqual([])
  })

  it('that is refused records why in the seat’s answers, once', () => {
    const { room, seat, marks, log, answers } = setup()
    const clock = seat(MIRA).clientID
    seat(MIRA)
      .getArray(SEAT.requests)
      .push([
        { id: 'r1', kind: 'teleport', at: 1 },
        { id: 'r2', kind: 'end-turn', at: 2 },
      ])
    room.resolveSeat(MIRA)
    room.resolveSeat(MIRA)
    expect(answers(seat(MIRA)).toArray()).toEqual([
      { id: 'r1', result: { ok: false, error: expect.stringMatching(/not one this room understands/) } },
      { id: 'r2', result: { ok: false, error: 'Choose your character first.' } },
    ])
    expect(log()).toEqual([])
    expect(marks).toEqual([`${MIRA} ${clock}:0`, `${MIRA} ${clock}:1`])
  })

  it('commits its effects and its writer clock in one piece of work', () => {
    const { docs, seat } = setup()
    const works: string[] = []
    const room = new TableRoom({
      system: 'osr',
      docs: { table: docs.table, log: docs.log, past: () => new Y.Doc(), gm: docs.gm, seat },
      dice: seededDice(1),
      processed: {
        ...processedInMemory(),
        setLastResolved: (scope, client, clock) => works.push(`clock ${scope} ${client}:${clock}`),
      },
      seatName: () => 'Mira',
      atomically: (work) => {
        works.push('begin')
        work()
        works.push('commit')
      },
    })
    const phone = device(5)
    phone.doc.getArray(SEAT.requests).push([{ id: 'r1', kind: 'roll', notation: 'd20', at: 1 }])
    Y.applyUpdate(seat(MIRA), phone.update())
    room.resolveSeat(MIRA)
    expect(works).toEqual(['begin', `clock ${MIRA} 5:0`, 'commit'])
  })
})

describe('a GM request', () => {
  it('is let go with its answer once resolved and older than the latest few, so each update reads a few', () => {
    const { room, docs, log, answer, answers } = setup()
    const requests = docs.gm.getArray(GM.requests)
    for (let i = 1; i <= 100; i++) {
      requests.push([{ id: `g${i}`, kind: 'roll', notation: 'd20' }])
      room.resolveGm()
    }
    expect(log()).toHaveLength(100)
    expect(requests.length).toBeLessThanOrEqual(2 * KEPT_REQUESTS)
    expect(requests.toArray().at(-1)).toMatchObject({ id: 'g100' })
    expect(answer(docs.gm, 'g100')).toMatchObject({ ok: true })
    expect(answers(docs.gm).length).toBe(requests.length)
  })

  it('in a gm document from before answers, keeps the old results of the requests it keeps, by their own id', () => {
    const { room, docs } = setup()
    const legacy = docs.gm.getMap<RequestResult>(SEAT.results)
    const requests = docs.gm.getArray(GM.requests)
    for (let i = 1; i <= 2 * KEPT_REQUESTS + 1; i++) {
      requests.push([{ id: `g${i}`, kind: 'roll', notation: 'd20' }])
      room.resolveGm()
      // As a room before answers left it: this request's result in the map, by the request's id.
      legacy.set(`g${i}`, { ok: true, logId: `g${i}` })
    }
    requests.push([{ id: 'last', kind: 'roll', notation: 'd20' }])
    room.resolveGm()
    const kept = requests.toArray().map((r) => (r as { id: string }).id)
    expect(kept.length).toBeLessThan(2 * KEPT_REQUESTS)
    expect([...legacy.keys()].sort()).toEqual(kept.filter((id) => id !== 'last').sort())
  })

  it('runs once and is answered in the gm document', () => {
    const { room, docs, marks, answers, answer } = setup()
    const tablet = device(21)
    tablet.doc.getArray(GM.requests).push([{ id: 'g1', kind: 'roll', notation: 'd20' }])
    const update = tablet.update()

    let writes = 0
    answers(docs.gm).observe(() => writes++)
    Y.applyUpdate(docs.gm, update)
    room.resolveGm()
    Y.applyUpdate(docs.gm, update)
    room.resolveGm()

    expect(answer(docs.gm, 'g1')).toEqual({ ok: true, logId: 'g1' })
    expect(writes).toBe(1)
    expect(marks).toEqual(['gm 21:0'])
  })

  it('written offline by a second tablet lands before requests already resolved, and is resolved once', () => {
    const { room, docs, answer } = setup()
    // Merged after the same item as a's next, b's (the lower client id) comes first.
    const a = device(32)
    const b = device(31)
    const roll = (doc: Y.Doc, id: string) =>
      doc.getArray(GM.requests).push([{ id, kind: 'roll', notation: 'd20' }])
    roll(a.doc, 'a1')
    const first = a.update()
    Y.applyUpdate(docs.gm, first)
    Y.applyUpdate(b.doc, first)
    room.resolveGm()
    // Tablet b goes offline; a sends two more, one at a time, each resolved as it comes.
    roll(b.doc, 'b1')
    for (const id of ['a2', 'a3']) {
      // A clock spent elsewhere between the two: each request its own item, none merged into the last.
      a.doc.getMap('elsewhere').set('last', id)
      roll(a.doc, id)
      Y.applyUpdate(docs.gm, a.update())
      room.resolveGm()
    }
    Y.applyUpdate(docs.gm, b.update())
    room.resolveGm()
    room.resolveGm()

    const order = docs.gm
      .getArray<{ id: string }>(GM.requests)
      .toArray()
      .map((r) => r.id)
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a3'))
    for (const id of ['a1', 'a2', 'a3', 'b1']) expect(answer(docs.gm, id)).toEqual({ ok: true, logId: id })
    expect(docs.log.getArray(LOG.entries).length).toBe(4)
  })

  it('that the room does not understand is answered so, once', () => {
    const { room, docs, answers } = setup()
    docs.gm.getArray(GM.requests).push([{ id: 'g1', kind: 'summon-dragon' }])
    room.resolveGm()
    room.resolveGm()
    expect(answers(docs.gm).toArray()).toEqual([
      { id: 'g1', result: { ok: false, error: expect.stringMatching(/not one this room understands/) } },
    ])
  })
})

describe('the GM’s verdicts on physical dice', () => {
  /** A room that holds physical dice for approval, and Mira's two typed rolls waiting for a verdict. */
  function pendingRolls(options: { processed?: Set<string> } = {}) {
    const t = setup(options)
    t.docs.table.getMap(TABLE.settings).set('physicalDice', 'approve')
    t.seat(MIRA)
      .getArray(SEAT.requests)
      .push([
        { id: 'p1', kind: 'roll', notation: 'd20', at: 1, faces: [12] },
        { id: 'p2', kind: 'roll', notation: 'd20', at: 2, faces: [7] },
      ])
    t.room.resolveSeat(MIRA)
    expect(t.log().map((e) => e.status)).toEqual(['pending', 'pending'])
    const status = () => Object.fromEntries(t.log().map((e) => [e.id, e.status]))
    const [p1, p2] = t.log().map((e) => e.id) as [string, string]
    return { ...t, status, p1, p2 }
  }

  const verdict = (entryId: string, approve: boolean): Approval => ({ entryId, approve })

  for (const order of ['A then B', 'B then A'] as const) {
    it(`from two GM devices at once are each applied once, arriving ${order}`, () => {
      const { room, docs, marks, status, p1, p2 } = pendingRolls()
      // Two tablets, each pushing its verdict at the start of the same (empty) array: merged, one of the
      // two lands before the other whatever order they arrived in.
      const a = device(1)
      const b = device(2)
      a.doc.getArray<Approval>(GM.approvals).push([verdict(p1, true)])
      b.doc.getArray<Approval>(GM.approvals).push([verdict(p2, false)])
      const updates = order === 'A then B' ? [a.update(), b.update()] : [b.update(), a.update()]
      let logWrites = 0
      docs.log.on('update', () => logWrites++)

      for (const update of updates) {
        Y.applyUpdate(docs.gm, update)
        room.resolveGm()
      }
      room.resolveGm()

      expect(status()).toEqual({ [p1]: 'approved', [p2]: 'rejected' })
      expect(logWrites).toBe(2)
      // Each verdict was applied once: one mark each, by the entry it decides.
      expect(marks.filter((m) => m.startsWith('gm/')).sort()).toEqual([
        `gm/verdict/${p1}`,
        `gm/verdict/${p2}`,
      ])
    })
  }

  it('for the same entry from two devices: the first the room sees wins, the other is ignored', () => {
    for (const [first, expected] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      const { room, docs, status, p1 } = pendingRolls()
      const a = device(1)
      const b = device(2)
      a.doc.getArray<Approval>(GM.approvals).push([verdict(p1, true)])
      b.doc.getArray<Approval>(GM.approvals).push([verdict(p1, false)])
      const updates = first === 'approve' ? [a.update(), b.update()] : [b.update(), a.update()]
      for (const update of updates) {
        Y.applyUpdate(docs.gm, update)
        room.resolveGm()
      }
      expect(status()[p1]).toBe(expected)
    }
  })

  it('in a document from before they were keyed by entry: a decided entry stays, a skipped verdict applies', () => {
    // Then, a verdict was marked by its place in the array. Two tablets' verdicts merged so that B's (p2)
    // took place 0, already marked for A's (p1): B's was skipped for good, and p2 stayed pending.
    const processed = new Set(['gm/approval/0', 'gm/approval/1'])
    const { room, docs, status, p1, p2 } = pendingRolls({ processed })
    applyApproval(docs.log, verdict(p1, true))
    docs.gm.getArray<Approval>(GM.approvals).push([verdict(p2, false), verdict(p1, true)])
    let logWrites = 0
    docs.log.on('update', () => logWrites++)

    room.resolveGm()

    expect(status()).toEqual({ [p1]: 'approved', [p2]: 'rejected' })
    expect(logWrites).toBe(1) // p2's verdict; p1's found its entry decided
  })
})

describe('an attack held for the GM’s approval of typed dice', () => {
  /** Mira's natural 20 on the goblin, typed in and held for the GM, on her turn. */
  function heldAttack() {
    const t = setup()
    const { room, docs, seat, log } = t
    docs.table.getMap(TABLE.settings).set('physicalDice', 'approve')
    const add = (id: string, values: Record<string, unknown>) => {
      const fields = new Y.Map<unknown>()
      docs.table.getMap(TABLE.combatants).set(id, fields)
      for (const [k, v] of Object.entries(values)) fields.set(k, v)
      return fields
    }
    add('mira', { name: 'Mira', side: 'pc', hp: 8, maxHp: 8, seatId: MIRA })
    const goblin = add('gob', { name: 'Goblin', side: 'foe', hp: 6, maxHp: 6 })
    docs.table.getMap(TABLE.seats).set(MIRA, { name: 'Mira', combatantId: 'mira' })
    // The fight runs on to Mira's turn.
    const gmAsk = (request: Record<string, unknown>) => {
      docs.gm.getArray(GM.requests).push([request])
      room.resolveGm()
    }
    startFight(room, seat, gmAsk)
    const turn = docs.table.getMap(TABLE.turn)
    for (let i = 0; i < 3 && !(turn.get('acting') as string[]).includes('mira'); i++)
      gmAsk({ id: `next-${i}`, kind: 'next-turn' })
    expect(turn.get('acting')).toContain('mira')
    // A natural 20 hits whatever the goblin's armour; the damage die shows 1.
    seat(MIRA)
      .getArray(SEAT.requests)
      .push([
        {
          id: 'a1',
          kind: 'attack',
          at: 1,
          targetId: 'gob',
          declared: { choice: 'weapon-0-melee', toggles: [] },
          faces: [20, 1, 1, 1],
        },
      ])
    room.resolveSeat(MIRA)
    const held = log().find((e) => e.kind === 'attack')
    expect(held?.status).toBe('pending')
    const approve = () => {
      docs.gm.getArray(GM.approvals).push([{ entryId: held?.id, approve: true }])
      room.resolveGm()
    }
    return { ...t, goblin, gmAsk, turn, held, approve }
  }

  it('takes its damage from the hit points of the moment it is approved, not of the roll', () => {
    const { goblin, held, log, approve } = heldAttack()
    const { before, after } = held?.changes?.gob ?? { before: {}, after: {} }
    const damage = Number(before.hp) - Number(after.hp)
    expect(damage).toBeGreaterThan(0)
    expect(goblin.get('hp')).toBe(6)

    // While the GM looks at the dice, the goblin is hurt to 2 by other means.
    goblin.set('hp', 2)
    approve()

    expect(log().find((e) => e.id === held?.id)?.status).toBe('approved')
    expect(goblin.get('hp')).toBe(2 - damage)
  })

  it('holds its turn until the GM’s verdict: what it changes lands in its own round, never the next', () => {
    const { gmAsk, turn, approve, docs, answer } = heldAttack()
    const round = turn.get('round')
    // Found by the fight simulator (spelljammer seed 1200, odnd seed 825): approved after its round had
    // ended, an attack's round-long changes (a stance, a strike owed back) were applied to the next one.
    gmAsk({ id: 'next-held', kind: 'next-turn' })
    expect(answer(docs.gm, 'next-held')).toEqual({
      ok: false,
      error: 'Mira’s dice against Goblin wait for the GM’s approval.',
    })
    expect(turn.get('round')).toBe(round)
    approve()
    gmAsk({ id: 'next-approved', kind: 'next-turn' })
    expect(answer(docs.gm, 'next-approved')).toMatchObject({ ok: true })
  })

  it('rejected, gives the attack back: its turn is still the attacker’s, to roll again', () => {
    const { turn, docs, room, held } = heldAttack()
    expect((turn.get('attacksLeft') as Record<string, number>).mira).toBe(0)
    docs.gm.getArray(GM.approvals).push([{ entryId: held?.id, approve: false }])
    room.resolveGm()
    expect(turn.get('acting')).toContain('mira')
    expect((turn.get('attacksLeft') as Record<string, number>).mira).toBe(1)
  })
})

describe('the GM editing the table directly', () => {
  it('settles the turn: one who falls to the GM’s edit loses their turn to the next in the order', () => {
    const { room, docs } = setup()
    const add = (id: string, name: string, side: 'pc' | 'foe') => {
      const fields = new Y.Map<unknown>()
      docs.table.getMap(TABLE.combatants).set(id, fields)
      for (const [k, v] of Object.entries({ name, side, hp: 6, maxHp: 6 })) fields.set(k, v)
      return fields
    }
    const goblin = add('gob', 'Goblin', 'foe')
    add('ogre', 'Ogre', 'foe')
    const ask = (request: Record<string, unknown>) => {
      docs.gm.getArray(GM.requests).push([request])
      room.resolveGm()
    }
    ask({ id: 'start', kind: 'start-combat' })
    ask({ id: 'foes', kind: 'roll-foes' })
    const turn = docs.table.getMap(TABLE.turn)
    expect(turn.get('status')).toBe('running')
    const first = (turn.get('acting') as string[])[0]
    const fallen = first === 'gob' ? goblin : docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')
    fallen?.set('hp', 0)
    room.tableChanged()
    expect(turn.get('acting')).not.toContain(first)
  })
})

describe('the GM’s Next turn, from where the GM saw the turn', () => {
  const placeOf = (turn: TurnState) => turnPlace(turn, SYSTEMS.osr.turn.view)
  /** Mira and a goblin, the fight running: `ask` is one GM request, `asks` several written at once. */
  function running() {
    const { room, docs, seat, answer } = setup()
    for (const [id, name, side] of [
      ['mira', 'Mira', 'pc'],
      ['gob', 'Goblin', 'foe'],
    ] as const) {
      const fields = new Y.Map<unknown>()
      docs.table.getMap(TABLE.combatants).set(id, fields)
      for (const [k, v] of Object.entries({
        name,
        side,
        hp: 8,
        maxHp: 8,
        ...(side === 'pc' ? { seatId: MIRA } : {}),
      }))
        fields.set(k, v)
    }
    docs.table.getMap(TABLE.seats).set(MIRA, { name: 'Mira', combatantId: 'mira' })
    const asks = (...requests: Array<Record<string, unknown>>) => {
      docs.gm.getArray(GM.requests).push(requests)
      room.resolveGm()
    }
    const ask = (request: Record<string, unknown>) => asks(request)
    startFight(room, seat, ask)
    const turn = () => readTurnOf(docs.table)
    expect(turn().status).toBe('running')
    return { room, docs, seat, answer, ask, asks, turn }
  }

  it('from two devices at once moves the turn on once: the second is refused, and says why', () => {
    const once = running()
    const place = placeOf(once.turn())
    once.ask({ id: 'n1', kind: 'next-turn', from: place })
    expect(once.answer(once.docs.gm, 'n1')?.ok).toBe(true)
    expect(placeOf(once.turn())).not.toBe(place)

    // The same fight (the same dice), and both of the GM's devices tap Next turn at the same place.
    const twice = running()
    expect(placeOf(twice.turn())).toBe(place)
    twice.asks({ id: 'n1', kind: 'next-turn', from: place }, { id: 'n2', kind: 'next-turn', from: place })
    expect(twice.answer(twice.docs.gm, 'n1')?.ok).toBe(true)
    expect(twice.answer(twice.docs.gm, 'n2')).toEqual({
      ok: false,
      error: expect.stringMatching(/already moved on/),
    })
    expect(twice.turn()).toEqual(once.turn())
  })

  it('crossing a player’s End my turn does not skip the next in the order', () => {
    const { ask, seat, room, answer, docs, turn } = running()
    for (let i = 0; i < 3 && !turn().acting?.includes('mira'); i++)
      ask({ id: `to-mira-${i}`, kind: 'next-turn' })
    expect(turn().acting).toContain('mira')
    const place = placeOf(turn())
    // Mira ends her turn; the GM, still seeing her turn, taps Next turn: her end arrives first.
    seat(MIRA)
      .getArray(SEAT.requests)
      .push([{ id: 'e1', kind: 'end-turn', at: 2 }])
    room.resolveSeat(MIRA)
    const after = turn()
    expect(placeOf(after)).not.toBe(place)
    ask({ id: 'late', kind: 'next-turn', from: place })
    expect(answer(docs.gm, 'late')?.ok).toBe(false)
    expect(turn()).toEqual(after)
    // From where the turn stands now, it moves on.
    ask({ id: 'now', kind: 'next-turn', from: placeOf(after) })
    expect(answer(docs.gm, 'now')?.ok).toBe(true)
  })

  it('Start combat tapped again (a second device) once the fight is on is refused; the initiative stands', () => {
    const { ask, answer, docs, turn } = running()
    const before = turn()
    ask({ id: 'again', kind: 'start-combat' })
    expect(answer(docs.gm, 'again')).toEqual({ ok: false, error: expect.stringMatching(/already started/) })
    expect(turn()).toEqual(before)
  })

  it('without a place (a GM screen from before) moves the turn on as it did', () => {
    const { ask, answer, docs, turn } = running()
    const place = placeOf(turn())
    ask({ id: 'n1', kind: 'next-turn' })
    expect(answer(docs.gm, 'n1')?.ok).toBe(true)
    expect(placeOf(turn())).not.toBe(place)
  })
})
