/**
 * The round at the table, run by the system's own turn model (`ctx.rules.turn`): the room turns requests
 * into its steps, rolls the dice it asks for, logs them, writes the turn into `table`, and runs the end of
 * each round. No rule is decided here.
 */
import { LOG, type LogEntry, type RequestResult } from '@fray/protocol'
import {
  type Fighter,
  fail,
  IDLE_TURN,
  type Outcome,
  ok,
  type StartedBy,
  type SurpriseSetup,
  type TurnAction,
  type TurnContext,
  type TurnState,
  type TurnStep,
  turnPlace,
  waitingForEvents,
  withoutCombatant,
} from '@fray/rules'
import { fighters, settingsOf } from './fighters.ts'
import { tickMarks, tickSegments } from './marks.ts'
import { appendLog, endOfFight, endOfRound, type RoomContext, rollEntry, startOfFight } from './outcomes.ts'
import { closeAllPrompts, openPrompts } from './prompts.ts'
import { eventDone, rearmEvents, withEventsDue } from './timed-events.ts'
import { readTurn, writeTurn } from './turn-doc.ts'

/**
 * Attacks rolled with typed dice that wait for the GM's verdict: the turn waits for them as for a defender's
 * answer, so an outcome approved late still lands in its own turn and round (its attacks, stances and the
 * strikes it grants belong to them), never in the next.
 */
function awaitingApproval(ctx: RoomContext): TurnContext['openPrompts'] {
  return ctx.log
    .getArray<LogEntry>(LOG.entries)
    .toArray()
    .flatMap((e) =>
      e.status === 'pending' && e.attack
        ? [{ attackerId: e.attack.attackerId, targetId: e.attack.targetId, approval: true }]
        : [],
    )
}

/** What the turn model sees of the table now. */
function turnContext(ctx: RoomContext): TurnContext {
  const combat = ctx.rules.combat
  const settings = settingsOf(ctx.table)
  return {
    fighters: fighters(ctx),
    settings: {
      partyInitiative: settings.partyInitiative,
      rerollInitiativeEachRound: settings.rerollInitiativeEachRound,
    },
    openPrompts: [
      ...openPrompts(ctx.table).map(({ attackerId, targetId, question }) =>
        question ? { attackerId, targetId, question: true } : { attackerId, targetId },
      ),
      ...awaitingApproval(ctx),
    ],
    roll: (sides) => ctx.dice.roll(sides),
    out: (f) => combat.out(f),
  }
}

/**
 * Writes a step; a round it ends gets its end-of-round effects, then the next round opens, all in one
 * transaction of the table: no device ever sees a round that ended without the next one open.
 */
function apply(ctx: RoomContext, step: TurnStep): void {
  ctx.table.transact(() => {
    // The GM's timed events that the round has reached come up: the turn waits for them.
    writeTurn(ctx.table, withEventsDue(ctx, step.turn, step.roundOver))
    // On a segment clock the GM's conditions count the segments gone.
    tickSegments(ctx, step.turn, step.roundOver)
    if (!step.roundOver) return
    // The GM's conditions count the round down first, then the system's own end of round.
    tickMarks(ctx, step.turn.round)
    endOfRound(ctx, step.turn.round)
    const next = ctx.rules.turn.step(readTurn(ctx.table), { kind: 'new-round' }, turnContext(ctx))
    if (next.ok) writeTurn(ctx.table, withEventsDue(ctx, next.value.turn, false))
  }, 'server')
}

/** What moves the turn on, which waits while a timed event is due. */
const MOVES_ON = new Set<TurnAction['kind']>(['end-turn', 'next', 'act', 'attacked'])

/** One step of the system's turn model, applied. */
export function stepTurn(ctx: RoomContext, action: TurnAction): Outcome<TurnState> {
  const waiting = waitingForEvents(readTurn(ctx.table))
  if (waiting && MOVES_ON.has(action.kind)) return fail(waiting)
  const stepped = ctx.rules.turn.step(readTurn(ctx.table), action, turnContext(ctx))
  if (!stepped.ok) return stepped
  apply(ctx, stepped.value)
  return ok(readTurn(ctx.table))
}

/** After the table changed (someone fell or was revealed, an attack was answered): who acts now. */
export function refreshTurn(ctx: RoomContext): void {
  if (readTurn(ctx.table).status !== 'idle') stepTurn(ctx, { kind: 'refresh' })
}

/** The GM resolved a timed event that came up: once none is due, the turn goes on. */
export function resolveEvent(ctx: RoomContext, eventId: string, logId: string): RequestResult {
  const turn = eventDone(readTurn(ctx.table), eventId)
  if (typeof turn === 'string') return { ok: false, error: turn }
  writeTurn(ctx.table, turn)
  refreshTurn(ctx)
  return { ok: true, logId }
}

/**
 * A refusal when the turn is no longer where the screen that asked saw it (`from`, its `turnPlace`): it
 * moved on once already (another of the GM's devices, a player's End my turn, another player's We pass).
 */
export function movedOn(ctx: RoomContext, from: string | undefined, by: string): RequestResult | null {
  if (from === undefined || from === turnPlace(readTurn(ctx.table), ctx.rules.turn.view)) return null
  return { ok: false, error: `The turn had already moved on (${by}): nothing changed.` }
}

