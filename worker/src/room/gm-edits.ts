/**
 * The GM's own changes of the table that two devices may make at once, as requests: each applied once,
 * to what the table holds when the room reads it, logged and undoable. Yjs keeps only one of two writes
 * to one key, so a tablet writing hit points itself would lose the other device's -5.
 */
import { changedHitPoints, type HitPointChange, type RequestResult, TABLE } from '@fray/protocol'
import type { BreakdownLine } from '@fray/rules'
import type * as Y from 'yjs'
import { fighterOf, secretOf } from './fighters.ts'
import { keptFromPlayers, placeHealth } from './foe-health.ts'
import { appendLog, applyChanges, gmEntry, type RoomContext } from './outcomes.ts'

/** A combatant's maximum hit points written where they are kept: the gm document's copy while players do not see them. */
export function writeMaximum(ctx: RoomContext, id: string, maxHp: number): void {
  const fields = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
  if (!fields) return
  if (!keptFromPlayers(ctx, id)) {
    ctx.table.transact(() => fields.set('maxHp', maxHp), 'server')
    return
  }
  placeHealth(ctx, id)
  const secret = secretOf(ctx, id)
  if (secret) ctx.gm.transact(() => secret.set('maxHp', maxHp), 'server')
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/** The GM's change of one combatant's hit points (and maximum), as a difference from what the table holds. */
export function changeHitPoints(
  ctx: RoomContext,
  request: { combatantId: string } & HitPointChange,
  logId: string,
): RequestResult {
  const f = fighterOf(ctx, request.combatantId)
  if (!f) return { ok: false, error: 'No such combatant on the table.' }
  const next = changedHitPoints(f, request)
  if (!next) return { ok: false, error: `${f.name}’s maximum hit points must stay between 1 and 9999.` }
  const maxMoved = next.maxHp !== f.maxHp
  if (maxMoved) writeMaximum(ctx, f.id, next.maxHp)
  const changes = applyChanges(ctx, { [f.id]: { hp: next.hp } })
  const change = changes[f.id]
  if (change && maxMoved) {
    change.before.maxHp = f.maxHp
    change.after.maxHp = next.maxHp
  }
  const kept = keptFromPlayers(ctx, f.id)
  // Where players may not see the monster's hit points, the numbers are the GM's (`health` lines).
  const health = kept ? { health: f.id } : {}
  const lines: BreakdownLine[] = [
    { label: 'Hit points before', value: f.hp, ...health },
    { label: 'Hit points now', value: next.hp, ...health },
    ...(maxMoved
      ? [
          { label: 'Maximum before', value: f.maxHp, ...health },
          { label: 'Maximum now', value: next.maxHp, ...health },
        ]
      : []),
  ]
  const maximum = maxMoved ? `, and the maximum from ${f.maxHp} to ${next.maxHp}` : ''
  const detail = kept
    ? `The GM changed ${f.name}’s hit points.`
    : `The GM moved ${f.name} from ${f.hp} to ${next.hp} hit points (${signed(next.hp - f.hp)})${maximum}.`
  appendLog(ctx, { ...gmEntry(ctx, logId, 'gm-hp', detail), lines, changes })
  return { ok: true, logId }
}
