import { describe, expect, it } from 'vitest'
import { type DiceExpr, dice } from './expr.ts'
import { formatDice } from './format.ts'
import { DiceSyntaxError, parseDice, tryParseDice } from './parse.ts'

const sum = (...terms: Array<[1 | -1, DiceExpr]>): DiceExpr => ({
  kind: 'sum',
  terms: terms.map(([sign, expr]) => ({ sign, expr })),
})
const k = (value: number, label?: string): DiceExpr =>
  label ? { kind: 'constant', value, label } : { kind: 'constant', value }

describe('parseDice', () => {
  it('reads the notation people type', () => {
    expect(parseDice('2d6+1')).toEqual(sum([1, dice(2, 6)], [1, k(1)]))
    expect(parseDice('d%')).toEqual(dice(1, 100))
    expect(parseDice('d6')).toEqual(dice(1, 6))
    expect(parseDice('3d6-2')).toEqual(sum([1, dice(3, 6)], [-1, k(2)]))
    expect(parseDice('1d8+1+1d4')).toEqual(sum([1, dice(1, 8)], [1, k(1)], [1, dice(1, 4)]))
    expect(parseDice(' 2D6 + 1 ')).toEqual(parseDice('2d6+1'))
    expect(parseDice('7')).toEqual(k(7))
    expect(parseDice('-1d4')).toEqual(sum([-1, dice(1, 4)]))
  })

  it('reads keep highest/lowest, and drop as its mirror', () => {
    expect(parseDice('2d20kh1')).toEqual(dice(2, 20, { which: 'highest', count: 1 }))
    expect(parseDice('2d20kl1')).toEqual(dice(2, 20, { which: 'lowest', count: 1 }))
    expect(parseDice('4d6k3')).toEqual(dice(4, 6, { which: 'highest', count: 3 }))
    expect(parseDice('4d6dl1')).toEqual(dice(4, 6, { which: 'highest', count: 3 }))
    expect(parseDice('4d6dh1')).toEqual(dice(4, 6, { which: 'lowest', count: 3 }))
    expect(parseDice('2d20kh')).toEqual(dice(2, 20, { which: 'highest', count: 1 }))
  })

  it('reads labels, multiplying, halving, maximum-plus-roll and doubling', () => {
    expect(parseDice('1d20+2[STR]-1[ prone ]')).toEqual(
      sum([1, dice(1, 20)], [1, k(2, 'STR')], [-1, k(1, 'prone')]),
    )
    expect(parseDice('2*(1d6)')).toEqual({ kind: 'multiply', expr: dice(1, 6), factor: 2 })
    expect(parseDice('1d6*2')).toEqual(parseDice('2*(1d6)'))
    expect(parseDice('halfnearest(8d6)')).toEqual({ kind: 'halve', rounding: 'nearest', expr: dice(8, 6) })
    expect(parseDice('maxplus(1d6+1)')).toEqual({
      kind: 'max-plus-roll',
      expr: sum([1, dice(1, 6)], [1, k(1)]),
    })
    expect(parseDice('double(2d6)[crit]')).toEqual({ kind: 'double-dice', expr: dice(2, 6), label: 'crit' })
    expect(parseDice('(1d6+1)[fire]')).toEqual({ ...sum([1, dice(1, 6)], [1, k(1)]), label: 'fire' })
  })

  it.each([
    ['d+', "expected a die size after 'd' at position 2", 1],
    ['2d', "expected a die size after 'd' at the end", 2],
    ['', 'expected dice such as 2d6+1, got nothing at the end', 0],
    ['2d6+', 'expected a number, a die or ( at the end', 4],
    ['2d6 x', "unexpected 'x' at position 5", 4],
    ['1d6)', "unmatched ')' at position 4", 3],
    ['(1d6', "expected ')' at the end to close the '(' at position 1", 4],
    ['1d6[fire', "expected ']' at the end to close the label at position 4", 8],
    ['1d6[]', 'a label cannot be empty at position 4', 3],
    ['1d6[a][b]', 'this term already has the label "a" at position 7', 6],
    ['0d6', 'roll at least one die at position 1', 0],
    ['101d6', 'at most 100 dice in a group, not 101, at position 1', 0],
    ['1d0', 'a die needs at least one side at position 3', 2],
    ['1d1001', 'a die has at most 1000 sides, not 1001, at position 3', 2],
    ['2d6kh3', 'can keep 1 to 2 of 2 dice, not 3, at position 6', 5],
    ['2d6dl2', 'can drop 1 to 1 of 2 dice, not 2, at position 6', 5],
    ['1d6*1d6', 'multiply by a whole number, as in 1d6*2, at position 4', 3],
    ['1d6*101', 'multiply by 1 to 100, not 101, at position 5', 4],
    ['double(60d6)', 'doubling makes 120 dice; at most 100 in a group, at position 8', 7],
    ['60d6+41d6', 'at most 100 dice in one roll, not 101, at position 6', 5],
    ['100d6+100d6+100d6', 'at most 100 dice in one roll, not 200, at position 7', 6],
    ['double(50d6)+1d4', 'at most 100 dice in one roll, not 101, at position 14', 13],
    ['12345678', 'a number is at most 1000000 at position 1', 0],
    ['halfdown 1d6', "expected '(' after halfdown at position 10", 9],
  ])('says what is wrong with %j and where', (notation, message, index) => {
    const result = tryParseDice(notation)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toBeInstanceOf(DiceSyntaxError)
    expect(result.error.message).toBe(message)
    expect(result.error.index).toBe(index)
    expect(() => parseDice(notation)).toThrow(DiceSyntaxError)
  })

  it('accepts the limits themselves', () => {
    expect(parseDice('100d1000')).toEqual(dice(100, 1000))
    expect(parseDice('double(50d6)')).toEqual({ kind: 'double-dice', expr: dice(50, 6) })
  })

  it('refuses very long and very deeply nested notation without overflowing the stack', () => {
    expect(tryParseDice(`1${'+1'.repeat(600)}`).ok).toBe(false)
    expect(() => parseDice(`${'('.repeat(40)}1${')'.repeat(40)}`)).toThrow(/nest at most 32/)
  })
})

describe('formatDice', () => {
  it.each([
    ['2d6+1', '2d6+1'],
    ['d%', '1d100'],
    ['4d6dl1', '4d6kh3'],
    ['2*(1d6+1)', '(1d6+1)*2'],
    ['1d20 + 2 [STR]', '1d20+2[STR]'],
    ['1d8-(1d4+1)', '1d8-(1d4+1)'],
    ['(1d6*2)[x]', '(1d6*2)[x]'],
    ['halfup(2d6)+maxplus(1d8)+double(1d4)', 'halfup(2d6)+maxplus(1d8)+double(1d4)'],
  ])('prints %j as %j', (typed, printed) => {
    expect(formatDice(parseDice(typed))).toBe(printed)
  })
})
