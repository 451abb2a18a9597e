/** The HTTP API's request and response bodies. */
import type { SystemId } from './systems.ts'

export interface CreateRoomRequest {
  system: SystemId
  name?: string
  /** From an exported encounter: base64 Yjs updates of `table` and `gm`. The log is never imported. */
  documents?: { table?: string; gm?: string }
}

/** What the GM's "Export" downloads, and "Import" reads back into a new room. */
export interface ExportedEncounter {
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
}

export interface CreateSeatRequest {
  name: string
}

export interface CreateSeatResponse {
  seatId: string
  seatKey: string
}

export interface ApiError {
  error: string
}

/** Close codes a room uses, each with a reason the client can show. */
export const CLOSE = {
  forbidden: 4003,
  tooLarge: 4009,
  malformed: 4000,
  rateLimited: 4029,
} as const
