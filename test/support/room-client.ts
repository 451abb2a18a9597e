/**
 * A minimal y-websocket client for tests of the room: over real sockets inside workerd
 * (test/worker/ws-client.ts), or over sockets in memory to the same room in Node (test/room/ws-client.ts).
 * Which one is the transport the test's own ws-client.ts sets.
 */
import { GM, type LogEntry, type RequestResult, SEAT } from '@fray/protocol'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { concat } from '../../worker/src/room/room-store.ts'
import { answersOf } from './answers.ts'

export const ORIGIN = 'http://fray.test'

/** The client's end of a socket: the runtime's WebSocket, or one in memory. */
export interface ClientSocket {
  accept(): void
  send(data: Uint8Array): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void
}

/** What opening a document's socket answers: a refusal with its words, or an upgrade with the socket. */
export type Opened = Pick<Response, 'status' | 'headers' | 'text' | 'json'> & {
  webSocket?: ClientSocket | null
}

/** How tests reach a room: make one, take a seat, open a document's socket. */
export interface RoomTransport {
  createRoom(system: string): Promise<{ roomId: string; gmKey: string }>
  takeSeat(roomId: string, name: string): Promise<{ seatId: string; seatKey: string }>
  open(roomId: string, docName: string, key: string | undefined, via: KeyVia): Promise<Opened>
}

let transport: RoomTransport | null = null

/** Sets how this test file's clients reach the room (each ws-client.ts does, once). */
export function useTransport(chosen: RoomTransport): void {
  transport = chosen
}

function reach(): RoomTransport {
  if (!transport) throw new Error('No room transport: import the ws-client.ts beside the test.')
  return transport
}

export type KeyVia = 'query' | 'protocol'

export interface Closed {
  code: number
  reason: string
}

export class TestClient {
  readonly doc = new Y.Doc()
  readonly synced: Promise<void>
  readonly closed: Promise<Closed>
  private readonly receive: (bytes: Uint8Array) => void
  private readonly inbox: Uint8Array[] = []
  private readonly waiters: Array<() => void> = []
  /** Presence as this client sees it; its interval timer is stopped so tests end cleanly. */
  readonly presence: awarenessProtocol.Awareness
  private constructor(readonly ws: ClientSocket) {
    let onSynced = () => {}
    this.synced = new Promise((resolve) => {
      onSynced = resolve
    })
    this.closed = new Promise((resolve) => {
      ws.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason }))
    })
    // The runtime hands a client socket's binary frames over as Blobs; keep them in order.
    let queue = Promise.resolve()
    ws.addEventListener('message', (event) => {
      const data = event.data as Blob | ArrayBuffer
      queue = queue.then(async () => {
        const bytes = new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data)
        this.inbox.push(bytes)
        for (const waiter of this.waiters.splice(0)) waiter()
        this.receive(bytes)
      })
    })
    this.presence = new awarenessProtocol.Awareness(this.doc)
    clearInterval(this.presence._checkInterval)
    this.presence.setLocalState(null)
    this.receive = (bytes: Uint8Array) => {
      const decoder = decoding.createDecoder(bytes)
      const type = decoding.readVarUint(decoder)
      if (type === 1) {
        awarenessProtocol.applyAwarenessUpdate(this.presence, decoding.readVarUint8Array(decoder), 'remote')
        return
      }
      if (type !== 0) return
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, 0)
      const kind = syncProtocol.readSyncMessage(decoder, encoder, this.doc, 'remote')
      if (kind === syncProtocol.messageYjsSyncStep2) onSynced()
      if (encoding.length(encoder) > 1) ws.send(encoding.toUint8Array(encoder))
    }
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'remote') return
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, 0)
      syncProtocol.writeUpdate(encoder, update)
      this.send(encoding.toUint8Array(encoder))
    })
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, 0)
    syncProtocol.writeSyncStep1(encoder, this.doc)
    this.send(encoding.toUint8Array(encoder))
  }

  /** Connects to a document's sync endpoint; throws with the server's answer when refused. */
  static async connect(
    roomId: string,
    docName: string,
    key?: string,
    via: KeyVia = 'query',
  ): Promise<TestClient> {
    const response = await TestClient.open(roomId, docName, key, via)
    const ws = response.webSocket
    if (response.status !== 101 || !ws) throw new Error(`${response.status} ${await response.text()}`)
    ws.accept()
    const client = new TestClient(ws)
    await client.synced
    return client
  }

  /** Wraps an accepted socket without waiting for the sync to finish (for hostile clients). */
  static wrap(ws: ClientSocket): TestClient {
    return new TestClient(ws)
  }

  /** Opens the socket; the key goes in the query (as stock providers do) or as a subprotocol (as the app does). */
  static open(roomId: string, docName: string, key?: string, via: KeyVia = 'query'): Promise<Opened> {
    return reach().open(roomId, docName, key, via)
  }

  /** Resolves when the next frame arrives from the room. */
  nextMessage(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  /** Every frame this client has received, in order. */
  frames(): Uint8Array[] {
    return [...this.inbox]
  }

  /** Every byte this client has received, for checks that something was never sent. */
  received(): Uint8Array {
    return concat(this.inbox)
  }

  /** Sets this client's own presence and sends it to the room. */
  setPresence(state: Record<string, unknown>): void {
    this.presence.setLocalState(state)
    const update = awarenessProtocol.encodeAwarenessUpdate(this.presence, [this.doc.clientID])
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, 1)
    encoding.writeVarUint8Array(encoder, update)
    this.send(encoding.toUint8Array(encoder))
  }

  /** The names in everyone else's presence, as this client currently sees it. */
  othersPresent(): string[] {
    return [...this.presence.getStates().entries()]
      .filter(([id]) => id !== this.doc.clientID)
      .map(([, state]) => String(state.name))
      .sort()
  }

  send(frame: Uint8Array): void {
    this.ws.send(frame)
  }

  close(): void {
    this.ws.close(1000, 'done')
  }
}

