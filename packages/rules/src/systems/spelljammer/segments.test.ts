import { describe, expect, it } from 'vitest'
import { buildTimeline, movementTenthsBy, phaseOf } from './segments.ts'

describe('the segment countdown', () => {
  it.each([
    [14, 'pre-movement'],
    [11, 'pre-movement'],
    [10, 'movement'],
    [1, 'movement'],
    [0, 'post-movement'],
    [-5, 'post-movement'],
    [-6, 'lost'],
  ])('puts segment %i in %s', (segment, phase) => {
    expect(phaseOf(segment)).toBe(phase)
  })

  it('moves 10% of the movement each segment from 10 to 1', () => {
    expect([11, 10, 5, 1, 0].map(movementTenthsBy)).toEqual([0, 1, 6, 10, 10])
  })

  it('orders a round from the top, lists every movement segment and sets lost events apart', () => {
    const { segments, lost } = buildTimeline([
      { who: 'Derrick', what: 'attack 1', segment: 12 },
      { who: 'Harlan', what: 'arrow', segment: 0 },
      { who: 'Ogre', what: 'club', segment: 4 },
      { who: 'Ogre', what: 'club', segment: -7 },
    ])
    expect(segments.map((s) => s.segment)).toEqual([12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    expect(segments[0]).toMatchObject({ phase: 'pre-movement', movementTenths: 0 })
    expect(segments.find((s) => s.segment === 4)?.events).toEqual([{ who: 'Ogre', what: 'club', segment: 4 }])
    expect(lost).toEqual([{ who: 'Ogre', what: 'club', segment: -7 }])
  })
})
