/**
 * A long game night, scripted: 3,000 rolls and 2,000 GM edits, over any transport. The workerd test checks
 * the stored size against its bound; the bench prints the size and the load time.
 */
import { type DocMark, KEPT_REQUESTS, SEAT, TABLE } from '@fray/protocol'
import * as Y from 'yjs'

export const LONG_SESSION = { rolls: 3000, edits: 2000, combatants: 8 } as const

/**
 * The bound on what such a room stores: the 384 KiB (#29). A roll costs about 100 bytes for good,
 * its log entry; in the player's seat, what the room let go of its requests and answers is a few runs of
 * deleted items in two arrays (a few bytes each), and the room keeps one mark per phone that wrote them,
 * not a key per request. Edits cost almost nothing once compacted (an overwritten map value is
 * garbage-collected, and costs almost nothing in a version 2 snapshot). 3,000 rolls measure about 320 kB
 * (520 kB with a results map and a key per request, 770 kB while seats kept every request).
 * Snapshots are stored in 512 kB rows.
 */
export const LONG_SESSION_MAX_BYTES = 384 * 1024

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
    markRead(seat)
  }
}

/**
 * What the player's phone writes once it holds the answers (app/src/models/seat.ts): the id of the
 * latest, past twice what the room keeps anyway, so the room may let the read ones go.
 */
function markRead(seat: Y.Doc): void {
  const answers = seat.getArray(SEAT.answers)
  if (answers.length <= 2 * KEPT_REQUESTS) return
  const item = Y.createRelativePositionFromTypeIndex(answers, answers.length - 1).item
  if (item) seat.getMap<DocMark>(SEAT.read).set('answers', [item.client, item.clock])
}
