/** Loads a room's public info once, for the headers of both views; offline, the copy this device kept. */
import type { RoomInfo } from '@fray/protocol'
import { useEffect, useState } from 'preact/hooks'
import { getRoomInfo } from '../api.ts'
import { recallRoomInfo, rememberRoomInfo } from '../models/room-info.ts'

export type RoomLoad =
  | { status: 'loading' }
  | { status: 'ready'; info: RoomInfo }
  | { status: 'error'; error: string }

/** Requests started before the first render (`prefetchRoomInfo`), each taken once by the view that reads it. */
const early = new Map<string, ReturnType<typeof getRoomInfo>>()

/** Starts asking for a room's info at once, before the screen's first render work. */
export function prefetchRoomInfo(roomId: string): void {
  if (!early.has(roomId)) early.set(roomId, getRoomInfo(roomId))
}

export function useRoomInfo(roomId: string): RoomLoad {
  const [load, setLoad] = useState<RoomLoad>({ status: 'loading' })
  useEffect(() => {
    let live = true
    const request = early.get(roomId) ?? getRoomInfo(roomId)
    early.delete(roomId)
    request.then((result) => {
      if (!live) return
      if (result.ok) {
        rememberRoomInfo(roomId, result.value)
        setLoad({ status: 'ready', info: result.value })
        return
      }
      // Offline, a room this device has opened before still opens; a refusal (no such room) never does.
      const kept = result.unreachable ? recallRoomInfo(roomId) : null
      setLoad(kept ? { status: 'ready', info: kept } : { status: 'error', error: result.error })
    })
    return () => {
      live = false
    }
  }, [roomId])
  return load
}
