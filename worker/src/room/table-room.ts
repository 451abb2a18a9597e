/**
 * The table's rules of dispatch, for any system: each request a seat or the GM writes is resolved exactly
 * once, in order, over plain Y.Docs. No runtime in here, so it runs in Node as it runs in the room.
 */
import {
  type Approval,
  GM,
  parseGmRequest,
  type RequestResult,
  readSettings,
  SEAT,
  TABLE,
} from '@fray/protocol'
import { type DiceSource, type RuleSystem, SYSTEMS, type SystemId } from '@fray/rules'
import type * as Y from 'yjs'
import { approveOutcome } from './combat.ts'
import { placeAllHealth } from './foe-health.ts'
import { resolveGmRequest } from './gm-requests.ts'
import type { RoomContext } from './outcomes.ts'
import { applyApproval, resolveRequest, seatRequests } from './requests.ts'
import { approveInitiative, refreshTurn } from './turn-flow.ts'

/**
 * Resolved requests a seat's document (and the GM's) keeps: the phone reads its latest request and the
 * room's answer to it. Older ones go (their keys stay in the processed log), so the document does not grow
 * with the fight, and the room does not read them again at each update.
 */
export const KEPT_REQUESTS = 16

/** Keys of requests already resolved; the room backs it with SQLite, tests with a Set. */
export interface ProcessedLog {
  has(key: string): boolean
  add(key: string): void
}

export interface TableRoomOptions {
  system: SystemId
  /** The system's rules; `SYSTEMS[system]` unless a test plants a bug in them. */
  rules?: RuleSystem
  /** The room's documents; `seat(id)` opens (or creates) a seat's document. */
  docs: { table: Y.Doc; log: Y.Doc; gm: Y.Doc; seat(seatId: string): Y.Doc }
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
}

export class TableRoom {
  private readonly options: TableRoomOptions
  private readonly now: () => number
  private readonly newId: () => string
  private readonly atomically: (work: () => void) => void
  private readonly rules: RuleSystem

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
    const { docs, dice } = this.options
    const seat = docs.seat(seatId)
    const approvePhysical = readSettings(docs.table.getMap(TABLE.settings)).physicalDice === 'approve'
    for (const { id, read } of seatRequests(seat)) {
      const key = `${seatId}/${id}`
      this.once(key, () => {
        const request = read()
        const { table, log, gm } = docs
        const now = this.now()
        resolveRequest(request, key, {
          by,
          seatId,
          rules: this.rules,
          dice,
          table,
          log,
          gm,
          seat,
          now,
          newId: this.newId,
          approvePhysical,
        })
      })
    }
    if (seat.getArray(SEAT.requests).length > 2 * KEPT_REQUESTS)
      this.atomically(() =>
        compactRequests(seat, SEAT.requests, this.options.processed, (id) => `${seatId}/${id}`),
      )
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
    for (const value of gm.getArray(GM.requests).toArray()) {
      const id = (value as { id?: unknown } | null)?.id
      // Resolved before: not read again (a long fight writes thousands of requests).
      if (typeof id !== 'string' || this.options.processed.has(`gm/${id}`)) continue
      const request = parseGmRequest(value)
      if (!request) continue
      this.once(`gm/${request.id}`, () => {
        const result = resolveGmRequest(this.context(), request)
        gm.transact(() => gm.getMap<RequestResult>(SEAT.results).set(request.id, result), 'server')
      })
    }
    if (gm.getArray(GM.requests).length > 2 * KEPT_REQUESTS)
      this.atomically(() =>
        compactRequests(
          gm,
          GM.requests,
          this.options.processed,
          (id) => `gm/${id}`,
          (id) => id,
        ),
      )
    // The GM may have changed a monster's hidden hit points: the words players see follow.
    this.atomically(() => placeAllHealth(this.context()))
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
    return { rules: this.rules, table: docs.table, log: docs.log, gm: docs.gm, dice, now: this.now() }
  }

  /**
   * The GM changed the table directly (hit points, a monster revealed, what players see of monsters):
   * each monster's hit points go where the setting wants them, then who acts now.
   */
  tableChanged(): void {
    const ctx = this.context()
    placeAllHealth(ctx)
    refreshTurn(ctx)
  }
}

/**
 * Lets a document's resolved requests and their answers go (a seat's, or the GM's), keeping the latest
 * `KEPT_REQUESTS` and every request not resolved yet. `keyOf` is a request's key in the processed log,
 * `resultOf` its key in the document's results (the processed key by default).
 */
function compactRequests(
  doc: Y.Doc,
  name: string,
  processed: ProcessedLog,
  keyOf: (id: string) => string,
  resultOf: (id: string) => string = keyOf,
): void {
  const requests = doc.getArray<unknown>(name)
  const all = requests.toArray()
  const idOf = (i: number) => {
    const id = (all[i] as { id?: unknown } | null)?.id
    return typeof id === 'string' && id !== '' ? id : null
  }
  const resolved = (i: number) => {
    const id = idOf(i)
    return id !== null && processed.has(keyOf(id))
  }
  const results = doc.getMap(SEAT.results)
  doc.transact(() => {
    // Runs of resolved requests, from the last backwards, so the places before a run stay where they are.
    for (let last = all.length - KEPT_REQUESTS - 1; last >= 0; ) {
      if (!resolved(last)) {
        last--
        continue
      }
      let first = last
      while (first > 0 && resolved(first - 1)) first--
      requests.delete(first, last - first + 1)
      for (let i = first; i <= last; i++) results.delete(resultOf(idOf(i) as string))
      last = first - 1
    }
  }, 'server')
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
