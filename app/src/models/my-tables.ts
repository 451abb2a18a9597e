/**
 * The tables this device has opened, for its home screen: as GM (the GM key is kept on this device only,
 * as it came in the link's fragment) and as a player (the seats it holds). Read from what the app already
 * keeps per room (`fray:seat:<id>`, `fray:room:<id>`), plus `fray:gm:<id>` for the GM's.
 */
import type { RoomInfo, SystemId } from '@fray/protocol'
import { SYSTEM_IDS } from '@fray/rules'
import { recallRoomInfo, rememberRoomInfo } from './room-info.ts'
import { readStored } from './stored.ts'

export interface MyTable {
  roomId: string
  role: 'gm' | 'player'
  /** The room's name and system as last seen here; null before the room's info ever loaded. */
  name: string | null
  system: SystemId | null
  /** A player's name at that table. */
  seatName?: string
  /** When this device last opened it as GM (ms). */
  lastOpened?: number
  /** Unused until then, the room is deleted (as the room said when this device last opened it). */
  keptUntil?: number
  /** Where it opens: the GM's link with its key, or the room's player link. */
  href: string
}

interface GmRecord {
  gmKey: string
  lastOpened: number
}

const gmKey = (roomId: string) => `fray:gm:${roomId}`
const ROOM_KEY = /^fray:(gm|seat):([A-Za-z0-9_-]{22})$/

/** Remembers that this device opened the room as GM, and when. */
export function rememberGmTable(
  roomId: string,
  key: string,
  now = Date.now(),
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(gmKey(roomId), JSON.stringify({ gmKey: key, lastOpened: now } satisfies GmRecord))
  } catch {
    // Storage full or disabled: the link still opens the room, it is just not listed here.
  }
}

/** The GM's tables, most recently opened first, then the seats this device holds. */
export function myTables(storage: Storage = localStorage): MyTable[] {
  const tables: MyTable[] = []
  for (let i = 0; i < storage.length; i++) {
    const match = ROOM_KEY.exec(storage.key(i) ?? '')
    if (!match) continue
    const [key, kind, roomId] = match as unknown as [string, 'gm' | 'seat', string]
    const info = recallRoomInfo(roomId, storage)
    const known = {
      roomId,
      name: info?.name ?? null,
      system: info && (SYSTEM_IDS as readonly string[]).includes(info.system) ? info.system : null,
      ...(typeof info?.keptUntil === 'number' ? { keptUntil: info.keptUntil } : {}),
    }
    if (kind === 'gm') {
      const gm = readStored<GmRecord>(storage, key, (v) => typeof v.gmKey === 'string')
      if (gm)
        tables.push({
          ...known,
          role: 'gm',
          lastOpened: gm.lastOpened,
          href: `/r/${roomId}#gm=${encodeURIComponent(gm.gmKey)}`,
        })
    } else {
      const seat = readStored<{ name: string }>(storage, key, (v) => typeof v.name === 'string')
      if (seat) tables.push({ ...known, role: 'player', seatName: seat.name, href: `/r/${roomId}` })
    }
  }
  return tables.sort((a, b) =>
    a.role === b.role ? (b.lastOpened ?? 0) - (a.lastOpened ?? 0) : a.role === 'gm' ? -1 : 1,
  )
}

/**
 * Asks each listed room for its info again and keeps what it says: how long a room is kept grows once it
 * has a party, and the copy kept here is from whenever this device last loaded it (a room kept until May
 * read "kept until Dec 31"). Reading a room's info does not count as using it. Whether any changed.
 */
export async function refreshTables(
  tables: readonly Pick<MyTable, 'roomId'>[],
  info: (roomId: string) => Promise<{ ok: true; value: RoomInfo } | { ok: false }>,
  storage: Storage = localStorage,
): Promise<boolean> {
  const rooms = [...new Set(tables.map((t) => t.roomId))]
  const answers = await Promise.all(rooms.map((roomId) => info(roomId)))
  let changed = false
  rooms.forEach((roomId, i) => {
    const answer = answers[i]
    if (!answer?.ok || JSON.stringify(answer.value) === JSON.stringify(recallRoomInfo(roomId, storage)))
      return
    rememberRoomInfo(roomId, answer.value, storage)
    changed = true
  })
  return changed
}

/** Forgets a table on this device: the GM's key, or the seat (the seat stays in the room for the GM to free). */
export function forgetTable(table: Pick<MyTable, 'roomId' | 'role'>, storage: Storage = localStorage): void {
  storage.removeItem(table.role === 'gm' ? gmKey(table.roomId) : `fray:seat:${table.roomId}`)
}

/** The list as a file a GM can keep (it holds GM keys: it opens those rooms as GM). */
export function exportTables(tables: readonly MyTable[]) {
  return { kind: 'fray-tables', tables }
}
