/**
 * Every request gets its answer, however many a phone queued offline: the room keeps each answer until the
 * phone's seat model has read it (the phone says so in its own seat document), then lets it go. Played
 * over plain Yjs documents: the app's seat model on the phone's copy, the table room on the room's.
 */
import { SEAT } from '@fray/protocol'
import { seededDice } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createSeatModel } from '../../app/src/models/seat.ts'
import { KEPT_REQUESTS, processedInMemory, TableRoom } from '../../worker/src/room/table-room.ts'

const MIRA = 'mira-seat-1'

/** What `to` lacks of `from`, applied to `to`. */
const exchange = (from: Y.Doc, to: Y.Doc) =>
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)))

function setup() {
  const seat = new Y.Doc()
  const room = new TableRoom({
    system: 'osr',
    docs: {
      table: new Y.Doc(),
      log: new Y.Doc(),
      gm: new Y.Doc(),
      seat: () => seat,
      past: () => new Y.Doc(),
    },
    dice: seededDice(5),
    processed: processedInMemory(),
    seatName: (id) => (id === MIRA ? 'Mira' : null),
    now: () => 1000,
  })
  const phone = new Y.Doc()
  phone.clientID = 11
  let n = 0
  const model = createSeatModel(phone, MIRA, () => `r${++n}`)
  /** The phone comes online: the room takes what it wrote, resolves it, and the phone takes the room's. */
  const online = Object.assign(
    () => {
      exchange(phone, seat)
      room.resolveSeat(MIRA)
      exchange(seat, phone)
    },
    { resolve: () => room.resolveSeat(MIRA) },
  )
  return { seat, phone, model, online }
}

describe('a phone that queued 40 requests offline', () => {
  it('reads the answer to every one of them once back online; the room lets go only those it has read', () => {
    const { seat, model, online } = setup()
    // Rolls, which the room makes, and turns ended without a character, which it refuses in words.
    const ids: string[] = []
    for (let i = 0; i < 40; i++) {
      if (i % 2 === 0) ids.push(model.endTurn())
      else {
        model.freeRoll('d20', `roll ${i}`)
        ids.push(`r${i + 1}`)
      }
    }
    online()
    expect(ids.map((id) => model.resultOf(id)?.ok)).toEqual(ids.map((_, i) => i % 2 === 1))
    expect(model.resultOf(ids[0] ?? '')).toEqual({ ok: false, error: 'Choose your character first.' })
    expect(model.pending.value).toEqual([])
    // The phone has said what it read; once the room has that, the read answers before its latest go.
    online()
    expect(seat.getArray(SEAT.requests).length).toBeLessThanOrEqual(2 * KEPT_REQUESTS)
    expect(seat.getArray(SEAT.answers).length).toBe(seat.getArray(SEAT.requests).length)
    expect(model.resultOf(ids.at(-1) ?? '')).toMatchObject({ ok: true })
  })

  it('keeps the answers the phone has not read, however many requests came after them', () => {
    const { seat, phone, model, online } = setup()
    const ids = Array.from({ length: 40 }, () => model.endTurn())
    // The room takes the first 40, then 40 more, before the phone takes any answer back.
    exchange(phone, seat)
    online.resolve()
    ids.push(...Array.from({ length: 40 }, () => model.endTurn()))
    exchange(phone, seat)
    online.resolve()
    exchange(seat, phone)
    for (const id of ids) expect(model.resultOf(id), id).toMatchObject({ ok: false })
  })
})
