/** Where a room files its fights: one `past:<n>` document each, moved there from an earlier version's one. */
import { PAST, type PastFight } from '@fray/protocol'
import type { RoomStore } from './room-store.ts'
import type { YHost } from './y-host.ts'

/** Where a room of one earlier version filed all its fights. */
const ONE_PAST_DOC = 'past'

/**
 * A room of one earlier version filed every fight in one `past` document, in the order the log lists
 * them: on the first read of a filed fight, each moves to its own `past:<n>` and the old document goes.
 */
export function moveFiledFights(store: RoomStore, host: YHost): void {
  if (!store.hasDoc(ONE_PAST_DOC)) return
  const old = store.loadDoc(ONE_PAST_DOC)
  const docs = host.docs()
  host.atomically(() => {
    const fights = old.getArray<PastFight>(PAST.fights).toArray()
    for (const [n, fight] of fights.entries()) docs.past(n).getArray<PastFight>(PAST.fights).push([fight])
    store.dropDoc(ONE_PAST_DOC)
  })
  old.destroy()
}
