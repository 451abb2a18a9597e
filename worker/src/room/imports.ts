/**
 * An exported encounter into a new room: the file read field by field (`readAnyEncounter`, the one reader of
 * the file), then the room's documents built from what passed, by the room's own
 * rules of where each fact lives. The combatants come without seats: the seats' keys stayed in the old
 * room, so they would be phantoms nobody can sit in, keeping real players out of the new room's 20. A
 * monster whose hit points the table rules keep from players has them in the gm document only, as a
 * live room keeps them; hidden combatants go to the GM's roster. Past fights come as filed fights marked
 * `imported`: their entries carry what the log shows, never a seal or an undo of this room.
 */
import {
  type DocName,
  type EncounterFile,
  type ExportedCombatant,
  type FiledFight,
  GM,
  IMPORT_LIMITS,
  LOG,
  PAST,
  type PastFight,
  pastDocName,
  type SystemId,
  splitForTable,
  TABLE,
} from '@fray/protocol'
import { readAnyEncounter } from '@fray/protocol/encounter-docs'
import { cryptoDice, SYSTEM_IDS, SYSTEMS, sheetChecks } from '@fray/rules'
import * as Y from 'yjs'
import type { RoomContext } from './fighters.ts'
import { placeHealth } from './foe-health.ts'
import type { ImportedDocs } from './room-store.ts'

/** The largest document an import builds: under one SQLite row (2 MB), and under the 2 MiB of a live document. */
export const MAX_IMPORTED_BYTES = 1536 * 1024

/** A refusal of an import, with the HTTP status to say it with. */
export interface ImportRefusal {
  ok: false
  status: 400 | 413
  error: string
}

const refuse = (status: 400 | 413, why: string): ImportRefusal => ({
  ok: false,
  status,
  error: `${why.replace(/\.$/, '')}; nothing was imported.`,
})

/**
 * Reads an exported encounter for a new room of `system` and builds the documents to store, or says why
 * nothing is: the first bad field named (400), or what is over a bound of the room (413).
 */
export function buildImport(
  system: SystemId,
  value: unknown,
  newId: () => string = () => crypto.randomUUID(),
): { ok: true; docs: ImportedDocs } | ImportRefusal {
  const read = readAnyEncounter(value, SYSTEM_IDS, (id) => sheetChecks(SYSTEMS[id].sheet))
  if (!read.ok) return refuse('over' in read ? 413 : 400, read.error)
  const file = read.value
  if (file.system !== system)
    return refuse(400, `system: the file is for ${file.system}, and the new room was asked for ${system}`)
  const docs = { table: new Y.Doc(), gm: new Y.Doc(), log: new Y.Doc() }
  const past = file.pastFights.map(() => new Y.Doc())
  try {
    writeTable(file, docs, past, newId)
    writeFights(file, docs.log, past)
    const out: ImportedDocs = {}
    let total = 0
    const named: Array<[DocName, Y.Doc, string]> = [
      ['table', docs.table, 'the combatants on the table'],
      ['gm', docs.gm, 'the hidden combatants, the secrets and the library'],
      ['log', docs.log, 'the list of past fights'],
      ...past.map((doc, n): [DocName, Y.Doc, string] => [pastDocName(n), doc, `pastFights[${n}]`]),
    ]
    for (const [name, doc, what] of named) {
      const update = Y.encodeStateAsUpdate(doc)
      if (update.length > MAX_IMPORTED_BYTES)
        return refuse(
          413,
          `${what}: ${update.length} bytes, over the ${MAX_IMPORTED_BYTES} a document of an import takes`,
        )
      total += update.length
      out[name] = update
    }
    if (total > IMPORT_LIMITS.fileBytes)
      return refuse(
        413,
        `The import would store ${total} bytes, over the ${IMPORT_LIMITS.fileBytes} one import takes`,
      )
    return { ok: true, docs: out }
  } finally {
    for (const doc of [docs.table, docs.gm, docs.log, ...past]) doc.destroy()
  }
}

/** A combatant's fields as the room stores them (`CombatantFields`). */
function fieldsOf(c: ExportedCombatant): Record<string, unknown> {
  const { hidden: _hidden, gmDefends: _gmDefends, conditions, ...fields } = c
  return { ...fields, ...(conditions ? { marks: conditions } : {}) }
}

function mapOf(values: Record<string, unknown>): Y.Map<unknown> {
  const map = new Y.Map<unknown>()
  for (const [key, value] of Object.entries(values)) if (value !== undefined) map.set(key, value)
  return map
}

/** The table rules and the combatants, each where the room keeps it; the library in the gm document. */
function writeTable(
  file: EncounterFile,
  docs: { table: Y.Doc; gm: Y.Doc; log: Y.Doc },
  past: Y.Doc[],
  newId: () => string,
): void {
  const kept: string[] = []
  docs.table.transact(() =>
    docs.gm.transact(() => {
      const settings = docs.table.getMap<unknown>(TABLE.settings)
      for (const [key, value] of Object.entries(file.settings)) settings.set(key, value)
      for (const c of file.combatants) {
        const id = newId()
        if (c.gmDefends) docs.gm.getMap(GM.byHand).set(id, true)
        if (c.hidden) {
          docs.gm.getMap(GM.hidden).set(id, mapOf(fieldsOf(c)))
          continue
        }
        // Split before anything is written: the table's copy never holds what players may not see.
        const split = splitForTable(file.settings, fieldsOf(c))
        docs.table.getMap(TABLE.combatants).set(id, mapOf(split.table))
        if (split.secret) {
          docs.gm.getMap(GM.foeSecrets).set(id, mapOf(split.secret))
          kept.push(id)
        }
      }
      const library = docs.gm.getMap(GM.library)
      for (const monster of file.library) library.set(monster.name, monster)
    }),
  )
  // What players may see of a monster whose health they do not: its public sheet and state, and the word.
  const ctx: RoomContext = {
    rules: SYSTEMS[file.system],
    ...docs,
    past: (n) => past[n] ?? new Y.Doc(),
    dice: cryptoDice((array) => crypto.getRandomValues(array)),
    now: Date.now(),
  }
  for (const id of kept) placeHealth(ctx, id)
}

/** Each past fight in a `past:<n>` document of its own, listed in the log as New fight lists one. */
function writeFights(file: EncounterFile, log: Y.Doc, past: Y.Doc[]): void {
  const listing: FiledFight[] = []
  for (const [n, exported] of file.pastFights.entries()) {
    const { entries, ...heading } = exported
    const fight: PastFight = { id: `imported-${n}`, ...heading, entries, imported: true }
    past[n]?.getArray<PastFight>(PAST.fights).push([fight])
    listing.push({ id: fight.id, ...heading, entries: entries.length, imported: true })
  }
  if (listing.length > 0) log.getArray<FiledFight>(LOG.filed).push(listing)
}
