/**
 * A Yjs host over the runtime's hibernatable sockets, in the spirit of y-partyserver: it opens each
 * document from storage, stores every accepted update before it broadcasts it, keeps presence, and answers
 * the y-websocket protocol. What a connection may write, and what runs after a change, the room decides.
 */
import { CLOSE, type DocName, seatDocName } from '@fray/protocol'
import { unreachable } from '@fray/rules'
import * as Y from 'yjs'
import type { Role } from './access.ts'
import { type Bucket, fullBucket, RATE, take } from './rate-limit.ts'
import type { RoomStore } from './room-store.ts'
import {
  awarenessProtocol,
  type ClientMessage,
  createAwareness,
  decodeMessage,
  encodeAwareness,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  readAwarenessUpdate,
  updateIsKnown,
  writeAwarenessUpdate,
} from './sync-protocol.ts'

/** Largest message a client may send. */
export const MAX_MESSAGE_BYTES = 1024 * 1024

/** What a socket carries through hibernation. */
interface Attachment {
  doc: DocName
  role: Role
  /** The one awareness client id this connection may speak for, once it has spoken. */
  awarenessId?: number
  /** Its latest presence, kept with the socket so a room woken from hibernation can rebuild presence. */
  presence?: { clock: number; state: unknown }
}

export interface LiveDoc {
  doc: Y.Doc
  awareness: awarenessProtocol.Awareness
}

export interface YHostOptions {
  /** Whether a connection with this role may change this document. */
  canWrite(role: Role, doc: DocName): boolean
  /** Runs after an update to this document was accepted, stored and broadcast. */
  onChange(doc: DocName): void
}

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] }

export class YHost {
  private readonly ctx: DurableObjectState
  private readonly store: RoomStore
  private readonly options: YHostOptions
  private readonly live = new Map<DocName, LiveDoc>()
  /** Rate-limit buckets; in memory only, so a wake from hibernation starts each connection afresh. */
  private readonly buckets = new WeakMap<WebSocket, Bucket>()

  constructor(ctx: DurableObjectState, store: RoomStore, options: YHostOptions) {
    this.ctx = ctx
    this.store = store
    this.options = options
  }

