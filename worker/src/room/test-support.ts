/** Helpers for the room's tests over plain documents. */
import { type Answer, answerTo, GM, type RequestResult, SEAT } from '@fray/protocol'
import type * as Y from 'yjs'
import type { TableRoom } from './table-room.ts'

/**
 * The GM's tablet, asking `tableRoom` on the gm document `gm`: each request under the next id, answered at
 * once, as the room answers it.
 */
export function gmAskerOf(gm: Y.Doc, tableRoom: TableRoom) {
  let n = 0
  return (request: Record<string, unknown>): RequestResult => {
    const id = `g${++n}`
    gm.getArray(GM.requests).push([{ id, ...request }])
    tableRoom.resolveGm()
    return answerTo(gm.getArray<Answer>(SEAT.answers).toArray(), id) as RequestResult
  }
}
