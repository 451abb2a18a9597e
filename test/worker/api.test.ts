import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createRoom, ORIGIN, TestClient } from './ws-client.ts'

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
