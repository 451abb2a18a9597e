import { describe, expect, it } from 'vitest'
import { woundState } from './wounds.ts'

describe('wound levels', () => {
  it.each([
    [40, 40, 'unhurt', 0],
    [39, 40, 'wounded', 0],
    [20, 40, 'badly-wounded', -10],
    [21, 42, 'wounded', 0],
    [20, 42, 'badly-wounded', -10],
    [25, 60, 'bloodied', 0],
    [30, 60, 'wounded', 0],
    [21, 60, 'bloodied', 0],
    [11, 60, 'badly-wounded', -10],
    [10, 60, 'very-badly-wounded', -20],
    [6, 60, 'very-badly-wounded', -20],
    [5, 60, 'near-death', -30],
    [-3, 60, 'near-death', -30],
  ])('at %i of %i hit points is %s with %i to all actions', (hp, start, level, modifier) => {
    expect(woundState(hp, start)).toMatchObject({ level, modifier })
  })

  it('gives no modifier for being under 20 to someone who started at 18, then the normal -20 at 10 or less', () => {
    expect(woundState(18, 18).modifier).toBe(0)
    expect(woundState(11, 18).modifier).toBe(0)
    expect(woundState(10, 18).modifier).toBe(-20)
    expect(woundState(5, 18).modifier).toBe(-30)
  })

  it('applies the same exception at the deeper levels', () => {
    expect(woundState(7, 8).modifier).toBe(0)
    expect(woundState(5, 8).modifier).toBe(-30)
    expect(woundState(2, 4).modifier).toBe(0)
  })
})
