/**
 * The log files itself: once the live log stores `LIMITS.logFileBytes`, its older entries go into a
 * `past:<n>` document as a filed fight, listed in the log as New fight lists one, so what the room writes
 * never takes the log past its quota and nothing of it is lost. The fight at hand goes on.
 */
import { type FiledFight, LOG, type LogEntry, PAST, type PastFight, TABLE } from '@fray/protocol'
import type * as Y from 'yjs'
import { deleteRuns } from './map-writes.ts'
import { listed, type RoomContext } from './outcomes.ts'
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
  const named = foesInWords(ctx)
  const fight: PastFight = { id, endedAt: ctx.now, rounds, ...named, entries: filed }
  past.transact(() => past.getArray<PastFight>(PAST.fights).push([fight]), 'server')
  ctx.log.transact(() => {
    listing.push([{ id, endedAt: ctx.now, rounds, ...named, entries: filed.length }])
    deleteRuns(log, all.length, stays)
  }, 'server')
}

/** How many kinds of monster a filed fight names before "and 2 more". */
const FOES_NAMED = 4

/**
 * Who the party fought, for the past fight's heading: the monsters on the table (a hidden one never
 * fought), a group added together once with its count ("Goblin ×3, Ogre and Rat"), or
 * nothing when there were none.
 */
export function foesInWords(ctx: RoomContext): { foes?: string } {
  const counts = new Map<string, number>()
  for (const fields of ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).values()) {
    if (fields.get('side') === 'pc') continue
    const name = String(fields.get('name') ?? '').trim()
    if (name === '') continue
    const group = /^(.*\S) \d+$/.exec(name)?.[1] ?? name
    counts.set(group, (counts.get(group) ?? 0) + 1)
  }
  if (counts.size === 0) return {}
  const kinds = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name))
  const shown = kinds.length > FOES_NAMED + 1 ? kinds.slice(0, FOES_NAMED) : kinds
  const more = kinds.length - shown.length
  const parts = more > 0 ? [...shown, `${more} more`] : shown
  return { foes: listed(parts) }
}
