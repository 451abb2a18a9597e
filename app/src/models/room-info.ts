/** A room's public info, remembered on this device so a room opened offline still has its name and system. */
import type { RoomInfo } from '@fray/protocol'
import { readStored } from './stored.ts'

const storageKey = (roomId: string) => `fray:room:${roomId}`

export function rememberRoomInfo(roomId: string, info: RoomInfo, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKey(roomId), JSON.stringify(info))
  } catch {
    // Storage full or disabled: the room just needs the network to open next time.
  }
}

export function recallRoomInfo(roomId: string, storage: Storage = localStorage): RoomInfo | null {
  return readStored<RoomInfo>(
    storage,
    storageKey(roomId),
    (v) => typeof v.name === 'string' && typeof v.system === 'string',
  )
}
