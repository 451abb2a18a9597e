/**
 * The Yjs documents of a room and their shapes. Permissions are per document (see DESIGN.md):
 * `table` everyone reads, GM and server write; `log` everyone reads, only the server writes (so every
 * roll in it was made by the server); `past:<n>` (the n-th fight filed, n from 0) likewise, and a device
 * opens one only to read that fight; `gm` GM only; `seat:<id>` its player and the GM.
 */

import type {
  BreakdownLine,
  Declared,
  DefenseOption,
  EventMoment,
  FighterChange,
  TurnState,
} from '@fray/rules'
import type { SealedResult } from './seal.ts'
import type { Intent, StartedBy, SurpriseSetup } from './turn-state.ts'

export type DocName = 'table' | 'log' | 'gm' | `seat:${string}` | `past:${number}`

const SEAT_ID = /^[A-Za-z0-9_-]{8,64}$/
/** A filed fight's number: its place in `LOG.filed`, from 0, without leading zeros. */
const FIGHT_NUMBER = /^(0|[1-9][0-9]{0,8})$/

/** What a name that `parseDocName` refuses is told. */
export const NO_SUCH_DOC = 'A room has the documents "table", "log", "gm", "seat:<id>" and "past:<n>" only.'

/** Parses a document name from a URL segment; null when it names no document of a room. */
export function parseDocName(value: string): DocName | null {
  if (value === 'table' || value === 'log' || value === 'gm') return value
  if (value.startsWith('seat:') && SEAT_ID.test(value.slice(5))) return value as DocName
  if (value.startsWith('past:') && FIGHT_NUMBER.test(value.slice(5))) return value as DocName
  return null
}

export function seatDocName(seatId: string): DocName {
  return `seat:${seatId}`
}

/** The document of the `n`-th fight filed (its place in `LOG.filed`, from 0). */
export function pastDocName(n: number): DocName {
  return `past:${n}`
}

/** Whether a document is a filed fight's: written once by the room, outside the room's stored quota. */
export const isPastDoc = (name: string): boolean => name.startsWith('past')

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
  /**
   * Y.Map<string, PendingDefense>: attacks waiting for the defender's answer, written by the server under
   * reused slot keys (worker/src/room/prompts.ts): a prompt is known by its `id`, never by its key.
   */
  prompts: 'prompts',
} as const

/** An attack waiting for its target's answer (parry or dodge, and the like). */
export interface PendingDefense {
  id: string
  attackerId: string
  targetId: string
  declared: Declared
  /** The attacker's own dice, typed in, used when the attack resolves. */
  faces?: number[]
  /**
   * The attack's own roll, made before the defender is asked where the text says so (brp 5.6: "A parry is
   * determined after the attack roll is made"): the room's faces, which the attack resolves with, and what
   * they came to in the defender's words. A typed roll is in `faces`, and its words here.
   */
  rolled?: { faces: number[]; says: string }
  options: DefenseOption[]
  /** What the attacker does to the target where it is no attack (the choice's `against`: "moves away from"). */
  against?: string
  askedAt: number
  /** From this moment the GM may answer for a player who has not (the room's `defenseSeconds`). */
  gmAfter: number
  /**
   * A question an outcome asks the GM alone, in its words (osr: which allies a missed shot may hit):
   * nobody else answers it, and the defender's phone does not show it.
   */
  question?: string
  /**
   * The answer is any number of the options, in the order picked, their ids joined by `+`; an option
   * without odds (`chance` null, "Nobody") stands alone. `verb` is the words of the button that sends it.
   */
  many?: boolean
  verb?: string
}

