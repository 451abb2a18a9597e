/**
 * The table's rules of dispatch, for any system: each request a seat or the GM writes is resolved exactly
 * once, in order, over plain Y.Docs. No runtime in here, so it runs in Node as it runs in the room.
 */
import {
  type Answer,
  type Approval,
  GM,
  KEPT_REQUESTS,
  LIMITS,
  parseGmRequest,
  parseRequest,
  type RequestResult,
  readSettings,
  requestKey,
  SEAT,
  TABLE,
} from '@fray/protocol'
import { type DiceSource, type RuleSystem, SYSTEMS, type SystemId } from '@fray/rules'
import type * as Y from 'yjs'
import { answerLate, approveOutcome, nextLateDefense } from './combat.ts'
import { placeAllHealth } from './foe-health.ts'
import { resolveGmRequest } from './gm-requests.ts'
import { fileOlderEntries } from './log-filing.ts'
import { deleteRuns } from './map-writes.ts'
import { type RoomContext, writeAllStatus } from './outcomes.ts'
import { answerOf, applyApproval, NOT_UNDERSTOOD, resolveRequest } from './requests.ts'
import { upgradeTurn } from './turn-doc.ts'
import { approveInitiative, refreshTurn } from './turn-flow.ts'

export { KEPT_REQUESTS }

/**
 * Resolved requests a seat's document keeps at most, answers read or not: a phone that queued a whole
 * evening offline reads every answer, and a seat that never says it read them cannot grow its document
 * without limit (the requests a minute a seat may send bound how fast it gets there).
 */
export const KEPT_UNREAD = 256

/**
 * What the room has resolved. A request is named for good by the Yjs id of its item in the requests array
 * (the writer's client id and the clock it gave the item): Yjs never takes an item it has seen again, so
 * a request let go cannot come back, and a writer's requests are resolved in its clock order. One mark per
 * writer (the last clock resolved) is all the room keeps, however long the fight, and a writer none of
 * whose requests is left needs no mark at all.
 *
 * Keys are for what is resolved once by name: the GM's verdicts (by log entry), and the requests rooms
 * resolved before marks (`<seat id>/<request id>`, `gm/<request id>`), which are not resolved again.
 */
export interface ProcessedLog {
  has(key: string): boolean
  add(key: string): void
  /** The last clock resolved of one writer (a Yjs client) in a scope (a seat id, or `gm`); -1 for none. */
  mark(scope: string, client: number): number
  setMark(scope: string, client: number, clock: number): void
  /** Forgets the marks of a scope's writers other than `writers` (none of their requests is left). */
  keepMarks(scope: string, writers: ReadonlySet<number>): void
}

/** A processed log in memory, for the simulator, the benches and tests. */
export function processedInMemory(): ProcessedLog & { keys: Set<string>; marks: Map<string, number> } {
  const keys = new Set<string>()
  const marks = new Map<string, number>()
  return {
    keys,
    marks,
    has: (key) => keys.has(key),
    add: (key) => void keys.add(key),
    mark: (scope, client) => marks.get(`${scope}/${client}`) ?? -1,
    setMark: (scope, client, clock) => void marks.set(`${scope}/${client}`, clock),
    keepMarks(scope, writers) {
      for (const key of marks.keys()) {
        const slash = key.lastIndexOf('/')
        if (key.slice(0, slash) === scope && !writers.has(Number(key.slice(slash + 1)))) marks.delete(key)
      }
    },
  }
}

/** A room's documents as the table room reads them: each opened (or created) when first asked for. */
export interface RoomDocs {
  table: Y.Doc
  log: Y.Doc
  gm: Y.Doc
  seat(seatId: string): Y.Doc
  /** The n-th filed fight's document (its place in the log's listing, from 0). */
  past(n: number): Y.Doc
}

export interface TableRoomOptions {
  system: SystemId
  /** The system's rules; `SYSTEMS[system]` unless a test plants a bug in them. */
  rules?: RuleSystem
  docs: RoomDocs
  dice: DiceSource
  processed: ProcessedLog
  /** The seat's name as shown at the table, or null when there is no such seat. */
  seatName(seatId: string): string | null
  /** The clock of log entries; Date.now by default. */
  now?: () => number
  /** Ids of what requests create (a character); crypto.randomUUID() by default. */
  newId?: () => string
  /** Runs one request's work so its effects and its processed mark commit together (workerd: transactionSync). */
  atomically?: (work: () => void) => void
  /**
   * The live log's stored bytes (compacted once past `LIMITS.logFileBytes`): past that, its older entries
   * are filed as a past fight. Without it (the simulator), the log is never filed.
   */
  logBytes?: () => number
}

export class TableRoom {
  private readonly options: TableRoomOptions
  private readonly now: () => number
  private readonly newId: () => string
  private readonly atomically: (work: () => void) => void
  private readonly rules: RuleSystem
  /** Each seat's requests and read mark when the room last let some go (in memory only). */
  private readonly compactedAt = new Map<string, { length: number; read: string }>()

