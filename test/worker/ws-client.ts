/** A minimal y-websocket client that runs inside workerd, for tests of the room over real sockets. */
import { SELF } from 'cloudflare:test'
import { GM, type LogEntry, type RequestResult, SEAT } from '@fray/protocol'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'

export const ORIGIN = 'http://fray.test'

export type KeyVia = 'query' | 'protocol'

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

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
  private constructor(readonly ws: WebSocket) {
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
  static wrap(ws: WebSocket): TestClient {
    return new TestClient(ws)
  }

  /** Opens the socket; the key goes in the query (as stock providers do) or as a subprotocol (as the app does). */
  static open(roomId: string, docName: string, key?: string, via: KeyVia = 'query'): Promise<Response> {
    const query = key && via === 'query' ? `?key=${encodeURIComponent(key)}` : ''
    const headers: Record<string, string> = { Upgrade: 'websocket' }
    if (key && via === 'protocol') headers['Sec-WebSocket-Protocol'] = `fray, key.${key}`
    return SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/docs/${docName}${query}`, { headers })
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
    return concatBytes(this.inbox)
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

/** Resolves once `check` holds, polling briefly; fails with `what` after 5 s (a loaded CI machine answers slowly). */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export async function takeSeat(roomId: string, name: string): Promise<{ seatId: string; seatKey: string }> {
  const response = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/seats`, {
    method: 'POST',
    body: JSON.stringify({ name }),
  })
  if (response.status !== 201) throw new Error(`no seat: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Rooms made so far: each test room comes from an address of its own (TEST-NET-2), so no test spends another's minute. */
let roomsMade = 0

export async function createRoom(system = 'osr'): Promise<{ roomId: string; gmKey: string }> {
  const address = `198.51.100.${(roomsMade++ % 254) + 1}`
  const response = await SELF.fetch(`${ORIGIN}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': address },
    body: JSON.stringify({ system, name: 'Goblin ambush' }),
  })
  if (response.status !== 201)
    throw new Error(`room not created: ${response.status} ${await response.text()}`)
  return response.json()
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
