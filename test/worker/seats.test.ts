import { type RequestResult, SEAT, type SeatInfo, TABLE } from '@fray/protocol'
import { defaultSheetFor } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

async function seated(system: string) {
  const room = await createRoom(system)
  const seat = await takeSeat(room.roomId, 'Mira')
  const client = await TestClient.connect(room.roomId, `seat:${seat.seatId}`, seat.seatKey)
  const results = client.doc.getMap<RequestResult>(SEAT.results)
  const ask = async (request: Record<string, unknown>) => {
    const id = `q${results.size}-${Math.random().toString(36).slice(2, 8)}`
    client.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
    await eventually(() => results.has(`${seat.seatId}/${id}`), `the answer to ${String(request.kind)}`)
    return results.get(`${seat.seatId}/${id}`) as RequestResult
  }
  const table = await TestClient.connect(room.roomId, 'table', room.gmKey)
  return { ...room, seat, ask, table }
}

describe('seats and characters', () => {
  it('lists a new seat on the table for everyone, without its key', async () => {
    const { seat, table } = await seated('osr')
    expect(table.doc.getMap<SeatInfo>(TABLE.seats).get(seat.seatId)).toEqual({
      name: 'Mira',
      combatantId: null,
    })
    expect(JSON.stringify(table.doc.toJSON())).not.toContain(seat.seatKey)
  })

  it.each(['osr', 'odnd', 'spelljammer', 'brp', 'zones'] as const)(
    'creates a %s character from its sheet, with hit points from the sheet, and refuses a second',
    async (system) => {
      const { seat, ask, table } = await seated(system)
      const created = await ask({ kind: 'create-character', sheet: defaultSheetFor(system, 'Mira the Bold') })
      expect(created).toEqual({ ok: true, logId: expect.any(String) })
      const id = created.ok ? created.logId : ''
      await eventually(() => table.doc.getMap(TABLE.combatants).has(id), 'the character on the table')
      const fields = table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
      expect(fields?.get('name')).toBe('Mira the Bold')
      expect(fields?.get('side')).toBe('pc')
      expect(fields?.get('seatId')).toBe(seat.seatId)
      expect(fields?.get('hp')).toBeGreaterThan(0)
      expect(fields?.get('hp')).toBe(fields?.get('maxHp'))
      expect(await ask({ kind: 'create-character', sheet: defaultSheetFor(system, 'Again') })).toEqual({
        ok: false,
        error: expect.stringMatching(/already play a character/),
      })
    },
  )

  it('refuses a sheet with bad input, with the system’s message naming the field', async () => {
    const { ask } = await seated('osr')
    const answer = await ask({
      kind: 'create-character',
      sheet: { ...defaultSheetFor('osr', 'X'), ac: 'plate' },
    })
    expect(answer.ok).toBe(false)
    if (!answer.ok) expect(answer.error).toMatch(/Armou?r Class|AC/i)
  })

  it('lets a player claim a character the GM prepared, once, and not a monster', async () => {
    const { seat, ask, table } = await seated('zones')
    const pc = new Y.Map<unknown>()
    const foe = new Y.Map<unknown>()
    table.doc.transact(() => {
      table.doc.getMap(TABLE.combatants).set('pc1', pc)
      pc.set('name', 'Sybilla')
      pc.set('side', 'pc')
      table.doc.getMap(TABLE.combatants).set('foe1', foe)
      foe.set('name', 'Bandit')
      foe.set('side', 'foe')
    })
    expect(await ask({ kind: 'claim', combatantId: 'foe1' })).toEqual({
      ok: false,
      error: expect.stringMatching(/not one the GM prepared/),
    })
    expect(await ask({ kind: 'claim', combatantId: 'pc1' })).toEqual({ ok: true, logId: 'pc1' })
    await eventually(() => pc.get('seatId') === seat.seatId, 'the claim on the GM’s table')
  })

  it('refuses every request from a seat the GM freed, and says so', async () => {
    const { seat, ask, table } = await seated('brp')
    table.doc.getMap<SeatInfo>(TABLE.seats).set(seat.seatId, { name: 'Mira', combatantId: null, freed: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await ask({ kind: 'roll', notation: 'd20' })).toEqual({
      ok: false,
      error: expect.stringMatching(/freed/),
    })
  })
})