  /** Takes a new connection to a document: the room's sync step 1, then the presence there is. */
  accept(ws: WebSocket, name: DocName, role: Role): void {
    this.ctx.acceptWebSocket(ws, [name])
    ws.serializeAttachment({ doc: name, role } satisfies Attachment)
    const { doc, awareness } = this.open(name)
    send(ws, encodeSyncStep1(doc))
    const states = [...awareness.getStates().keys()]
    if (states.length > 0)
      send(ws, encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(awareness, states)))
  }

  /** One message from a socket: refused with a close code and a reason, or handled. */
  message(ws: WebSocket, message: ArrayBuffer | string): void {
    if (!take(this.bucket(ws), Date.now())) {
      refuse(ws, CLOSE.rateLimited, `Over ${RATE.perSecond} messages a second; reconnect and slow down.`)
      return
    }
    if (typeof message === 'string') {
      refuse(ws, CLOSE.malformed, 'Messages must be binary Yjs protocol frames.')
      return
    }
    if (message.byteLength > MAX_MESSAGE_BYTES) {
      const reason = `Message of ${message.byteLength} bytes is over the ${MAX_MESSAGE_BYTES} limit.`
      refuse(ws, CLOSE.tooLarge, reason)
      return
    }
    const attachment = ws.deserializeAttachment() as Attachment
    try {
      this.handle(ws, attachment, decodeMessage(new Uint8Array(message)))
    } catch (error) {
      // Nothing of a refused message was applied: updates are fully decoded before they touch a document.
      refuse(ws, CLOSE.malformed, `Not a valid y-websocket message: ${(error as Error).message}`)
    }
  }

  /** A socket closed: its presence goes, and the close is answered. */
  close(ws: WebSocket, code: number, reason: string): void {
    this.forget(ws)
    try {
      ws.close(code === 1005 ? 1000 : code, reason)
    } catch {
      // already closed
    }
  }

  /** A socket failed: its presence goes. */
  forget(ws: WebSocket): void {
    const attachment = ws.deserializeAttachment() as Attachment | null
    if (!attachment || attachment.awarenessId === undefined) return
    const live = this.live.get(attachment.doc)
    if (live) awarenessProtocol.removeAwarenessStates(live.awareness, [attachment.awarenessId], 'closed')
  }

  /** Drops every live document, after the room's storage was deleted. */
  reset(): void {
    this.live.clear()
  }

  /** The room's documents by name, each opened when first read (as the table room wants them). */
  docs(): { table: Y.Doc; log: Y.Doc; gm: Y.Doc; seat(seatId: string): Y.Doc } {
    const open = (name: DocName) => this.open(name).doc
    return {
      get table() {
        return open('table')
      },
      get log() {
        return open('log')
      },
      get gm() {
        return open('gm')
      },
      seat: (seatId) => open(seatDocName(seatId)),
    }
  }

  /** The live document, rebuilt from storage the first time it is needed after a start or a wake. */
  open(name: DocName): LiveDoc {
    const existing = this.live.get(name)
    if (existing) return existing
    const doc = this.store.loadDoc(name)
    const awareness = createAwareness(doc)
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      // Stored first; the runtime's output gate holds the broadcast until the write is durable.
      this.store.storeUpdate(name, update, doc)
      const frame = encodeUpdate(update)
      for (const peer of this.ctx.getWebSockets(name)) if (peer !== origin) send(peer, frame)
    })
    // Presence matters on the table (who is here) and the GM's document; on the log and the seats nobody
    // reads it, so it goes back to its sender only, as the sign of life a stock provider waits for.
    const shared = name === 'table' || name === 'gm'
    awareness.on('update', ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
      const changed = [...added, ...updated, ...removed]
      const frame = encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(awareness, changed))
      if (!shared) {
        if (origin && typeof origin === 'object' && 'send' in origin) send(origin as WebSocket, frame)
        return
      }
      // Echoed to the sender too: a stock provider counts it as a sign of life.
      for (const peer of this.ctx.getWebSockets(name)) send(peer, frame)
    })
    // After a wake, presence comes back from the sockets still open; closed ones are simply absent.
    for (const peer of this.ctx.getWebSockets(name)) {
      const { awarenessId, presence } = peer.deserializeAttachment() as Attachment
      if (awarenessId === undefined || !presence || presence.state === null) continue
      awareness.states.set(awarenessId, presence.state as Record<string, unknown>)
      awareness.meta.set(awarenessId, { clock: presence.clock, lastUpdated: Date.now() })
    }
    const live = { doc, awareness }
    this.live.set(name, live)
    return live
  }

  private handle(ws: WebSocket, attachment: Attachment, message: ClientMessage): void {
    const { doc, awareness } = this.open(attachment.doc)
    switch (message.type) {
      case 'sync-step-1':
        send(ws, encodeSyncStep2(doc, message.stateVector))
        return
      case 'update': {
        Y.decodeUpdate(message.update) // throws on a malformed update, before anything is applied
        if (!this.options.canWrite(attachment.role, attachment.doc)) {
          if (updateIsKnown(doc, message.update)) return
          refuse(
            ws,
            CLOSE.forbidden,
            `This link may read the "${attachment.doc}" document but not change it.`,
          )
          return
        }
        // The document's update handler stores, then broadcasts, within this call.
        this.ctx.storage.transactionSync(() => Y.applyUpdate(doc, message.update, ws))
        this.options.onChange(attachment.doc)
        return
      }
      case 'awareness': {
        const entries = readAwarenessUpdate(message.update)
        const own = attachment.awarenessId ?? entries[0]?.clientId
        if (own === undefined) return
        // A stock provider relays every presence change it hears, others' included: such an echo, which
        // is not newer than what the room has, is dropped; anything newer for another client is refused.
        const foreign = entries.filter((e) => e.clientId !== own)
        const forged = foreign.find((e) => {
          const known = awareness.meta.get(e.clientId)
          return known ? e.clock > known.clock : e.json !== 'null'
        })
        if (forged) {
          refuse(ws, CLOSE.forbidden, 'A connection may only set its own presence.')
          return
        }
        const mine = entries.filter((e) => e.clientId === own)
        if (mine.length === 0) return
        awarenessProtocol.applyAwarenessUpdate(awareness, writeAwarenessUpdate(mine), ws)
        const clock = awareness.meta.get(own)?.clock ?? 0
        const state = awareness.getStates().get(own) ?? null
        ws.serializeAttachment({
          ...attachment,
          awarenessId: own,
          presence: { clock, state },
        } satisfies Attachment)
        return
      }
      case 'query-awareness': {
        const states = [...awareness.getStates().keys()]
        send(ws, encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(awareness, states)))
        return
      }
      default:
        unreachable(message)
    }
  }

  private bucket(ws: WebSocket): Bucket {
    let bucket = this.buckets.get(ws)
    if (!bucket) {
      bucket = fullBucket(Date.now())
      this.buckets.set(ws, bucket)
    }
    return bucket
  }
}

/** Sends without ever throwing on a socket that closed meanwhile. */
function send(ws: WebSocket, frame: Uint8Array): void {
  try {
    ws.send(frame)
  } catch {
    // The close handler cleans up.
  }
}

/** Closes a socket with a code and a reason a person can read (the protocol allows 123 bytes). */
function refuse(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120))
  } catch {
    // already closed
  }
}
