import { describe, expect, it } from 'vitest'
import { recallRoomInfo, rememberRoomInfo } from './room-info.ts'
import { memoryStorage } from './test-storage.ts'

describe('the room info kept on the device', () => {
  const info = {
    roomId: 'abcdefghijklmnopqrstuv',
    system: 'osr' as const,
    name: 'Bridge ambush',
    createdAt: 1,
  }

  it('gives back what was remembered for that room, and nothing for another', () => {
    const storage = memoryStorage()
    rememberRoomInfo(info.roomId, info, storage)
    expect(recallRoomInfo(info.roomId, storage)).toEqual(info)
    expect(recallRoomInfo('another-room-id-000000', storage)).toBeNull()
  })

  it('reads a corrupt or foreign value as nothing kept', () => {
    const storage = memoryStorage()
    storage.setItem(`fray:room:${info.roomId}`, '{not json')
    expect(recallRoomInfo(info.roomId, storage)).toBeNull()
    storage.setItem(`fray:room:${info.roomId}`, '{"name": 3}')
    expect(recallRoomInfo(info.roomId, storage)).toBeNull()
  })
})
