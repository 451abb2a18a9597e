import { TABLE } from '@fray/protocol'
import { describe, expect, inject, it } from 'vitest'
import * as Y from 'yjs'
import { connectStock } from '../support/provider.ts'

const baseUrl = inject('baseUrl')
const connect = (roomId: string, docName: string, key?: string) => connectStock(baseUrl, roomId, docName, key)

describe('a stock y-websocket provider in Node', () => {
  it('receives the combatants the GM added, at the table document’s URL', async () => {
    const created = await fetch(`${baseUrl}/api/rooms`, {
      method: 'POST',
      body: JSON.stringify({ system: 'zones' }),
    })
    const { roomId, gmKey } = (await created.json()) as { roomId: string; gmKey: string }

    const gm = connect(roomId, 'table', gmKey)
    await gm.synced
    const goblin = new Y.Map<unknown>()
    gm.doc.transact(() => {
      gm.doc.getMap(TABLE.combatants).set('g1', goblin)
      goblin.set('name', 'Goblin 1')
      goblin.set('hp', 7)
    })

    const reader = connect(roomId, 'table')
    await reader.synced
    const combatants = reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    await expect.poll(() => combatants.get('g1')?.get('name'), { timeout: 2000 }).toBe('Goblin 1')
    expect(combatants.get('g1')?.get('hp')).toBe(7)

    gm.provider.destroy()
    reader.provider.destroy()
  })
})
