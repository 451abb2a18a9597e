/**
 * A Yjs host over hibernatable sockets (the runtime's, or a test's: ports.ts), in the spirit of y-partyserver: it opens each
 * document from storage, stores every accepted update before it broadcasts it, keeps presence, and answers
 * the y-websocket protocol. What a connection may write, and what runs after a change, the room decides.
 */
import { CLOSE, type DocName, isPastDoc, LIMITS, pastDocName, SEAT, seatDocName } from '@fray/protocol'
import { unreachable } from '@fray/rules'
import * as Y from 'yjs'
import type { Role } from './access.ts'
import { type HostPorts, OPEN, type RoomSocket } from './ports.ts'
import { type Bucket, fullBucket, RATE, type SeatLimiter, take } from './rate-limit.ts'
import type { RoomStore } from './room-store.ts'
import {
  type AwarenessEntry,
  awarenessProtocol,
  type ClientMessage,
  createAwareness,
  decodeMessage,
  encodeAwareness,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  ProtocolError,
  readAwarenessUpdate,
  updateIsKnown,
  writeAwarenessUpdate,
} from './sync-protocol.ts'
import type { RoomDocs } from './table-room.ts'

/** Largest message a client may send. */
export const MAX_MESSAGE_BYTES = LIMITS.messageBytes

/** Why the room refuses a message: the close code and a reason a person can read. */
export interface Refusal {
  code: number
  reason: string
}

/** Thrown to refuse a message; inside `atomically`, whatever it applied is rolled back first. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason)
  }
}

/** Storage failed to keep an update: the transaction rolls back and the live document is rebuilt. */
class StoreFailed extends Error {}

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
  /** The document as storage has it; replaced by a fresh copy from storage when a transaction fails. */
  doc: Y.Doc
  awareness: awarenessProtocol.Awareness
  /**
   * Who holds each presence id: the first connection that spoke for it, while it is open (then `ws` is
   * null), and the role it had, so only the same role may take the id up again (a phone reconnecting).
   */
  holders: Map<number, { ws: RoomSocket | null; role: string }>
  /** Stops listening to the document (before it is replaced). */
  detach(): void
}

/** What one transaction of the room changed: the documents it touched and the frames it will broadcast. */
interface Pending {
  docs: Set<DocName>
  frames: Array<{ name: DocName; frame: Uint8Array; origin: unknown }>
}

export interface YHostOptions {
  /** Whether a connection with this role may change this document. */
  canWrite(role: Role, doc: DocName): boolean
  /**
   * Measures before a client's update applies; the check it returns runs once it has, inside its
   * transaction: a refusal rolls it back, and nothing of it was broadcast. `requests` counts the entries
   * the update added to a seat's requests.
   */
  admit(doc: DocName, role: Role): (added: { requests: number }) => Refusal | null
  /** Runs after an update to this document was accepted, stored and broadcast. */
  onChange(doc: DocName): void
  /** What each seat may write a minute: its updates are checked against it, and what was stored for them spent. */
  seats: SeatLimiter
}

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] }

export class YHost {
  private readonly ctx: HostPorts
  private readonly store: RoomStore
  private readonly options: YHostOptions
  private readonly live = new Map<DocName, LiveDoc>()
  /** Rate-limit buckets; in memory only, so a wake from hibernation starts each connection afresh. */
  private readonly buckets = new WeakMap<RoomSocket, Bucket>()
  /** Sync requests (sync step 1) each connection may still send. */
  private readonly syncBuckets = new WeakMap<RoomSocket, Bucket>()
  /** Bytes of sync answers each connection may still receive. */
  private readonly syncByteBuckets = new WeakMap<RoomSocket, Bucket>()
  /** The transaction under way, if any: its broadcasts wait until it commits. */
  private pending: Pending | null = null
  /**
   * Each document's whole state as a sync answer, for a client that has none of it (a phone joining, or
   * coming back with a fresh copy): encoded once, reused until the document changes. A table's phones
   * join one after another; the second one on is not encoded again.
   */
  private readonly wholeState = new Map<DocName, Uint8Array>()

