/** Loads a room's public info once, for the headers of both views. */
import type { RoomInfo } from '@fray/protocol'
import { useEffect, useState } from 'preact/hooks'
import { getRoomInfo } from '../api.ts'

export type RoomLoad =
  | { status: 'loading' }
  | { status: 'ready'; info: RoomInfo }
  | { status: 'error'; error: string }

export function useRoomInfo(roomId: string): RoomLoad {
  const [load, setLoad] = useState<RoomLoad>({ status: 'loading' })
  useEffect(() => {
    let live = true
    getRoomInfo(roomId).then((result) => {
      if (!live) return
      setLoad(result.ok ? { status: 'ready', info: result.value } : { status: 'error', error: result.error })
    })
    return () => {
      live = false
    }
  }, [roomId])
  return load
}
