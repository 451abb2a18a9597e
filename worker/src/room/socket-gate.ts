/**
 * The gate of a WebSocket into a room: which document it asks for, which key it holds and so which role,
 * whether that role may read the document, and whether the room has a connection left for that role.
 * Every refusal is said in words: before the upgrade as a JSON error, after it as a close's reason.
 */
import { type DocName, isPastDoc, NO_SUCH_DOC, parseDocName, seatDocName } from '@fray/protocol'
import { hashSecret } from '../ids.ts'
import { canRead, type Role } from './access.ts'
import { NO_ROOM } from './room-answer.ts'
import { FREED } from './seats.ts'

/**
 * The app sends its key as a WebSocket subprotocol ("fray", "key.<secret>") rather than in the URL, so it
 * stays out of request logs; stock providers may use `?key=` instead.
 */
export const KEY_PROTOCOL = 'fray'

/**
 * Connections a room takes open at once, by the key they hold. Every device's log and a phone before it sits
 * hold no key (a full table is about 30); each phone holds two with its seat's key, each GM device two.
 * Onlookers with the player link cannot take the seats' or the GM's connections.
 */
export const CONNECTIONS = { keyless: 100, perSeat: 8, gm: 20 } as const

/** What the gate asks of the room. */
export interface GateRoom {
  exists(): boolean
  /** The role a key's hash proves, or null for a key the room never gave. */
  roleOfKey(keyHash: string): Role | null
  seatFreed(seatId: string): boolean
  /** How many fights the log lists as filed (`past:0` to `past:<n-1>`). */
  filedFights(): number
  /** The role of each connection open now. */
  roles(): Role[]
}

/** A connection the gate let through: its document and role, and the key protocol to answer with. */
export interface Admitted {
  docName: DocName
  role: Role
  offered: string | null
  /** Why the room has no connection left for this role (it is refused after the upgrade), or null. */
  crowded: string | null
}

/** Reads an upgrade request: a refusal to answer with as is, or the connection to accept. */
export async function gate(request: Request, room: GateRoom): Promise<Response | Admitted> {
  if (!room.exists()) return jsonError(404, NO_ROOM)
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
    return jsonError(426, 'This address is a WebSocket sync endpoint; connect with a Yjs provider.')
  }
  const url = new URL(request.url)
  const docName = parseDocName(decodeURIComponent(url.pathname.split('/').pop() ?? ''))
  if (!docName) return jsonError(404, NO_SUCH_DOC)
  const offered = keyFromProtocols(request.headers.get('Sec-WebSocket-Protocol'))
  // No key: a player with the room link. The GM key: the GM. A seat key: that seat's player.
  const key = offered ?? url.searchParams.get('key')
  const role: Role | null = key ? room.roleOfKey(await hashSecret(key)) : { kind: 'player' }
  if (!role) return jsonError(403, 'The key in this link is not valid for this room.')
  if (role.kind === 'seat' && docName === seatDocName(role.seatId) && room.seatFreed(role.seatId)) {
    return jsonError(403, FREED)
  }
  if (!canRead(role, docName)) {
    return jsonError(
      403,
      `This link cannot open the "${docName}" document; it belongs to the GM or another seat.`,
    )
  }
  if (isPastDoc(docName)) {
    // Only fights the log lists: an empty document for any number asked would be kept in memory.
    const n = Number(docName.slice('past:'.length))
    const filed = room.filedFights()
    if (!(n < filed)) {
      const listed = filed === 0 ? 'no filed fight yet' : `fights past:0 to past:${filed - 1}`
      return jsonError(404, `This room’s log lists ${listed}; there is no ${docName}.`)
    }
  }
  return { docName, role, offered, crowded: crowded(role, room.roles()) }
}

/** Why one more connection with this role is over `CONNECTIONS`, or null when it is not. */
function crowded(role: Role, roles: Role[]): string | null {
  const same = (other: Role) =>
    other.kind === role.kind &&
    (role.kind !== 'seat' || (other.kind === 'seat' && other.seatId === role.seatId))
  const open = roles.filter(same).length
  const shut = 'close the room on a device that does not need it.'
  if (role.kind === 'player' && open >= CONNECTIONS.keyless)
    return `This room has its ${CONNECTIONS.keyless} connections without a key open; one more opens when another closes.`
  if (role.kind === 'seat' && open >= CONNECTIONS.perSeat)
    return `This seat has ${CONNECTIONS.perSeat} connections open, its most: ${shut}`
  if (role.kind === 'gm' && open >= CONNECTIONS.gm)
    return `The GM key has ${CONNECTIONS.gm} connections open, its most: ${shut}`
  return null
}

function keyFromProtocols(header: string | null): string | null {
  const protocols = header?.split(',').map((p) => p.trim()) ?? []
  if (!protocols.includes(KEY_PROTOCOL)) return null
  return protocols.find((p) => p.startsWith('key.'))?.slice(4) ?? null
}

function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status })
}
