/**
 * The log files itself: once the live log stores `LIMITS.logFileBytes`, its older entries go into a
 * `past:<n>` document as a filed fight, listed in the log as New fight lists one, so what the room writes
 * never takes the log past its quota and nothing of it is lost. The fight at hand goes on.
 */
import { type FiledFight, LOG, type LogEntry, PAST, type PastFight } from '@fray/protocol'
import { deleteRuns } from './map-writes.ts'
import type { RoomContext } from './outcomes.ts'
import { readTurn } from './turn-doc.ts'

/** The latest entries the live log keeps when it files the rest: what the GM may still undo. */
export const KEPT_ENTRIES = 50

/**
 * Files every entry but the latest `KEPT_ENTRIES` and those still waiting for the GM (physical dice to
 * approve, a sealed roll not revealed yet), which stay in the live log where the GM acts on them.
 */
export function fileOlderEntries(ctx: RoomContext, id: string): void {
  const log = ctx.log.getArray<LogEntry>(LOG.entries)
  const all = log.toArray()
  const stays = (i: number) => {
    const entry = all[i]
    const waits = entry?.status === 'pending' || (entry?.sealed !== undefined && !entry.sealed.revealed)
    return i >= all.length - KEPT_ENTRIES || waits
  }
  const filed = all.filter((_, i) => !stays(i))
  if (filed.length === 0) return
  const listing = ctx.log.getArray<FiledFight>(LOG.filed)
  const rounds = readTurn(ctx.table).round
  // The n-th fight listed is in `past:<n>`: the listing is only ever appended to.
  const past = ctx.past(listing.length)
  const fight: PastFight = { id, endedAt: ctx.now, rounds, entries: filed }
  past.transact(() => past.getArray<PastFight>(PAST.fights).push([fight]), 'server')
  ctx.log.transact(() => {
    listing.push([{ id, endedAt: ctx.now, rounds, entries: filed.length }])
    deleteRuns(log, all.length, stays)
  }, 'server')
}
