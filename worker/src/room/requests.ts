/** Resolving what players ask for in their seat documents. The server rolls every digital die. */
import { LOG, type LogEntry, type RequestResult, SEAT, type SeatRequest } from '@fray/protocol'
import { type DiceSource, rollDice } from '@fray/rules'
import type * as Y from 'yjs'

/** Reads a request written by a client; null when it is not one we understand. */
export function parseRequest(value: unknown): SeatRequest | null {
  if (typeof value !== 'object' || value === null) return null
  const r = value as Record<string, unknown>
  if (typeof r.id !== 'string' || r.id.length < 1 || r.id.length > 64) return null
  if (r.kind === 'roll' && r.notation === 'd20') {
    return { id: r.id, kind: 'roll', notation: 'd20', at: typeof r.at === 'number' ? r.at : 0 }
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

/** Resolves one request into an entry of the shared log, and records the result in the seat. */
export function resolveRequest(
  request: SeatRequest | null,
  id: string,
  by: string,
  dice: DiceSource,
  log: Y.Doc,
  seat: Y.Doc,
  now: number,
): RequestResult {
  let result: RequestResult
  if (request === null) {
    result = {
      ok: false,
      error: 'That request is not one this room understands; update the app and try again.',
    }
  } else {
    const roll = rollDice(dice, 1, 20)
    const entry: LogEntry = {
      id: `${id}`,
      at: now,
      by,
      notation: roll.notation,
      faces: roll.dice.map((d) => d.face),
      total: roll.total,
      source: roll.source === 'scripted' ? 'physical' : roll.source,
    }
    log.transact(() => log.getArray<LogEntry>(LOG.entries).push([entry]), 'server')
    result = { ok: true, logId: entry.id }
  }
  seat.transact(() => seat.getMap<RequestResult>(SEAT.results).set(id, result), 'server')
  return result
}
