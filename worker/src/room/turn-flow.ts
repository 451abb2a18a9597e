/** The round at the table: initiative, whose turn it is, and moving on, written by the room into `table`. */
import {
  buildOrder,
  type GmRequest,
  IDLE_TURN,
  type InitiativeRoll,
  initiativeDie,
  LOG,
  type LogEntry,
  type RequestResult,
  scoreInitiative,
  TABLE,
  type TurnCombatant,
  type TurnState,
} from '@fray/protocol'
import type { DiceSource, SystemId } from '@fray/rules'
import type * as Y from 'yjs'

export interface TurnContext {
  system: SystemId
  table: Y.Doc
  log: Y.Doc
  dice: DiceSource
  now: number
}

export function readTurn(table: Y.Doc): TurnState {
  const map = table.getMap<unknown>(TABLE.turn)
  return { ...IDLE_TURN, ...(Object.fromEntries(map.entries()) as Partial<TurnState>) }
}

function writeTurn(table: Y.Doc, turn: Partial<TurnState>): void {
  const map = table.getMap<unknown>(TABLE.turn)
  table.transact(() => {
    for (const [k, v] of Object.entries(turn)) map.set(k, v)
  }, 'server')
}

export function turnCombatants(table: Y.Doc): TurnCombatant[] {
  return [...table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].map(([id, f]) => ({
    id,
    name: String(f.get('name') ?? id),
    side: f.get('side') === 'pc' ? 'pc' : 'foe',
    sheet: (f.get('sheet') as Record<string, unknown> | undefined) ?? undefined,
  }))
}

/** Rolls (or takes the typed faces of) one combatant's initiative and logs it. */
export function rollInitiativeFor(
  ctx: TurnContext,
  combatant: TurnCombatant,
  faces: number[] | undefined,
  logId: string,
): RequestResult {
  const turn = readTurn(ctx.table)
  if (turn.status !== 'initiative') return { ok: false, error: 'Initiative is not being rolled right now.' }
  if (turn.initiative[combatant.id])
    return { ok: false, error: `${combatant.name} has already rolled initiative.` }
  const die = initiativeDie(ctx.system)
  if (die === null) return { ok: false, error: 'This system orders the round without an initiative roll.' }
  const face = faces ? faces[0] : ctx.dice.roll(die)
  if (
    faces &&
    (faces.length !== 1 || !Number.isInteger(face) || (face as number) < 1 || (face as number) > die)
  ) {
    return { ok: false, error: `A d${die} shows 1 to ${die}; type the one face you rolled.` }
  }
  const scored = scoreInitiative(ctx.system, combatant, face as number)
  if (!scored.ok) return scored
  const entry: LogEntry = {
    id: logId,
    at: ctx.now,
    by: combatant.name,
    notation: `1d${die}`,
    faces: scored.value.faces,
    total: scored.value.total,
    source: faces ? 'physical' : ctx.dice.kind === 'scripted' ? 'physical' : ctx.dice.kind,
    detail: `Initiative: ${scored.value.detail}`,
  }
  ctx.log.transact(() => ctx.log.getArray<LogEntry>(LOG.entries).push([entry]), 'server')
  const initiative: Record<string, InitiativeRoll> = { ...turn.initiative, [combatant.id]: scored.value }
  writeTurn(ctx.table, { initiative })
  beginIfReady(ctx)
  return { ok: true, logId }
}

/** Starts the round once the order can be built (everyone who rolls has rolled). */
function beginIfReady(ctx: TurnContext): void {
  const turn = readTurn(ctx.table)
  if (turn.status !== 'initiative') return
  const order = buildOrder(ctx.system, turnCombatants(ctx.table), turn.initiative)
  if (!order.ok) return
  writeTurn(ctx.table, { status: 'running', order: order.value, current: 0, acted: [] })
}

/** A player ends their turn; when everyone in the slot has, the next slot comes up. */
export function endTurn(ctx: TurnContext, combatant: TurnCombatant): RequestResult {
  const turn = readTurn(ctx.table)
  const slot = turn.order[turn.current]
  if (turn.status !== 'running' || !slot?.ids.includes(combatant.id)) {
    return { ok: false, error: 'It is not your turn.' }
  }
  if (turn.acted.includes(combatant.id)) return { ok: false, error: 'You have already ended your turn.' }
  const acted = [...turn.acted, combatant.id]
  if (slot.ids.every((id) => acted.includes(id))) advance(ctx, turn)
  else writeTurn(ctx.table, { acted })
  return { ok: true, logId: combatant.id }
}

function advance(ctx: TurnContext, turn: TurnState): void {
  if (turn.current + 1 < turn.order.length) {
    writeTurn(ctx.table, { current: turn.current + 1, acted: [] })
    return
  }
  // End of the round: a new round, with new initiative where the system rolls it every round.
  const rerolls = ctx.system === 'osr'
  writeTurn(ctx.table, {
    status: 'initiative',
    round: turn.round + 1,
    order: [],
    current: 0,
    acted: [],
    initiative: rerolls ? {} : turn.initiative,
  })
  beginIfReady(ctx)
}

/** The GM's turn-order requests. */
export function gmTurnRequest(ctx: TurnContext, request: GmRequest): RequestResult {
  const turn = readTurn(ctx.table)
  switch (request.kind) {
    case 'start-combat':
      writeTurn(ctx.table, { ...IDLE_TURN, status: 'initiative', round: 1 })
      beginIfReady(ctx)
      return { ok: true, logId: request.id }
    case 'roll-foes': {
      if (turn.status !== 'initiative') return { ok: false, error: 'Start the combat first.' }
      const foes = turnCombatants(ctx.table).filter((c) => c.side === 'foe' && !turn.initiative[c.id])
      // Side initiative: one roll for all the foes.
      const rollers = ctx.system === 'odnd' ? foes.slice(0, 1) : foes
      for (const foe of rollers) rollInitiativeFor(ctx, foe, undefined, `${request.id}/${foe.id}`)
      return { ok: true, logId: request.id }
    }
    case 'next-turn':
      if (turn.status !== 'running') return { ok: false, error: 'No round is running.' }
      advance(ctx, turn)
      return { ok: true, logId: request.id }
    case 'end-combat':
      writeTurn(ctx.table, { ...IDLE_TURN })
      return { ok: true, logId: request.id }
    default:
      return exhaustive(request)
  }
}

export function parseGmRequest(value: unknown): GmRequest | null {
  const r = value as { id?: unknown; kind?: unknown } | null
  if (typeof r?.id !== 'string' || r.id.length > 64) return null
  if (
    r.kind === 'start-combat' ||
    r.kind === 'roll-foes' ||
    r.kind === 'next-turn' ||
    r.kind === 'end-combat'
  ) {
    return { id: r.id, kind: r.kind }
  }
  return null
}

function exhaustive(value: never): never {
  throw new Error(`unhandled request ${JSON.stringify(value)}`)
}
