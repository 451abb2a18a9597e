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
import * as Y from 'yjs'
import { answerLate, approveOutcome, nextLateDefense } from './combat.ts'
import { placeAllHealth } from './foe-health.ts'
import { resolveGmRequest } from './gm-requests.ts'
import { fileOlderEntries } from './log-filing.ts'
import { append, deleteRuns, liveItems } from './map-writes.ts'
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
 * a request let go cannot come back, and a writer's requests are resolved in its clock order. One clock per
 * writer (the last one resolved) is all the room keeps, however long the fight, and a writer none of
 * whose requests is left needs none at all.
 *
 * Keys are for what is resolved once by name: the GM's verdicts (by log entry), and the requests rooms
 * resolved before writers' clocks (`<seat id>/<request id>`, `gm/<request id>`), which are not resolved again.
 */
export interface ProcessedLog {
  has(key: string): boolean
  add(key: string): void
  /** The last clock resolved of one writer (a Yjs client) in a scope (a seat id, or `gm`); -1 for none. */
  lastResolved(scope: string, client: number): number
  setLastResolved(scope: string, client: number, clock: number): void
  /** Forgets the clocks of a scope's writers other than `writers` (none of their requests is left). */
  keepWriters(scope: string, writers: ReadonlySet<number>): void
}

