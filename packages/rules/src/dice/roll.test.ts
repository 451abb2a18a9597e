import { describe, expect, it } from 'vitest'
import { parseDice } from './parse.ts'
import { describeRoll, roll, rollDice } from './roll.ts'
import { scriptedDice } from './scripted.ts'
import { cryptoDice, type DiceSource } from './source.ts'

const scripted = (faces: number[]): DiceSource => ({
  kind: 'scripted',
  roll: () => {
    const face = faces.shift()
    if (face === undefined) throw new Error('out of faces')
    return face
  },
})

describe('rollDice', () => {
  it('adds every face and the modifier, and records each die', () => {
    const result = rollDice(scripted([3, 5]), 2, 6, 1)
    expect(result.total).toBe(9)
    expect(result.dice).toEqual([
      { sides: 6, face: 3 },
      { sides: 6, face: 5 },
    ])
    expect(result.notation).toBe('2d6+1')
  })

  it('refuses a die without sides and a roll without dice', () => {
    expect(() => rollDice(scripted([]), 1, 0)).toThrow(/whole number of sides/)
    expect(() => rollDice(scripted([]), 0, 6)).toThrow(/at least one die/)
  })
})

describe('cryptoDice', () => {
  it('rejects values past the last full multiple of the sides instead of folding them in', () => {
    // 2^32 % 6 = 4, so the four values 2^32-4 .. 2^32-1 must be redrawn.
    const values = [2 ** 32 - 1, 2 ** 32 - 4, 7]
    const fill = (array: Uint32Array) => {
      array.fill(0)
      values.forEach((v, i) => {
        array[i] = v
      })
      return array
    }
    const dice = cryptoDice(fill)
    expect(dice.roll(6)).toBe((7 % 6) + 1)
  })

  it('stays within 1..sides over many real draws', () => {
    const dice = cryptoDice((a) => crypto.getRandomValues(a))
    const seen = new Set<number>()
    for (let i = 0; i < 2000; i++) {
      const face = dice.roll(20)
      expect(face).toBeGreaterThanOrEqual(1)
      expect(face).toBeLessThanOrEqual(20)
      seen.add(face)
    }
    expect(seen.size).toBe(20)
  })
})

describe('roll', () => {
  it('keeps the highest die of advantage and records the dropped one', () => {
    const result = roll(parseDice('2d20kh1+2[STR]'), scriptedDice([5, 17]))
    expect(result.total).toBe(19)
    expect(result.dice).toEqual([
      { sides: 20, face: 5, kept: false },
      { sides: 20, face: 17, kept: true },
    ])
    expect(result.modifiers).toEqual([{ value: 2, label: 'STR', kind: 'flat' }])
    expect(result.modifier).toBe(2)
    expect(result.notation).toBe('2d20kh1+2[STR]')
    expect(result.source).toBe('scripted')
  })

  it('keeps the earlier die when kept and dropped dice tie', () => {
    const result = roll(parseDice('3d6kl2'), scriptedDice([4, 4, 4]))
    expect(result.dice.map((d) => d.kept)).toEqual([true, true, false])
    expect(result.total).toBe(8)
  })

  it('signs each modifier as it enters the total, through nested subtraction', () => {
    const result = roll(parseDice('1d20-(1d4+1[bless])-2[prone]'), scriptedDice([10, 3]))
    expect(result.total).toBe(10 - 4 - 2)
    expect(result.modifiers).toEqual([
      { value: -1, label: 'bless', kind: 'flat' },
      { value: -2, label: 'prone', kind: 'flat' },
    ])
  })

  it('halves, multiplies, doubles dice and adds a maximum as the expression says', () => {
    expect(roll(parseDice('halfdown(3d6)'), scriptedDice([1, 2, 2])).total).toBe(2)
    expect(roll(parseDice('halfup(3d6)'), scriptedDice([1, 2, 2])).total).toBe(3)
    expect(roll(parseDice('(1d6+1)*3'), scriptedDice([2])).total).toBe(9)
    const doubled = roll(parseDice('double(2d6)+3'), scriptedDice([1, 2, 3, 4]))
    expect(doubled.total).toBe(13)
    expect(doubled.dice).toHaveLength(4)
    const crit = roll(parseDice('maxplus(2d6)[crit]'), scriptedDice([1, 1]))
    expect(crit.total).toBe(14)
    expect(crit.modifiers).toEqual([{ value: 12, label: 'crit', kind: 'maximum' }])
  })

  it('labels every die of a labelled group', () => {
    const result = roll(parseDice('1d8+2d6[fire]'), scriptedDice([8, 1, 6]))
    expect(result.dice.map((d) => d.label)).toEqual([undefined, 'fire', 'fire'])
  })

  it('refuses an expression built in code that breaks the limits', () => {
    expect(() => roll({ kind: 'dice', count: 500, sides: 6 }, scriptedDice([]))).toThrow(/1 to 100 dice/)
  })
})

describe('describeRoll', () => {
  it('writes each group with its faces, each modifier with its label, and the total', () => {
    const line = (notation: string, faces: number[]) =>
      describeRoll(roll(parseDice(notation), scriptedDice(faces)))
    expect(line('2d20kh1+2[STR]-1[prone]', [5, 17])).toBe('2d20kh1 (17; dropped 5) + 2 STR - 1 prone = 18')
    expect(line('maxplus(1d6+1)+1d4[db]', [3, 2])).toBe('max 7 + (1d6 (3) + 1) + 1d4 db (2) = 13')
    expect(line('halfdown(double(1d6))', [3, 4])).toBe('half of 2d6 (3, 4) rounded down = 3')
  })
})
