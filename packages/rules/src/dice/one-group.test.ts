import { describe, expect, it } from 'vitest'
import { readOneGroup } from './one-group.ts'

describe('dice as a sheet writes them, one group and a bonus', () => {
  it.each([
    ['2d6+1', { count: 2, sides: 6, bonus: 1 }],
    ['d8', { count: 1, sides: 8, bonus: 0 }],
    [' 1D10 - 2 ', { count: 1, sides: 10, bonus: -2 }],
    ['3', { count: 0, sides: 1, bonus: 3 }],
  ])('reads %j', (text, dice) => {
    expect(readOneGroup(text)).toEqual(dice)
  })

  it.each(['d6+d4', '2d20kh1', 'd6[fire]', '-d6', '1d6*2', 'six', ''])('refuses %j', (text) => {
    expect(readOneGroup(text)).toBeUndefined()
  })

  it('keeps to the limits a sheet gives, and to no bonus unless it allows one', () => {
    const most = { dice: 20, sides: 100, minSides: 2 }
    expect(readOneGroup('20d100', most)).toEqual({ count: 20, sides: 100, bonus: 0 })
    for (const text of ['21d6', '1d101', 'd1', 'd6+1', '4']) expect(readOneGroup(text, most)).toBeUndefined()
    expect(readOneGroup('1d6-3', { dice: 9, sides: 9, bonus: 3 })).toEqual({ count: 1, sides: 6, bonus: -3 })
    expect(readOneGroup('1d6+4', { dice: 9, sides: 9, bonus: 3 })).toBeUndefined()
  })
})
