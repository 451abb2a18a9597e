/**
 * Presence (awareness) in a room (#21 items 3 and 4, and the GM's online list): an id belongs to the first
 * connection that speaks for it, a presence has a size cap, a refused connection's presence goes, and a
 * presence names no seat but the connection's own.
 */
import { TABLE } from '@fray/protocol'
import * as encoding from 'lib0/encoding'
import { describe, expect, it } from 'vitest'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

/** A raw awareness frame, as a hostile client writes it. */
function awarenessFrame(entries: Array<{ clientId: number; clock: number; state: unknown }>): Uint8Array {
  const update = encoding.createEncoder()
  encoding.writeVarUint(update, entries.length)
  for (const e of entries) {
    encoding.writeVarUint(update, e.clientId)
    encoding.writeVarUint(update, e.clock)
    encoding.writeVarString(update, JSON.stringify(e.state))
  }
  const frame = encoding.createEncoder()
  encoding.writeVarUint(frame, 1)
  encoding.writeVarUint8Array(frame, encoding.toUint8Array(update))
  return encoding.toUint8Array(frame)
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('presence ids (#21 item 3)', () => {
  it('a first presence message cannot take over another open connection’s presence', async () => {
    const { roomId } = await createRoom()
    const victim = await TestClient.connect(roomId, 'table')
    victim.setPresence({ name: 'Mira' })
    const watcher = await TestClient.connect(roomId, 'table')
    await eventually(() => watcher.othersPresent().includes('Mira'), 'Mira’s presence')

    // The attacker reads the victim's id and clock from the presence sent on connect, and sends clock+1.
    const attacker = await TestClient.connect(roomId, 'table')
    const victimId = victim.doc.clientID
    await eventually(() => attacker.presence.meta.has(victimId), 'the victim’s presence on connect')
    const clock = attacker.presence.meta.get(victimId)?.clock ?? 0
    attacker.send(awarenessFrame([{ clientId: victimId, clock: clock + 1, state: { name: 'HACKED' } }]))
    // Then its own presence, which the room takes: proof the claim above was handled first.
    attacker.setPresence({ name: 'Eve' })
    await eventually(() => watcher.othersPresent().includes('Eve'), 'the attacker’s own presence')

    expect(watcher.othersPresent()).toEqual(['Eve', 'Mira'])
    expect(victim.presence.getLocalState()).toEqual({ name: 'Mira' })
    expect(victim.othersPresent()).toEqual(['Eve'])
  })

  it('a seat’s id, once its phone is gone, is not claimed by a connection without that seat’s key', async () => {
    const { roomId } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const phone = await TestClient.connect(roomId, 'table', seat.seatKey, 'protocol')
    phone.setPresence({ name: 'Mira', seatId: seat.seatId })
    const watcher = await TestClient.connect(roomId, 'table')
    await eventually(() => watcher.othersPresent().includes('Mira'), 'Mira’s presence')
    const phoneId = phone.doc.clientID
    const clock = watcher.presence.meta.get(phoneId)?.clock ?? 0
    phone.close()
    await eventually(() => watcher.othersPresent().length === 0, 'Mira gone')

    const attacker = await TestClient.connect(roomId, 'table')
    attacker.send(awarenessFrame([{ clientId: phoneId, clock: clock + 5, state: { name: 'HACKED' } }]))
    expect(await attacker.closed).toEqual({ code: 4003, reason: expect.stringMatching(/own presence/) })
    await settle()
    expect(watcher.othersPresent()).toEqual([])
  })
})

describe('presence size and ghosts (#21 item 4)', () => {
  it('refuses a presence over the cap before applying it, and leaves no ghost', async () => {
    const { roomId } = await createRoom()
    const watcher = await TestClient.connect(roomId, 'table')
    const big = await TestClient.connect(roomId, 'table')
    big.setPresence({ name: 'x'.repeat(200_000) })
    expect(await big.closed).toEqual({ code: 4009, reason: expect.stringMatching(/presence.*2048/i) })
    await settle()
    expect(watcher.presence.getStates().size).toBe(0)
    const later = await TestClient.connect(roomId, 'table')
    await settle()
    expect(later.presence.getStates().size).toBe(0)
  })

  it('removes the presence of a connection the room refused', async () => {
    const { roomId } = await createRoom()
    const watcher = await TestClient.connect(roomId, 'table')
    const reader = await TestClient.connect(roomId, 'table')
    reader.setPresence({ name: 'Wren' })
    await eventually(() => watcher.othersPresent().includes('Wren'), 'Wren’s presence')
    // A reader that writes is closed with 4003; its presence must go with it.
    reader.doc.getMap(TABLE.combatants).set('x', 1)
    // What it sends after the refusal, before its socket is gone, brings nothing back.
    reader.setPresence({ name: 'Ghost' })
    expect((await reader.closed).code).toBe(4003)
    await eventually(() => watcher.othersPresent().length === 0, 'Wren’s presence gone for the watcher')
    const later = await TestClient.connect(roomId, 'table')
    await settle()
    expect(later.othersPresent()).toEqual([])
  })
})

describe('the GM’s online list (#21, also seen)', () => {
  it('trusts a seat in a presence only from a connection holding that seat’s key', async () => {
    const { roomId, gmKey } = await createRoom()
    const seat = await takeSeat(roomId, 'Mira')
    const gm = await TestClient.connect(roomId, 'table', gmKey, 'protocol')

    const impostor = await TestClient.connect(roomId, 'table')
    impostor.setPresence({ name: 'Mira', seatId: seat.seatId })
    expect(await impostor.closed).toEqual({ code: 4003, reason: expect.stringMatching(/own seat/) })

    const phone = await TestClient.connect(roomId, 'table', seat.seatKey, 'protocol')
    phone.setPresence({ name: 'Mira', seatId: seat.seatId })
    await eventually(() => gm.othersPresent().includes('Mira'), 'the real Mira online')
    const seatIds = [...gm.presence.getStates().values()].map((s) => s.seatId)
    expect(seatIds).toEqual([seat.seatId])
  })
})
