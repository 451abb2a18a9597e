/**
 * An encounter read out of a room's documents (what "Export" writes, version 2), and a version 1 file
 * (the documents as base64 Yjs updates) read into version 2 the same way: the room reads any version with
 * `readAnyEncounter` before it builds anything.
 */
import type { SheetChecks } from '@fray/rules'
import * as Y from 'yjs'
import type { ExportedEncounterV1, RoomInfo } from './api.ts'
import { GM, type GmMark, LOG, type LogEntry, type PastFight, readSettings, TABLE } from './documents.ts'
import {
  type EncounterFile,
  type ExportedCombatant,
  type ExportedFight,
  encounterSystem,
  type FileCheck,
  type LibraryMonster,
  readEncounter,
} from './encounter-file.ts'
import { readField } from './foe-health.ts'
import { fail, ok } from './outcome.ts'
import type { SystemId } from './systems.ts'

/** Base64 to bytes by the runtime's own `atob` (every browser, workerd and Node have it; the schema's
 * types name no runtime). */
const { atob } = globalThis as unknown as { atob(text: string): string }
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** The room's documents an export reads: the table, the GM's and the log. */
export interface ExportDocs {
  table: Y.Doc
  gm: Y.Doc
  log: Y.Doc
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A combatant as the GM reads it: its hit points, sheet and state from the gm document where kept there. */
function combatantOf(
  fields: Y.Map<unknown>,
  secret: Y.Map<unknown> | undefined,
  hidden: boolean,
  gmDefends: boolean,
) {
  const get = (key: string) => readField(fields, secret, key)
  const hp = Number(get('hp') ?? 0)
  const sheet = get('sheet')
  const state = get('state')
  const status = get('status')
  const marks = fields.get('marks')
  return {
    name: String(fields.get('name') ?? ''),
    side: fields.get('side') === 'pc' ? 'pc' : 'foe',
    hp,
    maxHp: Number(get('maxHp') ?? hp),
    ...(hidden ? { hidden: true } : {}),
    ...(gmDefends ? { gmDefends: true } : {}),
    ...(isObject(sheet) ? { sheet } : {}),
    ...(isObject(state) && Object.keys(state).length > 0 ? { state } : {}),
    ...(Array.isArray(status) && status.length > 0 ? { status: status.map(String) } : {}),
    ...(Array.isArray(marks) && marks.length > 0 ? { conditions: marks as GmMark[] } : {}),
  } satisfies ExportedCombatant
}

/** The encounter as the GM reads it in the room's documents, without its past fights (`pastFightsOf`). */
export function encounterOf(
  info: Pick<RoomInfo, 'system' | 'name'>,
  docs: ExportDocs,
  now = new Date(),
): EncounterFile {
  const byHand = docs.gm.getMap<true>(GM.byHand)
  const secrets = docs.gm.getMap<Y.Map<unknown>>(GM.foeSecrets)
  const onTable = [...docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].map(([id, fields]) =>
    combatantOf(fields, secrets.get(id), false, byHand.get(id) === true),
  )
  const hidden = [...docs.gm.getMap<Y.Map<unknown>>(GM.hidden).entries()].map(([id, fields]) =>
    combatantOf(fields, undefined, true, byHand.get(id) === true),
  )
  const library = [...docs.gm.getMap<LibraryMonster>(GM.library).values()].sort((a, b) =>
    a.name.localeCompare(b.name),
  )
  // Fights a room filed whole in its log, before they had documents of their own, come first.
  const inLog = docs.log.getArray<PastFight>(LOG.fights).toArray().map(fightOf)
  return {
    fray: 'encounter',
    version: 2,
    system: info.system,
    name: info.name,
    exportedAt: now.toISOString(),
    settings: readSettings(docs.table.getMap<unknown>(TABLE.settings)),
    combatants: [...onTable, ...hidden],
    library,
    pastFights: inLog,
    log: docs.log.getArray<LogEntry>(LOG.entries).toArray(),
  }
}

export const fightOf = ({ endedAt, rounds, foes, entries }: PastFight): ExportedFight => ({
  endedAt,
  rounds,
  ...(foes ? { foes } : {}),
  entries,
})

/** A version 1 file read into version 2: its documents opened and read as an export reads a room's. */
function fromVersion1(file: Partial<ExportedEncounterV1>, system: SystemId): FileCheck<EncounterFile> {
  if (typeof file.documents?.table !== 'string' || typeof file.documents.gm !== 'string')
    return fail('documents: the file is missing the encounter documents.')
  const docs = { table: new Y.Doc(), gm: new Y.Doc(), log: new Y.Doc() }
  try {
    for (const name of ['table', 'gm'] as const) {
      try {
        Y.applyUpdate(docs[name], fromBase64(file.documents[name]))
      } catch {
        return fail(`documents.${name}: not a Yjs update in base64.`)
      }
    }
    const read = encounterOf({ system, name: String(file.name ?? '') }, docs)
    return ok({ ...read, exportedAt: String(file.exportedAt ?? read.exportedAt), log: [] })
  } finally {
    for (const doc of Object.values(docs)) doc.destroy()
  }
}

/**
 * Reads an encounter file of any version this reads (2, or 1 read into 2), every field checked: the first
 * bad one is named with why. `systems` are the systems a room can play (the rules' `SYSTEM_IDS`), and
 * `checks` gives the checks of the file's system (the rules' `sheetChecks` of its sheet rules). The room
 * runs it before it builds anything; the app sends the file as it is.
 */
export function readAnyEncounter(
  value: unknown,
  systems: readonly SystemId[],
  checks: (system: SystemId) => SheetChecks,
): FileCheck<EncounterFile> {
  const system = encounterSystem(value, systems)
  if (!system.ok) return system
  const e = value as { version?: unknown }
  if (e.version !== 1 && e.version !== 2)
    return fail(`version: ${JSON.stringify(e.version)} is not one this app reads.`)
  const file = e.version === 1 ? fromVersion1(e as Partial<ExportedEncounterV1>, system.value) : ok(e)
  if (!file.ok) return file
  // The log of the fight at hand stays in the file to read: the room writes its own.
  return readEncounter(file.value, systems, checks(system.value))
}
