import { describe, expect, it } from 'vitest'
import {
  add,
  checkExpr,
  constant,
  type DiceExpr,
  dice,
  diceToRoll,
  labelled,
  rangeOf,
  roundHalf,
  sumTerms,
} from './expr.ts'
import { formatDice } from './format.ts'
import { parseDice } from './parse.ts'

describe('roundHalf', () => {
  it('rounds down, up and to nearest (halves up), also below zero', () => {
    expect([7, 6, -3].map((n) => roundHalf(n, 'down'))).toEqual([3, 3, -2])
    expect([7, 6, -3].map((n) => roundHalf(n, 'up'))).toEqual([4, 3, -1])
    expect([7, 6, -3, -4].map((n) => roundHalf(n, 'nearest'))).toEqual([4, 3, -1, -2])
  })
})

describe('builders', () => {
  it('keep a negative modifier as a subtracted term with its label', () => {
    expect(add(dice(1, 20), constant(2, 'STR'), constant(-1, 'prone'))).toEqual({
      kind: 'sum',
      terms: [
        { sign: 1, expr: { kind: 'dice', count: 1, sides: 20 } },
        { sign: 1, expr: { kind: 'constant', value: 2, label: 'STR' } },
        { sign: -1, expr: { kind: 'constant', value: 1, label: 'prone' } },
      ],
    })
    expect(add(dice(2, 6))).toEqual(dice(2, 6))
    expect(labelled(dice(1, 6), 'fire')).toEqual({ kind: 'dice', count: 1, sides: 6, label: 'fire' })
  })
})

describe('rangeOf and diceToRoll', () => {
  it('follow keep, subtraction, halving, maximum-plus-roll and doubling', () => {
    const expr: DiceExpr = {
      kind: 'sum',
      terms: [
        { sign: 1, expr: { kind: 'double-dice', expr: dice(2, 6) } },
        { sign: -1, expr: dice(3, 4, { which: 'lowest', count: 1 }) },
        {
          sign: 1,
          expr: { kind: 'halve', rounding: 'up', expr: { kind: 'max-plus-roll', expr: dice(1, 8) } },
        },
      ],
    }
    // 4d6 (4..24) - 3d4kl1 (1..4) + halfup(8 + 1d8) (5..8)
    expect(rangeOf(expr)).toEqual({ min: 4 - 4 + 5, max: 24 - 1 + 8 })
    expect(diceToRoll(expr)).toEqual([6, 6, 6, 6, 4, 4, 4, 8])
  })
})

describe('checkExpr', () => {
  it('finds what a hand-built expression gets wrong, and passes a sound one', () => {
    expect(checkExpr(dice(2, 6))).toBeNull()
    expect(checkExpr(dice(0, 6))).toMatch(/roll 1 to 100 dice/)
    expect(checkExpr(dice(1, 1001))).toMatch(/1 to 1000 sides/)
    expect(checkExpr(dice(2, 6, { which: 'highest', count: 3 }))).toMatch(/keep 1 to 2/)
    expect(checkExpr({ kind: 'double-dice', expr: dice(51, 6) })).toMatch(/doubling makes 102d6/)
    expect(checkExpr({ kind: 'constant', value: 1.5 })).toMatch(/whole number/)
    expect(checkExpr({ kind: 'multiply', expr: dice(1, 6), factor: 0 })).toMatch(/multiply by a whole number/)
    expect(checkExpr({ kind: 'sum', terms: [] })).toMatch(/at least one term/)
    expect(checkExpr(labelled(dice(1, 6), ' fire'))).toMatch(/label/)
    expect(checkExpr(labelled(dice(1, 6), 'a]b'))).toMatch(/brackets/)
  })
})

describe('sumTerms', () => {
  it('reads an expression as one flat sum with each term’s sign, in rolling order', () => {
    const terms = sumTerms(parseDice('1d6-(1d4-2)+3[fire]'))
    expect(terms.map((t) => [t.sign, formatDice(t.expr)])).toEqual([
      [1, '1d6'],
      [-1, '1d4'],
      [1, '2'],
      [1, '3[fire]'],
    ])
    expect(sumTerms(parseDice('2d20kh1'))).toEqual([
      { sign: 1, expr: dice(2, 20, { which: 'highest', count: 1 }) },
    ])
  })
})
