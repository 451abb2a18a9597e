/**
 * The GM's monster library, per rule system, kept on this device: a stat block (the sheet) and hit points
 * as a number or dice ("1d8+1", rolled by the room for each copy). A library travels as a JSON file, the
 * same envelope as an encounter export, checked field by field on the way in. In a room, the GM's devices
 * share it through the gm document (`openLibrary`): what one saves, every other lists, and keeps.
 */
import { GM, type LibraryMonster, readMonsters } from '@fray/protocol'
import { fail, type Outcome, type SystemId, sheetChecks } from '@fray/rules'
import type * as Y from 'yjs'
import { readJson } from './files.ts'
import { rulesOf } from './rules.ts'
import { readStored } from './stored.ts'

export { readHitPoints } from '@fray/rules'

/** A stat block (the sheet) and hit points as a number ("7") or dice the room rolls for each copy ("1d8+1"). */
export type Monster = LibraryMonster

export interface LibraryFile {
  fray: 'library'
  version: 1
  system: SystemId
  monsters: Monster[]
}

const key = (system: SystemId) => `fray:library:${system}`

/** The monsters saved for this system on this device, by name. */
export function libraryOf(system: SystemId, storage: Storage = localStorage): Monster[] {
  const list = readStored<Monster[]>(storage, key(system), Array.isArray)
  return (list ?? []).filter((m) => typeof m?.name === 'string' && typeof m.hp === 'string')
}

function store(system: SystemId, list: Monster[], storage: Storage): string | null {
  try {
    storage.setItem(key(system), JSON.stringify([...list].sort((a, b) => a.name.localeCompare(b.name))))
    return null
  } catch {
    return 'This device’s storage is full or turned off: the library was not saved.'
  }
}

/** Saves a monster, over any of the same name; an error says why it could not be kept. */
export function saveMonster(
  system: SystemId,
  monster: Monster,
  storage: Storage = localStorage,
): string | null {
  const list = libraryOf(system, storage).filter((m) => m.name !== monster.name)
  return store(system, [...list, monster], storage)
}

export function forgetMonster(system: SystemId, name: string, storage: Storage = localStorage): void {
  store(
    system,
    libraryOf(system, storage).filter((m) => m.name !== name),
    storage,
  )
}

/** The library entry a typed name stands for ("orc" finds "Orc"), if any. */
export function findMonster(list: readonly Monster[], name: string): Monster | undefined {
  const wanted = name.trim().toLowerCase()
  return list.find((m) => m.name.toLowerCase() === wanted)
}

export function exportLibrary(system: SystemId, storage: Storage = localStorage): LibraryFile {
  return { fray: 'library', version: 1, system, monsters: libraryOf(system, storage) }
}

/**
 * Reads a library file for this room's system: every monster checked, and the first bad field named
 * ("monsters[2].hp: ..."), so nothing half-read is kept.
 */
export function parseLibrary(text: string, system: SystemId): Outcome<Monster[]> {
  const value = readJson(text, 'a library file')
  if (!value.ok) return value
  const file = value.value as Partial<LibraryFile> | null
  if (file?.fray !== 'library') return fail('fray: that file is not a Fray monster library.')
  if (file.version !== 1) return fail(`version: ${JSON.stringify(file.version)} is not one this app reads.`)
  if (file.system !== system)
    return fail(`system: the library is for ${JSON.stringify(file.system)}, this room plays ${system}.`)
  if (!Array.isArray(file.monsters)) return fail('monsters: a list of monsters is missing.')
  return readMonsters(file.monsters, 'monsters', sheetChecks(rulesOf(system).sheet))
}

/** Adds a library file's monsters to this device's, over those of the same name. */
export function importLibrary(
  system: SystemId,
  monsters: readonly Monster[],
  storage: Storage = localStorage,
): string | null {
  const names = new Set(monsters.map((m) => m.name))
  return store(
    system,
    [...libraryOf(system, storage).filter((m) => !names.has(m.name)), ...monsters],
    storage,
  )
}

/** The room's copy of the library, in its gm document, by name. */
const roomCopy = (doc: Y.Doc) => doc.getMap<Monster>(GM.library)

const same = (a: Monster | undefined, b: Monster | undefined) => JSON.stringify(a) === JSON.stringify(b)

/** Monsters the room's copy holds: a GM's device keeps at most as many as a library file brings. */
export const ROOM_LIBRARY_MOST = 500

/**
 * Shares this device's library with the room's other GM devices, once the gm document has synced: the
 * room's entries come to this device (the room's wins where both have a name), this device's others go to
 * the room, and from then on whatever another device saves or forgets in the room is saved or forgotten
 * here too (`onChange` then). Returns the function that stops listening.
 */
export function openLibrary(
  system: SystemId,
  doc: Y.Doc,
  onChange: () => void,
  storage: Storage = localStorage,
): () => void {
  const room = roomCopy(doc)
  const theirs = [...room.values()].filter(
    (m) =>
      !same(
        m,
        libraryOf(system, storage).find((x) => x.name === m.name),
      ),
  )
  if (theirs.length > 0) importLibrary(system, theirs, storage)
  pushLibrary(system, doc, storage)
  const follow = (event: Y.YMapEvent<Monster>) => {
    if (event.transaction.local) return
    for (const [name, change] of event.changes.keys) {
      const now = room.get(name)
      if (change.action === 'delete' || !now) forgetMonster(system, name, storage)
      else saveMonster(system, now, storage)
    }
    onChange()
  }
  room.observe(follow)
  onChange()
  return () => room.unobserve(follow)
}

/** Puts in the room what this device holds that the room does not (a monster saved or imported here). */
export function pushLibrary(system: SystemId, doc: Y.Doc, storage: Storage = localStorage): void {
  const room = roomCopy(doc)
  doc.transact(() => {
    for (const m of libraryOf(system, storage)) {
      if (same(room.get(m.name), m)) continue
      if (!room.has(m.name) && room.size >= ROOM_LIBRARY_MOST) break
      room.set(m.name, m)
    }
  })
}

/** Forgets a monster on this device and in the room, so no GM device brings it back. */
export function forgetEverywhere(
  system: SystemId,
  name: string,
  doc: Y.Doc,
  storage: Storage = localStorage,
): void {
  forgetMonster(system, name, storage)
  roomCopy(doc).delete(name)
}
