/**
 * The Yjs documents of a room and their shapes. Permissions are per document (see DESIGN.md):
 * `table` everyone reads, GM and server write; `log` everyone reads, only the server writes (so every
 * roll in it was made by the server); `gm` GM only; `seat:<id>` its player and the GM.
 */

import type { SurpriseSetup } from './surprise.ts'
import type { Intent } from './turns.ts'

export type DocName = 'table' | 'log' | 'gm' | `seat:${string}`

const SEAT_ID = /^[A-Za-z0-9_-]{8,64}$/

/** Parses a document name from a URL segment; null when it names no document of a room. */
export function parseDocName(value: string): DocName | null {
  if (value === 'table' || value === 'log' || value === 'gm') return value
  if (value.startsWith('seat:') && SEAT_ID.test(value.slice(5))) return value as DocName
  return null
}

export function seatDocName(seatId: string): DocName {
  return `seat:${seatId}`
}

/** Top-level keys of the `table` document. */
export const TABLE = {
  /** Y.Map<string, Y.Map<unknown>>: combatant id -> its fields (see `CombatantFields`). */
  combatants: 'combatants',
  /** Y.Map<string, unknown>: room settings the GM sets, see `RoomSettings`. */
  settings: 'settings',
  /** Y.Map<string, SeatInfo>: seat id -> who sits there and which character they play. */
  seats: 'seats',
  /** Y.Map<string, unknown>: the fields of `TurnState`, written by the server. */
  turn: 'turn',
} as const

export interface RoomSettings {
  /** Physical dice typed in by a player: logged as such at once, or held until the GM approves. */
  physicalDice: 'trust' | 'approve'
  /** odnd's optional rule: one initiative d6 for the whole party instead of one each. */
  partyInitiative: 'each-player' | 'one-roll'
  /** odnd's optional rule: roll initiative again every round (osr always does). */
  rerollInitiativeEachRound: boolean
}

export const DEFAULT_SETTINGS: RoomSettings = {
  physicalDice: 'trust',
  partyInitiative: 'each-player',
  rerollInitiativeEachRound: false,
}

/** Reads the settings the GM set in the table's settings map, defaults for the rest. */
export function readSettings(map: { get(key: string): unknown }): RoomSettings {
  return {
    physicalDice: map.get('physicalDice') === 'approve' ? 'approve' : 'trust',
    partyInitiative: map.get('partyInitiative') === 'one-roll' ? 'one-roll' : 'each-player',
    rerollInitiativeEachRound: map.get('rerollInitiativeEachRound') === true,
  }
}

/** Top-level keys of the `gm` document. */
export const GM = {
  /** Y.Array<Approval>: the GM's verdicts on physical-dice entries, applied to the log by the server. */
  approvals: 'approvals',
  /** Y.Array<GmRequest>: turn order and monster dice, resolved by the server. */
  requests: 'requests',
} as const

export interface Approval {
  entryId: string
  approve: boolean
}

/** Top-level keys of the `log` document, which only the server writes. */
export const LOG = {
  /** Y.Array<LogEntry>: the shared roll log. */
  entries: 'entries',
} as const

/** Top-level keys of a `seat:<id>` document. */
export const SEAT = {
  /** Y.Array<SeatRequest>: what the player asks the server to do. */
  requests: 'requests',
  /** Y.Map<string, RequestResult>: request id -> what became of it, written by the server. */
  results: 'results',
} as const

export interface CombatantFields {
  name: string
  hp: number
  maxHp: number
  /** Player characters belong to a seat; monsters and NPCs to the GM. */
  side?: 'pc' | 'foe'
  /** The seat playing this character, when one has claimed it. */
  seatId?: string | null
  /** The system's sheet as it was filled in (validated by the system's `parse`). */
  sheet?: Record<string, unknown>
}

/** A seat as everyone sees it (the secret stays with the phone). */
export interface SeatInfo {
  name: string
  combatantId: string | null
  /** Set by the GM to take the seat back; its phone can then only join again. */
  freed?: boolean
}

/** A player's request, written into their own seat document and resolved by the server. */
export type SeatRequest =
  | {
      id: string
      kind: 'roll'
      notation: 'd20'
      at: number
      /** Faces the player rolled on their own dice and typed in; absent for a server roll. */
      faces?: number[]
    }
  | { id: string; kind: 'create-character'; at: number; sheet: Record<string, unknown> }
  | { id: string; kind: 'claim'; at: number; combatantId: string }
  | { id: string; kind: 'initiative'; at: number; faces?: number[] }
  | { id: string; kind: 'end-turn'; at: number }
  /** Faction play (zones): take this character's turn now, or pass for the whole faction. */
  | { id: string; kind: 'act'; at: number }
  | { id: string; kind: 'pass'; at: number }
  /** brp's Statement of Intent: how far this character moves and what they attack with this round. */
  | { id: string; kind: 'intent'; at: number; intent: Intent }

/** What the GM asks of the room through the gm document (turn order, and dice for monsters). */
export type GmRequest =
  /** With `surprise`, the room checks surprise first: the unaware who are caught sit out round 1. */
  | { id: string; kind: 'start-combat'; surprise?: SurpriseSetup }
  | { id: string; kind: 'roll-foes' }
  | { id: string; kind: 'next-turn' }
  | { id: string; kind: 'end-combat' }
  | { id: string; kind: 'act'; combatantId: string }
  | { id: string; kind: 'pass' }
  /** brp: the GM declares a monster's intent, or ends the Statement of Intent for everyone. */
  | { id: string; kind: 'intent'; combatantId: string; intent: Intent }
  | { id: string; kind: 'begin-actions' }

export type RequestResult = { ok: true; logId: string } | { ok: false; error: string }

/** One entry of the shared log. Every digital roll in it was made by the server. */
export interface LogEntry {
  id: string
  at: number
  /** Who rolled, as shown at the table. */
  by: string
  notation: string
  faces: number[]
  total: number
  /** `crypto`: rolled by the server. `physical`: faces a player typed in from their own dice. */
  source: 'crypto' | 'seeded' | 'physical'
  /** What the roll was for and how it adds up, e.g. "Initiative: d6 3 + DEX bonus 2". */
  detail?: string
  /** Physical dice in a room that wants them approved: pending until the GM decides. */
  status?: 'pending' | 'approved' | 'rejected'
}
