import { SEAT, SYSTEM_IDS, SYSTEM_INFO } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createSeatModel, validateFace } from './seat.ts'

describe('a face typed in for a quick roll', () => {
  it('takes a face the die has', () => {
    expect(validateFace('d20', ' 17 ')).toEqual({ ok: true, value: 17 })
    expect(validateFace('d100', '100')).toEqual({ ok: true, value: 100 })
    expect(validateFace('d100', '1')).toEqual({ ok: true, value: 1 })
  })

  it('refuses a face the die does not have, saying which faces it has', () => {
    expect(validateFace('d20', '21')).toEqual({ ok: false, error: 'A d20 shows 1 to 20, not 21.' })
    expect(validateFace('d100', '0')).toEqual({ ok: false, error: 'A d100 shows 1 to 100, not 0.' })
    expect(validateFace('d100', '4.5')).toEqual({ ok: false, error: 'Type the number your d100 shows.' })
    expect(validateFace('d20', '')).toEqual({ ok: false, error: 'Type the number your d20 shows.' })
  })

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
    doc.transact(() => {
      doc.getMap(SEAT.results).set('seat-1/r1', { ok: true, logId: 'seat-1/r1' })
      doc.getMap(SEAT.results).set('seat-1/r2', { ok: false, error: 'It is not your turn.' })
    })
    expect([...model.logIds.value]).toEqual(['seat-1/r1'])
  })
})