export interface RoomSettings {
  /** Physical dice typed in by a player: logged as such at once, or held until the GM approves. */
  physicalDice: 'trust' | 'approve'
  /** odnd's optional rule: one initiative d6 for the whole party instead of one each. */
  partyInitiative: 'each-player' | 'one-roll'
  /** odnd's optional rule: roll initiative again every round (osr always does). */
  rerollInitiativeEachRound: boolean
  /** Seconds a player has to answer a defense prompt before the GM may answer for them. */
  defenseSeconds: number
  /**
   * What players see of monsters: exact hit points, a word ("Hurt", "Bloodied"), or nothing. When not
   * exact, a monster's hit points live in the gm document (see `foe-health.ts`).
   */
  foeHealth: FoeHealthView
  /**
   * Where players do not see monsters' hit points, whether their odds still show a monster's defense
   * (AC, DEF, armour) or only the chance to hit.
   */
  showFoeDefense: boolean
  /**
   * Who answers an attack on a monster (or on a character no player sits at): the GM, on a prompt of
   * theirs, or the room at once: by the book (the defense offered with the best odds), or no defense.
   */
  foeDefense: 'gm' | 'book' | 'none'
  /**
   * What answers a player's defense once their time (`defenseSeconds`) has run out: the GM, who may then
   * answer for them (`wait`), or the room at once: no defense, or the one with the best odds by the book.
   */
  lateDefense: 'wait' | 'none' | 'book'
  /**
   * zones: when damage incapacitates, which the text leaves open ("critical damage"): the GM is asked at
   * each blow that leaves one above 0 health (`ask-gm`, the README's default), or only at 0 health. At 0
   * health one is incapacitated whatever this says.
   */
  incapacitation: 'ask-gm' | 'at-zero'
}

export type FoeHealthView = 'exact' | 'word' | 'none'

const readFoeDefense = (value: unknown): RoomSettings['foeDefense'] =>
  value === 'none' || value === 'book' ? value : 'gm'

const readLateDefense = (value: unknown): RoomSettings['lateDefense'] =>
  value === 'none' || value === 'book' ? value : 'wait'

const readIncapacitation = (value: unknown): RoomSettings['incapacitation'] =>
  value === 'at-zero' ? value : 'ask-gm'

export const DEFAULT_SETTINGS: RoomSettings = {
  physicalDice: 'trust',
  partyInitiative: 'each-player',
  rerollInitiativeEachRound: false,
  defenseSeconds: 30,
  foeHealth: 'exact',
  showFoeDefense: false,
  foeDefense: 'gm',
  lateDefense: 'wait',
  incapacitation: 'ask-gm',
}

/** Reads the settings the GM set in the table's settings map, defaults for the rest. */
export function readSettings(map: { get(key: string): unknown }): RoomSettings {
  return {
    physicalDice: map.get('physicalDice') === 'approve' ? 'approve' : 'trust',
    partyInitiative: map.get('partyInitiative') === 'one-roll' ? 'one-roll' : 'each-player',
    rerollInitiativeEachRound: map.get('rerollInitiativeEachRound') === true,
    defenseSeconds: readSeconds(map.get('defenseSeconds')),
    foeHealth: readFoeHealth(map.get('foeHealth')),
    showFoeDefense: map.get('showFoeDefense') === true,
    foeDefense: readFoeDefense(map.get('foeDefense')),
    lateDefense: readLateDefense(map.get('lateDefense')),
    incapacitation: readIncapacitation(map.get('incapacitation')),
  }
}

function readFoeHealth(value: unknown): FoeHealthView {
  return value === 'word' || value === 'none' ? value : 'exact'
}

function readSeconds(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 5 && value <= 600
    ? value
    : DEFAULT_SETTINGS.defenseSeconds
}

