/**
 * The EncounterRoom Durable Object: one per encounter. It wires SQLite storage, WebSocket hibernation and
 * the alarm to the room's parts beside it: the SQL store, the Yjs host and the table room.
 */

import { DurableObject } from 'cloudflare:workers'
import {
  CLOSE,
  type CreateSeatResponse,
  type DocName,
  isPastDoc,
  type JoinSeatResponse,
  LIMITS,
  LOG,
  NO_SUCH_DOC,
  PAST,
  type PastFight,
  parseDocName,
  type RoomInfo,
  type SeatHandoverResponse,
  type SeatInfo,
  seatDocName,
  TABLE,
} from '@fray/protocol'
import { cryptoDice } from '@fray/rules'
import type * as Y from 'yjs'
import { hashSecret, newHandoverCode, newSeatId, newSecret, normalizeHandoverCode } from '../ids.ts'
import { canRead, canWrite, type Role } from './access.ts'
import { combatantsIn } from './fighters.ts'
import { checkImport, misshapen } from './imports.ts'
import { SeatLimiter } from './rate-limit.ts'
import { type ImportedDocs, type RoomMeta, type RoomStats, RoomStore } from './room-store.ts'
import { TableRoom } from './table-room.ts'
import { type Refusal, YHost } from './y-host.ts'

export type { ImportedDocs, RoomStats } from './room-store.ts'
export { MAX_MESSAGE_BYTES } from './y-host.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A room nobody has connected to or written in for this long is deleted by its alarm. */
export const IDLE_DELETE_MS = 30 * DAY_MS
/** A room with a party (player characters on its table) is kept this long: a group comes back to it. */
export const PARTY_KEEP_MS = 180 * DAY_MS
/** How long a seat's handover code works. */
export const HANDOVER_MS = 10 * 60 * 1000
/** Handover codes a seat's own phone may make an hour (the GM's "Let back in" signs the others out, so is not counted). */
export const HANDOVERS_PER_HOUR = 5
const HOUR_MS = 60 * 60 * 1000
/**
 * Connections a room takes open at once, by the key they hold. Every device's log and a phone before it sits
 * hold no key (a full table is about 30); each phone holds two with its seat's key, each GM device two.
 * Onlookers with the player link cannot take the seats' or the GM's connections.
 */
export const CONNECTIONS = { keyless: 100, perSeat: 8, gm: 20 } as const

/** What the room answers a call a person made: a value, or why not with the HTTP status to say it with. */
export type RoomAnswer<T> =
  | { ok: true; value: T }
  | {
      ok: false
      status: 400 | 403 | 404 | 409 | 413 | 429
      error: string
      retryAfterS?: number
      /** A new seat refused for a name already seated: that seat's name (`ApiError.seated`). */
      seated?: string
    }

const FREED = 'The GM freed this seat: join again as a new player.'

/** Two seat names a table would take for the same player: "Mira" and " mira ". */
const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0