  constructor(options: TableRoomOptions) {
    this.options = options
    this.rules = options.rules ?? SYSTEMS[options.system]
    this.now = options.now ?? Date.now
    this.newId = options.newId ?? (() => crypto.randomUUID())
    this.atomically = options.atomically ?? ((work) => work())
  }

  /** Resolves every request in the seat's document not resolved before, each exactly once, in order. */
  resolveSeat(seatId: string): void {
    const by = this.options.seatName(seatId)
    if (by === null) return
    const { docs, processed } = this.options
    const seat = docs.seat(seatId)
    for (const { client, clock, value } of unresolved(seat.getArray(SEAT.requests), seatId, processed)) {
      const id = requestId(value)
      // Its log entries' ids: the item's, which no request of any writer can take again.
      const key = requestKey(seatId, client, clock)
      this.atomically(() => {
        if (id !== null && !processed.has(`${seatId}/${id}`)) {
          const ctx = this.context()
          const approvePhysical = readSettings(ctx.table.getMap(TABLE.settings)).physicalDice === 'approve'
          const request = processed.has(key) ? null : parseRequest(value)
          resolveRequest(request, id, key, { ...ctx, by, seatId, seat, newId: this.newId, approvePhysical })
        }
        processed.setMark(seatId, client, clock)
      })
    }
    // Let go of in runs: once KEPT_REQUESTS more came, or the phone read more, since the last time; not at
    // every update (what a seat that never marks a read keeps stays past 2 x KEPT_REQUESTS, and would cost
    // a storage transaction at each).
    const requests = seat.getArray(SEAT.requests)
    const last = this.compactedAt.get(seatId)
    const read = JSON.stringify(seat.getMap(SEAT.read).get('answers') ?? null)
    const due = !last || requests.length >= last.length + KEPT_REQUESTS || read !== last.read
    if (requests.length > 2 * KEPT_REQUESTS && due) {
      this.atomically(() =>
        compactRequests(seat, SEAT.requests, seatId, processed, (id) => `${seatId}/${id}`, unreadOf(seat)),
      )
      this.compactedAt.set(seatId, { length: requests.length, read })
    }
    this.fileLogWhenFull()
  }

  /** Applies the GM's new verdicts on physical dice, then runs the GM's new requests, each exactly once. */
  resolveGm(): void {
    const gm = this.options.docs.gm
    for (const verdict of verdicts(gm)) {
      // Keyed by the entry, not by the verdict's place in the array: verdicts two GM devices push at once
      // may merge in either order, and a place would then point at another verdict.
      this.once(`gm/verdict/${verdict.entryId}`, () => {
        const ctx = this.context()
        // Typed initiative, a bare roll, or an outcome whose changes wait for this verdict.
        if (approveInitiative(ctx, verdict.entryId, verdict.approve)) return
        if (!applyApproval(ctx.log, verdict)) approveOutcome(ctx, verdict.entryId, verdict.approve)
      })
    }
    const { processed } = this.options
    /** Whether a request settled the table after itself (and so after every edit this update brought). */
    let settled = false
    for (const { client, clock, value } of unresolved(gm.getArray(GM.requests), 'gm', processed)) {
      const request = parseGmRequest(value)
      const id = request?.id ?? requestId(value)
      this.atomically(() => {
        // Resolved by a room before marks: its key is in the processed log.
        if (id !== null && !processed.has(`gm/${id}`)) {
          const ctx = this.context()
          const result: RequestResult = request
            ? resolveGmRequest(ctx, request)
            : { ok: false, error: NOT_UNDERSTOOD }
          // What players see of monsters' health, the status chips and the turn follow what it did, before
          // the answer says how far the table had come (a tablet waits for that much).
          if (result.ok) {
            settle(ctx)
            settled = true
          }
          const answer = answerOf(id, result, this.options.docs)
          gm.transact(() => gm.getArray<Answer>(SEAT.answers).push([answer]), 'server')
        }
        processed.setMark('gm', client, clock)
      })
    }
    if (gm.getArray(GM.requests).length > 2 * KEPT_REQUESTS)
      this.atomically(() => compactRequests(gm, GM.requests, 'gm', processed, (id) => id))
    // The GM may have changed a monster's hidden hit points: what players see of it follows, and the turn.
    if (!settled) this.atomically(() => settle(this.context()))
    this.fileLogWhenFull()
  }

  /** Files the log's older entries once it stores `LIMITS.logFileBytes`, and compacts what they took. */
  private fileLogWhenFull(): void {
    const measure = this.options.logBytes
    if (!measure || measure() < LIMITS.logFileBytes) return
    this.atomically(() => fileOlderEntries(this.context(), this.newId()))
    measure()
  }

  /** Runs a request's work unless its key was resolved before; the work and the mark commit together. */
  private once(key: string, work: () => void): void {
    if (this.options.processed.has(key)) return
    this.atomically(() => {
      work()
      this.options.processed.add(key)
    })
  }

