/** The HTTP API's request and response bodies. */
import type { SystemId } from './systems.ts'

export interface CreateRoomRequest {
  system: SystemId
  name?: string
  /**
   * An exported encounter file as it was read (version 2, or 1), of `system`: the room reads every field
   * (`readAnyEncounter`) and builds its documents from it. The log of the fight at hand is never imported;
   * its past fights come as imported.
   */
  encounter?: unknown
}

/** What "Export" downloaded before version 2, which "Import" still reads: the documents as Yjs updates. */
export interface ExportedEncounterV1 {
  fray: 'encounter'
  version: 1
  system: SystemId
  name: string
  exportedAt: string
  documents: { table: string; gm: string }
  /** The roll log, for reading; a new room starts its own log, since only the server writes one. */
  log: unknown[]
}

export interface CreateRoomResponse {
  roomId: string
  gmKey: string
  /** Path of the GM link; the key travels in the fragment so it never reaches a server log. */
  gmLink: string
  playerLink: string
}

export interface RoomInfo {
  roomId: string
  system: SystemId
  name: string
  createdAt: number
  /** Unused until then, the room is deleted: 30 days after its last use, 180 once it has a party. */
  keptUntil?: number
}

export interface CreateSeatRequest {
  name: string
  /**
   * A second player of a name a seat already has: without it, the room answers 409 with `seated` (a
   * player who lost their phone is asked "is this you?" instead of getting a blank seat of their name).
   */
  another?: boolean
}

export interface CreateSeatResponse {
  seatId: string
  seatKey: string
}

/**
 * A one-time code that lets another phone into a seat, made for the seat's own phone ("Use on another
 * phone") or for the GM ("Let back in"): `POST /api/rooms/<id>/seats/<seatId>/handover` with
 * `Authorization: Bearer <that seat's key or the GM key>`. The code is not the seat's key: it works once,
 * for a few minutes, and its link carries it in the fragment (`/r/<id>#seat=<code>`).
 */
export interface SeatHandoverResponse {
  code: string
  /** When the code stops working (ms since the epoch). */
  expiresAt: number
  /** Whether taking it signs the seat's other phones out (the GM's "Let back in", for a lost phone). */
  signsOut: boolean
}

/** `POST /api/rooms/<id>/seats/join`: a handover code, in the body so it never lands in a URL. */
export interface JoinSeatRequest {
  code: string
}

/** A new key of the same seat, for the phone that brought the code. */
export interface JoinSeatResponse extends CreateSeatResponse {
  name: string
}

export interface ApiError {
  error: string
  /** Refused a new seat: the name of the seat already in the room that the name asked for matches. */
  seated?: string
}

/** Close codes a room uses, each with a reason the client can show. */
export const CLOSE = {
  forbidden: 4003,
  /** This phone's key no longer opens its seat: the GM let the seat in on another phone, or freed it. */
  signedOut: 4001,
  /** A message over `LIMITS.messageBytes` (or a presence over `LIMITS.presenceBytes`): send it in parts. */
  tooLarge: 4009,
  malformed: 4000,
  /** A document or the room is full, or the room holds as many seats or combatants as it takes. */
  full: 4013,
  /** Too fast (messages, sync requests or a seat's requests): wait and connect again. */
  rateLimited: 4029,
  /** The room (or this key) has as many connections open as it takes: connect again once one closes. */
  crowded: 4030,
  /** The room could not store a change and kept none of it: connect again and it is sent again. */
  storeFailed: 1011,
} as const

/**
 * What one room takes, sized for a weekly group's long campaign: a 3,000-roll game night stores about
 * 770 kB in all (its busiest seat about 340 kB, its log about 290 kB).
 */
export const LIMITS = {
  /** Largest frame a client may send; the app splits bigger changes into frames under it. */
  messageBytes: 1024 * 1024,
  /** Largest presence (awareness) update: a name and a seat take under 200 bytes. */
  presenceBytes: 2048,
  /** Seats in use (not freed by the GM) per room. */
  seatsPerRoom: 20,
  /** Combatants on the table plus hidden monsters in the GM's document. */
  combatantsPerRoom: 200,
  /** Stored bytes of one document a client writes. */
  docBytes: 2 * 1024 * 1024,
  /** Stored bytes of all the room's documents together. */
  roomBytes: 8 * 1024 * 1024,
  /**
   * The live log's stored bytes at which the room files its older entries as a past fight (`past:<n>`),
   * so what the room writes never takes the log past `docBytes`.
   */
  logFileBytes: 1024 * 1024,
  /** The GM's changes of at most this many bytes (a request, a freed seat, a removal) are never refused as full... */
  recoveryBytes: 4 * 1024,
  /** ...up to this much past a full document (the room's quota never refuses the GM's table and gm documents). */
  recoveryReserveBytes: 256 * 1024,
  /** Requests one seat may write per minute (a burst of as many, refilled evenly). */
  requestsPerSeatPerMinute: 120,
  /** Sync requests (sync step 1) one connection may send: a burst of 5, then one per 10 seconds. */
  syncRequests: { burst: 5, perSecond: 0.1 },
  /**
   * Bytes of sync answers one connection may receive: a burst of twice a full document (a phone syncing
   * once takes it whole), then 64 KiB a second, whatever the document's size.
   */
  syncBytes: { burst: 4 * 1024 * 1024, perSecond: 64 * 1024 },
  /**
   * Bytes one seat may have stored a minute (a burst of as many, refilled evenly): its own updates and
   * what the room wrote resolving its requests. A minute's 120 plain rolls fit in it.
   */
  seatBytesPerMinute: 64 * 1024,
  /**
   * The GM's removals and End combats of the fight at hand the room keeps what it needs to undo (a
   * removed combatant's fields, up to a sheet's size each): older ones say they can no longer be undone.
   */
  undoableActs: 32,
} as const
