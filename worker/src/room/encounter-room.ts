/**
 * The EncounterRoom Durable Object: one per encounter. It wires SQLite storage, WebSocket hibernation
 * and sockets to the room logic beside it (protocol, access, requests, storage), and holds nothing else.
 */

import { DurableObject } from 'cloudflare:workers'
import {
  type Approval,
  CLOSE,
  type CreateSeatResponse,
  type DocName,
  GM,
  parseDocName,
  parseGmRequest,
  type RoomInfo,
  type RoomSettings,
  readSettings,
  SEAT,
  type SeatInfo,
  type SystemId,
  seatDocName,
  TABLE,
} from '@fray/protocol'
import { cryptoDice, unreachable } from '@fray/rules'
import * as Y from 'yjs'
import type { Env } from '../env.ts'
import { hashSecret, newSeatId, newSecret, sameDigest } from '../ids.ts'
import { canRead, canWrite, type Role } from './access.ts'
import { approveOutcome } from './combat.ts'
import { appendUpdate, COMPACT_AFTER, compactDoc, createDocTables, loadDoc } from './doc-store.ts'
import { resolveGmRequest } from './gm-requests.ts'
import { type Bucket, fullBucket, RATE, take } from './rate-limit.ts'
import { applyApproval, resolveRequest, seatRequests } from './requests.ts'
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
/** A room nobody has connected to or written in for this long is deleted by its alarm. */
export const IDLE_DELETE_MS = 30 * 24 * 60 * 60 * 1000
/** How often activity pushes the deletion alarm back (a storage write, so not on every message). */
const TOUCH_EVERY_MS = 60 * 60 * 1000

/** Documents an exported encounter may bring into a new room; the log is never imported. */
export type ImportedDocs = Partial<Record<'table' | 'gm', Uint8Array>>

interface Attachment {
  doc: DocName
  role: Role
  /** The one awareness client id this connection may speak for, once it has spoken. */
  awarenessId?: number
  /** Its latest presence, kept with the socket so a room woken from hibernation can rebuild presence. */
  presence?: { clock: number; state: unknown }
}

export interface RoomStats {
  /** Bytes of document storage, plus an estimate for the processed-request index. */
  storedBytes: number
  largestRowBytes: number
  docs: Array<{ doc: string; bytes: number; rows: number; loadMs: number }>
  processedRequests: number
}

interface LiveDoc {
  doc: Y.Doc
  awareness: awarenessProtocol.Awareness
}

interface Meta {
  roomId: string
  system: SystemId
  name: string
  gmKeyHash: string
  createdAt: number
}

