import { describe, expect, it } from 'vitest'
import { mageCastingTime, planCasting } from './casting.ts'
import { castingNow } from './combat-casting.ts'
import { hitWhileCasting } from './rolls.ts'
import type { Spell } from './sheet.ts'

const cleric = (castingTime: number): Spell => ({
  name: 'Bless',
  caster: 'cleric',
  rank: 1,
  kind: 'GK',
  castingTime,
})
const mage = (rank: number, kind: 'GK' | 'SK'): Spell => ({
  name: 'Bolt of Energy',
  caster: 'mage',
  rank,
  kind,
  castingTime: 5,
})

describe('casting cleric spells', () => {
  it('with a casting time of 5 goes off on 3 after an initiative of 8, and on -2 after a 3, the same round', () => {
    expect(planCasting(cleric(5), 8)).toMatchObject({ startsOn: 8, goesOffOn: 3, round: 'this' })
    expect(planCasting(cleric(5), 3)).toMatchObject({ startsOn: 3, goesOffOn: -2, round: 'this' })
  })

  it('begins on 10 of the next round when the spell would go off on -6 or later', () => {
    expect(planCasting(cleric(5), 0)).toMatchObject({ goesOffOn: -5, round: 'this' })
    expect(planCasting(cleric(5), -1)).toMatchObject({ startsOn: 10, goesOffOn: 5, round: 'next' })
  })

  it('starts a 1-round spell on 10 only after an initiative of 10 or better, or a held action', () => {
    expect(planCasting(cleric(10), 12)).toMatchObject({ startsOn: 10, round: 'this' })
    expect(planCasting(cleric(10), 10)).toMatchObject({ startsOn: 10, round: 'this' })
    expect(planCasting(cleric(10), 9)).toMatchObject({ startsOn: 10, round: 'next' })
    expect(planCasting(cleric(10), 4, true)).toMatchObject({ startsOn: 10, round: 'this' })
  })
})

describe('casting mage spells', () => {
  it('takes 6 segments for an SK spell of rank 8: on 3 after a 9, and on -4 after a 2', () => {
    expect(mageCastingTime(8, 'SK')).toBe(6)
    expect(planCasting(mage(8, 'SK'), 9)).toMatchObject({ castingTime: 6, goesOffOn: 3, round: 'this' })
    expect(planCasting(mage(8, 'SK'), 2)).toMatchObject({ goesOffOn: -4, round: 'this' })
  })

  it('keeps the last row of the table for ranks past 22', () => {
    expect(mageCastingTime(30, 'GK')).toBe(1)
    expect(mageCastingTime(30, 'SK')).toBe(2)
  })

  it('shows the initiative and the casting time in the breakdown', () => {
    expect(planCasting(mage(8, 'SK'), 9).breakdown).toEqual([
      { label: 'Initiative', value: 9, rule: 'Initiative' },
      { label: 'Bolt of Energy casting time', value: -6, rule: 'Casting Mage Spells' },
    ])
  })
})

describe('a caster mid-spell', () => {
  it('is casting from the segment casting begins until the segment before it goes off', () => {
    const { startsOn, goesOffOn } = planCasting(cleric(5), 8)
    const casting = { spell: 0, startsOn, goesOffOn }
    expect([9, 8, 4, 3].map((s) => castingNow(casting, s))).toEqual([false, true, true, false])
  })

  it('loses the spell when hit, unless the room leaves it to the GM', () => {
    expect(hitWhileCasting()).toBe('interrupted')
    expect(hitWhileCasting('gm-decides')).toBe('ask-gm')
  })
})
