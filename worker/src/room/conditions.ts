/**
 * The rules' own conditions that the text gives no end to (osr: prone, disarmed, grappled): the GM ends
 * them, logged with the rule and undone like any outcome.
 */
import type { RequestResult } from '@fray/protocol'
import { fighterOf } from './fighters.ts'
import { type RoomContext, record } from './outcomes.ts'
import { refreshTurn } from './turn-flow.ts'

export function clearCondition(
  ctx: RoomContext,
  combatantId: string,
  condition: string,
  logId: string,
): RequestResult {
  const clear = ctx.rules.combat.clear
  if (!clear) return { ok: false, error: 'In this system every condition ends by its own rules.' }
  const f = fighterOf(ctx, combatantId)
  if (!f) return { ok: false, error: 'No such combatant on the table.' }
  const cleared = clear(f, condition)
  if (!cleared.ok) return cleared
  record(ctx, { id: logId, by: 'The GM', kind: 'condition' }, cleared.value, [])
  refreshTurn(ctx)
  return { ok: true, logId }
}
