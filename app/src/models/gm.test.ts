import { GM, SEAT } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createGmModel } from './gm.ts'

describe('the GM model', () => {
  it('sends requests through the gm document and shows why the latest was refused', () => {
    const doc = new Y.Doc()
    let n = 0
    const gm = createGmModel(doc, () => `g${++n}`)
    expect(gm.send({ kind: 'next-turn' })).toBe('g1')
    expect(doc.getArray(GM.requests).toArray()).toEqual([{ kind: 'next-turn', id: 'g1' }])
    doc.getArray(SEAT.answers).push([{ id: 'g1', result: { ok: false, error: 'No round is running.' } }])
    expect(gm.error.value).toBe('No round is running.')
    // A new request clears the old refusal; its own success shows none.
    gm.send({ kind: 'start-combat' })
    expect(gm.error.value).toBeNull()
    doc.getArray(SEAT.answers).push([{ id: 'g2', result: { ok: true, logId: 'gm/1.4' } }])
    expect(gm.error.value).toBeNull()
    gm.approve('entry-1', true)
    expect(doc.getArray(GM.approvals).toArray()).toEqual([{ entryId: 'entry-1', approve: true }])
    gm.dispose()
  })
})