/** Where a room of one earlier version filed all its fights (see `moveFiledFights`). */
const ONE_PAST_DOC = 'past'

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
  /** What each seat may still write this minute, in requests and in bytes. */
  private readonly seats: SeatLimiter

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env)
    this.store = new RoomStore(ctx.storage.sql)
    const configured = Number((env as { REQUESTS_PER_SEAT_PER_MINUTE?: string }).REQUESTS_PER_SEAT_PER_MINUTE)
    this.seats = new SeatLimiter(
      Number.isFinite(configured) && configured > 0 ? configured : LIMITS.requestsPerSeatPerMinute,
    )
    this.host = new YHost(ctx, this.store, {
      // A seat the GM freed writes nothing more, whatever key its phone still holds.
      canWrite: (role, doc) =>
        canWrite(role, doc) && !(role.kind === 'seat' && this.seatInfo(role.seatId)?.freed),
      admit: (doc, role) => this.admit(doc, role),
      onChange: (doc) => this.changed(doc),
      seats: this.seats,
    })
  }

  /**
   * Requests a seat may write a minute: `LIMITS`, unless the deployment's REQUESTS_PER_SEAT_PER_MINUTE
   * says (its bytes a minute scale with it).
   */
  get requestsPerSeatPerMinute(): number {
    return this.seats.requestsPerMinute
  }

  set requestsPerSeatPerMinute(perMinute: number) {
    this.seats.requestsPerMinute = perMinute
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
      this.touch()
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

  /** How long this room is kept unused: longer once it has a party to come back to. */
  private keepFor(): number {
    const combatants = this.host.open('table').doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    return [...combatants.values()].some((c) => c.get('side') === 'pc') ? PARTY_KEEP_MS : IDLE_DELETE_MS
  }

  /** Deletes a room left idle for its keeping time; a room in use pushes its alarm back instead. */
  override async alarm(): Promise<void> {
    const idleUntil = this.store.lastActive() + this.keepFor()
    if (this.ctx.getWebSockets().length > 0 || Date.now() < idleUntil) {
      await this.ctx.storage.setAlarm(Math.max(idleUntil, Date.now() + TOUCH_EVERY_MS))
      return
    }
    await this.wipe()
  }

  /** Deletes everything the room stores, its alarm included: it is a room nobody created again. */
  private async wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm()
    await this.ctx.storage.deleteAll()
    this.host.reset()
    this.table = null
    this.seats.clear()
    this.store.deleted()
  }

  info(): RoomInfo | null {
    const meta = this.store.meta()
    if (!meta) return null
    return {
      roomId: meta.roomId,
      system: meta.system,
      name: meta.name,
      createdAt: meta.createdAt,
      keptUntil: this.store.lastActive() + this.keepFor(),
    }
  }

  async isGmKey(key: string): Promise<boolean> {
    return this.store.roleOfKey(await hashSecret(key))?.kind === 'gm'
  }

  /**
   * A new seat, unless the room holds as many seats in use (not freed) as it takes, or (unless `another`)
   * a seat in use has that name already: then the player is asked whether it is theirs.
   */
  async createSeat(name: string, another = false): Promise<RoomAnswer<CreateSeatResponse>> {
    if (!this.store.meta()) return { ok: false, status: 404, error: NO_ROOM }
    const seatId = newSeatId()
    const seatKey = newSecret()
    const keyHash = await hashSecret(seatKey)
    // No await from here on: the count and the new seat are one turn of the room.
    const seats = this.host.open('table').doc.getMap<SeatInfo>(TABLE.seats)
    const inUse = [...seats.values()].filter((seat) => !seat.freed)
    const same = inUse.find((seat) => sameName(seat.name, name))
    if (same && !another) {
      return {
        ok: false,
        status: 409,
        error: `${same.name} already has a seat at this table. If that is you on a new phone, ask the GM to tap “Let back in” by your name and type the code they show below.`,
        seated: same.name,
      }
    }
    if (inUse.length >= LIMITS.seatsPerRoom) {
      return {
        ok: false,
        status: 409,
        error: `This room has all its ${LIMITS.seatsPerRoom} seats taken: ask the GM to free one.`,
      }
    }
    this.host.atomically(() => {
      this.store.addSeat(seatId, name, keyHash, Date.now())
      const table = this.host.open('table').doc
      table.transact(
        () => table.getMap<SeatInfo>(TABLE.seats).set(seatId, { name, combatantId: null }),
        'server',
      )
    }, 'table')
    return { ok: true, value: { seatId, seatKey } }
  }

  /**
   * A one-time code that lets another phone into `seatId`, for the holder of that seat's key or of the GM
   * key, and nobody else. The GM's code signs the seat's other phones out once taken (a lost phone); the
   * player's own leaves their first phone in.
   */
  async handover(seatId: string, key: string): Promise<RoomAnswer<SeatHandoverResponse>> {
    if (!this.store.meta()) return { ok: false, status: 404, error: NO_ROOM }
    const role = this.store.roleOfKey(await hashSecret(key))
    if (!role || role.kind === 'player' || (role.kind === 'seat' && role.seatId !== seatId)) {
      return {
        ok: false,
        status: 403,
        error: 'Only this seat’s own phone or the GM can hand this seat over.',
      }
    }
    if (this.store.seatName(seatId) === null) return { ok: false, status: 404, error: NO_SEAT }
    if (this.seatInfo(seatId)?.freed) return { ok: false, status: 409, error: FREED }
    const code = newHandoverCode()
    const codeHash = await hashSecret(normalizeHandoverCode(code) ?? code)
    // No await from here on: the count and the new code are one turn of the room.
    const now = Date.now()
    const signsOut = role.kind === 'gm'
    if (!signsOut) {
      const made = this.store.handoversMadeSince(seatId, now - HOUR_MS)
      const oldest = made[made.length - HANDOVERS_PER_HOUR]
      if (oldest !== undefined) {
        const retryAfterS = Math.ceil((oldest + HOUR_MS - now) / 1000)
        return {
          ok: false,
          status: 429,
          error: `This seat made ${HANDOVERS_PER_HOUR} handover codes in the last hour; try again in ${Math.ceil(retryAfterS / 60)} minutes.`,
          retryAfterS,
        }
      }
    }
    this.ctx.storage.transactionSync(() => {
      if (!signsOut) this.store.handoverMade(seatId, now)
      this.store.addHandover(seatId, codeHash, now + HANDOVER_MS, signsOut, now)
    })
    return { ok: true, value: { code, expiresAt: now + HANDOVER_MS, signsOut } }
  }

  /** Takes a handover code (once): a new key of its seat for the phone that brought it. */
  async joinSeat(typed: string): Promise<RoomAnswer<JoinSeatResponse>> {
    if (!this.store.meta()) return { ok: false, status: 404, error: NO_ROOM }
    const code = normalizeHandoverCode(typed)
    if (!code) {
      return { ok: false, status: 400, error: 'A seat code has 8 letters and digits, like ABCD-EFGH.' }
    }
    const codeHash = await hashSecret(code)
    const seatKey = newSecret()
    const keyHash = await hashSecret(seatKey)
    // No await from here on: the code is taken, the key given and the seat marked as handed over (so the
    // dialog that showed the code closes on every device) in one turn of the room.
    const taken = this.host.atomically(() => {
      const now = Date.now()
      const handover = this.store.takeHandover(codeHash, now)
      const seat = handover && this.seatInfo(handover.seatId)
      if (!handover || !seat || seat.freed) return handover && { ...handover, freed: true }
      this.store.addSeatKey(handover.seatId, keyHash, handover.signsOut)
      const table = this.host.open('table').doc
      table.transact(
        () => table.getMap<SeatInfo>(TABLE.seats).set(handover.seatId, { ...seat, handedOverAt: now }),
        'server',
      )
      return { ...handover, freed: false }
    }, 'table')
    if (!taken) {
      return {
        ok: false,
        status: 404,
        error:
          'That seat code does not work (any more): a code works once, for 10 minutes. Ask for a new one.',
      }
    }
    if (taken.freed) return { ok: false, status: 409, error: FREED }
    if (taken.signsOut) {
      this.host.closeSeat(taken.seatId, 'The GM let this seat in on another phone; this one is signed out.')
    }
    const name = this.store.seatName(taken.seatId) ?? ''
    return { ok: true, value: { seatId: taken.seatId, seatKey, name } }
  }

  // --- WebSocket sync ------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (!this.store.meta()) return jsonError(404, NO_ROOM)
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return jsonError(426, 'This address is a WebSocket sync endpoint; connect with a Yjs provider.')
    }
    const url = new URL(request.url)
    const docName = parseDocName(decodeURIComponent(url.pathname.split('/').pop() ?? ''))
    if (!docName) return jsonError(404, NO_SUCH_DOC)
    const offered = keyFromProtocols(request.headers.get('Sec-WebSocket-Protocol'))
    // No key: a player with the room link. The GM key: the GM. A seat key: that seat's player.
    const key = offered ?? url.searchParams.get('key')
    const role: Role | null = key ? this.store.roleOfKey(await hashSecret(key)) : { kind: 'player' }
    if (!role) return jsonError(403, 'The key in this link is not valid for this room.')
    if (role.kind === 'seat' && docName === seatDocName(role.seatId) && this.seatInfo(role.seatId)?.freed) {
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
      const filed = this.host.open('log').doc.getArray(LOG.filed).length
      if (!(n < filed)) {
        const listed = filed === 0 ? 'no filed fight yet' : `fights past:0 to past:${filed - 1}`
        return jsonError(404, `This room’s log lists ${listed}; there is no ${docName}.`)
      }
      this.moveFiledFights()
    }
    this.touch()
    const pair = new WebSocketPair()
    const crowded = this.crowded(role)
    if (crowded) {
      // Refused after the upgrade, not at it: a browser shows a close's code and reason, never a status.
      pair[1].accept()
      pair[1].close(CLOSE.crowded, crowded)
      return new Response(null, { status: 101, webSocket: pair[0], headers: protocolHeaders(offered) })
    }
    this.host.accept(pair[1], docName, role)
    return new Response(null, { status: 101, webSocket: pair[0], headers: protocolHeaders(offered) })
  }

  /** Why one more connection with this role is over `CONNECTIONS`, or null when it is not. */
  private crowded(role: Role): string | null {
    const same = (other: Role) =>
      other.kind === role.kind &&
      (role.kind !== 'seat' || (other.kind === 'seat' && other.seatId === role.seatId))
    const open = this.host.roles().filter(same).length
    const shut = 'close the room on a device that does not need it.'
    if (role.kind === 'player' && open >= CONNECTIONS.keyless)
      return `This room has its ${CONNECTIONS.keyless} connections without a key open; one more opens when another closes.`
    if (role.kind === 'seat' && open >= CONNECTIONS.perSeat)
      return `This seat has ${CONNECTIONS.perSeat} connections open, its most: ${shut}`
    if (role.kind === 'gm' && open >= CONNECTIONS.gm)
      return `The GM key has ${CONNECTIONS.gm} connections open, its most: ${shut}`
    return null
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

  /**
   * A room of one earlier version filed every fight in one `past` document, in the order the log lists
   * them: on the first read of a filed fight, each moves to its own `past:<n>` and the old document goes.
   */
  private moveFiledFights(): void {
    if (!this.store.hasDoc(ONE_PAST_DOC)) return
    const old = this.store.loadDoc(ONE_PAST_DOC)
    const docs = this.host.docs()
    this.host.atomically(() => {
      const fights = old.getArray<PastFight>(PAST.fights).toArray()
      for (const [n, fight] of fights.entries()) docs.past(n).getArray<PastFight>(PAST.fights).push([fight])
      this.store.dropDoc(ONE_PAST_DOC)
    })
    old.destroy()
  }

  /**
   * After an accepted update: a seat's or the GM's new requests are resolved; a GM's edit settles the
   * turn, and a seat the GM freed loses its phones' connections to its document.
   */
  private changed(doc: DocName): void {
    if (doc.startsWith('seat:')) this.tableRoom()?.resolveSeat(doc.slice(5))
    if (doc === 'gm') this.tableRoom()?.resolveGm()
    if (doc !== 'table') return
    for (const [seatId, seat] of this.host.open('table').doc.getMap<SeatInfo>(TABLE.seats)) {
      if (seat.freed) this.host.closeSeat(seatId, FREED)
    }
    this.host.atomically(() => this.tableRoom()?.tableChanged())
  }

  /**
   * The room's quotas on a client's update, measured before it applies and checked once it has (a
   * refusal rolls it back): combatants on the table and hidden ones together, and a seat's requests a minute.
   */
  private admit(doc: DocName, _role: Role): (added: { requests: number }) => Refusal | null {
    const counted = doc === 'table' || doc === 'gm'
    const before = counted ? this.combatants() : 0
    return (added) => {
      // Every reader of a combatant takes it as a map of its fields: anything else would stop the room.
      const shapeless = counted ? this.shapeless() : null
      if (shapeless) return { code: CLOSE.malformed, reason: shapeless }
      const after = counted ? this.combatants() : 0
      // Only growth is refused: a room already past the quota (an import) can still be edited down.
      if (after > LIMITS.combatantsPerRoom && after > before) {
        return {
          code: CLOSE.full,
          reason: `A room holds at most ${LIMITS.combatantsPerRoom} combatants, hidden ones included; remove some first.`,
        }
      }
      if (!doc.startsWith('seat:') || added.requests === 0) return null
      const over = this.seats.takeRequests(doc.slice(5), added.requests, Date.now())
      return over ? { code: CLOSE.rateLimited, reason: over } : null
    }
  }

  /** Why a combatant written to the table or the GM's document has no shape the room reads, or null. */
  private shapeless(): string | null {
    const { table, gm } = this.host.docs()
    const bad = misshapen(table, gm)
    return bad
      ? `A combatant is a map of its fields (Y.Map); "${bad.id}" is not. Nothing of this update was applied.`
      : null
  }

  /** Combatants on the table and hidden in the GM's document. */
  private combatants(): number {
    const { table, gm } = this.host.docs()
    return combatantsIn(table, gm)
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

  private seatInfo(seatId: string): SeatInfo | undefined {
    return this.host.open('table').doc.getMap<SeatInfo>(TABLE.seats).get(seatId)
  }

  /** Records activity and pushes the idle-deletion alarm back, at most once an hour per instance. */
  private touch(): void {
    const now = Date.now()
    if (now - this.lastTouch < TOUCH_EVERY_MS) return
    this.lastTouch = now
    this.store.setLastActive(now)
    void this.ctx.storage.setAlarm(now + this.keepFor())
  }
}

const NO_ROOM = 'There is no room with this id. Check the link, or ask the GM for a new one.'
const NO_SEAT = 'There is no such seat in this room.'

/** A key offered as a subprotocol must be answered with the protocol name, or the browser hangs up. */
function protocolHeaders(offered: string | null): HeadersInit | undefined {
  return offered ? { 'Sec-WebSocket-Protocol': KEY_PROTOCOL } : undefined
}

function keyFromProtocols(header: string | null): string | null {
  const protocols = header?.split(',').map((p) => p.trim()) ?? []
  if (!protocols.includes(KEY_PROTOCOL)) return null
  return protocols.find((p) => p.startsWith('key.'))?.slice(4) ?? null
}

function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status })
}
