import { GM, LOG, type LogEntry, PAST, type PastFight, type SealedResult } from '@fray/protocol'
import { verifySeal } from '@fray/protocol/seal'
import { seededDice } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { processedInMemory, TableRoom } from './table-room.ts'
import { gmAskerOf } from './test-support.ts'

/** A room over plain documents, its filed fights' documents kept by number, and the GM's requests. */
function room() {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  const pasts = new Map<number, Y.Doc>()
  const past = (n: number) => {
    const doc = pasts.get(n) ?? new Y.Doc()
    pasts.set(n, doc)
    return doc
  }
  const tableRoom = new TableRoom({
    system: 'osr',
    docs: { ...docs, seat: () => new Y.Doc(), past },
    dice: seededDice(3),
    processed: processedInMemory(),
    seatName: () => null,
    now: () => 1000,
  })
  const ask = gmAskerOf(docs.gm, tableRoom)
  const filed = (n: number) => past(n).getArray<PastFight>(PAST.fights).get(0)?.entries ?? []
  return { docs, ask, past, filed }
}

describe('a sealed GM roll left sealed at New fight', () => {
  it('is filed sealed, stays the GM’s secret, and the GM can still reveal it from the past fight', () => {
    const { docs, ask, past, filed } = room()
    const sealed = ask({ kind: 'roll', notation: '3d6', label: 'Ambush check', sealed: true })
    if (!sealed.ok) throw new Error(sealed.error)
    const kept = docs.gm.getMap<SealedResult>(GM.sealed).get(sealed.logId) as SealedResult
    expect(ask({ kind: 'new-fight' })).toMatchObject({ ok: true })
    expect(docs.log.getArray(LOG.entries).length).toBe(0)
    // Filed as it stood: sealed, nothing of the result in what every device reads.
    const [entry] = filed(0)
    expect(entry).toMatchObject({ id: sealed.logId, faces: [], total: 0 })
    expect(entry?.sealed?.revealed).toBeUndefined()
    expect(new TextDecoder().decode(Y.encodeStateAsUpdate(past(0)))).not.toContain(kept.salt)
    // The GM's document still holds its result.
    expect(docs.gm.getMap(GM.sealed).get(sealed.logId)).toEqual(kept)

    // Revealed without saying which fight: the room says where it is.
    expect(ask({ kind: 'reveal', entryId: sealed.logId })).toEqual({
      ok: false,
      error: 'That roll was filed with its fight: reveal it from Past fights.',
    })
    expect(ask({ kind: 'reveal', entryId: sealed.logId, fight: 4 })).toEqual({
      ok: false,
      error: 'There is no sealed roll to reveal in that past fight.',
    })
    expect(ask({ kind: 'reveal', entryId: sealed.logId, fight: 0 })).toEqual({
      ok: true,
      logId: sealed.logId,
    })
    const [open] = filed(0)
    expect(open).toMatchObject({ id: sealed.logId, total: kept.total, faces: kept.faces })
    expect(verifySeal(open?.sealed?.commitment ?? '', open?.sealed?.revealed as SealedResult)).toBe(true)
    expect(ask({ kind: 'reveal', entryId: sealed.logId, fight: 0 })).toEqual({
      ok: false,
      error: 'That roll is already revealed.',
    })
    // The listing still counts the fight's entries as filed; the current log is untouched.
    expect(docs.log.getArray(LOG.filed).get(0)).toMatchObject({ entries: 1 })
    expect(docs.log.getArray<LogEntry>(LOG.entries).length).toBe(0)
  })
})