/** A number as y-websocket frames write it (lib0's variable-length unsigned integer), for hand-made frames. */
export function varUint(n: number): number[] {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, n)
  return [...encoding.toUint8Array(encoder)]
}

/** Resolves once `check` holds, polling briefly; fails with `what` after 5 s (a loaded CI machine answers slowly). */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export function takeSeat(roomId: string, name: string): Promise<{ seatId: string; seatKey: string }> {
  return reach().takeSeat(roomId, name)
}

export function createRoom(system = 'osr'): Promise<{ roomId: string; gmKey: string }> {
  return reach().createRoom(system)
}

/** The upgrade request a client sends for a document: the key in the query, or as a subprotocol. */
export function upgradeRequest(
  roomId: string,
  docName: string,
  key: string | undefined,
  via: KeyVia,
): Request {
  const query = key && via === 'query' ? `?key=${encodeURIComponent(key)}` : ''
  const headers: Record<string, string> = { Upgrade: 'websocket' }
  if (key && via === 'protocol') headers['Sec-WebSocket-Protocol'] = `fray, key.${key}`
  return new Request(`${ORIGIN}/api/rooms/${roomId}/docs/${docName}${query}`, { headers })
}

/**
 * Requests on a player's seat document, one at a time: each waits for the room's answer in the seat.
 * `name` (the player's) goes in the message of a wait that times out.
 */
export function seatAsker(phone: TestClient, name?: string) {
  let n = 0
  const results = answersOf(phone.doc)
  return async (request: Record<string, unknown>): Promise<RequestResult> => {
    const id = `${request.kind}-${++n}`
    phone.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
    const what = name ? `${name}: ${String(request.kind)}` : String(request.kind)
    await eventually(() => results.has(id), what, 3000)
    return results.get(id) as RequestResult
  }
}

/** The GM's requests on the gm document, one at a time, each answered there. */
export function gmAsker(gm: TestClient) {
  let n = 0
  return async (request: Record<string, unknown>): Promise<RequestResult> => {
    const id = `gm-${++n}`
    gm.doc.getArray(GM.requests).push([{ id, ...request }])
    await eventually(() => answersOf(gm.doc).has(id), String(request.kind), 3000)
    return answersOf(gm.doc).get(id) as RequestResult
  }
}

/** Dice that replay the faces the room logged, in order. */
export const replayRolls = (rolls: NonNullable<LogEntry['rolls']>) => {
  const queue = rolls.map((r) => r.face)
  return (sides: number) => {
    const face = queue.shift()
    if (face === undefined) throw new Error(`the room rolled fewer dice than a d${sides}`)
    return face
  }
}
