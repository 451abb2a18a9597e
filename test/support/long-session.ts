/**
 * A long game night, scripted: 3,000 rolls and 2,000 GM edits, over any transport. The workerd test checks
 * the stored size against its bound; the bench prints the size and the load time.
 */
import { SEAT, TABLE } from '@fray/protocol'
import * as Y from 'yjs'

export const LONG_SESSION = { rolls: 3000, edits: 2000, combatants: 8 } as const

/**
 * The bound on what such a room stores. A roll costs about 180 bytes for good: its log entry, about 100,
 * and in the player's seat what is left of a request the room let go (an array's run of deleted requests
 * costs a few bytes, a deleted result's key in the results map about 35); edits cost almost nothing once
 * compacted, because an overwritten map value is garbage-collected to a few bytes (and, in a version 2
 * snapshot, costs almost nothing). 3,000 rolls measure about 520 kB (540 kB with version 1 snapshots, 770 kB
 * while seats kept every request), 120 kB of it the processed-request index; the bound leaves 30% headroom
 * for longer names.
 * Snapshots are stored in 512 kB rows.
 */
export const LONG_SESSION_MAX_BYTES = 700_000

export interface SessionDocs {
  gmTable: Y.Doc
  seat: Y.Doc
  /** Resolves once the room has answered this request of the seat's (its result is in the seat). */
  answered(requestId: string): Promise<void>
}

export async function playLongSession({ gmTable, seat, answered }: SessionDocs): Promise<void> {
  const { rolls, edits, combatants } = LONG_SESSION
  const map = gmTable.getMap<Y.Map<unknown>>(TABLE.combatants)
  gmTable.transact(() => {
    for (let c = 0; c < combatants; c++) {
      const fields = new Y.Map<unknown>()
      map.set(`c${c}`, fields)
      fields.set('name', `Goblin ${c + 1}`)
      fields.set('hp', 100)
      fields.set('maxHp', 100)
    }
  })
  const batches = rolls / 10
  let edited = 0
  for (let b = 0; b < batches; b++) {
    seat.transact(() => {
      const requests = Array.from({ length: 10 }, (_, i) => ({
        id: `r${b * 10 + i}`,
        kind: 'roll' as const,
        notation: 'd20' as const,
        at: b,
      }))
      seat.getArray(SEAT.requests).push(requests)
    })
    const target = Math.round(((b + 1) * edits) / batches)
    gmTable.transact(() => {
      for (; edited < target; edited++) {
        const fields = map.get(`c${edited % combatants}`) as Y.Map<unknown>
        fields.set('hp', 100 - (edited % 100))
      }
    })
    await answered(`r${b * 10 + 9}`)
  }
}
