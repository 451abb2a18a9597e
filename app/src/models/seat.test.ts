import { SEAT } from '@fray/protocol'
import { SYSTEM_IDS, SYSTEM_INFO } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createSeatModel } from './seat.ts'

describe('the quick roll', () => {
  it('uses the percentile dice where the system rolls under a percentage', () => {
    const quick = Object.fromEntries(SYSTEM_IDS.map((id) => [id, SYSTEM_INFO[id].quickRoll]))
    expect(quick).toEqual({ osr: 'd20', odnd: 'd20', zones: 'd20', spelljammer: 'd100', brp: 'd100' })
  })
})

describe('the log entries of a seat', () => {
  it('are the ids the room answered its requests with, refusals left out', () => {
    const doc = new Y.Doc()
    const model = createSeatModel(doc, 'seat-1', () => 'r1')
    expect([...model.logIds.value]).toEqual([])
    doc.getArray(SEAT.answers).push([
      { id: 'r1', result: { ok: true, logId: 'seat-1/5.0' } },
      { id: 'r2', result: { ok: false, error: 'It is not your turn.' } },
    ])
    expect([...model.logIds.value]).toEqual(['seat-1/5.0'])
    expect(model.resultOf('r2')).toEqual({ ok: false, error: 'It is not your turn.' })
  })

  it('are read too where a room before answers kept them, in its results map', () => {
    const doc = new Y.Doc()
    const model = createSeatModel(doc, 'seat-1', () => 'r1')
    doc.transact(() => {
      doc.getMap(SEAT.results).set('seat-1/r1', { ok: true, logId: 'seat-1/r1' })
      doc.getMap(SEAT.results).set('seat-1/r2', { ok: false, error: 'It is not your turn.' })
    })
    expect([...model.logIds.value]).toEqual(['seat-1/r1'])
    expect(model.resultOf('r2')).toEqual({ ok: false, error: 'It is not your turn.' })
  })
})