  constructor(ctx: HostPorts, store: RoomStore, options: YHostOptions) {
    this.ctx = ctx
    this.store = store
    this.options = options
  }

  /** Takes a new connection to a document: the room's sync step 1, then the presence there is. */
  accept(ws: RoomSocket, name: DocName, role: Role): void {
    this.ctx.acceptWebSocket(ws, [name])
    ws.serializeAttachment({ doc: name, role } satisfies Attachment)
    const { doc, awareness } = this.open(name)
    send(ws, encodeSyncStep1(doc))
    const states = [...awareness.getStates().keys()]
    if (states.length > 0)
      send(ws, encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(awareness, states)))
  }

  /** The role of each connection open on any of the room's documents (one closing is not counted). */
  roles(): Role[] {
    return this.ctx
      .getWebSockets()
      .filter((ws) => ws.readyState === OPEN)
      .map((ws) => (ws.deserializeAttachment() as Attachment).role)
  }

  /** One message from a socket: refused with a close code and a reason, or handled. */
  message(ws: RoomSocket, message: ArrayBuffer | string): void {
    // A socket the room refused is closing: what it sent after the refusal is not read (it would bring
    // its presence back as a ghost).
    if (ws.readyState !== OPEN) return
    if (!take(this.bucket(ws), Date.now())) {
      this.refuse(ws, CLOSE.rateLimited, `Over ${RATE.perSecond} messages a second; reconnect and slow down.`)
      return
    }
    if (typeof message === 'string') {
      this.refuse(ws, CLOSE.malformed, 'Messages must be binary Yjs protocol frames.')
      return
    }
    if (message.byteLength > MAX_MESSAGE_BYTES) {
      const reason = `Message of ${message.byteLength} bytes is over the ${MAX_MESSAGE_BYTES} limit.`
      this.refuse(ws, CLOSE.tooLarge, reason)
      return
    }
    const attachment = ws.deserializeAttachment() as Attachment
    let decoded: ClientMessage
    try {
      decoded = decodeMessage(new Uint8Array(message))
    } catch (error) {
      // Our own words for a frame of the wrong kind; never the decoder's internal text.
      const why = error instanceof ProtocolError ? error.message : 'its framing does not decode'
      this.refuse(ws, CLOSE.malformed, `Not a valid y-websocket message: ${why}.`)
      return
    }
    try {
      this.handle(ws, attachment, decoded)
    } catch (error) {
      // Whatever the message applied was rolled back with its transaction; the reason says so in words.
      if (error instanceof Refused) this.refuse(ws, error.refusal.code, error.refusal.reason)
      else if (error instanceof StoreFailed) {
        const cause = error.cause instanceof Error ? error.cause.message : String(error.cause)
        logLine('error', { event: 'store-failed', doc: attachment.doc, reason: cause })
        this.refuse(
          ws,
          CLOSE.storeFailed,
          'The room could not store this change and kept none of it; it is sent again on reconnect.',
        )
      } else this.refuse(ws, CLOSE.malformed, 'This update does not apply as Yjs; nothing of it was kept.')
    }
  }

  /** A socket closed: its presence goes, and the close is answered. */
  close(ws: RoomSocket, code: number, reason: string): void {
    this.forget(ws)
    try {
      ws.close(code === 1005 ? 1000 : code, reason)
    } catch {
      // already closed
    }
  }

  /** A socket failed or was refused: its presence goes (if it still holds it). */
  forget(ws: RoomSocket): void {
    const attachment = ws.deserializeAttachment() as Attachment | null
    if (!attachment || attachment.awarenessId === undefined) return
    const live = this.live.get(attachment.doc)
    const holder = live?.holders.get(attachment.awarenessId)
    if (!live || holder?.ws !== ws) return
    holder.ws = null
    awarenessProtocol.removeAwarenessStates(live.awareness, [attachment.awarenessId], 'closed')
  }

  /** Closes the sockets a seat's phones hold on its document, with a reason; the GM's stay open. */
  closeSeat(seatId: string, reason: string): void {
    for (const ws of this.ctx.getWebSockets(seatDocName(seatId))) {
      const attachment = ws.deserializeAttachment() as Attachment | null
      if (attachment?.role.kind === 'seat') this.refuse(ws, CLOSE.signedOut, reason)
    }
  }

  /**
   * Runs `work` in one storage transaction. Its broadcasts wait for the commit; when it throws, SQLite
   * rolls back and every document it touched (`touched` too) is rebuilt from storage, so the room holds
   * exactly what it stored and no peer heard of what was rolled back.
   */
  atomically<T>(work: () => T, touched?: DocName): T {
    if (this.pending) {
      // Inside a transaction already: it covers this work, and rolls it back with the rest.
      if (touched) this.pending.docs.add(touched)
      return work()
    }
    const pending: Pending = { docs: new Set(touched ? [touched] : []), frames: [] }
    this.pending = pending
    let result: T
    try {
      result = this.ctx.transactionSync(work)
    } catch (error) {
      this.pending = null
      this.store.forgetCache()
      for (const name of pending.docs) this.rebuild(name)
      throw error
    }
    this.pending = null
    for (const { name, frame, origin } of pending.frames) this.broadcast(name, frame, origin)
    // A filed fight is written once and loaded for a device reading it: not kept in memory after.
    for (const name of pending.docs)
      if (isPastDoc(name) && this.ctx.getWebSockets(name).length === 0) this.release(name)
    return result
  }

  /** The documents held in memory now. */
  loaded(): DocName[] {
    return [...this.live.keys()]
  }

  /** Drops every live document, after the room's storage was deleted. */
  reset(): void {
    this.live.clear()
    this.wholeState.clear()
  }

  /** The room's documents by name, each opened when first read (as the table room wants them). */
  docs(): RoomDocs {
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
      past: (n) => open(pastDocName(n)),
    }
  }

  /** The live document, rebuilt from storage the first time it is needed after a start or a wake. */
  open(name: DocName): LiveDoc {
    const existing = this.live.get(name)
    if (existing) return existing
    const doc = this.store.loadDoc(name)
    const awareness = createAwareness(doc)
    // Presence matters on the table (who is here) and the GM's document; on the log and the seats nobody
    // reads it, so it goes back to its sender only, as the sign of life a stock provider waits for.
    const shared = name === 'table' || name === 'gm'
    awareness.on('update', ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
      const changed = [...added, ...updated, ...removed]
      const frame = encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(awareness, changed))
      if (!shared) {
        if (origin && typeof origin === 'object' && 'send' in origin) send(origin as RoomSocket, frame)
        return
      }
      // Echoed to the sender too: a stock provider counts it as a sign of life.
      for (const peer of this.ctx.getWebSockets(name)) send(peer, frame)
    })
    const live: LiveDoc = { doc, awareness, holders: new Map(), detach: this.listen(name, doc) }
    // After a wake, presence comes back from the sockets still open; closed ones are simply absent.
    for (const peer of this.ctx.getWebSockets(name)) {
      const { awarenessId, presence, role } = peer.deserializeAttachment() as Attachment
      if (awarenessId === undefined || live.holders.get(awarenessId)?.ws) continue
      live.holders.set(awarenessId, { ws: peer, role: roleKey(role) })
      if (!presence || presence.state === null) continue
      awareness.states.set(awarenessId, presence.state as Record<string, unknown>)
      awareness.meta.set(awarenessId, { clock: presence.clock, lastUpdated: Date.now() })
    }
    this.live.set(name, live)
    return live
  }

  /** Stores every update of `doc`, then broadcasts it (once its transaction commits). */
  private listen(name: DocName, doc: Y.Doc): () => void {
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      this.wholeState.delete(name)
      const pending = this.pending
      pending?.docs.add(name)
      try {
        // Stored first; the runtime's output gate holds the broadcast until the write is durable.
        this.store.storeUpdate(name, update, doc)
      } catch (error) {
        throw new StoreFailed('storing an update failed', { cause: error })
      }
      const frame = encodeUpdate(update)
      if (pending) pending.frames.push({ name, frame, origin })
      else this.broadcast(name, frame, origin)
    }
    doc.on('update', onUpdate)
    return () => doc.off('update', onUpdate)
  }

  /** Forgets a live document nobody is connected to; storage has all of it. */
  private release(name: DocName): void {
    this.live.get(name)?.detach()
    this.live.delete(name)
    this.wholeState.delete(name)
  }

  /** Replaces a live document with what storage has (after a transaction that touched it failed). */
  private rebuild(name: DocName): void {
    const live = this.live.get(name)
    if (!live) return
    live.detach()
    this.wholeState.delete(name)
    live.doc = this.store.loadDoc(name)
    live.detach = this.listen(name, live.doc)
  }

  /** The sync answer to a state vector: what the client lacks (all of it, from the cache, when it has nothing). */
  private syncAnswer(name: DocName, doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
    // An empty state vector is one byte: zero clients.
    if (stateVector.length !== 1 || stateVector[0] !== 0) return encodeSyncStep2(doc, stateVector)
    let frame = this.wholeState.get(name)
    if (!frame) {
      frame = encodeSyncStep2(doc, stateVector)
      this.wholeState.set(name, frame)
    }
    return frame
  }

  private broadcast(name: DocName, frame: Uint8Array, origin: unknown): void {
    for (const peer of this.ctx.getWebSockets(name)) if (peer !== origin) send(peer, frame)
  }

  private handle(ws: RoomSocket, attachment: Attachment, message: ClientMessage): void {
    const name = attachment.doc
    const live = this.open(name)
    switch (message.type) {
      case 'sync-step-1': {
        if (!take(this.syncBucket(ws), Date.now(), LIMITS.syncRequests)) {
          const { burst, perSecond } = LIMITS.syncRequests
          throw refused(
            CLOSE.rateLimited,
            `Over ${burst} sync requests, then one per ${1 / perSecond} s, on one connection; reconnect later.`,
          )
        }
        const answer = this.syncAnswer(name, live.doc, message.stateVector)
        this.spendSyncBytes(ws, answer.length)
        send(ws, answer)
        return
      }
      case 'update': {
        // A malformed update is not decoded twice to catch it: it throws as it applies, inside the
        // transaction below, which then rolls back and rebuilds the document from storage.
        if (!this.options.canWrite(attachment.role, name)) {
          if (updateIsKnown(live.doc, message.update)) return
          throw refused(CLOSE.forbidden, `This link may read the "${name}" document but not change it.`)
        }
        const role = attachment.role
        const seatId = role.kind === 'seat' ? role.seatId : null
        const seatRefusal =
          seatId && this.options.seats.mayWrite(seatId, message.update.byteLength, Date.now())
        if (seatRefusal) throw new Refused(seatRefusal)
        this.checkSize(name, message.update.byteLength, role)
        const written = this.store.writtenBytes
        this.atomically(() => {
          const check = this.options.admit(name, attachment.role)
          // Entries added to a seat's requests, counted as the update applies.
          let requests = 0
          const count = (event: Y.YArrayEvent<unknown>) => {
            for (const change of event.changes.delta)
              requests += (change.insert as unknown[] | undefined)?.length ?? 0
          }
          const array = name.startsWith('seat:') ? this.open(name).doc.getArray(SEAT.requests) : null
          array?.observe(count)
          try {
            // The document's update handler stores it; its broadcast waits for the commit.
            Y.applyUpdate(this.open(name).doc, message.update, ws)
          } finally {
            array?.unobserve(count)
          }
          const refusal = check({ requests })
          if (refusal) throw new Refused(refusal)
        }, name)
        try {
          this.options.onChange(name)
        } catch (error) {
          // The request's work was rolled back; the writer's update stands, so its connection stays.
          console.error('room: resolving a change failed', error)
        }
        // What the seat's update stored, and what the room wrote resolving its requests, come off its minute.
        if (seatId) this.options.seats.spend(seatId, this.store.writtenBytes - written, Date.now())
        return
      }
      case 'awareness':
        this.presence(ws, attachment, live, message.update)
        return
      case 'query-awareness': {
        const states = [...live.awareness.getStates().keys()]
        send(ws, encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(live.awareness, states)))
        return
      }
      default:
        unreachable(message)
    }
  }

  /**
   * A presence update. Every state is checked against the size cap before anything is applied. A
   * connection speaks for one id: the first it names that no other open connection holds (nor another
   * role held last). An id another connection holds is never applied from this one (a stock provider
   * relays what it hears; a phone back from a network switch may still hold its old socket): dropped.
   * Anything newer for an id nobody holds, from a connection that has its own, is refused.
   */
  private presence(ws: RoomSocket, attachment: Attachment, live: LiveDoc, update: Uint8Array): void {
    let entries: AwarenessEntry[]
    try {
      entries = readAwarenessUpdate(update)
    } catch {
      throw refused(CLOSE.malformed, 'This presence update does not decode: each state must be JSON.')
    }
    for (const e of entries) {
      const bytes = new TextEncoder().encode(e.json).length
      if (bytes > LIMITS.presenceBytes) {
        throw refused(
          CLOSE.tooLarge,
          `A presence of ${bytes} bytes is over the ${LIMITS.presenceBytes}-byte limit.`,
        )
      }
    }
    const role = roleKey(attachment.role)
    let own = attachment.awarenessId
    const mine = entries.filter((e) => {
      if (e.clientId === own) return true
      const holder = live.holders.get(e.clientId)
      if (holder?.ws && holder.ws !== ws) return false // another open connection's: never applied from here
      if (own === undefined && e.json !== 'null' && (!holder || holder.role === role)) {
        own = e.clientId
        return true
      }
      const known = live.awareness.meta.get(e.clientId)
      if (known ? e.clock > known.clock : e.json !== 'null') {
        throw refused(CLOSE.forbidden, 'A connection may only set its own presence.')
      }
      return false // an echo of what the room has
    })
    if (own === undefined || mine.length === 0) return
    for (const e of mine) {
      const seatId = (JSON.parse(e.json) as { seatId?: unknown } | null)?.seatId
      if (seatId !== undefined && !(attachment.role.kind === 'seat' && attachment.role.seatId === seatId)) {
        throw refused(CLOSE.forbidden, 'A presence may name only this connection’s own seat.')
      }
    }
    if (attachment.awarenessId === undefined) {
      live.holders.set(own, { ws, role })
      ws.serializeAttachment({ ...attachment, awarenessId: own } satisfies Attachment)
    }
    awarenessProtocol.applyAwarenessUpdate(live.awareness, writeAwarenessUpdate(mine), ws)
    const clock = live.awareness.meta.get(own)?.clock ?? 0
    const state = live.awareness.getStates().get(own) ?? null
    ws.serializeAttachment({
      ...attachment,
      awarenessId: own,
      presence: { clock, state },
    } satisfies Attachment)
  }

  /**
   * Stored bytes of a document; once they pass `compactOver`, it is compacted first (what was deleted or
   * overwritten since no longer counts).
   */
  compactedBytes(name: DocName, compactOver: number): number {
    if (this.store.docBytes(name) <= compactOver) return this.store.docBytes(name)
    this.atomically(() => this.store.compact(name, this.open(name).doc))
    return this.store.docBytes(name)
  }

  /**
   * Refuses an update that would take its document or the room past its stored-bytes quota. The update
   * log may still hold what was overwritten or deleted since, so the document is compacted and measured
   * again before it is refused.
   *
   * The GM's own documents are the room's way out: however full the seats made the room, the GM's New
   * fight, freed seats, removals and undos are taken (the room's quota does not refuse them), and a
   * change of the GM's of at most `LIMITS.recoveryBytes` passes even a full document, by up to
   * `LIMITS.recoveryReserveBytes`.
   */
  private checkSize(name: DocName, incoming: number, role: Role): void {
    const gmOwn = role.kind === 'gm' && (name === 'table' || name === 'gm')
    const reserve = gmOwn && incoming <= LIMITS.recoveryBytes ? LIMITS.recoveryReserveBytes : 0
    const docFull = () => this.store.docBytes(name) + incoming > LIMITS.docBytes + reserve
    const roomFull = () => !gmOwn && this.store.roomBytes() + incoming > LIMITS.roomBytes
    if (!docFull() && !roomFull()) return
    this.atomically(() => this.store.compact(name, this.open(name).doc))
    if (docFull()) {
      throw refused(
        CLOSE.full,
        `The "${name}" document is full (${mib(LIMITS.docBytes)}); nothing more fits in it.`,
      )
    }
    if (roomFull()) {
      throw refused(
        CLOSE.full,
        `This room is full (${mib(LIMITS.roomBytes)} stored); the GM can export it into a new room.`,
      )
    }
  }

  /** Closes a socket with a code and a reason a person can read (the protocol allows 123 bytes); its presence goes. */
  private refuse(ws: RoomSocket, code: number, reason: string): void {
    const { doc, role } = (ws.deserializeAttachment() ?? {}) as Partial<Attachment>
    logLine('warn', { event: 'refused', code, doc: doc ?? null, role: role?.kind ?? null, reason })
    this.forget(ws)
    try {
      ws.close(code, reason.slice(0, 120))
    } catch {
      // already closed
    }
  }

  private bucket(ws: RoomSocket): Bucket {
    let bucket = this.buckets.get(ws)
    if (!bucket) {
      bucket = fullBucket(Date.now())
      this.buckets.set(ws, bucket)
    }
    return bucket
  }

  /**
   * Spends a sync answer's bytes of the connection's allowance, or refuses it. An answer larger than the
   * whole burst (a document bigger than the quotas, from before them) is sent once the allowance is full.
   */
  private spendSyncBytes(ws: RoomSocket, bytes: number): void {
    const rate = LIMITS.syncBytes
    let bucket = this.syncByteBuckets.get(ws)
    if (!bucket) {
      bucket = { tokens: rate.burst, at: Date.now() }
      this.syncByteBuckets.set(ws, bucket)
    }
    if (take(bucket, Date.now(), rate, Math.min(bytes, rate.burst))) {
      bucket.tokens -= Math.max(0, bytes - rate.burst)
      return
    }
    throw refused(
      CLOSE.rateLimited,
      `Over ${mib(rate.burst)} of sync answers, then ${rate.perSecond / 1024} KiB a second, on one connection; reconnect later.`,
    )
  }

  private syncBucket(ws: RoomSocket): Bucket {
    let bucket = this.syncBuckets.get(ws)
    if (!bucket) {
      bucket = { tokens: LIMITS.syncRequests.burst, at: Date.now() }
      this.syncBuckets.set(ws, bucket)
    }
    return bucket
  }
}

const refused = (code: number, reason: string) => new Refused({ code, reason })

const mib = (bytes: number) => `${bytes / (1024 * 1024)} MiB`

/** A role as the key of who held a presence id. */
function roleKey(role: Role): string {
  return role.kind === 'seat' ? `seat:${role.seatId}` : role.kind
}

/** Sends without ever throwing on a socket that closed meanwhile. */
function send(ws: RoomSocket, frame: Uint8Array): void {
  try {
    ws.send(frame)
  } catch {
    // The close handler cleans up.
  }
}

/**
 * One structured line for Workers Logs (wrangler.toml's [observability]): an object, so the dashboard
 * can filter by `event`, `code` and `doc`. Never a key, a seat's secret or a document's content.
 */
function logLine(level: 'warn' | 'error', fields: Record<string, unknown>): void {
  console[level](JSON.stringify({ source: 'room', ...fields }))
}
