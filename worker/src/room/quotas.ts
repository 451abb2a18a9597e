/**
 * The room's quotas on a client's update, measured before it applies and checked once it has (a refusal
 * rolls it back, see y-host.ts): every combatant a map of its fields, combatants on the table and hidden
 * ones together, and a seat's requests a minute.
 */
import { CLOSE, type DocName, GM, LIMITS, TABLE } from '@fray/protocol'
import * as Y from 'yjs'
import type { Role } from './access.ts'
import { combatantsIn, type TableDocs } from './fighters.ts'
import type { SeatLimiter } from './rate-limit.ts'
import type { Refusal } from './y-host.ts'

/** A combatant, in the table's or the GM's document, that is not a map of its fields; null when all are. */
export function misshapen(table: Y.Doc, gm: Y.Doc): { doc: 'table' | 'gm'; id: string } | null {
  const maps = [
    ['table', table.getMap(TABLE.combatants)],
    ['gm', gm.getMap(GM.foeSecrets)],
    ['gm', gm.getMap(GM.hidden)],
  ] as const
  for (const [doc, map] of maps)
    for (const [id, value] of map.entries())
      if (!(value instanceof Y.Map)) return { doc, id: id.slice(0, 40) }
  return null
}

/** The check of one update to `doc`: measured now, answered with what the update added once applied. */
export type Admit = (doc: DocName, role: Role) => (added: { requests: number }) => Refusal | null

export function admitter(docs: () => TableDocs, seats: SeatLimiter): Admit {
  return (doc) => {
    const counted = doc === 'table' || doc === 'gm'
    const before = counted ? combatantsIn(docs().table, docs().gm) : 0
    return (added) => {
      if (counted) {
        const { table, gm } = docs()
        // Every reader of a combatant takes it as a map of its fields: anything else would stop the room.
        const bad = misshapen(table, gm)
        if (bad) {
          const reason = `A combatant is a map of its fields (Y.Map); "${bad.id}" is not. Nothing of this update was applied.`
          return { code: CLOSE.malformed, reason }
        }
        const after = combatantsIn(table, gm)
        // Only growth is refused: a room already past the quota (an import) can still be edited down.
        if (after > LIMITS.combatantsPerRoom && after > before) {
          return {
            code: CLOSE.full,
            reason: `A room holds at most ${LIMITS.combatantsPerRoom} combatants, hidden ones included; remove some first.`,
          }
        }
      }
      if (!doc.startsWith('seat:') || added.requests === 0) return null
      const over = seats.takeRequests(doc.slice(5), added.requests, Date.now())
      return over ? { code: CLOSE.rateLimited, reason: over } : null
    }
  }
}
