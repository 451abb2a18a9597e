import { SELF } from 'cloudflare:test'
import { type RequestResult, SEAT, type SeatInfo, TABLE } from '@fray/protocol'
import { defaultSheetFor } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, ORIGIN, TestClient, takeSeat } from './ws-client.ts'

async function seated(system: string) {
  const room = await createRoom(system)
  const seat = await takeSeat(room.roomId, 'Mira')
  const client = await TestClient.connect(room.roomId, `seat:${seat.seatId}`, seat.seatKey)
  const results = answersOf(client.doc)
  const ask = async (request: Record<string, unknown>) => {
    const id = `q${results.size}-${Math.random().toString(36).slice(2, 8)}`
    client.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
    await eventually(() => results.has(id), `the answer to ${String(request.kind)}`)
    return results.get(id) as RequestResult
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

  it('stores a new character’s sheet fields only, and refuses a text or list past its limit', async () => {
    const { ask, table } = await seated('osr')
    const sheet = defaultSheetFor('osr', 'Mira')
    // An extra field is dropped, whatever its size; the table keeps only what the form has.
    const created = await ask({ kind: 'create-character', sheet: { ...sheet, notes: 'x'.repeat(50_000) } })
    expect(created.ok).toBe(true)
    const id = created.ok ? created.logId : ''
    await eventually(() => table.doc.getMap(TABLE.combatants).has(id), 'the character on the table')
    const stored = (table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('sheet') ?? {}) as object
    expect(Object.keys(stored).sort()).toEqual(Object.keys(sheet).sort())
    expect(JSON.stringify(table.doc.toJSON()).length).toBeLessThan(5_000)

    const other = await seated('osr')
    const weapons = Array.from({ length: 21 }, () => (sheet.weapons as unknown[])[0])
    expect(await other.ask({ kind: 'create-character', sheet: { ...sheet, weapons } })).toEqual({
      ok: false,
      error: 'Weapons: at most 20.',
    })
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

  it('asks “is this you?” of a second phone typing a name already seated, and seats another only when told', async () => {
    const { roomId, table } = await seated('osr')
    const post = (body: Record<string, unknown>) =>
      SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats`, { method: 'POST', body: JSON.stringify(body) })
    // " mira " is Mira: no blank seat of her name, but what to do, and the seat's name to ask about.
    const again = await post({ name: ' mira ' })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({
      error: expect.stringMatching(/^Mira already has a seat at this table\. .*Let back in/),
      seated: 'Mira',
    })
    expect(table.doc.getMap(TABLE.seats).size).toBe(1)
    expect((await post({ name: 'Mira', another: 'yes' })).status).toBe(400)
    // Another player of that name, once they say so.
    expect((await post({ name: 'Mira', another: true })).status).toBe(201)
    await eventually(() => table.doc.getMap(TABLE.seats).size === 2, 'the second Mira')
    // A freed seat's name is free again.
    for (const [id, seat] of table.doc.getMap<SeatInfo>(TABLE.seats)) {
      table.doc.getMap<SeatInfo>(TABLE.seats).set(id, { ...seat, freed: true })
    }
    expect((await post({ name: 'Mira' })).status).toBe(201)
  })

  it('closes the seat document to a seat the GM freed, and says so; its key no longer opens it (#21)', async () => {
    const { roomId, seat, table } = await seated('brp')
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    table.doc.getMap<SeatInfo>(TABLE.seats).set(seat.seatId, { name: 'Mira', combatantId: null, freed: true })
    expect(await phone.closed).toEqual({ code: 4001, reason: expect.stringMatching(/freed/) })
    const again = await TestClient.open(roomId, `seat:${seat.seatId}`, seat.seatKey, 'protocol')
    expect(again.status).toBe(403)
    expect(((await again.json()) as { error: string }).error).toMatch(/freed/)
    // The table and the log it may still read, like anyone with the room link.
    expect((await TestClient.open(roomId, 'table', seat.seatKey, 'protocol')).status).toBe(101)
  })
})

/** Asks for a seat's handover code with `key` (a seat's or the GM's), as the app does. */
function handover(roomId: string, seatId: string, key?: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats/${seatId}/handover`, {
    method: 'POST',
    headers: key ? { Authorization: `Bearer ${key}` } : {},
  })
}

/** Brings a handover code to the room, as a new phone does. */
function join(roomId: string, code: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  })
}

async function codeFor(roomId: string, seatId: string, key: string): Promise<string> {
  const response = await handover(roomId, seatId, key)
  expect(response.status).toBe(201)
  return ((await response.json()) as { code: string }).code
}

describe('a seat on another phone (#19 item 7)', () => {
  it('moves with a one-time code to a new key of the same seat, with its document and character; the first phone stays in', async () => {
    const { roomId, seat, ask, table } = await seated('osr')
    const created = await ask({ kind: 'create-character', sheet: defaultSheetFor('osr', 'Mira the Bold') })
    const response = await handover(roomId, seat.seatId, seat.seatKey)
    expect(response.status).toBe(201)
    const made = (await response.json()) as { code: string; expiresAt: number; signsOut: boolean }
    expect(made).toEqual({
      code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      expiresAt: expect.any(Number),
      signsOut: false,
    })
    expect(made.expiresAt - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000)

    // Typed by hand on the new phone: lower case, without the dash.
    const joined = await join(roomId, made.code.toLowerCase().replace('-', ' '))
    expect(joined.status).toBe(200)
    const second = (await joined.json()) as { seatId: string; seatKey: string; name: string }
    expect(second).toEqual({ seatId: seat.seatId, seatKey: expect.any(String), name: 'Mira' })
    expect(second.seatKey).not.toBe(seat.seatKey)

    const phone2 = await TestClient.connect(roomId, `seat:${seat.seatId}`, second.seatKey, 'protocol')
    const results = answersOf(phone2.doc)
    expect([...results.values()]).toContainEqual(created)
    expect(table.doc.getMap(TABLE.seats).size).toBe(1)
    // The seat says it was handed over (the code's dialog closes on that), its character kept.
    const seatInfo = () => table.doc.getMap<SeatInfo>(TABLE.seats).get(seat.seatId)
    await eventually(() => seatInfo()?.handedOverAt !== undefined, 'the seat handed over')
    expect(seatInfo()).toEqual({
      name: 'Mira',
      combatantId: expect.any(String),
      handedOverAt: expect.any(Number),
    })

    // The code worked once; the first phone's key still works.
    expect((await join(roomId, made.code)).status).toBe(404)
    expect((await TestClient.open(roomId, `seat:${seat.seatId}`, seat.seatKey)).status).toBe(101)
  })

  it('gives a handover code of a seat to that seat’s phone and the GM only, and never through a document', async () => {
    const { roomId, gmKey } = await createRoom()
    const mira = await takeSeat(roomId, 'Mira')
    const tomas = await takeSeat(roomId, 'Tomas')
    const other = await createRoom()
    const watcher = await TestClient.connect(roomId, 'table')
    const watcherLog = await TestClient.connect(roomId, 'log')

    expect((await handover(roomId, tomas.seatId)).status).toBe(401)
    for (const [key, who] of [
      [mira.seatKey, 'another seat’s key'],
      ['x'.repeat(43), 'a made-up key'],
      [other.gmKey, 'another room’s GM key'],
    ] as const) {
      const refused = await handover(roomId, tomas.seatId, key)
      expect(refused.status, who).toBe(403)
      expect(((await refused.json()) as { error: string }).error).toMatch(/own phone or the GM/)
    }

    // Codes that were never issued do nothing; a code of Mira's own seat gives Mira's seat, not Tomas's.
    expect((await join(roomId, 'ABCD-EFGH')).status).toBe(404)
    expect((await join(roomId, 'not a code')).status).toBe(400)
    const code = await codeFor(roomId, mira.seatId, mira.seatKey)
    const mine = (await (await join(roomId, code)).json()) as { seatId: string; seatKey: string }
    expect(mine.seatId).toBe(mira.seatId)
    expect((await TestClient.open(roomId, `seat:${tomas.seatId}`, mine.seatKey)).status).toBe(403)

    // The GM's code for Tomas, and the key it gives, travel over HTTP only: no document carries them.
    const gmCode = await codeFor(roomId, tomas.seatId, gmKey)
    const gmJoined = (await (await join(roomId, gmCode)).json()) as { seatKey: string }
    await new Promise((resolve) => setTimeout(resolve, 50))
    const seen = new TextDecoder().decode(new Uint8Array([...watcher.received(), ...watcherLog.received()]))
    for (const secret of [code, gmCode, mine.seatKey, gmJoined.seatKey, code.replace('-', '')]) {
      expect(seen).not.toContain(secret)
    }
  })

  it('lets the GM let a player back in on a new phone: the lost phone is signed out', async () => {
    const { roomId, gmKey, seat, ask } = await seated('zones')
    await ask({ kind: 'create-character', sheet: defaultSheetFor('zones', 'Sybilla') })
    const lost = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const response = await handover(roomId, seat.seatId, gmKey)
    expect(((await response.json()) as { signsOut: boolean }).signsOut).toBe(true)
    const code = await codeFor(roomId, seat.seatId, gmKey) // a second code replaces the first
    const joined = (await (await join(roomId, code)).json()) as { seatId: string; seatKey: string }
    expect(joined.seatId).toBe(seat.seatId)
    expect(await lost.closed).toEqual({ code: 4001, reason: expect.stringMatching(/signed out/) })
    expect((await TestClient.open(roomId, `seat:${seat.seatId}`, seat.seatKey)).status).toBe(403)
    expect((await TestClient.open(roomId, `seat:${seat.seatId}`, joined.seatKey)).status).toBe(101)
  })

  it('does not hand over a seat the GM freed, even with a code made before', async () => {
    const { roomId, seat, table } = await seated('brp')
    const code = await codeFor(roomId, seat.seatId, seat.seatKey)
    table.doc.getMap<SeatInfo>(TABLE.seats).set(seat.seatId, { name: 'Mira', combatantId: null, freed: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const refused = await join(roomId, code)
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: string }).error).toMatch(/freed/)
    expect((await handover(roomId, seat.seatId, seat.seatKey)).status).toBe(409)
  })
})

describe('handover codes are few (#50)', () => {
  it('gives a seat’s own phone 5 codes an hour, one live at a time, then 429 with when to try again', async () => {
    const { roomId, gmKey } = await createRoom()
    const mira = await takeSeat(roomId, 'Mira')
    const codes: string[] = []
    for (let i = 0; i < 5; i++) codes.push(await codeFor(roomId, mira.seatId, mira.seatKey))
    // One live code per seat: each new one replaced the one before.
    for (const old of codes.slice(0, 4)) expect((await join(roomId, old)).status).toBe(404)
    const refused = await handover(roomId, mira.seatId, mira.seatKey)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000)
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(
        /^This seat made 5 handover codes in the last hour; try again in \d+ minutes\.$/,
      ),
    })
    // The live code still works, once; minting and redeeming in a loop made 5 keys at most.
    expect((await join(roomId, codes[4] as string)).status).toBe(200)
    expect((await handover(roomId, mira.seatId, mira.seatKey)).status).toBe(429)
    // The GM's "Let back in" (which signs the seat's other phones out) is not held back by the player's.
    expect((await handover(roomId, mira.seatId, gmKey)).status).toBe(201)
    // Another seat has its own codes.
    const tomas = await takeSeat(roomId, 'Tomas')
    expect((await handover(roomId, tomas.seatId, tomas.seatKey)).status).toBe(201)
  })
})
