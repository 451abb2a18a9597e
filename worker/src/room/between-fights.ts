/**
 * Between fights: the GM's "New fight" (the party stays, the monsters go, the log is filed as a past
 * fight) and the healing of time where the system's text has it (brp's week of rest).
 */
import {
  type FiledFight,
  GM,
  LOG,
  type LogEntry,
  PAST,
  type PastFight,
  type RequestResult,
  TABLE,
} from '@fray/protocol'
import type * as Y from 'yjs'
import { fighters } from './fighters.ts'
import { type RoomContext, record, roomRoller } from './outcomes.ts'
import { forgetUndoableActs } from './table-acts.ts'
import { readTurn } from './turn-doc.ts'
import { closeCombat } from './turn-flow.ts'

/**
 * The GM's "New fight": the fight at hand ends, the party stays as it is (its wounds carry over), the
 * monsters on the table go (with the hit points the gm document kept for them), and the log is filed
 * as a past fight every device can still read: whole in a document of its own (`past:<n>`), listed in
 * the log (so a phone joining syncs the fight at hand, not every evening before it, and reading one old
 * fight brings that fight alone). Monsters hidden in the GM's roster stay for the next.
 */
export function newFight(ctx: RoomContext, logId: string): RequestResult {
  const turn = readTurn(ctx.table)
  // Ended before New fight, the fight's rounds are in its End combat's entry.
  const ended = ctx.log
    .getArray<LogEntry>(LOG.entries)
    .toArray()
    .findLast((e) => e.kind === 'end-combat' && !e.undone)
  const rounds = turn.status === 'idle' ? (ended?.rounds ?? 0) : turn.round
  closeCombat(ctx, logId)
  forgetUndoableActs(ctx)
  const combatants = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const foes = [...combatants.entries()].filter(([, f]) => f.get('side') !== 'pc').map(([id]) => id)
  const log = ctx.log.getArray<LogEntry>(LOG.entries)
  const filed = log.toArray()
  const listing = ctx.log.getArray<FiledFight>(LOG.filed)
  if (filed.length > 0) {
    // The n-th fight listed is in `past:<n>`: the listing is only ever appended to.
    const past = ctx.past(listing.length)
    const fight: PastFight = { id: logId, endedAt: ctx.now, rounds, entries: filed }
    past.transact(() => past.getArray<PastFight>(PAST.fights).push([fight]), 'server')
  }
  ctx.log.transact(() => {
    if (filed.length > 0) listing.push([{ id: logId, endedAt: ctx.now, rounds, entries: filed.length }])
    log.delete(0, log.length)
  }, 'server')
  ctx.table.transact(() => {
    for (const id of foes) combatants.delete(id)
  }, 'server')
  const secrets = ctx.gm.getMap(GM.foeSecrets)
  ctx.gm.transact(() => {
    for (const id of foes) secrets.delete(id)
  }, 'server')
  return { ok: true, logId }
}

/**
 * Time between fights, as the system's text has it (brp: a week of rest): the wounded heal, logged with
 * every die like an outcome, so the GM can undo it. Only when no fight is running.
 */
export function rest(ctx: RoomContext, hospital: readonly string[], logId: string): RequestResult {
  const heal = ctx.rules.combat.rest
  if (!heal) return { ok: false, error: 'This system’s text gives no healing between fights.' }
  const status = ctx.table.getMap<unknown>(TABLE.turn).get('status')
  if (status !== undefined && status !== 'idle')
    return { ok: false, error: 'A fight is running: end combat before the party rests.' }
  const roller = roomRoller(ctx)
  const healed = heal(fighters(ctx), roller.roll, hospital)
  if (!healed.ok) return healed
  record(ctx, { id: logId, by: 'Between fights', kind: 'rest' }, healed.value, roller.rolls)
  return { ok: true, logId }
}
