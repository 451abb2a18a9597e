/** Export an encounter to a JSON file and read one back: the room's documents as base64 Yjs updates. */

import { type ExportedEncounter, isSystemId, LOG, type LogEntry, type RoomInfo } from '@fray/protocol'
import { fail, type Outcome, ok } from '@fray/rules'
import * as Y from 'yjs'

const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function exportEncounter(
  info: RoomInfo,
  table: Y.Doc,
  gm: Y.Doc,
  log: Y.Doc,
  now = new Date(),
): ExportedEncounter {
  return {
    fray: 'encounter',
    version: 1,
    system: info.system,
    name: info.name,
    exportedAt: now.toISOString(),
    documents: { table: toBase64(Y.encodeStateAsUpdate(table)), gm: toBase64(Y.encodeStateAsUpdate(gm)) },
    log: log.getArray<LogEntry>(LOG.entries).toArray(),
  }
}

/** A file's text as JSON, or why not ("That file is not JSON. Choose <what> that Fray exported."). */
export function readJson(text: string, what: string): Outcome<unknown> {
  try {
    return ok(JSON.parse(text) as unknown)
  } catch {
    return fail(`That file is not JSON. Choose ${what} that Fray exported.`)
  }
}

/** Reads an export file; an error says why it cannot be imported. */
export function parseExport(text: string): Outcome<ExportedEncounter> {
  const value = readJson(text, 'a file')
  if (!value.ok) return value
  const e = value.value as Partial<ExportedEncounter> | null
  if (e?.fray !== 'encounter') return fail('That file is not a Fray encounter export.')
  if (e.version !== 1)
    return { ok: false, error: `Export version ${String(e.version)} is not one this app reads.` }
  if (!isSystemId(e.system))
    return { ok: false, error: `Unknown rule system ${JSON.stringify(e.system)} in the file.` }
  if (typeof e.documents?.table !== 'string' || typeof e.documents?.gm !== 'string') {
    return fail('The file is missing the encounter documents.')
  }
  return ok(e as ExportedEncounter)
}

/** Offers a JSON value to the user as a file download. */
export function download(filename: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }))
  const a = Object.assign(document.createElement('a'), { href: url, download: filename })
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
