/** Resolving what players ask for in their seat documents. The server rolls every digital die. */
import {
  type Approval,
  type CombatantFields,
  FACTION,
  isRequestId,
  LOG,
  type LogEntry,
  parseDeclared,
  parseFaces,
  parseIntent,
  type RequestResult,
  SEAT,
  type SeatInfo,
  type SeatRequest,
  sheetHitPoints,
  TABLE,
} from '@fray/protocol'
import {
  type DiceSource,
  parseDice,
  roll,
  rollWithFaces,
  SYSTEMS,
  type SystemId,
  unreachable,
} from '@fray/rules'
import * as Y from 'yjs'
import { attack, defend } from './combat.ts'
import { declareIntent, endTurn, factionMove, rollInitiativeFor, turnCombatants } from './turn-flow.ts'

type RollRequest = Extract<SeatRequest, { kind: 'roll' }>

/** Reads a request written by a client; null when it is not one we understand. */
export function parseRequest(value: unknown): SeatRequest | null {
  if (typeof value !== 'object' || value === null) return null
  const r = value as Record<string, unknown>
  if (typeof r.id !== 'string' || r.id.length < 1 || r.id.length > 64) return null
  const at = typeof r.at === 'number' ? r.at : 0
  if (r.kind === 'roll' && (r.notation === 'd20' || r.notation === 'd100')) {
    const request: RollRequest = { id: r.id, kind: 'roll', notation: r.notation, at }
    if (r.faces !== undefined) {
      const ok =
        Array.isArray(r.faces) && r.faces.length <= 100 && r.faces.every((f) => typeof f === 'number')
      if (!ok) return null
      request.faces = r.faces as number[]
    }
    return request
  }
  if (
    r.kind === 'create-character' &&
    typeof r.sheet === 'object' &&
    r.sheet !== null &&
    !Array.isArray(r.sheet)
  ) {
    return { id: r.id, kind: 'create-character', at, sheet: r.sheet as Record<string, unknown> }
  }
  if (r.kind === 'claim' && typeof r.combatantId === 'string') {
    return { id: r.id, kind: 'claim', at, combatantId: r.combatantId }
  }
  if (r.kind === 'initiative') {
    const ok =
      r.faces === undefined || (Array.isArray(r.faces) && r.faces.every((f) => typeof f === 'number'))
    if (!ok) return null
    return {
      id: r.id,
      kind: 'initiative',
      at,
      ...(r.faces ? { faces: (r.faces as number[]).slice(0, 10) } : {}),
    }
  }
  if (r.kind === 'end-turn' || r.kind === 'act' || r.kind === 'pass') return { id: r.id, kind: r.kind, at }
  const intent = parseIntent(r.intent)
  if (r.kind === 'intent' && intent) return { id: r.id, kind: 'intent', at, intent }
  const declared = parseDeclared(r.declared)
  if (r.kind === 'attack' && isRequestId(r.targetId) && declared) {
    const faces = parseFaces(r.faces)
    if (faces === null) return null
    return { id: r.id, kind: 'attack', at, targetId: r.targetId, declared, ...(faces ? { faces } : {}) }
  }
  if (r.kind === 'defend' && isRequestId(r.promptId) && isRequestId(r.choice))
    return { id: r.id, kind: 'defend', at, promptId: r.promptId, choice: r.choice }
  return null
}

/** Request ids in a seat document, in order, with the parsed request or null when it is not one. */
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
  seatId: string
  system: SystemId
  dice: DiceSource
  table: Y.Doc
  log: Y.Doc
  seat: Y.Doc
  now: number
  newId: () => string
  /** Whether physical dice wait for the GM's approval (a room setting). */
  approvePhysical: boolean
}

/** The quick rolls a player may ask for, parsed once. */
const QUICK_DICE = { d20: parseDice('1d20'), d100: parseDice('1d100') }

/** Resolves one request, and records the result (or why it was refused) in the seat. */
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
  const seat = ctx.table.getMap<SeatInfo>(TABLE.seats).get(ctx.seatId)
  if (seat?.freed) return { ok: false, error: 'The GM freed this seat. Open the link again to join anew.' }
  switch (request.kind) {
    case 'roll':
      return quickRoll(request, id, ctx)
    case 'create-character':
      return createCharacter(request.sheet, ctx, seat)
    case 'claim':
      return claim(request.combatantId, ctx, seat)
    case 'initiative':
    case 'end-turn':
    case 'act':
    case 'pass':
    case 'intent':
    case 'attack':
    case 'defend': {
      const mine = turnCombatants(ctx.table).find((c) => c.id === seat?.combatantId)
      if (!mine) return { ok: false, error: 'Choose your character first.' }
      const turnCtx = { system: ctx.system, table: ctx.table, log: ctx.log, dice: ctx.dice, now: ctx.now }
      if (request.kind === 'initiative') return rollInitiativeFor(turnCtx, mine, request.faces, id)
      if (request.kind === 'end-turn') return endTurn(turnCtx, mine)
      if (request.kind === 'intent') return declareIntent(turnCtx, mine, request.intent)
      const asker = { seatId: ctx.seatId }
      if (request.kind === 'attack')
        return attack(turnCtx, asker, mine.id, request.targetId, request.declared, id, request.faces)
      if (request.kind === 'defend') return defend(turnCtx, asker, request.promptId, request.choice, id)
      return factionMove(turnCtx, FACTION.party, request.kind === 'act' ? mine.id : null)
    }
    default:
      return unreachable(request)
  }
}

const ALREADY_SEATED = 'You already play a character here; ask the GM to free your seat to start over.'

function createCharacter(
  input: Record<string, unknown>,
  ctx: RequestContext,
  seat?: SeatInfo,
): RequestResult {
  if (seat?.combatantId) return { ok: false, error: ALREADY_SEATED }
  const parsed = SYSTEMS[ctx.system].sheet.parse(input)
  if (!parsed.ok) return { ok: false, error: parsed.error }
  const sheet = parsed.value as Record<string, unknown>
  const hp = sheetHitPoints(ctx.system, sheet)
  const name = typeof sheet.name === 'string' && sheet.name.trim() ? sheet.name.trim() : ctx.by
  const id = ctx.newId()
  // The sheet is kept as the player filled it in (already validated), so it parses again the same way.
  const values: CombatantFields = { name, hp, maxHp: hp, side: 'pc', seatId: ctx.seatId, sheet: input }
  ctx.table.transact(() => {
    const fields = new Y.Map<unknown>()
    ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).set(id, fields)
    for (const [key, value] of Object.entries(values)) fields.set(key, value)
    ctx.table.getMap<SeatInfo>(TABLE.seats).set(ctx.seatId, { name: ctx.by, combatantId: id })
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
    ctx.table.getMap<SeatInfo>(TABLE.seats).set(ctx.seatId, { name: ctx.by, combatantId })
  }, 'server')
  return { ok: true, logId: combatantId }
}

/** A quick roll: the room's dice, or the face the player typed in, checked against the die. */
function quickRoll(request: RollRequest, id: string, ctx: RequestContext): RequestResult {
  const dice = QUICK_DICE[request.notation]
  let rolled = roll(dice, ctx.dice)
  if (request.faces) {
    const typed = rollWithFaces(dice, request.faces)
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
