import { describe, expect, it } from 'vitest'
import { rollDice } from './roll.ts'
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
