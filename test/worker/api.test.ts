import { env, listDurableObjectIds, runInDurableObject, SELF } from 'cloudflare:test'
import { TABLE } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { createRoom, ORIGIN, TestClient, takeSeat } from './ws-client.ts'

const post = (path: string, body: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('the rooms API', () => {
  it('creates a room with a 128-bit id, a GM key and both links, the key only in the GM link', async () => {
    const response = await post('/api/rooms', JSON.stringify({ system: 'brp', name: 'Bridge fight' }))
    expect(response.status).toBe(201)
    const room = (await response.json()) as Record<string, string>
    expect(room.roomId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(room.gmKey?.length).toBeGreaterThanOrEqual(43)
    expect(room.gmLink).toBe(`${ORIGIN}/r/${room.roomId}#gm=${room.gmKey}`)
    expect(room.playerLink).toBe(`${ORIGIN}/r/${room.roomId}`)

    const info = await SELF.fetch(`${ORIGIN}/api/rooms/${room.roomId}`)
    expect(info.status).toBe(200)
    const body = (await info.json()) as Record<string, unknown>
    expect(body).toMatchObject({ roomId: room.roomId, system: 'brp', name: 'Bridge fight' })
    expect(JSON.stringify(body)).not.toContain(room.gmKey)
  })

  it('gives two rooms different ids', async () => {
    const [a, b] = await Promise.all([createRoom(), createRoom()])
    expect(a.roomId).not.toBe(b.roomId)
    expect(a.gmKey).not.toBe(b.gmKey)
  })

  it('answers bad JSON with a 400 that says what is wrong', async () => {
    const response = await post('/api/rooms', '{"system": ')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: expect.stringMatching(/must be JSON/) })
  })

  it('answers an unknown system with a 400 naming the systems there are', async () => {
    const response = await post('/api/rooms', JSON.stringify({ system: 'gurps' }))
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: string }
    expect(error).toContain('unknown system "gurps"')
    expect(error).toContain('osr, odnd, spelljammer, brp, zones')
  })

  it('answers an unknown room with a 404, whether or not the id is well formed', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const response = await SELF.fetch(`${ORIGIN}/api/rooms/${id}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: expect.stringMatching(/no room with this id/) })
    }
  })

  it('takes a seat with a name and refuses a seat without one', async () => {
    const { roomId } = await createRoom()
    const seat = await post(`/api/rooms/${roomId}/seats`, JSON.stringify({ name: 'Mira' }))
    expect(seat.status).toBe(201)
    expect(await seat.json()).toEqual({ seatId: expect.any(String), seatKey: expect.any(String) })
    const nameless = await post(`/api/rooms/${roomId}/seats`, JSON.stringify({ name: '  ' }))
    expect(nameless.status).toBe(400)
  })
})

describe('security headers', () => {
  it('serves API answers with a deny-all content policy and no referrer', async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/rooms/none`)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })
})

