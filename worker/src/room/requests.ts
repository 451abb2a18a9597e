/** Resolving what players ask for in their seat documents. The server rolls every digital die. */
import { type Approval, LOG, type LogEntry, type RequestResult, SEAT, type SeatRequest } from '@fray/protocol'
import { type DiceSource, parseDice, roll, rollWithFaces } from '@fray/rules'
import type * as Y from 'yjs'

/** Reads a request written by a client; null when it is not one we understand. */
export function parseRequest(value: unknown): SeatRequest | null {
  if (typeof value !== 'object' || value === null) return null
  const r = value as Record<string, unknown>
  if (typeof r.id !== 'string' || r.id.length < 1 || r.id.length > 64) return null
  if (r.kind === 'roll' && r.notation === 'd20') {
    const request: SeatRequest = {
      id: r.id,
      kind: 'roll',
      notation: 'd20',
      at: typeof r.at === 'number' ? r.at : 0,
    }
    if (r.faces !== undefined) {
      if (!Array.isArray(r.faces) || r.faces.length > 100 || !r.faces.every((f) => typeof f === 'number'))
        return null
      request.faces = r.faces as number[]
    }
    return request
  }
  return null
}

/** Request ids in a seat document, in order, with the parsed request or why it was refused. */
export function seatRequests(seat: Y.Doc): Array<{ id: string; request: SeatRequest | null }> {
  return seat
    .getArray(SEAT.requests)
    .toArray()
    .map((value) => {
      const request = parseRequest(value)
      const id = request?.id ?? String((value as { id?: unknown } | null)?.id ?? '')
      return { id, request }
    })
    .filter((entry) => entry.id !== '')
}

export interface RequestContext {
  /** Who asked, as shown at the table. */
  by: string
  dice: DiceSource
  log: Y.Doc
  seat: Y.Doc
  now: number
  /** Whether physical dice wait for the GM's approval (a room setting). */
  approvePhysical: boolean
}

const D20 = parseDice('1d20')

/** Resolves one request into an entry of the shared log, and records the result in the seat. */
export function resolveRequest(request: SeatRequest | null, id: string, ctx: RequestContext): RequestResult {
  const result = decide(request, id, ctx)
  ctx.seat.transact(() => ctx.seat.getMap<RequestResult>(SEAT.results).set(id, result), 'server')
  return result
}

function decide(request: SeatRequest | null, id: string, ctx: RequestContext): RequestResult {
  if (request === null) {
    return {
      ok: false,
      error: 'That request is not one this room understands; update the app and try again.',
    }
  }
  let rolled = roll(D20, ctx.dice)
  if (request.faces) {
    const typed = rollWithFaces(D20, request.faces)
    if (!typed.ok) return { ok: false, error: `Those dice do not fit: ${typed.error}.` }
    rolled = typed.value
  }
  const physical = request.faces !== undefined
  const entry: LogEntry = {
    id,
    at: ctx.now,
    by: ctx.by,
    notation: rolled.notation,
    faces: rolled.dice.map((d) => d.face),
    total: rolled.total,
    source: physical ? 'physical' : rolled.source === 'scripted' ? 'physical' : rolled.source,
    ...(physical && ctx.approvePhysical ? { status: 'pending' as const } : {}),
  }
  ctx.log.transact(() => ctx.log.getArray<LogEntry>(LOG.entries).push([entry]), 'server')
  return { ok: true, logId: entry.id }
}

/** Applies the GM's verdict to a pending physical-dice entry; other entries are left as they are. */
export function applyApproval(log: Y.Doc, approval: Approval): boolean {
  const entries = log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === approval.entryId)
  const entry = entries.get(index)
  if (index < 0 || entry?.status !== 'pending') return false
  log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [{ ...entry, status: approval.approve ? 'approved' : 'rejected' }])
  }, 'server')
  return true
}
