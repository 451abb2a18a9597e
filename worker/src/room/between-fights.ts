/**
 * Between fights: the GM's "New fight" (the party stays, the monsters go, the log is filed as a past
 * fight) and the healing of time where the system's text has it (brp's week of rest).
 */
import {
  type FiledFight,
  GM,
  LOG,
  type LogEntry,
  markLasting,
  PAST,
  type PastFight,
  type RequestResult,
  TABLE,
} from '@fray/protocol'
import type { TimedEvent } from '@fray/rules'
import type * as Y from 'yjs'
import { fighters } from './fighters.ts'
import { foesInWords } from './log-filing.ts'
import { marksOf } from './marks.ts'
import { appendLog, gmEntry, listed, type RoomContext, record, roomRoller } from './outcomes.ts'
import { forgetUndoableActs } from './table-acts.ts'
import { readTurn } from './turn-doc.ts'
import { closeCombat } from './turn-flow.ts'

/**
 * The GM's "New fight": the fight at hand ends, the party stays as it is (its wounds carry over), the
 * monsters on the table go (with the hit points the gm document kept for them), and the log is filed
 * as a past fight every device can still read: whole in a document of its own (`past:<n>`), listed in
 * the log (so a phone joining syncs the fight at hand, not every evening before it, and reading one old
 * fight brings that fight alone). Monsters hidden in the GM's roster stay for the next. What lasted
 * only for the fight ends with it, said in the new fight's log (`endFightLength`).
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
  const named = foesInWords(ctx)
  const log = ctx.log.getArray<LogEntry>(LOG.entries)
  const filed = log.toArray()
  const listing = ctx.log.getArray<FiledFight>(LOG.filed)
  if (filed.length > 0) {
    // The n-th fight listed is in `past:<n>`: the listing is only ever appended to.
    const past = ctx.past(listing.length)
    const fight: PastFight = { id: logId, endedAt: ctx.now, rounds, ...named, entries: filed }
    past.transact(() => past.getArray<PastFight>(PAST.fights).push([fight]), 'server')
  }
  ctx.log.transact(() => {
    if (filed.length > 0)
      listing.push([{ id: logId, endedAt: ctx.now, rounds, ...named, entries: filed.length }])
    log.delete(0, log.length)
  }, 'server')
  ctx.table.transact(() => {
    for (const id of foes) combatants.delete(id)
  }, 'server')
  const secrets = ctx.gm.getMap(GM.foeSecrets)
  ctx.gm.transact(() => {
    for (const id of foes) secrets.delete(id)
  }, 'server')
  const clean = endFightLength(ctx)
  if (clean)
    appendLog(ctx, gmEntry(ctx, logId, 'end-of-fight', `New fight: ended with the last one: ${clean}.`))
  return { ok: true, logId }
}

/**
 * A new fight starts clean: the GM's conditions that count rounds or segments end on everyone left at the
 * table (one until removed, a curse, outlives the fight), and so do all the GM's timed events (last week's
 * lair action does not fire in this week's fight). Says what ended, a secret event by count alone, or
 * null when nothing did.
 */
function endFightLength(ctx: RoomContext): string | null {
  const conditions: string[] = []
  ctx.table.transact(() => {
    for (const fields of ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).values()) {
      const marks = marksOf(fields)
      const timed = marks.filter((m) => markLasting(m) !== null)
      if (timed.length === 0) continue
      const who = String(fields.get('name') ?? 'Someone')
      for (const m of timed) conditions.push(`${who}’s ${m.name} (${markLasting(m)})`)
      fields.set(
        'marks',
        marks.filter((m) => markLasting(m) === null),
      )
    }
  }, 'server')
  const events = ctx.gm.getMap<TimedEvent>(GM.events)
  const all = [...events.values()]
  if (all.length > 0) ctx.gm.transact(() => events.clear(), 'server')
  const said = [conditions.join(', '), eventsInWords(all)].filter((part) => part !== '')
  return said.length > 0 ? said.join('; ') : null
}

/** "the timed events “Lair action” and 1 secret one": named where players may read them. */
function eventsInWords(events: readonly TimedEvent[]): string {
  const named = events.filter((e) => !e.secret).map((e) => `“${e.name}”`)
  const secret = events.length - named.length
  if (named.length === 0) return secret === 0 ? '' : `${secret} secret timed event${secret === 1 ? '' : 's'}`
  const parts = [...named, ...(secret > 0 ? [`${secret} secret one${secret === 1 ? '' : 's'}`] : [])]
  return `the timed event${events.length === 1 ? '' : 's'} ${listed(parts)}`
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
