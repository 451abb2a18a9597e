/**
 * What an exported encounter must pass before anything of it is stored: the shapes the room reads and the
 * caps of live edits. An import brings the characters but not the seats: the seats' keys stayed in the old
 * room, so they would be phantoms nobody can sit in, keeping real players out of the new room's 20.
 */
import { GM, LIMITS, TABLE } from '@fray/protocol'
import * as Y from 'yjs'
import { combatantsIn } from './fighters.ts'
import type { ImportedDocs } from './room-store.ts'

/** The largest document an import brings: under one SQLite row (2 MB), and under the 2 MiB of a live document. */
export const MAX_IMPORTED_BYTES = 1536 * 1024

/** A refusal of an import, with the HTTP status to say it with. */
export interface ImportRefusal {
  ok: false
  status: 400 | 413
  error: string
}

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

/**
 * Reads an export's documents as the room would, and answers what to store: the same documents, with the
 * seats left behind (each character free for a player of the new room to claim); or why nothing is.
 */
export function checkImport(imported: ImportedDocs): { ok: true; docs: ImportedDocs } | ImportRefusal {
  const docs = { table: new Y.Doc(), gm: new Y.Doc() }
  const refuse = (status: 400 | 413, why: string): ImportRefusal => ({
    ok: false,
    status,
    error: `${why}; nothing was imported.`,
  })
  try {
    for (const [name, update] of Object.entries(imported) as Array<['table' | 'gm', Uint8Array]>) {
      try {
        Y.applyUpdate(docs[name], update)
      } catch {
        return refuse(400, `The exported "${name}" document does not apply as a Yjs update`)
      }
    }
    const bad = misshapen(docs.table, docs.gm)
    if (bad) {
      return refuse(
        400,
        `The exported "${bad.doc}" document is not one the room reads: a combatant is a map of its fields, and "${bad.id}" is not`,
      )
    }
    const count = combatantsIn(docs.table, docs.gm)
    if (count > LIMITS.combatantsPerRoom) {
      return refuse(
        413,
        `The export holds ${count} combatants, hidden ones included, and a room holds at most ${LIMITS.combatantsPerRoom}: remove some in the old room and export it again`,
      )
    }
    if (imported.table) leaveSeatsBehind(docs.table)
    const out: ImportedDocs = {}
    for (const name of Object.keys(imported) as Array<'table' | 'gm'>) {
      const update = Y.encodeStateAsUpdate(docs[name])
      if (update.length > MAX_IMPORTED_BYTES) {
        return refuse(413, `The exported "${name}" document is over ${MAX_IMPORTED_BYTES} bytes`)
      }
      out[name] = update
    }
    return { ok: true, docs: out }
  } finally {
    docs.table.destroy()
    docs.gm.destroy()
  }
}

/** Takes the old room's seats off an imported table; its characters are no one's until claimed. */
function leaveSeatsBehind(table: Y.Doc): void {
  table.transact(() => {
    const seats = table.getMap(TABLE.seats)
    for (const seatId of [...seats.keys()]) seats.delete(seatId)
    for (const fields of table.getMap<Y.Map<unknown>>(TABLE.combatants).values()) {
      if (fields.has('seatId')) fields.delete('seatId')
    }
  })
}
