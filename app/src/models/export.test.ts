import { TABLE } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { exportEncounter, parseExport } from './export.ts'

describe('encounter export', () => {
  it('round-trips the table and gm documents through JSON', () => {
    const table = new Y.Doc()
    table.getMap(TABLE.combatants).set('g1', new Y.Map())
    const gm = new Y.Doc()
    gm.getMap('hidden').set('h1', 'Ogre')
    const info = { roomId: 'r', system: 'osr' as const, name: 'Cave', createdAt: 0 }
    const exported = exportEncounter(info, table, gm, new Y.Doc(), new Date(0))
    const parsed = parseExport(JSON.stringify(exported))
    if (!parsed.ok) throw new Error(parsed.error)
    const back = new Y.Doc()
    Y.applyUpdate(
      back,
      Uint8Array.from(atob(parsed.value.documents.gm), (c) => c.charCodeAt(0)),
    )
    expect(back.getMap('hidden').get('h1')).toBe('Ogre')
    expect(parsed.value).toMatchObject({
      name: 'Cave',
      system: 'osr',
      exportedAt: '1970-01-01T00:00:00.000Z',
    })
  })

  it('explains why a file cannot be imported', () => {
    expect(parseExport('{')).toEqual({ ok: false, error: expect.stringMatching(/not JSON/) })
    expect(parseExport('{"fray":"x"}')).toEqual({ ok: false, error: expect.stringMatching(/not a Fray/) })
    expect(parseExport('{"fray":"encounter","version":1,"system":"dnd5e"}')).toEqual({
      ok: false,
      error: expect.stringMatching(/Unknown rule system "dnd5e"/),
    })
  })
})