/** Top-level keys of the `gm` document. */
export const GM = {
  /** Y.Array<Approval>: the GM's verdicts on physical-dice entries, applied to the log by the server. */
  approvals: 'approvals',
  /** Y.Array<GmRequest>: turn order and monster dice, resolved by the server. */
  requests: 'requests',
  /**
   * Y.Map<string, Y.Map<unknown>>: a monster's `hp`, `maxHp`, `sheet` and `state` in a room that keeps
   * them from the players; over the table's fields of the same combatant (see `foe-health.ts`).
   */
  foeSecrets: 'foeSecrets',
  /** Y.Map<string, LogSecret>: what a log entry showed of hidden hit points, by entry id, for the GM. */
  logSecrets: 'logSecrets',
  /** Y.Map<string, Y.Map<unknown>>: the GM's hidden roster, combatants kept off the table until revealed. */
  hidden: 'hidden',
  /** Y.Map<string, SealedResult>: a sealed roll's result and salt, by log entry id, until revealed. */
  sealed: 'sealed',
  /** Y.Map<string, TimedEvent>: the GM's timed events in the turn order, written by the server. */
  events: 'events',
  /**
   * Y.Map<string, TableUndo>: what the room keeps to undo the GM's removals and End combat, by log entry
   * id, written by the server: the fight at hand's latest `LIMITS.undoableActs`, cleared at New fight.
   */
  undo: 'undo',
  /**
   * Y.Map<string, JSON>: the GM's monster library for the room's system, by name (a name, hit points as
   * a number or dice, a stat block), written by the GM's devices: each lists what any of them saved.
   */
  library: 'library',
  /**
   * Y.Map<string, true>: the monsters whose defenses the GM answers, by combatant id, where the table
   * rules (`foeDefense`) have the room answer the others' (by the book, or none). Written by the GM.
   */
  byHand: 'byHand',
} as const

/**
 * What undoing one of the GM's acts on the table needs that the table no longer holds: a removed
 * combatant's fields (and those the gm document kept from players), or the turn End combat closed.
 */
export type TableUndo =
  | {
      act: 'remove'
      id: string
      fields: Record<string, unknown>
      secret?: Record<string, unknown>
    }
  /** End combat: the turn it closed, and the attacks it dropped while they waited for their defender. */
  | { act: 'end-combat'; turn: TurnState; prompts?: PendingDefense[] }

/** The part of a log entry kept from the players: its changes to monsters and its lines showing their health. */
export interface LogSecret {
  changes: NonNullable<LogEntry['changes']>
  lines: BreakdownLine[]
  /** The entry's sentence as the GM reads it, where players read one without the hit points it kept. */
  detail?: string
}

export interface Approval {
  entryId: string
  approve: boolean
}

/** Top-level keys of the `log` document, which only the server writes. */
export const LOG = {
  /** Y.Array<LogEntry>: the shared roll log of the fight at hand (and the rolls since the last one). */
  entries: 'entries',
  /**
   * Y.Array<FiledFight>: what each fight the GM closed with "New fight" is listed by, oldest first, and
   * only ever appended to: the n-th (from 0) has its log in the `past:<n>` document, which a device opens
   * only to read that fight. So what a phone syncs on joining does not grow with every evening the group
   * has played, nor does reading one old fight bring all the others.
   */
  filed: 'filed',
  /** Y.Array<PastFight>: the fights a room filed here whole before the `past` documents (read, never written). */
  fights: 'fights',
} as const

/**
 * Top-level keys of a `past:<n>` document, which only the server writes, once. (Rooms of one earlier
 * version filed every fight in one `past` document; the room moves them to their own on first read.)
 */
export const PAST = {
  /** Y.Array<PastFight>: the filed fight, alone. */
  fights: 'fights',
} as const

/** A filed fight as the log lists it: its `PastFight` without the entries, and how many there are. */
export interface FiledFight {
  id: string
  endedAt: number
  rounds: number
  /** Who the party fought, in words ("Goblin ×3 and the Ogre"): the monsters on the table at its end. */
  foes?: string
  entries: number
  /** Brought in with an exported encounter: rolled in another room, read here, never sealed or verified here. */
  imported?: true
}