  private context(): RoomContext {
    const { docs, dice } = this.options
    return {
      rules: this.rules,
      table: docs.table,
      log: docs.log,
      // Opened only by what files a fight: a room's past fights are never loaded for its other work.
      past: (n) => docs.past(n),
      gm: docs.gm,
      dice,
      now: this.now(),
    }
  }

  /** An older room's stored documents brought to how the room reads them now (its turn's round of its system). */
  upgrade(): void {
    this.atomically(() => upgradeTurn(this.options.docs.table))
  }

  /** The GM changed the table directly (hit points, a monster revealed, what players see of monsters). */
  tableChanged(): void {
    settle(this.context())
  }

  /** The room's alarm rang: players' defenses whose time ran out are answered as the GM set the room. */
  answerLate(): void {
    this.atomically(() => {
      const ctx = this.context()
      answerLate(ctx)
      settle(ctx)
    })
  }

  /** When the room must wake next to answer a player's defense (`answerLate`); null for never. */
  nextWake(): number | null {
    return nextLateDefense(this.options.docs.table)
  }
}

/**
 * After the GM's own edit of the table or of the monsters' hidden figures: each monster's hit points go
 * where the setting wants them, every combatant's status chips follow its hit points, then who acts now.
 */
function settle(ctx: RoomContext): void {
  placeAllHealth(ctx)
  writeAllStatus(ctx)
  refreshTurn(ctx)
}

/** A request's own id (what its answer is found by), or null when it has none. */
function requestId(value: unknown): string | null {
  const id = (value as { id?: unknown } | null)?.id
  return typeof id === 'string' && id !== '' && id.length <= 64 ? id : null
}

/** Each value of a Y.Array with the Yjs id of its item: `client` and `clock` name it for good. */
function itemsOf(array: Y.Array<unknown>): Array<{ client: number; clock: number; value: unknown }> {
  const out: Array<{ client: number; clock: number; value: unknown }> = []
  for (let item = array._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue
    const values = item.content.getContent()
    for (let i = 0; i < values.length; i++)
      out.push({ client: item.id.client, clock: item.id.clock + i, value: values[i] })
  }
  return out
}

/** The requests of a scope's array past their writer's mark, in the array's order. */
function unresolved(array: Y.Array<unknown>, scope: string, processed: ProcessedLog) {
  return itemsOf(array).filter((r) => r.clock > processed.mark(scope, r.client))
}

/**
 * The ids of the requests whose answers the seat's phone has not read: those after the answer its read
 * mark names (all of them when the mark names none the document holds).
 */
function unreadOf(seat: Y.Doc): ReadonlySet<string | null> {
  const mark = seat.getMap<unknown>(SEAT.read).get('answers')
  const answers = itemsOf(seat.getArray<unknown>(SEAT.answers))
  const [client, clock] = Array.isArray(mark) ? mark : []
  const read = answers.findIndex((a) => a.client === client && a.clock === clock)
  return new Set(answers.slice(read + 1).map((a) => requestId(a.value)))
}

/**
 * Lets a document's resolved requests and their answers go (a seat's, or the GM's), keeping the latest
 * `KEPT_REQUESTS`, every request not resolved yet, and those whose answers are `unread` up to the latest
 * `KEPT_UNREAD`; then forgets the marks of writers with no request left. `legacyKey` is where a room
 * before `answers` kept a request's result in the results map.
 */
function compactRequests(
  doc: Y.Doc,
  name: string,
  scope: string,
  processed: ProcessedLog,
  legacyKey: (id: string) => string,
  unread: ReadonlySet<string | null> = new Set(),
): void {
  const requests = doc.getArray<unknown>(name)
  const all = itemsOf(requests)
  const resolved = (i: number) => (all[i]?.clock ?? 0) <= processed.mark(scope, all[i]?.client ?? -1)
  const waiting = (i: number) => i >= all.length - KEPT_UNREAD && unread.has(requestId(all[i]?.value))
  doc.transact(() => {
    deleteRuns(requests, all.length - KEPT_REQUESTS, (i) => !resolved(i) || waiting(i))
    const left = new Set(requests.toArray().map(requestId))
    const answers = doc.getArray<Answer>(SEAT.answers)
    const kept = answers.toArray()
    deleteRuns(answers, kept.length, (i) => left.has(kept[i]?.id ?? null))
    const legacy = doc.getMap(SEAT.results)
    if (legacy.size > 0) {
      const keep = new Set([...left].flatMap((id) => (id === null ? [] : [legacyKey(id)])))
      for (const key of [...legacy.keys()]) if (!keep.has(key)) legacy.delete(key)
    }
  }, 'server')
  processed.keepMarks(scope, new Set(itemsOf(requests).map((r) => r.client)))
}

/**
 * The GM's verdicts, in the order of the array. One verdict per log entry: a later one for an entry
 * already decided is skipped by its key (and would find the entry no longer pending anyway).
 */
function verdicts(gm: Y.Doc): Approval[] {
  return gm
    .getArray<Approval>(GM.approvals)
    .toArray()
    .filter((a) => typeof a?.entryId === 'string')
    .map((a) => ({ entryId: a.entryId, approve: a.approve === true }))
}
