import { describe, expect, it } from 'vitest'
import {
  encounterDistance,
  normalSide,
  reactionRoll,
  rollSurprise,
  type SurpriseSide,
  surpriseRange,
} from './encounter.ts'

const side = (name: string, surprisesOn: number, surprisedOn: number): SurpriseSide => ({
  name,
  surprisesOn,
  surprisedOn,
})

describe('the four surprise examples', () => {
  it('1) A surprising on 1-5 against B normally surprised on 1-2 surprises B on 1-5', () => {
    expect(surpriseRange(side('A', 5, 2), side('B', 2, 2))).toBe(5)
  })

  it('2) A surprising on 1-5 against B surprised only on a 1 surprises B on 1-4', () => {
    expect(surpriseRange(side('A', 5, 2), side('B', 2, 1))).toBe(4)
  })

  it('3) A (1-5, surprised 1-2) and B (1-4, surprised 1-2): A surprises B on 1-5, B surprises A on 1-4', () => {
    const a = side('A', 5, 2)
    const b = side('B', 4, 2)
    expect(surpriseRange(a, b)).toBe(5)
    expect(surpriseRange(b, a)).toBe(4)
  })

  it('4) A (1-5, surprised 1-2) and B (1-4, surprised only on 1): each surprises the other on 1-4', () => {
    const a = side('A', 5, 2)
    const b = side('B', 4, 1)
    expect(surpriseRange(a, b)).toBe(4)
    expect(surpriseRange(b, a)).toBe(4)
  })

  it('surprise is normally 1-2 on a d6', () => {
    expect(surpriseRange(normalSide('A'), normalSide('B'))).toBe(2)
  })
})

describe('the surprise roll', () => {
  const a = normalSide('Party')
  const b = normalSide('Orcs')

  it('a side whose d6 falls in the range is surprised and the other gets a free round', () => {
    const r = rollSurprise(a, b, { a: 5, b: 2 })
    expect(r.ok && r.value).toMatchObject({
      aSurprised: false,
      bSurprised: true,
      freeRound: 'a',
      cancelled: false,
    })
  })

  it('a 3 is not surprise at the normal 1-2', () => {
    const r = rollSurprise(a, b, { a: 3, b: 3 })
    expect(r.ok && r.value).toMatchObject({
      aSurprised: false,
      bSurprised: false,
      freeRound: null,
      cancelled: false,
    })
  })

  it('both sides surprised cancels out', () => {
    const r = rollSurprise(a, b, { a: 1, b: 2 })
    expect(r.ok && r.value).toMatchObject({ cancelled: true, freeRound: null })
  })

  it('refuses a die that is not a d6 face', () => {
    expect(rollSurprise(a, b, { a: 7, b: 1 }).ok).toBe(false)
  })
})

describe('distance and reaction', () => {
  it('without surprise the distance is 2d6 x 10 feet indoors', () => {
    expect(encounterDistance({ surprise: false, outdoors: false, dice: [3, 4] })).toMatchObject({
      ok: true,
      value: { value: 70, unit: 'feet' },
    })
  })

  it('outdoors it is yards', () => {
    const r = encounterDistance({ surprise: false, outdoors: true, dice: [6, 6] })
    expect(r.ok && r.value).toMatchObject({ value: 120, unit: 'yards' })
  })

  it('with surprise it is 10 to 30', () => {
    const low = encounterDistance({ surprise: true, outdoors: false, d3: 1 })
    const high = encounterDistance({ surprise: true, outdoors: false, d3: 3 })
    expect(low.ok && low.value.value).toBe(10)
    expect(high.ok && high.value.value).toBe(30)
  })

  it('the reaction roll is logged and the GM is prompted for the unprinted table', () => {
    const r = reactionRoll([2, 5])
    expect(r.ok && r.value.total).toBe(7)
    expect(r.ok && r.value.prompt.table).toBe('reaction')
    expect(r.ok && r.value.prompt.rolled.map((l) => l.value)).toEqual([2, 5])
  })
})