/** A finished fight's log, kept read-only for every device after the GM starts a new one. */
export interface PastFight {
  id: string
  /** When the GM started the next fight. */
  endedAt: number
  /** The last round it reached (0: no round was fought). */
  rounds: number
  /** Who the party fought, in words: the monsters on the table at its end (fights filed before: none). */
  foes?: string
  entries: LogEntry[]
  /** Brought in with an exported encounter (see `FiledFight.imported`). */
  imported?: true
}

/** Top-level keys of a `seat:<id>` document. */
export const SEAT = {
  /** Y.Array<SeatRequest>: what the player asks the server to do. */
  requests: 'requests',
  /**
   * Y.Array<Answer>: what became of each request still kept, written by the server in the order it
   * resolved them. An array, not a map: the answers the room lets go leave a few bytes behind, where a
   * map keeps every key it ever held.
   */
  answers: 'answers',
  /** Y.Map<string, RequestResult>: where rooms before `answers` kept them (`<seat id>/<request id>`); read only. */
  results: 'results',
  /**
   * Y.Map<string, DocMark>: what the player's phone has read, written by the phone: `answers`, the Yjs id
   * of the latest answer it holds (those before it in `answers` it holds too). The room lets go of a
   * resolved request and its answer only once read (or past `KEPT_UNREAD`, worker/src/room/table-room.ts).
   */
  read: 'read',
} as const

/**
 * Resolved requests a seat's document (and the GM's) keeps: the phone reads its latest request and the
 * room's answer to it. Older ones go, with their answers, so the document does not grow with the fight;
 * a seat's only once its phone has read their answers (`SEAT.read`), which a phone says once it holds
 * more than twice as many (when the room would let some go), not at every answer.
 */
export const KEPT_REQUESTS = 16

/** The room's answer to one request of a seat's (or the GM's) document. */
export interface Answer {
  /** The request's own id, as its writer chose it. */
  id: string
  result: RequestResult
  /**
   * How far the room had written the table and the log when it answered. Each document comes over a
   * connection of its own, so the answer may arrive before what the request did to the turn or the log:
   * a device that holds `after` of both has all of it. (Answers of rooms before this have none.)
   */
  after?: Written
}

/** A point in one writer's updates of a document: its Yjs client id and the clock it had reached. */
export type DocMark = [client: number, clock: number]

/** How far the room had written the table and the log. */
export interface Written {
  table: DocMark
  log: DocMark
}

/**
 * The key that names a request for good, and the log entries it makes: its scope (the seat's id) and the
 * Yjs id of its item in the requests array (the writer's client id and clock, in base 36). Yjs never takes
 * an item it has seen again, so no two requests share a key.
 */
export function requestKey(scope: string, client: number, clock: number): string {
  return `${scope}/${client.toString(36)}.${clock.toString(36)}`
}

/** The latest answer to a request among a document's answers (`getArray(SEAT.answers).toArray()`). */
export function answerTo(answers: readonly Answer[], id: string): RequestResult | undefined {
  for (let i = answers.length - 1; i >= 0; i--) if (answers[i]?.id === id) return answers[i]?.result
  return undefined
}

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
  /** The combat adapter's state (conditions, wounds...), written by the server. */
  state?: Record<string, unknown>
  /** Status chips everyone sees ("Stunned (1 round)"), written by the server with `state`. */
  status?: string[]
  /** A monster's health in words ("Hurt") where players do not see its hit points; written by the server. */
  health?: string
  /** Conditions the GM put on it ("Blessed", 3 rounds left), counted down by the server each round. */
  marks?: GmMark[]
}

/**
 * A condition the GM names, beside the rules' own: rounds left (counted at each round's end), segments
 * left where the system's round runs on a segment clock (spelljammer), or neither until the GM removes it.
 */
export interface GmMark {
  id: string
  name: string
  /** Rounds left; null when counted in segments, or until removed. */
  rounds: number | null
  /** Segments left as of the clock's reading `since` (segments since the fight began). */
  segments?: { left: number; since: number }
}

