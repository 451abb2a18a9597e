/** Resolving what players ask for in their seat documents. The server rolls every digital die. */
import {
  type Answer,
  type Approval,
  type CombatantFields,
  type DocMark,
  LOG,
  type LogEntry,
  type RequestResult,
  SEAT,
  type SeatInfo,
  type SeatRequest,
  TABLE,
} from '@fray/protocol'
import { type Fighter, sheetInput } from '@fray/rules'
import * as Y from 'yjs'
import { attack, defend } from './combat.ts'
import { fighterOf } from './fighters.ts'
import { freeRoll } from './free-roll.ts'
import { append } from './map-writes.ts'
import type { RoomContext } from './outcomes.ts'
import { answer, movedOn, rollInitiative, stepTurn } from './turn-flow.ts'

/** A seat's request works over the room's context, with who asked and their seat's document. */
export interface RequestContext extends RoomContext {
  /** Who asked, as shown at the table. */
  by: string
  seatId: string
  seat: Y.Doc
  newId: () => string
  /** Whether physical dice wait for the GM's approval (a room setting). */
  approvePhysical: boolean
}

/** A request that does not parse: from another version of the app, or not from the app at all. */
export const NOT_UNDERSTOOD = 'That request is not one this room understands; update the app and try again.'

/**
 * Resolves one request, and answers it in the seat (what became of it, or why it was refused). `id` is the
 * request's own id, which its answer goes by; `key` names it for good, and the log entries it makes.
 */
export function resolveRequest(
  request: SeatRequest | null,
  id: string,
  key: string,
  ctx: RequestContext,
): RequestResult {
  const result = decide(request, key, ctx)
  append(ctx.seat.getArray<Answer>(SEAT.answers), [answerOf(id, result, ctx)])
  return result
}

/**
 * The answer to a request, written in its writer's document. A refusal changed nothing: only what was done
 * says how far it took the table and the log, which the writer's device then waits to hold.
 */
export function answerOf(id: string, result: RequestResult, docs: { table: Y.Doc; log: Y.Doc }): Answer {
  return result.ok
    ? { id, result, after: { table: markOf(docs.table), log: markOf(docs.log) } }
    : { id, result }
}

/** How far this room's own writes to `doc` have come. */
const markOf = (doc: Y.Doc): DocMark => [doc.clientID, Y.getState(doc.store, doc.clientID)]

/** One handler per kind of seat request: a new kind without one is a compile error. */
type SeatHandlers = {
  [K in SeatRequest['kind']]: (
    request: Extract<SeatRequest, { kind: K }>,
    id: string,
    ctx: RequestContext,
    seat: SeatInfo | undefined,
  ) => RequestResult
}

/** The seat's character, for requests that need one. */
function mine(
  ctx: RequestContext,
  seat: SeatInfo | undefined,
  then: (f: Fighter) => RequestResult,
): RequestResult {
  const f = seat?.combatantId ? fighterOf(ctx, seat.combatantId) : null
  return f ? then(f) : { ok: false, error: 'Choose your character first.' }
}

const SEAT_HANDLERS: SeatHandlers = {
  roll: (request, id, ctx) =>
    freeRoll(ctx, id, { ...request, by: ctx.by, approvePhysical: ctx.approvePhysical }),
  'create-character': (request, _id, ctx, seat) => createCharacter(request.sheet, ctx, seat),
  claim: (request, _id, ctx, seat) => claim(request.combatantId, ctx, seat),
  initiative: (request, id, ctx, seat) =>
    mine(ctx, seat, (f) => rollInitiative(ctx, f, request.faces, id, ctx.approvePhysical)),
  'end-turn': (_r, id, ctx, seat) =>
    mine(ctx, seat, (f) => answer(stepTurn(ctx, { kind: 'end-turn', id: f.id }), id)),
  act: (_r, id, ctx, seat) =>
    mine(ctx, seat, (f) => answer(stepTurn(ctx, { kind: 'act', side: 'pc', id: f.id }), id)),
  pass: (request, id, ctx, seat) =>
    mine(
      ctx,
      seat,
      () =>
        movedOn(ctx, request.from, 'another of the party passed or acted first') ??
        answer(stepTurn(ctx, { kind: 'act', side: 'pc', id: null }), id),
    ),
  intent: (request, id, ctx, seat) =>
    mine(ctx, seat, (f) => answer(stepTurn(ctx, { kind: 'intent', id: f.id, intent: request.intent }), id)),
  attack: (request, id, ctx, seat) =>
    mine(ctx, seat, (f) =>
      attack(ctx, { seatId: ctx.seatId }, f.id, request.targetId, request.declared, id, request.faces),
    ),
  defend: (request, id, ctx, seat) =>
    mine(ctx, seat, () => defend(ctx, { seatId: ctx.seatId }, request.promptId, request.choice, id)),
}

