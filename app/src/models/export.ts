/**
 * Export an encounter to a readable JSON file (version 2, `EncounterFile`): what the room's documents
 * hold (`encounterOf`), and every past fight, each opened from the room. Import sends the file as it is:
 * the room reads it (`readAnyEncounter`) and names the first field it refuses.
 */
import {
  type DocName,
  type EncounterFile,
  type ExportedFight,
  LOG,
  PAST,
  type PastFight,
  pastDocName,
  type RoomInfo,
} from '@fray/protocol'
import { type ExportDocs, encounterOf, fightOf } from '@fray/protocol/encounter-docs'
import { fail, type Outcome, ok } from '@fray/rules'
import type * as Y from 'yjs'

/** A room's document as an export opens it: the app's `connectDoc`, or a test's stand-in. */
export interface OpenedDoc {
  doc: Y.Doc
  synced: { peek(): boolean }
  destroy(): void
}

/**
 * The fights filed in documents of their own (`past:<n>`), each opened from the room and read once it
 * has synced; an error when one has not come within `waitMs` (offline).
 */
export async function pastFightsOf(
  log: Y.Doc,
  open: (name: DocName) => OpenedDoc,
  waitMs = 10_000,
): Promise<Outcome<ExportedFight[]>> {
  const fights: ExportedFight[] = []
  const filed = log.getArray(LOG.filed).length
  for (let n = 0; n < filed; n++) {
    const past = open(pastDocName(n))
    try {
      const until = Date.now() + waitMs
      while (!past.synced.peek() && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
      const fight = past.doc.getArray<PastFight>(PAST.fights).get(0)
      if (!past.synced.peek() || !fight)
        return fail(`Past fight ${n + 1} did not load from the room: export again once online.`)
      fights.push(fightOf(fight))
    } finally {
      past.destroy()
    }
  }
  return ok(fights)
}

/** The whole export: the encounter, and every past fight after those of the log. */
export async function exportEncounter(
  info: Pick<RoomInfo, 'system' | 'name'>,
  docs: ExportDocs,
  open: (name: DocName) => OpenedDoc,
  now = new Date(),
  waitMs?: number,
): Promise<Outcome<EncounterFile>> {
  const file = encounterOf(info, docs, now)
  const filed = await pastFightsOf(docs.log, open, waitMs)
  if (!filed.ok) return filed
  return ok({ ...file, pastFights: [...file.pastFights, ...filed.value] })
}
