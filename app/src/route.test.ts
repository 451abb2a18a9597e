import { describe, expect, it } from 'vitest'
import { parseRoute } from './route.ts'

const roomId = 'abcdefghijklmnopqrstuv'

describe('parseRoute', () => {
  it('reads the home page, the GM link and the player link', () => {
    expect(parseRoute('/', '')).toEqual({ screen: 'home' })
    expect(parseRoute(`/r/${roomId}`, '#gm=secret')).toEqual({ screen: 'gm', roomId, gmKey: 'secret' })
    expect(parseRoute(`/r/${roomId}`, '')).toEqual({ screen: 'player', roomId })
  })

  it('reads a seat handover code from the fragment of a player link (#19 item 7)', () => {
    expect(parseRoute(`/r/${roomId}`, '#seat=ABCD-EFGH')).toEqual({
      screen: 'player',
      roomId,
      seatCode: 'ABCD-EFGH',
    })
  })

  it('reads the room screen, whatever the fragment holds (it never uses a key)', () => {
    expect(parseRoute(`/r/${roomId}/screen`, '')).toEqual({ screen: 'room-screen', roomId })
    expect(parseRoute(`/r/${roomId}/screen`, '#gm=secret')).toEqual({ screen: 'room-screen', roomId })
    expect(parseRoute(`/r/${roomId}/screens`, '')).toEqual({
      screen: 'not-found',
      path: `/r/${roomId}/screens`,
    })
  })

  it('treats a malformed room id as a page that does not exist', () => {
    expect(parseRoute('/r/short', '')).toEqual({ screen: 'not-found', path: '/r/short' })
  })
})
