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

  it('puts a refusal away when the GM dismisses it, and it stays away as more answers come', () => {
    const doc = new Y.Doc()
    let n = 0
    const gm = createGmModel(doc, () => `g${++n}`)
    const answers = doc.getArray(SEAT.answers)
    gm.send({ kind: 'next-turn' })
    answers.push([
      { id: 'g1', result: { ok: false, error: 'The turn had already moved on: nothing changed.' } },
    ])
    expect(gm.error.value).toMatch(/moved on/)
    gm.dismiss()
    expect(gm.error.value).toBeNull()
    // Answers to other devices' requests come through the same document: the refusal is not shown again.
    answers.push([{ id: 'other', result: { ok: true, logId: 'gm/2.1' } }])
    expect(gm.error.value).toBeNull()
    // The next refusal shows.
    gm.send({ kind: 'next-turn' })
    answers.push([{ id: 'g2', result: { ok: false, error: 'No round is running.' } }])
    expect(gm.error.value).toBe('No round is running.')
    gm.dispose()
  })
})
