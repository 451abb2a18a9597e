/** The test client over real sockets inside workerd: the Worker's own API and upgrades (`SELF`). */
import { SELF } from 'cloudflare:test'
import { type Opened, ORIGIN, upgradeRequest, useTransport } from '../support/room-client.ts'

export * from '../support/room-client.ts'

/** Rooms made so far: each test room comes from an address of its own (TEST-NET-2), so no test spends another's minute. */
let roomsMade = 0

useTransport({
  async createRoom(system) {
    const address = `198.51.100.${(roomsMade++ % 254) + 1}`
    const response = await SELF.fetch(`${ORIGIN}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'CF-Connecting-IP': address },
      body: JSON.stringify({ system, name: 'Goblin ambush' }),
    })
    if (response.status !== 201)
      throw new Error(`room not created: ${response.status} ${await response.text()}`)
    return response.json()
  },
  async takeSeat(roomId, name) {
    const response = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats`, {
      method: 'POST',
      body: JSON.stringify({ name }),
    })
    if (response.status !== 201) throw new Error(`no seat: ${response.status} ${await response.text()}`)
    return response.json()
  },
  async open(roomId, docName, key, via) {
    // The runtime's WebSocket is the client socket the tests want (accept, send, close, its events).
    return (await SELF.fetch(upgradeRequest(roomId, docName, key, via))) as unknown as Opened
  },
})
