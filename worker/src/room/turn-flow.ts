/** The round at the table: initiative, whose turn it is, and moving on, written by the room into `table`. */
import {
  buildOrder,
  checkIntent,
  checkSurprise,
  defaultIntent,
  defendOnlyIds,
  FACTION,
  factionOf,
  type GmRequest,
  IDLE_TURN,
  type InitiativeRoll,
  type Intent,
  initiativeDiceFor,
  initiativeDie,
  isRequestId,
  LOG,
  type LogEntry,
  needsInitiative,
  parseDeclared,
  parseFaces,
  parseIntent,
  parseSurpriseSetup,
  type RequestResult,
  readSettings,
  type SurpriseOutcome,
  scoreInitiative,
  sheetOf,
  TABLE,
  type TurnCombatant,
  type TurnState,
} from '@fray/protocol'
import { type brp, type DiceSource, type SystemId, unreachable, zones } from '@fray/rules'
import type * as Y from 'yjs'
import { attack, defend, endOfRound, undo } from './combat.ts'

export interface TurnContext {
  system: SystemId
  table: Y.Doc
  log: Y.Doc
  dice: DiceSource
  now: number
}

const settingsOf = (table: Y.Doc) => readSettings(table.getMap<unknown>(TABLE.settings))

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
  if (turn.round === 1 && turn.surprised?.includes(combatant.id))
    return { ok: false, error: `${combatant.name} is surprised and cannot act this round.` }
  const all = turnCombatants(ctx.table)
  if (initiativeDiceFor(ctx.system, combatant).ok && initiativeDie(ctx.system) !== null) {
    if (!needsInitiative(ctx.system, combatant, all, turn.initiative, settingsOf(ctx.table))) {
      return { ok: false, error: 'Your side’s initiative is already rolled: one die for the whole side.' }
    }
  }
  const dice = initiativeDiceFor(ctx.system, combatant)
  if (!dice.ok) return dice
  if (dice.value.length === 0)
    return { ok: false, error: 'This system orders the round without an initiative roll.' }
  const rolled = faces ?? dice.value.map((sides) => ctx.dice.roll(sides))
  const scored = scoreInitiative(ctx.system, combatant, rolled)
  if (!scored.ok) return scored
  const entry: LogEntry = {
    id: logId,
    at: ctx.now,
    by: combatant.name,
    notation: dice.value.map((sides) => `1d${sides}`).join(' + '),
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

/** Who takes part in the current round: the surprised sit out round 1. */
export function actingCombatants(table: Y.Doc, turn: TurnState): TurnCombatant[] {
  const all = turnCombatants(table)
  return turn.round === 1 && turn.surprised?.length ? all.filter((c) => !turn.surprised?.includes(c.id)) : all
}

/**
 * Starts the round once the order can be built: everyone who rolls has rolled, and in brp everyone has
 * stated their intent (or the GM has ended the Statement of Intent with `force`).
 */
function beginIfReady(ctx: TurnContext, force = false): void {
  const turn = readTurn(ctx.table)
  if (turn.status !== 'initiative') return
  const acting = actingCombatants(ctx.table, turn)
  let intents = turn.intents ?? {}
  if (ctx.system === 'brp') {
    if (!force && acting.some((c) => !intents[c.id])) return
    intents = Object.fromEntries(acting.map((c) => [c.id, intents[c.id] ?? undeclared(c)]))
  }
  // spelljammer: someone caught in the ambush with one attack back keeps only their first attack.
  const initiative = Object.fromEntries(
    Object.entries(turn.initiative).map(([id, roll]) =>
      turn.round === 1 && turn.oneAttack?.includes(id)
        ? [id, { ...roll, segments: roll.segments?.slice(0, 1) }]
        : [id, roll],
    ),
  )
  const order = buildOrder(ctx.system, acting, initiative, settingsOf(ctx.table), intents)
  if (!order.ok) return
  const defendOnly = ctx.system === 'brp' ? defendOnlyIds(acting, intents) : []
  writeTurn(ctx.table, { status: 'running', order: order.value, current: 0, acted: [], intents, defendOnly })
  if (order.value.length === 0 && acting.length < turnCombatants(ctx.table).length) {
    // Everyone who could act was surprised: the round passes at once.
    advance(ctx, readTurn(ctx.table))
  }
}

/** A combatant who stated nothing: no movement, their first weapon (or, without a sheet, the defaults). */
function undeclared(c: TurnCombatant): Intent {
  const sheet = sheetOf('brp', c)
  return sheet.ok ? defaultIntent(sheet.value as brp.Sheet) : { metersMoved: 0, weapon: null }
}

/** brp: a combatant states how far they move and what they attack with; the order waits for everyone. */
export function declareIntent(ctx: TurnContext, combatant: TurnCombatant, intent: Intent): RequestResult {
  if (ctx.system !== 'brp') return { ok: false, error: 'Only BRP rounds open with a Statement of Intent.' }
  const turn = readTurn(ctx.table)
  if (turn.status !== 'initiative')
    return { ok: false, error: 'Intents are stated before the round’s actions; wait for the next round.' }
  if (turn.round === 1 && turn.surprised?.includes(combatant.id))
    return { ok: false, error: `${combatant.name} is surprised and cannot act this round.` }
  const checked = checkIntent(combatant, intent)
  if (!checked.ok) return checked
  writeTurn(ctx.table, { intents: { ...(turn.intents ?? {}), [combatant.id]: checked.value } })
  beginIfReady(ctx)
  return { ok: true, logId: combatant.id }
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
  // End of the round: its effects, then a new round, with new initiative where the system rolls it.
  endOfRound(ctx, turn.round)
  const rerolls =
    ctx.system === 'osr' || (ctx.system === 'odnd' && settingsOf(ctx.table).rerollInitiativeEachRound)
  writeTurn(ctx.table, {
    status: 'initiative',
    round: turn.round + 1,
    order: [],
    current: 0,
    acted: [],
    initiative: rerolls ? {} : turn.initiative,
    // Surprise lasts one round; brp states its intents anew every round.
    surprised: [],
    oneAttack: [],
    intents: {},
    defendOnly: [],
  })
  beginIfReady(ctx)
}

/** The GM's turn-order requests. */
export function gmTurnRequest(ctx: TurnContext, request: GmRequest): RequestResult {
  const turn = readTurn(ctx.table)
  switch (request.kind) {
    case 'start-combat':
      return startCombat(ctx, request)
    case 'roll-foes': {
      if (turn.status !== 'initiative') return { ok: false, error: 'Start the combat first.' }
      const foes = actingCombatants(ctx.table, turn).filter((c) => c.side === 'foe' && !turn.initiative[c.id])
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
      writeTurn(ctx.table, { ...IDLE_TURN, factions: undefined })
      return { ok: true, logId: request.id }
    case 'act': {
      const foe = turnCombatants(ctx.table).find((c) => c.id === request.combatantId)
      if (!foe) return { ok: false, error: 'No such combatant on the table.' }
      return factionMove(ctx, factionOf(foe.side), foe.id)
    }
    case 'pass':
      return factionMove(ctx, FACTION.foes, null)
    case 'intent': {
      const foe = turnCombatants(ctx.table).find((c) => c.id === request.combatantId)
      if (!foe) return { ok: false, error: 'No such combatant on the table.' }
      return declareIntent(ctx, foe, request.intent)
    }
    case 'attack':
      return attack(
        ctx,
        'gm',
        request.attackerId,
        request.targetId,
        request.declared,
        request.id,
        request.faces,
      )
    case 'defend':
      return defend(ctx, 'gm', request.promptId, request.choice, request.id)
    case 'undo':
      return undo(ctx, request.entryId)
    case 'begin-actions':
      if (ctx.system !== 'brp' || turn.status !== 'initiative')
        return { ok: false, error: 'There is no Statement of Intent to end right now.' }
      beginIfReady(ctx, true)
      return { ok: true, logId: request.id }
    default:
      return unreachable(request)
  }
}

/** Opens round 1, after checking surprise when the GM said a side might be caught unaware. */
function startCombat(ctx: TurnContext, request: Extract<GmRequest, { kind: 'start-combat' }>): RequestResult {
  const combatants = turnCombatants(ctx.table)
  let surprise: SurpriseOutcome = { surprised: [], oneAttack: [], concealed: [], rolls: [] }
  if (request.surprise) {
    const checked = checkSurprise(ctx.system, combatants, request.surprise, (sides) => ctx.dice.roll(sides))
    if (!checked.ok) return checked
    surprise = checked.value
    const entries = surprise.rolls.map(
      (r, i): LogEntry => ({
        id: `${request.id}/surprise-${i}`,
        at: ctx.now,
        by: r.by,
        notation: `1d${r.sides}`,
        faces: r.faces,
        total: r.total,
        source: ctx.dice.kind === 'scripted' ? 'physical' : ctx.dice.kind,
        detail: r.detail,
      }),
    )
    if (entries.length > 0)
      ctx.log.transact(() => ctx.log.getArray<LogEntry>(LOG.entries).push(entries), 'server')
  }
  if (ctx.system === 'zones') return startFactions(ctx, surprise.concealed)
  writeTurn(ctx.table, {
    ...IDLE_TURN,
    status: 'initiative',
    round: 1,
    surprised: surprise.surprised,
    oneAttack: surprise.oneAttack,
    intents: {},
    defendOnly: [],
  })
  beginIfReady(ctx)
  return { ok: true, logId: request.id }
}

const SIMPLE_GM_REQUESTS = ['roll-foes', 'next-turn', 'end-combat', 'pass', 'begin-actions'] as const

export function parseGmRequest(value: unknown): GmRequest | null {
  const r = value as {
    id?: unknown
    kind?: unknown
    combatantId?: unknown
    surprise?: unknown
    intent?: unknown
    declared?: unknown
    attackerId?: unknown
    targetId?: unknown
    promptId?: unknown
    choice?: unknown
    entryId?: unknown
    faces?: unknown
  } | null
  if (typeof r?.id !== 'string' || r.id.length > 64) return null
  const simple = SIMPLE_GM_REQUESTS.find((kind) => kind === r.kind)
  if (simple) return { id: r.id, kind: simple }
  if (r.kind === 'start-combat') {
    const surprise = parseSurpriseSetup(r.surprise)
    return surprise ? { id: r.id, kind: 'start-combat', surprise } : { id: r.id, kind: 'start-combat' }
  }
  if (r.kind === 'act' && typeof r.combatantId === 'string')
    return { id: r.id, kind: 'act', combatantId: r.combatantId }
  const intent = parseIntent(r.intent)
  if (r.kind === 'intent' && typeof r.combatantId === 'string' && intent)
    return { id: r.id, kind: 'intent', combatantId: r.combatantId, intent }
  const declared = parseDeclared(r.declared)
  if (r.kind === 'attack' && isRequestId(r.attackerId) && isRequestId(r.targetId) && declared) {
    const faces = parseFaces(r.faces)
    if (faces === null) return null
    const { attackerId, targetId } = r
    return { id: r.id, kind: 'attack', attackerId, targetId, declared, ...(faces ? { faces } : {}) }
  }
  if (r.kind === 'defend' && isRequestId(r.promptId) && isRequestId(r.choice))
    return { id: r.id, kind: 'defend', promptId: r.promptId, choice: r.choice }
  if (r.kind === 'undo' && isRequestId(r.entryId)) return { id: r.id, kind: 'undo', entryId: r.entryId }
  return null
}

/** Zones: opens the round of alternating factions; the faction holding the initiative is drawn at random. */
function startFactions(ctx: TurnContext, concealed: readonly string[]): RequestResult {
  const combatants = turnCombatants(ctx.table)
  const started = zones.startCombat({
    factions: [FACTION.party, FACTION.foes],
    combatants: combatants.map((c) => ({
      id: c.id,
      name: c.name,
      faction: factionOf(c.side),
      concealed: concealed.includes(c.id),
    })),
    initiativeDie: ctx.dice.roll(2),
  })
  if (!started.ok) return started
  // An ambush opens with a bonus round 0 in which only the concealed act.
  writeTurn(ctx.table, {
    ...IDLE_TURN,
    status: 'running',
    round: started.value.round,
    factions: started.value,
  })
  return { ok: true, logId: 'start' }
}

/** Zones: one character of a faction takes their turn, or the faction passes. */
export function factionMove(ctx: TurnContext, faction: string, character: string | null): RequestResult {
  const turn = readTurn(ctx.table)
  let state = turn.factions
  if (turn.status !== 'running' || !state) return { ok: false, error: 'No round is running.' }
  if (state.phase === 'choosing-first') {
    // The faction holding the initiative goes first when it moves; the other must wait for it.
    if (faction !== state.initiative)
      return { ok: false, error: 'The other side holds the initiative: wait for their move.' }
    const chosen = zones.stepRound(state, { type: 'choose-first', by: faction, first: faction })
    if (!chosen.ok) return chosen
    state = chosen.value
  }
  const action: zones.RoundAction = character
    ? { type: 'take-turn', faction, character }
    : { type: 'pass', faction }
  const stepped = zones.stepRound(state, action)
  if (!stepped.ok) return stepped
  state = stepped.value
  let round = turn.round
  if (state.phase === 'ended') {
    endOfRound(ctx, turn.round)
    const next = zones.nextRound(state)
    if (!next.ok) return next
    state = next.value
    round += 1
  }
  writeTurn(ctx.table, { factions: state, round })
  return { ok: true, logId: character ?? faction }
}