/** A request's answer from a turn step. */
export function answer(result: Outcome<unknown>, logId: string): RequestResult {
  return result.ok ? { ok: true, logId } : result
}

/**
 * Opens round 1, after checking surprise when the GM said a side might be caught unaware, and with the
 * side the GM said started the fight where the text asks it (zones). Only from no fight: a second Start
 * combat (another of the GM's devices, tapped at once) would throw away the initiative already rolled.
 */
export function startCombat(
  ctx: RoomContext,
  surprise: SurpriseSetup | null,
  startedBy: StartedBy | undefined,
  logId: string,
): RequestResult {
  if (readTurn(ctx.table).status !== 'idle')
    return {
      ok: false,
      error: 'The fight has already started (another device of yours started it): nothing changed.',
    }
  if (startedBy && !ctx.rules.info.asksWhoStarted)
    return {
      ok: false,
      error: `${ctx.rules.info.name} gives no initiative to the side that started the fight: start it without saying who did.`,
    }
  const started = ctx.rules.turn.start(turnContext(ctx), surprise, startedBy)
  if (!started.ok) return started
  rearmEvents(ctx)
  startOfFight(ctx, logId)
  appendLog(
    ctx,
    ...started.value.rolls.map((r, i) => rollEntry(ctx, `${logId}/surprise-${i}`, r.by, [r.sides], r, false)),
  )
  apply(ctx, started.value.step)
  return { ok: true, logId }
}

/**
 * Ends the fight: what the system's text does after a fight (zones' durability rolls) is rolled and logged,
 * the turn goes back to idle, and attacks still waiting for an answer are dropped. The GM's End combat
 * (`table-acts.ts`) logs it around this; New fight files the log after it.
 */
export function closeCombat(ctx: RoomContext, logId: string): void {
  endOfFight(ctx, logId)
  writeTurn(ctx.table, IDLE_TURN)
  closeAllPrompts(ctx.table)
}

/** One who left the table (removed, hidden again) leaves the order too: no "?" on any device. */
export function leaveTurn(ctx: RoomContext, id: string): void {
  const turn = readTurn(ctx.table)
  if (turn.status !== 'idle') writeTurn(ctx.table, withoutCombatant(turn, id, ctx.rules.turn.view))
}

const entries = (ctx: RoomContext) => ctx.log.getArray<LogEntry>(LOG.entries)

/**
 * Rolls (or takes the typed faces of) one combatant's initiative and logs it. A player's typed faces in a
 * room that approves physical dice are checked, logged as pending, and reach the turn once approved.
 */
export function rollInitiative(
  ctx: RoomContext,
  f: Fighter,
  faces: number[] | undefined,
  logId: string,
  hold = false,
): RequestResult {
  const rules = ctx.rules.turn
  const turn = readTurn(ctx.table)
  const dice = rules.initiativeDice(turn, f, turnContext(ctx))
  if (!dice.ok) return dice
  const waiting = entries(ctx)
    .toArray()
    .some((e) => e.status === 'pending' && e.initiative?.combatantId === f.id)
  if (waiting) return { ok: false, error: `${f.name}’s initiative roll waits for the GM’s approval.` }
  const rolled = faces ?? dice.value.map((sides) => ctx.dice.roll(sides))
  const stepped = rules.step(turn, { kind: 'initiative', id: f.id, faces: rolled }, turnContext(ctx))
  if (!stepped.ok) return stepped
  const roll = stepped.value.turn.initiative[f.id]
  const held = hold && faces !== undefined
  if (roll) {
    const detail = `Initiative: ${roll.detail}`
    appendLog(ctx, {
      ...rollEntry(ctx, logId, f.name, dice.value, { ...roll, detail }, faces !== undefined),
      initiative: { combatantId: f.id },
      ...(held ? { status: 'pending' as const } : {}),
    })
  }
  if (!held) apply(ctx, stepped.value)
  return { ok: true, logId }
}

/**
 * The GM's verdict on a typed initiative roll: approved, its faces take their place in the turn (if the
 * round still waits for them); rejected, the player rolls again. False when the entry is not one.
 */
export function approveInitiative(ctx: RoomContext, entryId: string, approve: boolean): boolean {
  const log = entries(ctx)
  const index = log.toArray().findIndex((e) => e.id === entryId)
  const entry = log.get(index)
  if (index < 0 || entry?.status !== 'pending' || !entry.initiative) return false
  ctx.log.transact(() => {
    log.delete(index, 1)
    log.insert(index, [{ ...entry, status: approve ? 'approved' : 'rejected' }])
  }, 'server')
  if (approve) stepTurn(ctx, { kind: 'initiative', id: entry.initiative.combatantId, faces: entry.faces })
  return true
}

/** The GM's "roll for the foes": each foe that rolls, or one die for the side. */
export function rollForFoes(ctx: RoomContext, logId: string): RequestResult {
  const turn = readTurn(ctx.table)
  if (turn.status !== 'initiative') return { ok: false, error: 'Start the combat first.' }
  for (const foe of ctx.rules.turn.foeRollers(turn, turnContext(ctx)))
    rollInitiative(ctx, foe, undefined, `${logId}/${foe.id}`)
  return { ok: true, logId }
}
