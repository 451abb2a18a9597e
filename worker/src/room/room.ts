/**
 * One encounter room, over its runtime's ports (ports.ts): the SQL store, the Yjs host, the seats, the
 * socket gate, the quotas, the alarm and the table room of its system. The Durable Object hands it
 * its own ports (encounter-room.ts); the Node tests hand it sockets in memory and SQLite in WebAssembly.
 */
import type {
  CreateSeatResponse,
  DocName,
  JoinSeatResponse,
  RoomInfo,
  SeatHandoverResponse,
} from '@fray/protocol'
import { isPastDoc, LIMITS, LOG } from '@fray/protocol'
import { cryptoDice, type DiceSource } from '@fray/rules'
import { hashSecret } from '../ids.ts'
import { canWrite } from './access.ts'
import { moveFiledFights } from './filed-fights.ts'
import { buildImport, type ImportRefusal } from './imports.ts'
import { Keeping } from './keeping.ts'
import type { RoomPorts, RoomSocket } from './ports.ts'
import { admitter } from './quotas.ts'
import type { SeatLimiter } from './rate-limit.ts'
import type { RoomAnswer } from './room-answer.ts'
import { type ImportedDocs, type RoomMeta, type RoomStats, RoomStore } from './room-store.ts'
import { Seats } from './seats.ts'
import { type Admitted, gate } from './socket-gate.ts'
import { TableRoom } from './table-room.ts'
import { YHost } from './y-host.ts'

export class Room {
  private readonly store: RoomStore
  private readonly host: YHost
  private readonly seats: Seats
  private readonly keeping: Keeping
  /** The table room of this room's system, made once the room exists. */
  private table: TableRoom | null = null

  constructor(
    private readonly ports: RoomPorts,
    /** What each seat may still write this minute, in requests and in bytes. */
    readonly limiter: SeatLimiter,
    private readonly dice: DiceSource = cryptoDice((array) => crypto.getRandomValues(array)),
    /** The table's clock (a test moves it on to a defense's deadline). */
    private readonly now: () => number = () => Date.now(),
  ) {
    this.store = new RoomStore(ports.sql)
    this.host = new YHost(ports, this.store, {
      // A seat the GM freed writes nothing more, whatever key its phone still holds.
      canWrite: (role, doc) =>
        canWrite(role, doc) && !(role.kind === 'seat' && this.seats.freed(role.seatId)),
      admit: admitter(() => this.host.docs(), limiter),
      onChange: (doc) => this.changed(doc),
      seats: limiter,
    })
    this.seats = new Seats(this.store, this.host)
    this.keeping = new Keeping(ports, this.store, () => this.host.open('table').doc)
  }

  /**
   * Sets up a new room, optionally from an exported encounter, which the room reads field by field and
   * builds its documents from (`buildImport`). Refuses to overwrite one that exists. Nothing of a refused
   * or failed setup is kept.
   */
  async init(meta: RoomMeta, encounter?: unknown): Promise<RoomAnswer<true>> {
    if (this.store.meta()) return { ok: false, status: 409, error: 'Room id collision; try again.' }
    const checked: { ok: true; docs: ImportedDocs } | ImportRefusal =
      encounter === undefined ? { ok: true, docs: {} } : buildImport(meta.system, encounter)
    if (!checked.ok) return checked
    try {
      this.ports.transactionSync(() => this.store.create(meta, checked.docs))
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

  /**
   * The alarm rang: players' defenses whose time ran out are answered (where the GM set the room so); a
   * room left idle for its keeping time is deleted, one in use pushes its alarm back.
   */
  async alarm(): Promise<void> {
    const table = this.tableRoom()
    table?.answerLate()
    this.keeping.wake(table?.nextWake() ?? null)
    if (await this.keeping.due(this.ports.connected() > 0)) await this.wipe()
  }

  /** Deletes everything the room stores, its alarm included: it is a room nobody created again. */
  private async wipe(): Promise<void> {
    await this.ports.deleteAlarm()
    await this.ports.deleteAll()
    this.host.reset()
    this.table = null
    this.limiter.clear()
    this.keeping.forget()
    this.store.deleted()
  }

  // --- sockets -------------------------------------------------------------------------------

  /** Reads a socket's upgrade request: a refusal to answer with, or the connection to `accept`. */
  gate(request: Request): Promise<Response | Admitted> {
    return gate(request, {
      exists: () => this.store.meta() !== null,
      roleOfKey: (keyHash) => this.store.roleOfKey(keyHash),
      seatFreed: (seatId) => this.seats.freed(seatId),
      filedFights: () => this.host.open('log').doc.getArray(LOG.filed).length,
      roles: () => this.host.roles(),
    })
  }

  /** Takes the room's end of a socket the gate let through (and not crowded out). */
  accept(ws: RoomSocket, admitted: Admitted): void {
    if (isPastDoc(admitted.docName)) moveFiledFights(this.store, this.host)
    // An older room's table, as its devices read it now, before the first of them syncs it.
    if (admitted.docName === 'table') this.tableRoom()?.upgrade()
    this.keeping.touch()
    this.host.accept(ws, admitted.docName, admitted.role)
  }

  message(ws: RoomSocket, message: ArrayBuffer | string): void {
    this.keeping.touch()
    this.host.message(ws, message)
  }

  close(ws: RoomSocket, code: number, reason: string): void {
    this.host.close(ws, code, reason)
  }

  error(ws: RoomSocket): void {
    this.host.forget(ws)
  }

  /**
   * After an accepted update: a seat's or the GM's new requests are resolved; a GM's edit settles the
   * turn, and a seat the GM freed loses its phones' connections to its document.
   */
  private changed(doc: DocName): void {
    if (doc.startsWith('seat:')) this.tableRoom()?.resolveSeat(doc.slice(5))
    if (doc === 'gm') this.tableRoom()?.resolveGm()
    if (doc === 'table') {
      this.seats.closeFreed()
      this.host.atomically(() => this.tableRoom()?.tableChanged())
    }
    // A player's defense opened (or its setting changed): the alarm rings when its time runs out.
    this.keeping.wake(this.tableRoom()?.nextWake() ?? null)
  }

  /** The table room of this room's system, made once the room exists. */
  private tableRoom(): TableRoom | null {
    const meta = this.table ? null : this.store.meta()
    if (meta) {
      this.table = new TableRoom({
        system: meta.system,
        docs: this.host.docs(),
        dice: this.dice,
        now: this.now,
        processed: this.store.processed,
        seatName: (seatId) => this.store.seatName(seatId),
        atomically: (work) => this.host.atomically(work),
        logBytes: () => this.host.compactedBytes('log', LIMITS.logFileBytes),
      })
    }
    return this.table
  }
}