function decide(request: SeatRequest | null, id: string, ctx: RequestContext): RequestResult {
  if (request === null) {
    return { ok: false, error: NOT_UNDERSTOOD }
  }
  const seat = ctx.table.getMap<SeatInfo>(TABLE.seats).get(ctx.seatId)
  if (seat?.freed) return { ok: false, error: 'The GM freed this seat. Open the link again to join anew.' }
  const handle = SEAT_HANDLERS[request.kind] as (
    r: SeatRequest,
    id: string,
    ctx: RequestContext,
    seat: SeatInfo | undefined,
  ) => RequestResult
  return handle(request, id, ctx, seat)
}

const ALREADY_SEATED = 'You already play a character here; ask the GM to free your seat to start over.'

function createCharacter(
  input: Record<string, unknown>,
  ctx: RequestContext,
  seat?: SeatInfo,
): RequestResult {
  if (seat?.combatantId) return { ok: false, error: ALREADY_SEATED }
  // Only the form's own fields are kept, within their limits: nothing else a client sends is stored.
  const kept = sheetInput(ctx.rules.sheet.fields, input)
  if (!kept.ok) return kept
  const parsed = ctx.rules.sheet.parse(kept.value)
  if (!parsed.ok) return { ok: false, error: parsed.error }
  const sheet = parsed.value as Record<string, unknown>
  const hp = ctx.rules.sheet.hitPoints(sheet)
  const name = typeof sheet.name === 'string' && sheet.name.trim() ? sheet.name.trim() : ctx.by
  const id = ctx.newId()
  // The sheet is kept as the player filled it in (already validated), so it parses again the same way.
  const values: CombatantFields = { name, hp, maxHp: hp, side: 'pc', seatId: ctx.seatId, sheet: kept.value }
  ctx.table.transact(() => {
    const fields = new Y.Map<unknown>()
    ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).set(id, fields)
    for (const [key, value] of Object.entries(values)) fields.set(key, value)
    ctx.table.getMap<SeatInfo>(TABLE.seats).set(ctx.seatId, { ...seat, name: ctx.by, combatantId: id })
  }, 'server')
  return { ok: true, logId: id }
}

function claim(combatantId: string, ctx: RequestContext, seat?: SeatInfo): RequestResult {
  if (seat?.combatantId) return { ok: false, error: ALREADY_SEATED }
  const fields = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(combatantId)
  if (fields?.get('side') !== 'pc') {
    return { ok: false, error: 'That character is not one the GM prepared for players.' }
  }
  if (!fields || fields.get('seatId'))
    return { ok: false, error: `${String(fields?.get('name'))} is already taken.` }
  ctx.table.transact(() => {
    fields.set('seatId', ctx.seatId)
    ctx.table.getMap<SeatInfo>(TABLE.seats).set(ctx.seatId, { ...seat, name: ctx.by, combatantId })
  }, 'server')
  return { ok: true, logId: combatantId }
}

/** Applies the GM's verdict to a pending physical-dice roll; other entries are left as they are. */
export function applyApproval(log: Y.Doc, approval: Approval): boolean {
  const entries = log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === approval.entryId)
  const entry = entries.get(index)
  // Outcomes (attacks) wait with their changes: the combat flow applies those (approveOutcome).
  if (index < 0 || entry?.status !== 'pending' || entry.kind) return false
  log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [{ ...entry, status: approval.approve ? 'approved' : 'rejected' }])
  }, 'server')
  return true
}
