import { describe, expect, it } from 'vitest'
import { isFace, notAFace } from './faces.ts'
import { checkDice, checkDie } from './named-dice.ts'

describe('die faces', () => {
  it('are whole numbers from 1 to the sides', () => {
    expect([1, 6].every((f) => isFace(f, 6))).toBe(true)
    expect([0, 7, 2.5, Number.NaN, '3', undefined].some((f) => isFace(f, 6))).toBe(false)
  })

  it('are refused in the table’s words', () => {
    expect(notAFace(7, 6)).toBe('A d6 shows 1 to 6, not 7.')
    expect(checkDie(undefined, 20, 'surprise roll')).toEqual({
      ok: false,
      error: 'Roll a d20 for the surprise roll.',
    })
    expect(checkDie(0, 20, 'surprise roll')).toEqual({
      ok: false,
      error: 'The surprise roll is a d20: it cannot show 0.',
    })
    expect(checkDie(4, 20, 'surprise roll')).toEqual({ ok: true, value: 4 })
  })

  it('of several dice are counted, then each checked', () => {
    expect(checkDice(undefined, 2, 6, 'damage')).toEqual({ ok: false, error: 'Roll 2 d6 for the damage.' })
    expect(checkDice([3], 2, 6, 'damage')).toEqual({
      ok: false,
      error: 'The damage needs 2 d6, got 1 faces.',
    })
    expect(checkDice([3, 7], 2, 6, 'damage')).toEqual({
      ok: false,
      error: 'The damage is a d6: it cannot show 7.',
    })
    expect(checkDice([3, 6], 2, 6, 'damage')).toEqual({ ok: true, value: [3, 6] })
  })
})