export class EncounterRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage
  private readonly live = new Map<DocName, LiveDoc>()
  private readonly dice = cryptoDice((array) => crypto.getRandomValues(array))
  /** Rate-limit buckets; in memory only, so a wake from hibernation starts each connection afresh. */
  private readonly buckets = new WeakMap<WebSocket, Bucket>()
  private readonly processed = new Map<string, Set<string>>()
  /** When this instance last pushed the idle-deletion alarm back. */
  private lastTouch = 0

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.sql = ctx.storage.sql
    this.createTables()
  }

  private createTables(): void {
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)',
    )
    this.sql.exec(`CREATE TABLE IF NOT EXISTS seats (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`)
    this.sql.exec('CREATE TABLE IF NOT EXISTS processed_requests (id TEXT PRIMARY KEY, seat TEXT NOT NULL)')
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS activity (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
    )
    createDocTables(this.sql)
  }

  // --- RPC from the Worker -------------------------------------------------------------------

  /** Sets up a new room, optionally from an exported encounter. Refuses to overwrite one that exists. */
  init(meta: Meta, imported: ImportedDocs = {}): boolean {
    if (this.meta()) return false
    this.ctx.storage.transactionSync(() => {
      this.sql.exec('INSERT INTO meta (id, json) VALUES (1, ?)', JSON.stringify(meta))
      for (const [name, update] of Object.entries(imported)) appendUpdate(this.sql, name, update)
    })
    this.touch()
    return true
  }

  /**
   * What the room stores and how long its documents take to rebuild from storage: for the GM's eyes
   * (and the long-session bench), never for players.
   */
  stats(): RoomStats | null {
    if (!this.meta()) return null
    const sizes = this.sql
      .exec<{ doc: string; bytes: number; rows: number }>(
        `SELECT doc, SUM(bytes) AS bytes, SUM(rows) AS rows FROM (
           SELECT doc, LENGTH(data) AS bytes, 1 AS rows FROM doc_updates
           UNION ALL SELECT doc, LENGTH(data), 1 FROM doc_snapshots) GROUP BY doc ORDER BY doc`,
      )
      .toArray()
    const docs = sizes.map(({ doc, bytes, rows }) => {
      const start = performance.now()
      loadDoc(this.sql, doc).destroy()
      return { doc, bytes, rows, loadMs: performance.now() - start }
    })
    const requests = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM processed_requests').one().n
    const largestRow = this.sql
      .exec<{ n: number | null }>(
        'SELECT MAX(n) AS n FROM (SELECT LENGTH(data) AS n FROM doc_updates UNION ALL SELECT LENGTH(data) FROM doc_snapshots)',
      )
      .one().n
    return {
      storedBytes: docs.reduce((n, d) => n + d.bytes, 0) + requests * 40,
      largestRowBytes: largestRow ?? 0,
      docs,
      processedRequests: requests,
    }
  }

  /** Deletes a room left idle for IDLE_DELETE_MS; a room in use pushes its alarm back instead. */
  override async alarm(): Promise<void> {
    const lastActive =
      this.sql.exec<{ at: number }>('SELECT at FROM activity WHERE id = 1').toArray()[0]?.at ?? 0
    const idleUntil = lastActive + IDLE_DELETE_MS
    if (this.ctx.getWebSockets().length > 0 || Date.now() < idleUntil) {
      await this.ctx.storage.setAlarm(Math.max(idleUntil, Date.now() + TOUCH_EVERY_MS))
      return
    }
    await this.ctx.storage.deleteAll()
    this.live.clear()
    this.processed.clear()
    this.createTables()
  }

  info(): RoomInfo | null {
    const meta = this.meta()
    if (!meta) return null
    return { roomId: meta.roomId, system: meta.system, name: meta.name, createdAt: meta.createdAt }
  }

  async isGmKey(key: string): Promise<boolean> {
    const meta = this.meta()
    return meta !== null && sameDigest(await hashSecret(key), meta.gmKeyHash)
  }

  async createSeat(name: string): Promise<CreateSeatResponse | null> {
    if (!this.meta()) return null
    const seatId = newSeatId()
    const seatKey = newSecret()
    this.sql.exec(
      'INSERT INTO seats (id, name, key_hash, created_at) VALUES (?, ?, ?, ?)',
      seatId,
      name,
      await hashSecret(seatKey),
      Date.now(),
    )
    const table = this.open('table').doc
    table.transact(
      () => table.getMap<SeatInfo>(TABLE.seats).set(seatId, { name, combatantId: null }),
      'server',
    )
    return { seatId, seatKey }
  }

  // --- WebSocket sync ------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const meta = this.meta()
    if (!meta)
      return jsonError(404, 'There is no room with this id. Check the link, or ask the GM for a new one.')
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return jsonError(426, 'This address is a WebSocket sync endpoint; connect with a Yjs provider.')
    }
    const url = new URL(request.url)
    const docName = parseDocName(decodeURIComponent(url.pathname.split('/').pop() ?? ''))
    if (!docName) return jsonError(404, 'A room has the documents "table", "log", "gm" and "seat:<id>" only.')
    const offered = keyFromProtocols(request.headers.get('Sec-WebSocket-Protocol'))
    const role = await this.authorize(offered ?? url.searchParams.get('key'), meta)
    if (!role) return jsonError(403, 'The key in this link is not valid for this room.')
    if (!canRead(role, docName)) {
      return jsonError(
        403,
        `This link cannot open the "${docName}" document; it belongs to the GM or another seat.`,
      )
    }

    this.touch()
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    this.ctx.acceptWebSocket(server, [docName])
    server.serializeAttachment({ doc: docName, role } satisfies Attachment)
    const { doc, awareness } = this.open(docName)
    send(server, encodeSyncStep1(doc))
    const states = [...awareness.getStates().keys()]
    if (states.length > 0)
      send(server, encodeAwareness(awarenessProtocol.encodeAwarenessUpdate(awareness, states)))
    // A key offered as a subprotocol must be answered with the protocol name, or the browser hangs up.
    const headers = offered ? { 'Sec-WebSocket-Protocol': KEY_PROTOCOL } : undefined
    return new Response(null, { status: 101, webSocket: client, headers })
  }

  override async webSocketMessage(ws: WebSocket, message: ArrayBuffer | string): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment
    if (!take(this.bucket(ws), Date.now())) {
      return refuse(
        ws,
        CLOSE.rateLimited,
        `Over ${RATE.perSecond} messages a second; reconnect and slow down.`,
      )
    }
    if (typeof message === 'string')
      return refuse(ws, CLOSE.malformed, 'Messages must be binary Yjs protocol frames.')
    if (message.byteLength > MAX_MESSAGE_BYTES) {
      return refuse(
        ws,
        CLOSE.tooLarge,
        `Message of ${message.byteLength} bytes is over the ${MAX_MESSAGE_BYTES} limit.`,
      )
    }
    this.touch()
    try {
      this.handle(ws, attachment, decodeMessage(new Uint8Array(message)))
    } catch (error) {
      // Nothing of a refused message was applied: updates are fully decoded before they touch a document.
      refuse(ws, CLOSE.malformed, `Not a valid y-websocket message: ${(error as Error).message}`)
    }
  }

  private handle(ws: WebSocket, attachment: Attachment, message: ClientMessage): void {
    const { doc, awareness } = this.open(attachment.doc)
    switch (message.type) {
      case 'sync-step-1':
        send(ws, encodeSyncStep2(doc, message.stateVector))
        return
      case 'update': {
        Y.decodeUpdate(message.update) // throws on a malformed update, before anything is applied
        if (!canWrite(attachment.role, attachment.doc)) {
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
        if (attachment.doc.startsWith('seat:')) this.resolveSeat(attachment.doc.slice(5))
        if (attachment.doc === 'gm') {
          this.applyApprovals()
          this.resolveGmRequests()
        }
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

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws)
    try {
      ws.close(code === 1005 ? 1000 : code, reason)
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws)
  }

  // --- internals -----------------------------------------------------------------------------

  private meta(): Meta | null {
    const row = this.sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0]
    return row ? (JSON.parse(row.json) as Meta) : null
  }

  /** No key: a player with the room link. The GM key: the GM. A seat key: that seat's player. */
  private async authorize(key: string | null, meta: Meta): Promise<Role | null> {
    if (!key) return { kind: 'player' }
    const hash = await hashSecret(key)
    if (sameDigest(hash, meta.gmKeyHash)) return { kind: 'gm' }
    const seat = this.sql.exec<{ id: string }>('SELECT id FROM seats WHERE key_hash = ?', hash).toArray()[0]
    return seat ? { kind: 'seat', seatId: seat.id } : null
  }

  /** The live document, rebuilt from storage the first time it is needed after a start or a wake. */
  private open(name: DocName): LiveDoc {
    const existing = this.live.get(name)
    if (existing) return existing
    const doc = loadDoc(this.sql, name)
    const awareness = createAwareness(doc)
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      // Stored first; the runtime's output gate holds the broadcast until the write is durable.
      const count = appendUpdate(this.sql, name, update)
      const frame = encodeUpdate(update)
      for (const peer of this.ctx.getWebSockets(name)) if (peer !== origin) send(peer, frame)
      if (count >= COMPACT_AFTER) compactDoc(this.sql, name, doc)
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

  private resolveSeat(seatId: string): void {
    const seatRow = this.sql
      .exec<{ name: string }>('SELECT name FROM seats WHERE id = ?', seatId)
      .toArray()[0]
    if (!seatRow) return
    const seat = this.open(seatDocName(seatId)).doc
    const log = this.open('log').doc
    const processed = this.processedOf(seatId)
    const settings = this.settings()
    const meta = this.meta()
    if (!meta) return
    for (const { id, request } of seatRequests(seat)) {
      const key = `${seatId}/${id}`
      if (processed.has(key)) continue
      // Exactly once: the roll, its log entry and the processed mark commit together or not at all.
      this.ctx.storage.transactionSync(() => {
        resolveRequest(request, key, {
          by: seatRow.name,
          seatId,
          system: meta.system,
          table: this.open('table').doc,
          newId: () => crypto.randomUUID(),
          dice: this.dice,
          log,
          seat,
          now: Date.now(),
          approvePhysical: settings.physicalDice === 'approve',
        })
        this.sql.exec('INSERT INTO processed_requests (id, seat) VALUES (?, ?)', key, seatId)
      })
      processed.add(key)
    }
  }

  /** The room's settings, as the GM last set them in the table document. */
  private settings(): RoomSettings {
    return readSettings(this.open('table').doc.getMap<unknown>(TABLE.settings))
  }

  /** Applies the GM's new verdicts on physical dice; each verdict is applied once. */
  private applyApprovals(): void {
    const approvals = this.open('gm').doc.getArray<Approval>(GM.approvals).toArray()
    const meta = this.meta()
    const done = this.processedOf('gm')
    const log = this.open('log').doc
    approvals.forEach((approval, index) => {
      const key = `gm/approval/${index}`
      if (done.has(key) || typeof approval?.entryId !== 'string') return
      this.ctx.storage.transactionSync(() => {
        const verdict = { entryId: approval.entryId, approve: approval.approve === true }
        // A bare roll, or an outcome rolled with typed dice whose changes wait for this verdict.
        if (!applyApproval(log, verdict) && meta)
          approveOutcome(
            { system: meta.system, table: this.open('table').doc, log, dice: this.dice, now: Date.now() },
            verdict.entryId,
            verdict.approve,
          )
        this.sql.exec('INSERT INTO processed_requests (id, seat) VALUES (?, ?)', key, 'gm')
      })
      done.add(key)
    })
  }

  /** Runs the GM's turn-order requests (and monster initiative, which the room rolls). */
  private resolveGmRequests(): void {
    const meta = this.meta()
    if (!meta) return
    const gm = this.open('gm').doc
    const done = this.processedOf('gm')
    const ctx = {
      system: meta.system,
      table: this.open('table').doc,
      log: this.open('log').doc,
      dice: this.dice,
      now: Date.now(),
    }
    for (const value of gm.getArray(GM.requests).toArray()) {
      const request = parseGmRequest(value)
      if (!request || done.has(`gm/${request.id}`)) continue
      this.ctx.storage.transactionSync(() => {
        const result = resolveGmRequest(ctx, request)
        gm.transact(() => gm.getMap(SEAT.results).set(request.id, result), 'server')
        this.sql.exec('INSERT INTO processed_requests (id, seat) VALUES (?, ?)', `gm/${request.id}`, 'gm')
      })
      done.add(`gm/${request.id}`)
    }
  }

  /** Request ids a seat has had resolved, read from storage once per wake. */
  private processedOf(seatId: string): Set<string> {
    let set = this.processed.get(seatId)
    if (!set) {
      const rows = this.sql.exec<{ id: string }>('SELECT id FROM processed_requests WHERE seat = ?', seatId)
      set = new Set(rows.toArray().map((r) => r.id))
      this.processed.set(seatId, set)
    }
    return set
  }

  /** Records activity and pushes the idle-deletion alarm back, at most once an hour per instance. */
  private touch(): void {
    const now = Date.now()
    if (now - this.lastTouch < TOUCH_EVERY_MS) return
    this.lastTouch = now
    this.sql.exec(
      'INSERT INTO activity (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
      now,
    )
    void this.ctx.storage.setAlarm(now + IDLE_DELETE_MS)
  }

  private bucket(ws: WebSocket): Bucket {
    let bucket = this.buckets.get(ws)
    if (!bucket) {
      bucket = fullBucket(Date.now())
      this.buckets.set(ws, bucket)
    }
    return bucket
  }

  private forget(ws: WebSocket): void {
    const attachment = ws.deserializeAttachment() as Attachment | null
    if (!attachment || attachment.awarenessId === undefined) return
    const live = this.live.get(attachment.doc)
    if (live) awarenessProtocol.removeAwarenessStates(live.awareness, [attachment.awarenessId], 'closed')
  }
}

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] }

/** Sends without ever throwing on a socket that closed meanwhile. */
function send(ws: WebSocket, frame: Uint8Array): void {
  try {
    ws.send(frame)
  } catch {
    // The close handler cleans up.
  }
}

function refuse(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120))
  } catch {
    // already closed
  }
}

/**
 * The app sends its key as a WebSocket subprotocol ("fray", "key.<secret>") rather than in the URL, so it
 * stays out of request logs; stock providers may use `?key=` instead.
 */
export const KEY_PROTOCOL = 'fray'

function keyFromProtocols(header: string | null): string | null {
  const protocols = header?.split(',').map((p) => p.trim()) ?? []
  if (!protocols.includes(KEY_PROTOCOL)) return null
  return protocols.find((p) => p.startsWith('key.'))?.slice(4) ?? null
}

function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status })
}
