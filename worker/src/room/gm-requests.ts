/** What the GM asks of the room through the gm document: the turn order, monsters' attacks and undo. */
import type { GmRequest, RequestResult } from '@fray/protocol'
import type { TurnAction } from '@fray/rules'
import { areaEffect } from './area.ts'
import { newFight, rest } from './between-fights.ts'
import { attack, defend, undo } from './combat.ts'
import { clearCondition } from './conditions.ts'
import { fighterOf } from './fighters.ts'
import { freeRoll, revealRoll } from './free-roll.ts'
import { changeHitPoints } from './gm-edits.ts'
import { rollHitPoints } from './hit-points.ts'
import { addMark, removeMark } from './marks.ts'
import type { RoomContext } from './outcomes.ts'
import { endCombat, hideCombatant, removeCombatant, revealCombatant } from './table-acts.ts'
import { addEvent, removeEvent } from './timed-events.ts'
import { answer, movedOn, resolveEvent, rollForFoes, startCombat, stepTurn } from './turn-flow.ts'

/** One handler per kind of GM request: a new kind without one is a compile error. */
type GmHandlers = {
  [K in GmRequest['kind']]: (request: Extract<GmRequest, { kind: K }>, ctx: RoomContext) => RequestResult
}

const notOnTable: RequestResult = { ok: false, error: 'No such combatant on the table.' }

/**
 * A move of the turn the GM tapped (Next turn, Foes pass, Begin actions), taken only from where the GM's
 * screen showed the turn: else a player ended theirs, or another device of the GM's moved it, first.
 */
function fromHere(ctx: RoomContext, r: { id: string; from?: string }, step: TurnAction): RequestResult {
  return (
    movedOn(ctx, r.from, 'a player ended theirs, or another device of yours moved it') ??
    answer(stepTurn(ctx, step), r.id)
  )
}

const GM_HANDLERS: GmHandlers = {
  'start-combat': (r, ctx) => startCombat(ctx, r.surprise ?? null, r.startedBy, r.id),
  'roll-foes': (r, ctx) => rollForFoes(ctx, r.id),
  'next-turn': (r, ctx) => fromHere(ctx, r, { kind: 'next' }),
  'end-combat': (r, ctx) => endCombat(ctx, r.id),
  act(r, ctx) {
    const f = fighterOf(ctx, r.combatantId)
    return f ? answer(stepTurn(ctx, { kind: 'act', side: f.side, id: f.id }), r.id) : notOnTable
  },
  pass: (r, ctx) => fromHere(ctx, r, { kind: 'act', side: 'foe', id: null }),
  intent(r, ctx) {
    const f = fighterOf(ctx, r.combatantId)
    return f ? answer(stepTurn(ctx, { kind: 'intent', id: f.id, intent: r.intent }), r.id) : notOnTable
  },
  'begin-actions': (r, ctx) => fromHere(ctx, r, { kind: 'begin-actions' }),
  attack: (r, ctx) => attack(ctx, 'gm', r.attackerId, r.targetId, r.declared, r.id, r.faces),
  defend: (r, ctx) => defend(ctx, 'gm', r.promptId, r.choice, r.id),
  undo: (r, ctx) => undo(ctx, r.entryId),
  rest: (r, ctx) => rest(ctx, r.hospital, r.id),
  'new-fight': (r, ctx) => newFight(ctx, r.id),
  roll: (r, ctx) =>
    freeRoll(ctx, r.id, {
      by: 'The GM',
      notation: r.notation,
      ...(r.label ? { label: r.label } : {}),
      approvePhysical: false,
      ...(r.sealed ? { sealed: true } : {}),
    }),
  reveal: (r, ctx) => revealRoll(ctx, r.entryId, r.fight),
  area: (r, ctx) => areaEffect(ctx, r, r.id),
  mark: (r, ctx) =>
    addMark(
      ctx,
      r.combatantId,
      r.name,
      { rounds: r.rounds, ...(r.segments ? { segments: r.segments } : {}) },
      r.id,
    ),
  'clear-condition': (r, ctx) => clearCondition(ctx, r.combatantId, r.condition, r.id),
  'add-event': (r, ctx) => addEvent(ctx, r),
  'remove-event': (r, ctx) => removeEvent(ctx, r.eventId, r.id),
  'event-done': (r, ctx) => resolveEvent(ctx, r.eventId, r.id),
  unmark: (r, ctx) => removeMark(ctx, r.combatantId, r.markId, r.id),
  'roll-hp': (r, ctx) => rollHitPoints(ctx, r.combatantIds, r.notation, r.id),
  hp: (r, ctx) => changeHitPoints(ctx, r, r.id),
  'remove-combatant': (r, ctx) => removeCombatant(ctx, r.combatantId, r.id),
  'reveal-combatant': (r, ctx) => revealCombatant(ctx, r.combatantId, r.id),
  'hide-combatant': (r, ctx) => hideCombatant(ctx, r.combatantId, r.id),
}

/** Runs one GM request. */
export function resolveGmRequest(ctx: RoomContext, request: GmRequest): RequestResult {
  const handle = GM_HANDLERS[request.kind] as (r: GmRequest, ctx: RoomContext) => RequestResult
  return handle(request, ctx)
}
