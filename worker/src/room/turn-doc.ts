/** The table document's `turn` map, read whole and written key by key (the turn model's state). */
import { TABLE } from '@fray/protocol'
import { IDLE_TURN, type TurnState } from '@fray/rules'
import type * as Y from 'yjs'
import { setIfChanged } from './map-writes.ts'

export function readTurn(table: Y.Doc): TurnState {
  return { ...IDLE_TURN, ...(table.getMap<unknown>(TABLE.turn).toJSON() as Partial<TurnState>) }
}

/** Writes the turn, key by key, touching only what changed (so settling twice writes nothing). */
export function writeTurn(table: Y.Doc, turn: TurnState): void {
  const map = table.getMap<unknown>(TABLE.turn)
  const next = turn as unknown as Record<string, unknown>
  table.transact(() => {
    for (const key of [...map.keys()]) if (next[key] === undefined) map.delete(key)
    for (const [key, value] of Object.entries(next)) setIfChanged(map, key, value)
  }, 'server')
}
