/**
 * The EncounterRoom Durable Object: one per encounter. It wires SQLite storage, WebSocket hibernation and
 * the alarm to the room's parts beside it: the SQL store, the Yjs host, the seats, the socket gate, the
 * quotas and the table room.
 */

import { DurableObject } from 'cloudflare:workers'
import type {
  CreateSeatResponse,
  DocName,
  JoinSeatResponse,
  RoomInfo,
  SeatHandoverResponse,
} from '@fray/protocol'
import { isPastDoc, LIMITS, LOG } from '@fray/protocol'
import { cryptoDice } from '@fray/rules'
import { hashSecret } from '../ids.ts'
import { canWrite } from './access.ts'
import { moveFiledFights } from './filed-fights.ts'
import { checkImport } from './imports.ts'
import { Keeping } from './keeping.ts'
import { admitter } from './quotas.ts'
import { SeatLimiter } from './rate-limit.ts'
import type { RoomAnswer } from './room-answer.ts'
import { type ImportedDocs, type RoomMeta, type RoomStats, RoomStore } from './room-store.ts'
import { Seats } from './seats.ts'
import { gate, upgrade } from './socket-gate.ts'
import { TableRoom } from './table-room.ts'
import { YHost } from './y-host.ts'

export type { RoomAnswer } from './room-answer.ts'
export type { ImportedDocs, RoomStats } from './room-store.ts'

/** The room reads no binding of the Worker, so it does not depend on the Worker's Env. */
export class EncounterRoom extends DurableObject {
  private readonly store: RoomStore
  private readonly host: YHost
  private readonly seats: Seats
  private readonly dice = cryptoDice((array) => crypto.getRandomValues(array))
  /** The table room of this room's system, made once the room exists. */
  private table: TableRoom | null = null
  private readonly keeping: Keeping
  /** What each seat may still write this minute, in requests and in bytes. */
  private readonly limiter: SeatLimiter

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env)
    this.store = new RoomStore(ctx.storage.sql)
    this.limiter = SeatLimiter.configured(env)
    this.host = new YHost(ctx, this.store, {
      // A seat the GM freed writes nothing more, whatever key its phone still holds.
      canWrite: (role, doc) =>
        canWrite(role, doc) && !(role.kind === 'seat' && this.seats.freed(role.seatId)),
      admit: admitter(() => this.host.docs(), this.limiter),
      onChange: (doc) => this.changed(doc),
      seats: this.limiter,
    })
    this.seats = new Seats(this.store, this.host)
    this.keeping = new Keeping(ctx.storage, this.store, () => this.host.open('table').doc)
  }

  /** Requests a seat may write a minute (its bytes a minute scale with it); tests raise it. */
  get requestsPerSeatPerMinute(): number {
    return this.limiter.requestsPerMinute
  }

  set requestsPerSeatPerMinute(perMinute: number) {
    this.limiter.requestsPerMinute = perMinute
  }

  // --- RPC from the Worker -------------------------------------------------------------------

  /**
   * Sets up a new room, optionally from an exported encounter, which passes the caps of live edits first
   * (`checkImport`). Refuses to overwrite one that exists. Nothing of a refused or failed setup is kept.
   */
  async init(meta: RoomMeta, imported: ImportedDocs = {}): Promise<RoomAnswer<true>> {
    if (this.store.meta()) return { ok: false, status: 409, error: 'Room id collision; try again.' }
    const checked = checkImport(imported)
    if (!checked.ok) return checked
    try {
      this.ctx.storage.transactionSync(() => this.store.create(meta, checked.docs))
      this.keeping.touch()
    } catch (error) {
      // A room whose id was never given out must not stay stored, unknown to anyone and never deleted.
      await this.wipe()
      throw error
    }
    return { ok: true, value: true }
  }

  /**
   * What the room stores and how long its documents take to rebuild from storage: for the GM's eyes
   * (and the long-session bench), never for players.
   */
  stats(): RoomStats | null {
    return this.store.meta() ? { ...this.store.stats(), loaded: this.host.loaded() } : null
  }

  info(): RoomInfo | null {
    const meta = this.store.meta()
    if (!meta) return null
    const { roomId, system, name, createdAt } = meta
    return { roomId, system, name, createdAt, keptUntil: this.keeping.keptUntil() }
  }

  async isGmKey(key: string): Promise<boolean> {
    return this.store.roleOfKey(await hashSecret(key))?.kind === 'gm'
  }

  createSeat(name: string, another = false): Promise<RoomAnswer<CreateSeatResponse>> {
    return this.seats.create(name, another)
  }

  handover(seatId: string, key: string): Promise<RoomAnswer<SeatHandoverResponse>> {
    return this.seats.handover(seatId, key)
  }

  joinSeat(typed: string): Promise<RoomAnswer<JoinSeatResponse>> {
    return this.seats.join(typed)
  }

  // --- the alarm -----------------------------------------------------------------------------

  /** Deletes a room left idle for its keeping time; a room in use pushes its alarm back instead. */
  override async alarm(): Promise<void> {
    if (await this.keeping.due(this.ctx.getWebSockets().length > 0)) await this.wipe()
  }

  /** Deletes everything the room stores, its alarm included: it is a room nobody created again. */
  private async wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm()
    await this.ctx.storage.deleteAll()
    this.host.reset()
    this.table = null
    this.limiter.clear()
    this.keeping.forget()
    this.store.deleted()
  }

  // --- WebSocket sync ------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const admitted = await gate(request, {
      exists: () => this.store.meta() !== null,
      roleOfKey: (keyHash) => this.store.roleOfKey(keyHash),
      seatFreed: (seatId) => this.seats.freed(seatId),
      filedFights: () => this.host.open('log').doc.getArray(LOG.filed).length,
      roles: () => this.host.roles(),
    })
    if (admitted instanceof Response) return admitted
    if (isPastDoc(admitted.docName)) moveFiledFights(this.store, this.host)
    this.keeping.touch()
    return upgrade(admitted, (ws) => this.host.accept(ws, admitted.docName, admitted.role))
  }

  override async webSocketMessage(ws: WebSocket, message: ArrayBuffer | string): Promise<void> {
    this.keeping.touch()
    this.host.message(ws, message)
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.host.close(ws, code, reason)
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.host.forget(ws)
  }

  /**
   * After an accepted update: a seat's or the GM's new requests are resolved; a GM's edit settles the
   * turn, and a seat the GM freed loses its phones' connections to its document.
   */
  private changed(doc: DocName): void {
    if (doc.startsWith('seat:')) this.tableRoom()?.resolveSeat(doc.slice(5))
    if (doc === 'gm') this.tableRoom()?.resolveGm()
    if (doc !== 'table') return
    this.seats.closeFreed()
    this.host.atomically(() => this.tableRoom()?.tableChanged())
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
        atomically: (work) => this.host.atomically(work),
        logBytes: () => this.host.compactedBytes('log', LIMITS.logFileBytes),
      })
    }
    return this.table
  }
}
