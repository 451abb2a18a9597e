import { describe, expect, it } from 'vitest'
import { parseRoute } from './route.ts'

const roomId = 'abcdefghijklmnopqrstuv'

describe('parseRoute', () => {
  it('reads the home page, the GM link and the player link', () => {
    expect(parseRoute('/', '')).toEqual({ screen: 'home' })
    expect(parseRoute(`/r/${roomId}`, '#gm=secret')).toEqual({ screen: 'gm', roomId, gmKey: 'secret' })
    expect(parseRoute(`/r/${roomId}`, '')).toEqual({ screen: 'player', roomId })
  })

  it('treats a malformed room id as a page that does not exist', () => {
    expect(parseRoute('/r/short', '')).toEqual({ screen: 'not-found', path: '/r/short' })
  })
})