/** What a GM condition has left, in words ("3 rounds", "24 segments"); null until removed. */
export function markLasting(m: GmMark): string | null {
  const [n, unit] = m.segments ? [m.segments.left, 'segment'] : [m.rounds, 'round']
  return n === null ? null : `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** A seat as everyone sees it (the secret stays with the phone). */
export interface SeatInfo {
  name: string
  combatantId: string | null
  /** Set by the GM to take the seat back; its phone can then only join again. */
  freed?: boolean
  /** When a phone last came into the seat with a handover code: the code's dialog closes once it has. */
  handedOverAt?: number
}

/** A player's request, written into their own seat document and resolved by the server. */
export type SeatRequest =
  | {
      id: string
      kind: 'roll'
      /** The room's quick-roll die (`QuickRoll`), or any dice the rules' notation reads ("2d6+1"). */
      notation: string
      /** What the roll is for, said with it in the log ("Morale", "Save vs poison"). */
      label?: string
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
  /** `from`: where the turn stood on the phone (`turnPlace`); moved on already (another player passed), refused. */
  | { id: string; kind: 'pass'; at: number; from?: string }
  /** brp's Statement of Intent: how far this character moves and what they attack with this round. */
  | { id: string; kind: 'intent'; at: number; intent: Intent }
  /** Attack a combatant with one of this character's choices and toggles. */
  | {
      id: string
      kind: 'attack'
      at: number
      targetId: string
      declared: Declared
      /** Faces the player rolled on their own dice, in the order the attack asks for them. */
      faces?: number[]
    }
  /** Answer a defense prompt aimed at this character. */
  | { id: string; kind: 'defend'; at: number; promptId: string; choice: string }

/** What the GM asks of the room through the gm document (turn order, and dice for monsters). */
export type GmRequest =
  /**
   * With `surprise`, the room checks surprise first: the unaware who are caught sit out round 1. With
   * `startedBy`, the side that started the fight (zones: it holds the initiative); absent, unclear.
   */
  | { id: string; kind: 'start-combat'; surprise?: SurpriseSetup; startedBy?: StartedBy }
  | { id: string; kind: 'roll-foes' }
  /** `from`: where the turn stood on the GM's screen (`turnPlace`); moved on already, it is refused. */
  | { id: string; kind: 'next-turn'; from?: string }
  | { id: string; kind: 'end-combat' }
  | { id: string; kind: 'act'; combatantId: string }
  | { id: string; kind: 'pass'; from?: string }
  /** brp: the GM declares a monster's intent, or ends the Statement of Intent for everyone. */
  | { id: string; kind: 'intent'; combatantId: string; intent: Intent }
  | { id: string; kind: 'begin-actions'; from?: string }
  /** A monster attacks; the GM answers a monster's defense prompt (or a player's, once it timed out). */
  | {
      id: string
      kind: 'attack'
      attackerId: string
      targetId: string
      declared: Declared
      /** Faces the GM rolled on physical dice for the monster, in the order the attack asks for them. */
      faces?: number[]
    }
  | { id: string; kind: 'defend'; promptId: string; choice: string }
  /** Reverts what a log entry changed (an attack's damage, an end-of-round effect). */
  | { id: string; kind: 'undo'; entryId: string }
  /**
   * Ends the fight at hand and opens the next: the party stays as it is (wounds and all), the monsters
   * on the table go, and the log is filed as a past fight.
   */
  | { id: string; kind: 'new-fight' }
  /** Time between fights (brp: a week of rest): the wounded heal; those in `hospital` get the best care. */
  | { id: string; kind: 'rest'; hospital: string[] }
  /**
   * A free roll of the GM's, on the room's dice, logged with its breakdown and what it is for; `sealed`,
   * rolled in secret: the log shows only a commitment to the result until the GM reveals it.
   */
  | { id: string; kind: 'roll'; notation: string; label?: string; sealed?: boolean }
  /**
   * Damage (or healing) to several combatants at once, an amount or dice the room rolls once for all:
   * those who `saved` take half, armour applies where the system's damage is reduced by it.
   */
  | {
      id: string
      kind: 'area'
      targets: Array<{ id: string; saved: boolean }>
      amount?: number
      notation?: string
      heal?: boolean
      label?: string
    }
  /**
   * Puts a named condition on a combatant for some rounds (null: until removed), or some segments where
   * the system's round runs on a segment clock (a round there is counted as its segments).
   */
  | { id: string; kind: 'mark'; combatantId: string; name: string; rounds: number | null; segments?: number }
  /** Ends a condition of the rules' that the text leaves to the GM (osr: stood up from prone). */
  | { id: string; kind: 'clear-condition'; combatantId: string; condition: string }
  /** Takes a GM condition off before its time. */
  | { id: string; kind: 'unmark'; combatantId: string; markId: string }
  /**
   * Reveals a sealed roll: its result, as the GM document keeps it, goes to the log beside its seal; with
   * `fight`, to the entry of the past fight it was filed with (its place in `LOG.filed`, `past:<fight>`).
   */
  | { id: string; kind: 'reveal'; entryId: string; fight?: number }
  /** Each listed combatant's hit points rolled by the room on these dice ("1d8+1"), one roll each. */
  | { id: string; kind: 'roll-hp'; combatantIds: string[]; notation: string }
  /**
   * The GM changes a combatant's hit points (a -5 tap, a typed value) and maximum, as a change from what
   * the tablet showed: see `HitPointChange`. The room applies it to what the table holds then, once.
   */
  | ({ id: string; kind: 'hp'; combatantId: string } & HitPointChange)
  /**
   * The GM's acts on who is at the table, each logged and undoable: take a combatant off it (out of every
   * slot of the order), bring a monster of the hidden roster onto it, or put one back in the roster.
   */
  | { id: string; kind: 'remove-combatant'; combatantId: string }
  | { id: string; kind: 'reveal-combatant'; combatantId: string }
  | { id: string; kind: 'hide-combatant'; combatantId: string }
  /** A timed event in the turn order ("Lair: initiative 20, every round"; "Collapse: round 4"). */
  | {
      id: string
      kind: 'add-event'
      name: string
      at: EventMoment
      round: number
      every: boolean
      secret: boolean
    }
  | { id: string; kind: 'remove-event'; eventId: string }
  /** The GM resolved an event that came up: the turn goes on. */
  | { id: string; kind: 'event-done'; eventId: string }

export type RequestResult = { ok: true; logId: string } | { ok: false; error: string }

/** What a log entry changed of one combatant: an outcome's fields, and the maximum the GM's edit moved. */
export type LoggedChange = FighterChange & { maxHp?: number }

/**
 * A GM's change of hit points, sent as a difference so that two devices' changes add up (Yjs keeps only
 * one of two writes to one key): `delta` to the hit points, `maxDelta` to the maximum. A tap (`edit`
 * absent) takes hit points no lower than 0 and heals no higher than the maximum; the Edit panel's typed
 * value (`edit`) may go below 0, to -999, and no higher than the maximum.
 */
export interface HitPointChange {
  delta: number
  maxDelta?: number
  edit?: boolean
}

/** Whole hit points the GM may type, and the largest change one request may make. */
export const HP_LIMITS = { lowest: -999, highest: 9999 } as const

/**
 * Hit points and maximum after a GM's change, from what the table holds now: the room's rule, which the
 * GM's tablet also follows to show its change at once. Null when the maximum would leave 1 to 9999.
 */
export function changedHitPoints(
  now: { hp: number; maxHp: number },
  change: HitPointChange,
): { hp: number; maxHp: number } | null {
  const maxHp = now.maxHp + (change.maxDelta ?? 0)
  if (maxHp < 1 || maxHp > HP_LIMITS.highest) return null
  const moved = now.hp + change.delta
  // A heal never takes hit points past the maximum (a tap's, unless they were already); a tap's damage
  // stops at 0 (or where they already were below it).
  const top = change.edit ? maxHp : Math.max(maxHp, Math.min(now.hp, moved))
  const bottom = change.edit ? HP_LIMITS.lowest : Math.min(0, Math.max(now.hp, moved))
  return { hp: Math.min(top, Math.max(bottom, moved)), maxHp }
}

/** One entry of the shared log. Every digital roll in it was made by the server. */
export interface LogEntry {
  id: string
  at: number
  /** Who rolled, as shown at the table. */
  by: string
  notation: string
  faces: number[]
  total: number
  /**
   * Dice rolled apart, not added (spelljammer's initiative, one die an attack): each die's total, in the
   * faces' order, as its part of `notation` ("1d10+5, 1d8+5") says; shown instead of `total`.
   */
  totals?: number[]
  /** `crypto`: rolled by the server. `physical`: faces a player typed in from their own dice. */
  source: 'crypto' | 'seeded' | 'physical'
  /** What the roll was for and how it adds up, e.g. "Initiative: d6 3 + DEX bonus 2". */
  detail?: string
  /** Physical dice in a room that wants them approved: pending until the GM decides. */
  status?: 'pending' | 'approved' | 'rejected'
  /**
   * An attack, an end-of-round effect, the healing of time between fights, or monsters' hit points rolled
   * by the room as the GM added them, rather than a bare roll.
   */
  kind?:
    | 'attack'
    | 'start-of-fight'
    | 'end-of-round'
    | 'end-of-fight'
    | 'rest'
    | 'hit-points'
    | 'area'
    | 'condition'
    | 'event'
    | 'gm-hp'
    /** The GM took a combatant off the table; undone, it is back as it was. */
    | 'gm-remove'
    /** The GM brought a hidden monster onto the table; undone, it is hidden again. */
    | 'gm-reveal'
    /** The GM put a monster on the table back in the hidden roster; undone, it is revealed again. */
    | 'gm-hide'
    /** The GM ended the combat, in the round it had reached; undone, the round goes on where it was. */
    | 'end-combat'
  /** The combatant one of the GM's acts on the table moved (removed, revealed, hidden again). */
  combatantId?: string
  /** End combat: the round the fight had reached. */
  rounds?: number
  /** An initiative roll: whose. Typed faces that wait for the GM reach the turn when approved. */
  initiative?: { combatantId: string }
  /** An attack: who attacked whom, as declared, and the defense chosen (null: none). */
  attack?: { attackerId: string; targetId: string; declared: Declared; defense: string | null }
  /**
   * Every die thrown, with what it was for; `typed` when a player rolled it and typed it in; `theirs` for
   * the target's dice (a defense, a counter), which the attacker's typed faces never stand for.
   */
  rolls?: Array<{ label: string; sides: number; face: number; typed?: boolean; theirs?: boolean }>
  /** Each modifier and result, with the rule it came from. */
  lines?: BreakdownLine[]
  /** What it changed, to revert it: each combatant's fields before and after. */
  changes?: Record<string, { before: LoggedChange; after: LoggedChange }>
  /** The GM undid it: what it changed was reverted. */
  undone?: boolean
  /**
   * Those whose action for the round it spent out of their place (osr: a weapon set against a charge,
   * `Resolution.spent`): undoing it, or rejecting its dice, gives the action back.
   */
  spent?: string[]
  /** Entries made together (area damage, one per target): undoing one undoes them all. */
  group?: string
  /** A GM condition put on (undo takes it off) or ended (undo puts it back, with the rounds it had left). */
  mark?: { combatantId: string; mark: GmMark; ended: boolean }
  /**
   * A sealed GM roll: the SHA-256 commitment to its result (`seal.ts`), and once the GM reveals it, the
   * result with its salt, for every device to check against the commitment.
   */
  sealed?: { commitment: string; revealed?: SealedResult }
}
