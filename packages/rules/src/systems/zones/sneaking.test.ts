import { describe, expect, it } from 'vitest'
import { revealsConcealment } from './rolls.ts'
import { canHideAgain, REVEALING_ACTIONS } from './sneaking.ts'

describe('zones sneaking', () => {
  it('reveals a concealed character who attacks, talks or moves without sneaking, and asks the GM otherwise', () => {
    for (const a of REVEALING_ACTIONS) expect(revealsConcealment(a.id)).toBe(true)
    expect(revealsConcealment('other')).toBe('ask-gm')
  })

  it('lets a character hide again only out of sight for a while or under a major distraction', () => {
    expect(canHideAgain({ outOfSightForAWhile: false, majorDistraction: false })).toBe(false)
    expect(canHideAgain({ outOfSightForAWhile: true, majorDistraction: false })).toBe(true)
    expect(canHideAgain({ outOfSightForAWhile: false, majorDistraction: true })).toBe(true)
  })
})
