/** What the GM asks of the room through the gm document: the turn order, monsters' attacks and undo. */
import type { GmRequest, RequestResult } from '@fray/protocol'
import { attack, defend, undo } from './combat.ts'
import { fighterOf, type RoomContext } from './outcomes.ts'
import { answer, endCombat, rollForFoes, startCombat, stepTurn } from './turn-flow.ts'

/** One handler per kind of GM request: a new kind without one is a compile error. */
type GmHandlers = {
  [K in GmRequest['kind']]: (request: Extract<GmRequest, { kind: K }>, ctx: RoomContext) => RequestResult
}

const notOnTable: RequestResult = { ok: false, error: 'No such combatant on the table.' }

const GM_HANDLERS: GmHandlers = {
  'start-combat': (r, ctx) => startCombat(ctx, r.surprise ?? null, r.id),
  'roll-foes': (r, ctx) => rollForFoes(ctx, r.id),
  'next-turn': (r, ctx) => answer(stepTurn(ctx, { kind: 'next' }), r.id),
  'end-combat': (r, ctx) => endCombat(ctx, r.id),
  act(r, ctx) {
    const f = fighterOf(ctx.table, r.combatantId)
    return f ? answer(stepTurn(ctx, { kind: 'act', side: f.side, id: f.id }), r.id) : notOnTable
  },
  pass: (r, ctx) => answer(stepTurn(ctx, { kind: 'act', side: 'foe', id: null }), r.id),
  intent(r, ctx) {
    const f = fighterOf(ctx.table, r.combatantId)
    return f ? answer(stepTurn(ctx, { kind: 'intent', id: f.id, intent: r.intent }), r.id) : notOnTable
  },
  'begin-actions': (r, ctx) => answer(stepTurn(ctx, { kind: 'begin-actions' }), r.id),
  attack: (r, ctx) => attack(ctx, 'gm', r.attackerId, r.targetId, r.declared, r.id, r.faces),
  defend: (r, ctx) => defend(ctx, 'gm', r.promptId, r.choice, r.id),
  undo: (r, ctx) => undo(ctx, r.entryId),
}

/** Runs one GM request. */
export function resolveGmRequest(ctx: RoomContext, request: GmRequest): RequestResult {
  const handle = GM_HANDLERS[request.kind] as (r: GmRequest, ctx: RoomContext) => RequestResult
  return handle(request, ctx)
}
