import { describe, expect, it } from 'vitest'
import { exportTables, forgetTable, myTables, refreshTables, rememberGmTable } from './my-tables.ts'
import { rememberRoomInfo } from './room-info.ts'
import { saveSeat } from './seat.ts'
import { memoryStorage } from './test-storage.ts'

const A = 'AAAAAAAAAAAAAAAAAAAAAA'
const B = 'BBBBBBBBBBBBBBBBBBBBBB'
const C = 'CCCCCCCCCCCCCCCCCCCCCC'

describe('the tables this device has opened', () => {
  it('lists the GM’s rooms newest first, with their GM links, then the seats it holds', () => {
    const storage = memoryStorage()
    rememberRoomInfo(
      A,
      { roomId: A, name: 'Bridge ambush', system: 'osr', createdAt: 0, keptUntil: 9000 },
      storage,
    )
    rememberRoomInfo(B, { roomId: B, name: 'The crypt', system: 'brp', createdAt: 0 }, storage)
    rememberGmTable(A, 'key/a', 1000, storage)
    rememberGmTable(B, 'key-b', 2000, storage)
    saveSeat(C, { seatId: 's1', seatKey: 'k', name: 'Mira' }, storage)
    storage.setItem('fray:theme', 'dark')
    expect(myTables(storage)).toEqual([
      { roomId: B, role: 'gm', name: 'The crypt', system: 'brp', lastOpened: 2000, href: `/r/${B}#gm=key-b` },
      {
        roomId: A,
        role: 'gm',
        name: 'Bridge ambush',
        system: 'osr',
        keptUntil: 9000,
        lastOpened: 1000,
        href: `/r/${A}#gm=key%2Fa`,
      },
      { roomId: C, role: 'player', name: null, system: null, seatName: 'Mira', href: `/r/${C}` },
    ])
  })

  it('forgets one, keeps the rest, and reads a corrupt record as nothing', () => {
    const storage = memoryStorage()
    rememberGmTable(A, 'k', 1, storage)
    saveSeat(A, { seatId: 's', seatKey: 'k', name: 'Mira' }, storage)
    storage.setItem(`fray:gm:${B}`, '{not json')
    forgetTable({ roomId: A, role: 'gm' }, storage)
    expect(myTables(storage).map((t) => [t.roomId, t.role])).toEqual([[A, 'player']])
    expect(exportTables(myTables(storage))).toMatchObject({
      kind: 'fray-tables',
      tables: [{ roomId: A }],
    })
  })
})

describe('the tables listed, asked again', () => {
  it('take the room’s keeping time as the room says it now, not as it was at this device’s last load', async () => {
    const storage = memoryStorage()
    const first = { roomId: A, name: 'Bridge ambush', system: 'osr' as const, createdAt: 0, keptUntil: 9000 }
    rememberRoomInfo(A, first, storage)
    rememberGmTable(A, 'key-a', 1000, storage)
    saveSeat(B, { seatId: 's1', seatKey: 'k', name: 'Mira' }, storage)
    const asked: string[] = []
    const info = async (roomId: string) => {
      asked.push(roomId)
      return roomId === A
        ? { ok: true as const, value: { ...first, keptUntil: 99_000 } }
        : { ok: false as const }
    }
    expect(await refreshTables(myTables(storage), info, storage)).toBe(true)
    expect(asked.sort()).toEqual([A, B])
    expect(myTables(storage)[0]?.keptUntil).toBe(99_000)
    // Nothing new: nothing written, and a room that did not answer keeps what it had.
    expect(await refreshTables(myTables(storage), info, storage)).toBe(false)
  })
})
