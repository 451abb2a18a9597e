/**
 * The test client over sockets in memory to a room in Node: the same room (worker/src/room/room.ts) the
 * Durable Object runs, over Node's ports (test/support/node-ports.ts), made and seated by its own calls.
 */
import { CLOSE, parseDocName } from '@fray/protocol'
import { hashSecret, newRoomId, newSecret } from '../../worker/src/ids.ts'
import { SeatLimiter } from '../../worker/src/room/rate-limit.ts'
import { Room } from '../../worker/src/room/room.ts'
import { NodePorts } from '../support/node-ports.ts'
import { upgradeRequest, useTransport } from '../support/room-client.ts'

export * from '../support/room-client.ts'

/** How far the rooms' table clock runs ahead of the real one: a test moves it on to a deadline. */
export const clock = { ahead: 0 }

/** The rooms this test file made, by id, with their runtime in Node. */
export const rooms = new Map<string, { room: Room; runtime: NodePorts }>()

function roomOf(roomId: string): Room {
  const made = rooms.get(roomId)
  if (!made) throw new Error(`No room ${roomId} in this test file.`)
  return made.room
}

const refusal = (status: number, error: string) => Response.json({ error }, { status })

useTransport({
  async createRoom(system) {
    const runtime = await NodePorts.make()
    const room = new Room(
      runtime.ports(),
      SeatLimiter.configured({}),
      undefined,
      () => Date.now() + clock.ahead,
    )
    const roomId = newRoomId()
    const gmKey = newSecret()
    const meta = {
      roomId,
      system,
      name: 'Goblin ambush',
      gmKeyHash: await hashSecret(gmKey),
      createdAt: Date.now(),
    }
    const created = await room.init(meta as Parameters<Room['init']>[0])
    if (!created.ok) throw new Error(`room not created: ${created.status} ${created.error}`)
    rooms.set(roomId, { room, runtime })
    return { roomId, gmKey }
  },
  async takeSeat(roomId, name) {
    const seat = await roomOf(roomId).createSeat(name)
    if (!seat.ok) throw new Error(`no seat: ${seat.status} ${seat.error}`)
    return seat.value
  },
  async open(roomId, docName, key, via) {
    // As the Worker's route does before it asks the room: a document name it does not know is a 404.
    if (!parseDocName(docName)) return refusal(404, 'No such document.')
    const made = rooms.get(roomId)
    if (!made) return refusal(404, 'There is no room with this id.')
    const admitted = await made.room.gate(upgradeRequest(roomId, docName, key, via))
    if (admitted instanceof Response) return admitted
    const { client, room } = made.runtime.pair({
      message: (ws, message) => made.room.message(ws, message),
      close: (ws, code, reason) => made.room.close(ws, code, reason),
    })
    if (admitted.crowded) room.close(CLOSE.crowded, admitted.crowded)
    else made.room.accept(room, admitted)
    const answered = { status: 101, headers: new Headers(), webSocket: client }
    return { ...answered, text: async () => '', json: async () => null }
  },
})
