import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test'
import { LOG } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import type { EncounterRoom } from '../../worker/src/room/encounter-room.ts'
import { answersOf } from '../support/answers.ts'
import { LONG_SESSION, LONG_SESSION_MAX_BYTES, playLongSession } from '../support/long-session.ts'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

describe('a long session of 3,000 rolls and 2,000 edits', () => {
  it('stays under its stored-size bound, in rows well under 2 MB, and rebuilds in full', async () => {
    const { roomId, gmKey } = await createRoom()
    const stub = env.ROOMS.get(env.ROOMS.idFromName(roomId))
    // A game night's 3,000 rolls played in seconds: far past a seat's requests a minute, which the
    // deployment may raise (REQUESTS_PER_SEAT_PER_MINUTE), as this room does.
    await runInDurableObject(stub, (room: EncounterRoom) => {
      room.requestsPerSeatPerMinute = 1_000_000
    })
    const seat = await takeSeat(roomId, 'Mira')
    const gmTable = await TestClient.connect(roomId, 'table', gmKey)
    const seatClient = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const results = answersOf(seatClient.doc)
    await playLongSession({
      gmTable: gmTable.doc,
      seat: seatClient.doc,
      answered: (id) => eventually(() => results.has(id), `the answer to ${id}`, 5000),
    })
    const stats = await runInDurableObject(stub, (room: EncounterRoom) => room.stats())
    console.log('long session stored', JSON.stringify(stats))
    // What the room keeps of 3,000 resolved requests: one mark for the one phone that wrote them.
    expect(stats?.processedRequests).toBe(0)
    expect(stats?.writerClocks).toBe(1)
    expect(stats?.storedBytes).toBeLessThan(LONG_SESSION_MAX_BYTES)
    expect(stats?.largestRowBytes).toBeLessThan(1024 * 1024)

    await evictDurableObject(stub, { webSockets: 'close' })
    const log = await TestClient.connect(roomId, 'log')
    expect(log.doc.getArray(LOG.entries).length).toBe(LONG_SESSION.rolls)
  }, 120_000)
})
