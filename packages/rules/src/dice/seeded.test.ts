import { describe, expect, it } from 'vitest'
import { seededDice } from './seeded.ts'

const faces = (seed: number, sides: number, n: number) => {
  const dice = seededDice(seed)
  return Array.from({ length: n }, () => dice.roll(sides))
}

describe('seededDice', () => {
  it('replays the same faces from the same seed, and keeps the seed for the log', () => {
    expect(faces(42, 20, 50)).toEqual(faces(42, 20, 50))
    expect(seededDice(42).seed).toBe(42)
    expect(seededDice(42).kind).toBe('seeded')
  })

  it('gives different faces for neighbouring seeds', () => {
    expect(faces(1, 1000, 10)).not.toEqual(faces(2, 1000, 10))
  })

  it('keeps producing the faces logged under a seed (a change to the generator breaks replays)', () => {
    expect(faces(42, 20, 8)).toEqual([20, 13, 1, 11, 1, 5, 10, 13])
  })

  it('stays within 1..sides for every die size', () => {
    const dice = seededDice(7)
    for (const sides of [1, 2, 3, 6, 7, 20, 100, 1000]) {
      for (let i = 0; i < 500; i++) {
        const face = dice.roll(sides)
        expect(Number.isInteger(face) && face >= 1 && face <= sides, `d${sides} gave ${face}`).toBe(true)
      }
    }
  })

  it('refuses a seed it could not log and replay exactly', () => {
    expect(() => seededDice(-1)).toThrow(/seed/)
    expect(() => seededDice(1.5)).toThrow(/seed/)
    expect(() => seededDice(2 ** 32)).toThrow(/seed/)
  })
})