/** A processed log in memory, for the simulator, the benches and tests. */
export function processedInMemory(): ProcessedLog & { keys: Set<string>; clocks: Map<string, number> } {
  const keys = new Set<string>()
  const clocks = new Map<string, number>()
  return {
    keys,
    clocks,
    has: (key) => keys.has(key),
    add: (key) => void keys.add(key),
    lastResolved: (scope, client) => clocks.get(`${scope}/${client}`) ?? -1,
    setLastResolved: (scope, client, clock) => void clocks.set(`${scope}/${client}`, clock),
    keepWriters(scope, writers) {
      for (const key of clocks.keys()) {
        const slash = key.lastIndexOf('/')
        if (key.slice(0, slash) === scope && !writers.has(Number(key.slice(slash + 1)))) clocks.delete(key)
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
  /** Runs one request's work so its effects and its writer's clock commit together (workerd: transactionSync). */
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
      this.inOneUpdate(() => {
        if (id !== null && !processed.has(`${seatId}/${id}`)) {
          const ctx = this.context()
          const approvePhysical = readSettings(ctx.table.getMap(TABLE.settings)).physicalDice === 'approve'
          const request = processed.has(key) ? null : parseRequest(value)
          resolveRequest(request, id, key, { ...ctx, by, seatId, seat, newId: this.newId, approvePhysical })
        }
        processed.setLastResolved(seatId, client, clock)
      }, seat)
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
      this.inOneUpdate(() => {
        // Resolved by a room before writers' clocks: its key is in the processed log.
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
          append(gm.getArray<Answer>(SEAT.answers), [answer])
        }
        processed.setLastResolved('gm', client, clock)
      })
    }
    if (gm.getArray(GM.requests).length > 2 * KEPT_REQUESTS)
      this.atomically(() => compactRequests(gm, GM.requests, 'gm', processed, (id) => id))
    // The GM may have changed a monster's hidden hit points: what players see of it follows, and the turn.
    if (!settled) this.inOneUpdate(() => settle(this.context()))
    this.fileLogWhenFull()
  }

  /** Files the log's older entries once it stores `LIMITS.logFileBytes`, and compacts what they took. */
  private fileLogWhenFull(): void {
    const measure = this.options.logBytes
    if (!measure || measure() < LIMITS.logFileBytes) return
    this.atomically(() => fileOlderEntries(this.context(), this.newId()))
    measure()
  }

  /**
   * Runs one request's work atomically, in one Yjs transaction per document (the seat's too, if given):
   * each document it writes makes one update, stored and sent once, however many writes it took. The
   * innermost ends first: the table's update goes out before the log's (which may name what the table
   * just revealed), and the answer's document last.
   */
  private inOneUpdate(work: () => void, seat?: Y.Doc): void {
    const { table, log, gm } = this.options.docs
    const docs = seat ? [seat, gm, log, table] : [gm, log, table]
    const within = (i: number): void => {
      const doc = docs[i]
      if (doc) doc.transact(() => within(i + 1), 'server')
      else work()
    }
    this.atomically(() => within(0))
  }

  /** Runs a request's work unless its key was resolved before; the work and the writer's clock commit together. */
  private once(key: string, work: () => void): void {
    if (this.options.processed.has(key)) return
    this.inOneUpdate(() => {
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
    this.inOneUpdate(() => settle(this.context()))
  }

  /** The room's alarm rang: players' defenses whose time ran out are answered as the GM set the room. */
  answerLate(): void {
    this.inOneUpdate(() => {
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

/** A value of a Y.Array with the Yjs id it has in its item: `client` and `clock` name it for good. */
interface Valued {
  client: number
  clock: number
  value: unknown
  item: Y.Item
}

/** The values of live items, in the items' order. */
function valuesOf(items: Iterable<Y.Item>): Valued[] {
  const out: Valued[] = []
  for (const item of items) {
    if (item.deleted || !item.countable) continue
    const values = item.content.getContent()
    for (let i = 0; i < values.length; i++)
      out.push({ client: item.id.client, clock: item.id.clock + i, value: values[i], item })
  }
  return out
}

/** Each value of a Y.Array with its Yjs id, in order. */
const itemsOf = (array: Y.Array<unknown>): Valued[] => valuesOf(liveItems(array))

/** What `unresolved` last saw of an array: each writer's next clock then, and the requests it gave. */
const looked = new WeakMap<Y.Array<unknown>, { clocks: Map<number, number>; gave: Map<Y.Item, number> }>()

/** Each writer's next clock in the document. */
function clocksOf(doc: Y.Doc): Map<number, number> {
  const clocks = new Map<number, number>()
  for (const client of doc.store.clients.keys()) clocks.set(client, Y.getState(doc.store, client))
  return clocks
}

/**
 * The items of `array` among what each writer wrote since `clocks`, found by their writers' clocks
 * (the document's store) without walking the array, whose tombstones grow with every request let go.
 */
function writtenSince(array: Y.Array<unknown>, doc: Y.Doc, clocks: Map<number, number>): Y.Item[] {
  const found: Y.Item[] = []
  for (const [client, structs] of doc.store.clients) {
    const from = clocks.get(client) ?? 0
    if (Y.getState(doc.store, client) <= from) continue
    for (let i = Y.findIndexSS(structs, from); i < structs.length; i++) {
      const struct = structs[i]
      if (struct instanceof Y.Item && struct.parent === array) found.push(struct)
    }
  }
  return found
}

/** Whether an item is as it was given: in its array's list still (not merged into the one before it), not split. */
const unchanged = (item: Y.Item, length: number) =>
  item.length === length &&
  (item.left === null ? (item.parent as Y.Array<unknown>)._start === item : item.left.right === item)

/**
 * The requests of a scope's array past their writer's last resolved clock, in the array's order. What came since the
 * last look, with what that look gave and is still unresolved, is all there can be: when that is one item
 * (a request, as a device writes them), its values are in order; more, and the array is walked for it.
 */
function unresolved(array: Y.Array<unknown>, scope: string, processed: ProcessedLog): Valued[] {
  const open = (r: Valued) => r.clock > processed.lastResolved(scope, r.client)
  const doc = array.doc as Y.Doc
  const last = looked.get(array)
  const clocks = clocksOf(doc)
  let found: Valued[] | null = null
  if (last && [...last.gave].every(([item, length]) => unchanged(item, length))) {
    const items = new Set([...last.gave.keys(), ...writtenSince(array, doc, last.clocks)])
    const values = valuesOf(items).filter(open)
    if (new Set(values.map((r) => r.item)).size <= 1) found = values
  }
  found ??= itemsOf(array).filter(open)
  looked.set(array, { clocks, gave: new Map(found.map((r) => [r.item, r.item.length])) })
  return found
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
 * `KEPT_UNREAD`; then forgets the clocks of writers with no request left. `legacyKey` is where a room
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
  const resolved = (i: number) => (all[i]?.clock ?? 0) <= processed.lastResolved(scope, all[i]?.client ?? -1)
  const waiting = (i: number) => i >= all.length - KEPT_UNREAD && unread.has(requestId(all[i]?.value))
  doc.transact(() => {
    deleteRuns(requests, all.length - KEPT_REQUESTS, (i) => !resolved(i) || waiting(i))
    const left = new Set(itemsOf(requests).map((r) => requestId(r.value)))
    const answers = doc.getArray<Answer>(SEAT.answers)
    const kept = itemsOf(answers as Y.Array<unknown>).map((a) => a.value as Answer)
    deleteRuns(answers, kept.length, (i) => left.has(kept[i]?.id ?? null))
    const legacy = doc.getMap(SEAT.results)
    if (legacy.size > 0) {
      const keep = new Set([...left].flatMap((id) => (id === null ? [] : [legacyKey(id)])))
      for (const key of [...legacy.keys()]) if (!keep.has(key)) legacy.delete(key)
    }
  }, 'server')
  processed.keepWriters(scope, new Set(itemsOf(requests).map((r) => r.client)))
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
