/**
 * The EncounterRoom Durable Object: one per encounter. It wires SQLite storage, WebSocket hibernation and
 * the alarm to the room's parts beside it: the SQL store, the Yjs host and the table room.
 */

import { DurableObject } from 'cloudflare:workers'
import {
  type CreateSeatResponse,
  type DocName,
  parseDocName,
  type RoomInfo,
  type SeatInfo,
  TABLE,
} from '@fray/protocol'
import { cryptoDice } from '@fray/rules'
import { hashSecret, newSeatId, newSecret } from '../ids.ts'
import { canRead, canWrite, type Role } from './access.ts'
import { type ImportedDocs, type RoomMeta, type RoomStats, RoomStore } from './room-store.ts'
import { TableRoom } from './table-room.ts'
import { YHost } from './y-host.ts'

export type { ImportedDocs, RoomStats } from './room-store.ts'
export { MAX_MESSAGE_BYTES } from './y-host.ts'

/** A room nobody has connected to or written in for this long is deleted by its alarm. */
export const IDLE_DELETE_MS = 30 * 24 * 60 * 60 * 1000
/** How often activity pushes the deletion alarm back (a storage write, so not on every message). */
const TOUCH_EVERY_MS = 60 * 60 * 1000

/**
 * The app sends its key as a WebSocket subprotocol ("fray", "key.<secret>") rather than in the URL, so it
 * stays out of request logs; stock providers may use `?key=` instead.
 */
export const KEY_PROTOCOL = 'fray'

/** The room reads no binding of the Worker, so it does not depend on the Worker's Env. */
export class EncounterRoom extends DurableObject {
  private readonly store: RoomStore
  private readonly host: YHost
  private readonly dice = cryptoDice((array) => crypto.getRandomValues(array))
  /** The table room of this room's system, made once the room exists. */
  private table: TableRoom | null = null
  /** When this instance last pushed the idle-deletion alarm back. */
  private lastTouch = 0

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env)
    this.store = new RoomStore(ctx.storage.sql)
    this.host = new YHost(ctx, this.store, { canWrite, onChange: (doc) => this.changed(doc) })
  }

  // --- RPC from the Worker -------------------------------------------------------------------

  /** Sets up a new room, optionally from an exported encounter. Refuses to overwrite one that exists. */
  init(meta: RoomMeta, imported: ImportedDocs = {}): boolean {
    if (this.store.meta()) return false
    this.ctx.storage.transactionSync(() => this.store.create(meta, imported))
    this.touch()
    return true
  }

  /**
   * What the room stores and how long its documents take to rebuild from storage: for the GM's eyes
   * (and the long-session bench), never for players.
   */
  stats(): RoomStats | null {
    return this.store.meta() ? this.store.stats() : null
  }

  /** Deletes a room left idle for IDLE_DELETE_MS; a room in use pushes its alarm back instead. */
  override async alarm(): Promise<void> {
    const idleUntil = this.store.lastActive() + IDLE_DELETE_MS
    if (this.ctx.getWebSockets().length > 0 || Date.now() < idleUntil) {
      await this.ctx.storage.setAlarm(Math.max(idleUntil, Date.now() + TOUCH_EVERY_MS))
      return
    }
    await this.ctx.storage.deleteAll()
    this.host.reset()
    this.table = null
    this.store.createTables()
  }

  info(): RoomInfo | null {
    const meta = this.store.meta()
    if (!meta) return null
    return { roomId: meta.roomId, system: meta.system, name: meta.name, createdAt: meta.createdAt }
  }

  async isGmKey(key: string): Promise<boolean> {
    return this.store.roleOfKey(await hashSecret(key))?.kind === 'gm'
  }

  async createSeat(name: string): Promise<CreateSeatResponse | null> {
    if (!this.store.meta()) return null
    const seatId = newSeatId()
    const seatKey = newSecret()
    this.store.addSeat(seatId, name, await hashSecret(seatKey), Date.now())
    const table = this.host.open('table').doc
    table.transact(
      () => table.getMap<SeatInfo>(TABLE.seats).set(seatId, { name, combatantId: null }),
      'server',
    )
    return { seatId, seatKey }
  }

  // --- WebSocket sync ------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (!this.store.meta())
      return jsonError(404, 'There is no room with this id. Check the link, or ask the GM for a new one.')
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return jsonError(426, 'This address is a WebSocket sync endpoint; connect with a Yjs provider.')
    }
    const url = new URL(request.url)
    const docName = parseDocName(decodeURIComponent(url.pathname.split('/').pop() ?? ''))
    if (!docName) return jsonError(404, 'A room has the documents "table", "log", "gm" and "seat:<id>" only.')
    const offered = keyFromProtocols(request.headers.get('Sec-WebSocket-Protocol'))
    // No key: a player with the room link. The GM key: the GM. A seat key: that seat's player.
    const key = offered ?? url.searchParams.get('key')
    const role: Role | null = key ? this.store.roleOfKey(await hashSecret(key)) : { kind: 'player' }
    if (!role) return jsonError(403, 'The key in this link is not valid for this room.')
    if (!canRead(role, docName)) {
      return jsonError(
        403,
        `This link cannot open the "${docName}" document; it belongs to the GM or another seat.`,
      )
    }

    this.touch()
    const pair = new WebSocketPair()
    this.host.accept(pair[1], docName, role)
    // A key offered as a subprotocol must be answered with the protocol name, or the browser hangs up.
    const headers = offered ? { 'Sec-WebSocket-Protocol': KEY_PROTOCOL } : undefined
    return new Response(null, { status: 101, webSocket: pair[0], headers })
  }

  override async webSocketMessage(ws: WebSocket, message: ArrayBuffer | string): Promise<void> {
    this.touch()
    this.host.message(ws, message)
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.host.close(ws, code, reason)
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.host.forget(ws)
  }

  // --- internals -----------------------------------------------------------------------------

  /** After an accepted update: a seat's or the GM's new requests are resolved; a GM's edit settles the turn. */
  private changed(doc: DocName): void {
    if (doc.startsWith('seat:')) this.tableRoom()?.resolveSeat(doc.slice(5))
    if (doc === 'gm') this.tableRoom()?.resolveGm()
    if (doc === 'table') this.ctx.storage.transactionSync(() => this.tableRoom()?.tableChanged())
  }

  /** The table room of this room's system, made once the room exists. */
  private tableRoom(): TableRoom | null {
    const meta = this.table ? null : this.store.meta()
    if (meta) {
      this.table = new TableRoom({
        system: meta.system,
        docs: this.host.docs(),
        dice: this.dice,
        processed: this.store.processed,
        seatName: (seatId) => this.store.seatName(seatId),
        atomically: (work) => this.ctx.storage.transactionSync(work),
      })
    }
    return this.table
  }

  /** Records activity and pushes the idle-deletion alarm back, at most once an hour per instance. */
  private touch(): void {
    const now = Date.now()
    if (now - this.lastTouch < TOUCH_EVERY_MS) return
    this.lastTouch = now
    this.store.setLastActive(now)
    void this.ctx.storage.setAlarm(now + IDLE_DELETE_MS)
  }
}

function keyFromProtocols(header: string | null): string | null {
  const protocols = header?.split(',').map((p) => p.trim()) ?? []
  if (!protocols.includes(KEY_PROTOCOL)) return null
  return protocols.find((p) => p.startsWith('key.'))?.slice(4) ?? null
}

function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status })
}
