import { describe, expect, it } from 'vitest'
import {
  CONCEALMENT,
  CRIT_CONDITIONS,
  FUMBLES,
  GRAPPLE_SIZES,
  RANGE_BANDS,
  type Row,
  rowFor,
  SCATTER,
  SPECIAL_D20,
} from './tables.ts'

/** Share of a d20 (or d4, d10) a row covers, as a whole percentage. */
const percentOf = (row: Row, sides: number) => ((row.max - row.min + 1) * 100) / sides

describe('the special d20 after a natural 20', () => {
  it.each([
    [1, 'regular'],
    [10, 'regular'],
    [11, 'maximum'],
    [15, 'maximum'],
    [16, 'critical'],
    [19, 'critical'],
    [20, 'critical-condition'],
  ] as const)('a %i gives %s damage', (roll, result) => {
    expect(rowFor(SPECIAL_D20, roll).result).toBe(result)
  })

  it('gives each band the share the text prints: 50%, 25%, 20%, 5%', () => {
    expect(SPECIAL_D20.map((r) => percentOf(r, 20))).toEqual([50, 25, 20, 5])
  })
})

describe('the d4 condition chart', () => {
  it.each([
    [1, 'disarmed'],
    [2, 'shaken'],
    [3, 'prone'],
    [4, 'blinded'],
  ] as const)('a %i leaves the enemy %s', (roll, condition) => {
    expect(rowFor(CRIT_CONDITIONS, roll).condition).toBe(condition)
  })

  it('gives each condition the numbers the chart prints', () => {
    const byKind = Object.fromEntries(CRIT_CONDITIONS.map((r) => [r.condition, r]))
    expect(byKind.shaken).toMatchObject({ toHit: -2, saves: -2 })
    expect(byKind.prone).toMatchObject({ toHit: -4, acMelee: -4, acRanged: 4 })
    expect(byKind.blinded).toMatchObject({ toHit: -4, acMelee: -4, acRanged: -4, initiative: -2 })
    expect(byKind.disarmed).toMatchObject({ toHit: 0, acMelee: 0, acRanged: 0 })
  })
})

describe('the fumble table after a natural 1', () => {
  it.each([
    [1, 'weapon-breaks'],
    [2, 'weapon-breaks'],
    [3, 'stumble'],
    [5, 'stumble'],
    [6, 'sloppy'],
    [10, 'sloppy'],
    [11, 'drop-weapon'],
    [15, 'drop-weapon'],
    [16, 'miss'],
    [20, 'miss'],
  ] as const)('a %i means %s', (roll, result) => {
    expect(rowFor(FUMBLES, roll).result).toBe(result)
  })

  it('gives each row the share the text prints: 10%, 15%, 25%, 25%, 25%', () => {
    expect(FUMBLES.map((r) => percentOf(r, 20))).toEqual([10, 15, 25, 25, 25])
  })

  it('asks for a DC 20 DEX check on a stumble and DC 15 on a sloppy attack', () => {
    expect(rowFor(FUMBLES, 4).dexCheckDC).toBe(20)
    expect(rowFor(FUMBLES, 8).dexCheckDC).toBe(15)
    expect(rowFor(FUMBLES, 1).dexCheckDC).toBeNull()
  })
})

describe('a row lookup', () => {
  it('throws on a roll no row covers, since callers validate faces first', () => {
    expect(() => rowFor(SPECIAL_D20, 0)).toThrow()
    expect(() => rowFor(SPECIAL_D20, 21)).toThrow()
    expect(() => rowFor(CRIT_CONDITIONS, 5)).toThrow()
    expect(() => rowFor(SCATTER, 11)).toThrow()
  })
})

describe('the concealment table', () => {
  it.each([
    [25, -1],
    [50, -2],
    [75, -3],
    [90, -4],
  ])('%i%% concealed is %i to hit', (percent, modifier) => {
    expect(CONCEALMENT.find((r) => r.percent === percent)?.modifier).toBe(modifier)
  })
})

describe('the range bands', () => {
  it('are +1 short, 0 medium, -2 long, and beyond long cannot be hit', () => {
    expect(RANGE_BANDS.map((r) => [r.band, r.modifier])).toEqual([
      ['short', 1],
      ['medium', 0],
      ['long', -2],
      ['beyond', null],
    ])
  })
})

describe('the grapple size modifiers', () => {
  it('are -4 small, +0 medium, +4 large', () => {
    expect(GRAPPLE_SIZES.map((r) => [r.size, r.modifier])).toEqual([
      ['small', -4],
      ['medium', 0],
      ['large', 4],
    ])
  })
})

describe('the scatter diagram', () => {
  it.each([
    [1, 0, -2],
    [2, -1, -1],
    [3, 0, -1],
    [4, 1, -1],
    [5, -1, 0],
    [6, 1, 0],
    [7, -1, 1],
    [8, 0, 1],
    [9, 1, 1],
    [10, 0, 2],
  ])('a %i lands %i across and %i behind the target', (roll, across, behind) => {
    expect(rowFor(SCATTER, roll)).toMatchObject({ across, behind })
  })

  it('never lands on the target square and never twice on the same square', () => {
    const squares = SCATTER.map((r) => `${r.across},${r.behind}`)
    expect(new Set(squares).size).toBe(10)
    expect(squares).not.toContain('0,0')
  })
})