describe('a room document asked for over plain HTTP or refused', () => {
  it('answers 426 with a reason, not a 500, to a GET without an Upgrade header', async () => {
    const { roomId } = await createRoom()
    const response = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/docs/table`)
    expect(response.status).toBe(426)
    expect(await response.json()).toEqual({ error: expect.stringMatching(/WebSocket/i) })
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('gives a refused upgrade the same security headers as every other API answer', async () => {
    const { roomId } = await createRoom()
    const response = await TestClient.open(roomId, 'gm', 'x'.repeat(43))
    expect(response.status).toBe(403)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

/** An exported encounter (version 2) with `count` combatants. */
function encounterWith(
  count: number,
  fields: (i: number) => Record<string, unknown> = (i) => ({ name: `Goblin ${i}` }),
): Record<string, unknown> {
  const combatants = Array.from({ length: count }, (_, i) => ({ side: 'foe', hp: 4, maxHp: 4, ...fields(i) }))
  return { fray: 'encounter', version: 2, system: 'osr', name: 'Cave', exportedAt: 'then', combatants }
}

/** The rooms that hold anything in storage (tables, rows or an alarm), by id. */
async function storedRooms(): Promise<Set<string>> {
  const stored = new Set<string>()
  for (const id of await listDurableObjectIds(env.ROOMS)) {
    const holds = await runInDurableObject(env.ROOMS.get(id), async (_room, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
        )
        .toArray()
      return tables.length > 0 || (await state.storage.getAlarm()) !== null
    })
    if (holds) stored.add(id.toString())
  }
  return stored
}

/** Posts an import and expects it refused with `status`, an error matching `error`, and nothing stored. */
async function expectRefusedImport(body: Record<string, unknown>, status: number, error: RegExp) {
  const before = await storedRooms()
  const response = await post('/api/rooms', JSON.stringify({ system: 'osr', ...body }))
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ error: expect.stringMatching(error) })
  const after = await storedRooms()
  expect([...after].filter((id) => !before.has(id))).toEqual([])
}

describe('an import (#50, #52)', () => {
  it('that the room cannot read is refused with a 400 naming the field, and stores nothing', async () => {
    const wrong = encounterWith(2, (i) => ({ name: `Wolf ${i}`, hp: i === 1 ? 'lots' : 3 }))
    await expectRefusedImport(
      { encounter: wrong },
      400,
      /^combatants\[1\]\.hp: must be a whole number from -999 to 9999; nothing was imported\.$/,
    )
    await expectRefusedImport(
      { encounter: { ...encounterWith(1), system: 'brp' } },
      400,
      /^encounter\.system: the file is for brp, not osr/,
    )
    // The base64 Yjs documents of the app's version 1 are read into version 2 on the device, never here.
    await expectRefusedImport({ documents: { table: 'AAA=' } }, 400, /reload the page/)
  })

  it('passes the combatant cap of live edits: 200 are taken, 201 refused, hidden ones counted', async () => {
    const ok = await post('/api/rooms', JSON.stringify({ system: 'osr', encounter: encounterWith(200) }))
    expect(ok.status).toBe(201)
    const { roomId } = (await ok.json()) as { roomId: string }
    expect(await storedRooms()).toContain(env.ROOMS.idFromName(roomId).toString())
    await expectRefusedImport(
      { encounter: encounterWith(201, (i) => ({ name: `Rat ${i}`, hidden: i === 0 })) },
      413,
      /^combatants: holds 201 combatants \(hidden ones included\); an import takes at most 200; nothing was imported/,
    )
  })

  it('passes the bytes of a request: one over 8 MiB is refused, and nothing stored', async () => {
    const big = { ...encounterWith(1), name: 'x'.repeat(8 * 1024 * 1024) }
    await expectRefusedImport({ encounter: big }, 413, /over 8388608 bytes.*nothing was imported/)
  })

  it('brings its characters but not its seats: 20 seats exported keep no new player out', async () => {
    const heroes = encounterWith(20, (i) => ({ name: `Hero ${i}`, side: 'pc', seatId: `s${i}` }))
    const created = await post('/api/rooms', JSON.stringify({ system: 'osr', encounter: heroes }))
    expect(created.status).toBe(201)
    const { roomId } = (await created.json()) as { roomId: string }
    const reader = await TestClient.connect(roomId, 'table')
    expect(reader.doc.getMap(TABLE.seats).size).toBe(0)
    const table = reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    expect(table.size).toBe(20)
    expect([...table.values()].map((hero) => hero.get('seatId') ?? null)).toEqual(Array(20).fill(null))
    for (let i = 0; i < 20; i++) {
      expect((await post(`/api/rooms/${roomId}/seats`, JSON.stringify({ name: `New ${i}` }))).status).toBe(
        201,
      )
    }
  })
})

describe('new rooms from one address (#50)', () => {
  const from = (address: string) =>
    SELF.fetch(`${ORIGIN}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'CF-Connecting-IP': address },
      body: JSON.stringify({ system: 'osr' }),
    })

  it('makes 60 a minute, then answers 429 with a sentence and when to try again; another address goes on', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 301; i++) statuses.push((await from('203.0.113.7')).status)
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(201))
    expect(statuses.slice(60)).toEqual(Array(241).fill(429))
    const refused = await from('203.0.113.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Over 60 new rooms a minute from this address; try again in \d+ s\.$/),
    })
    expect((await from('203.0.113.8')).status).toBe(201)
  }, 60_000)
})

describe('connections per room (#50)', () => {
  it('takes 100 without a key, 8 per seat key and 20 per GM key; one more closes with 4030 and a reason', async () => {
    const { roomId, gmKey } = await createRoom()
    const mira = await takeSeat(roomId, 'Mira')
    const opened: TestClient[] = []
    const open = async (doc: string, key?: string) => {
      const response = await TestClient.open(roomId, doc, key)
      expect(response.status).toBe(101)
      response.webSocket?.accept()
      return TestClient.wrap(response.webSocket as WebSocket)
    }
    const openMany = async (count: number, doc: string, key?: string) => {
      for (let i = 0; i < count; i++) opened.push(await open(doc, key))
    }
    await openMany(100, 'table')
    expect(await (await open('log')).closed).toEqual({
      code: 4030,
      reason: 'This room has its 100 connections without a key open; one more opens when another closes.',
    })
    await openMany(8, `seat:${mira.seatId}`, mira.seatKey)
    expect(await (await open('table', mira.seatKey)).closed).toEqual({
      code: 4030,
      reason: expect.stringMatching(/^This seat has 8 connections open, its most/),
    })
    await openMany(20, 'gm', gmKey)
    expect(await (await open('table', gmKey)).closed).toEqual({
      code: 4030,
      reason: expect.stringMatching(/^The GM key has 20 connections open, its most/),
    })
    // Every connection within the caps stayed open; one closes, and one more may open.
    const stillOpen = await Promise.race([
      Promise.any(opened.map((client) => client.closed)).then(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, 200, true)),
    ])
    expect(stillOpen).toBe(true)
    opened[0]?.close()
    await opened[0]?.closed
    const again = await open('log')
    expect(
      await Promise.race([again.closed, new Promise((resolve) => setTimeout(resolve, 200, 'open'))]),
    ).toBe('open')
  }, 60_000)
})
