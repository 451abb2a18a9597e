import { describe, expect, it } from 'vitest'
import { parseDice } from './parse.ts'
import { checkFaces, rollWithFaces, scriptedDice } from './scripted.ts'

describe('checkFaces', () => {
  it('says how many faces an expression needs when the count is wrong', () => {
    expect(checkFaces(parseDice('2d6'), [3])).toEqual({ ok: false, error: 'expected 2 faces for 2d6, got 1' })
    expect(checkFaces(parseDice('1d20+5'), [3, 4])).toEqual({
      ok: false,
      error: 'expected 1 face for 1d20+5, got 2',
    })
    expect(checkFaces(parseDice('double(1d8)'), [3])).toEqual({
      ok: false,
      error: 'expected 2 faces for double(1d8), got 1',
    })
  })

  it('says which die cannot show a face', () => {
    expect(checkFaces(parseDice('2d6'), [3, 7])).toEqual({ ok: false, error: 'a d6 cannot show 7' })
    expect(checkFaces(parseDice('1d6+1d4'), [6, 5])).toEqual({ ok: false, error: 'a d4 cannot show 5' })
    expect(checkFaces(parseDice('1d6'), [2.5])).toEqual({ ok: false, error: 'a d6 cannot show 2.5' })
    expect(checkFaces(parseDice('1d6'), [0])).toEqual({ ok: false, error: 'a d6 cannot show 0' })
  })

  it('accepts faces that fit, and a constant needs none', () => {
    expect(checkFaces(parseDice('2d20kh1+1d4'), [20, 1, 4])).toEqual({ ok: true, value: true })
    expect(checkFaces(parseDice('3'), [])).toEqual({ ok: true, value: true })
  })
})

describe('rollWithFaces', () => {
  it("adds up BRP's special success example: a 1D6+1 short sword's maximum 7, plus 3+1, plus 2 on 1D4", () => {
    const result = rollWithFaces(parseDice('maxplus(1d6+1)+1d4[db]'), [3, 2])
    expect(result.ok && result.value.total).toBe(13)
  })

  it("adds up OSR's critical: the dice maximum, the roll, and the modifier once (3 + 6 + 2 = 11)", () => {
    const result = rollWithFaces(parseDice('maxplus(1d6)+2'), [3])
    expect(result.ok && result.value.total).toBe(11)
    expect(result.ok && result.value.source).toBe('scripted')
  })

  it('returns the problem instead of rolling when the faces do not fit', () => {
    expect(rollWithFaces(parseDice('2d6'), [6])).toEqual({
      ok: false,
      error: 'expected 2 faces for 2d6, got 1',
    })
  })
})

describe('scriptedDice', () => {
  it('hands out the faces in order and counts what is left', () => {
    const dice = scriptedDice([4, 2])
    expect(dice.remaining).toBe(2)
    expect(dice.roll(6)).toBe(4)
    expect(dice.remaining).toBe(1)
    expect(dice.roll(6)).toBe(2)
    expect(() => dice.roll(6)).toThrow(/no typed face left for a d6/)
  })

  it('throws on a face the die cannot show, since callers check faces first', () => {
    expect(() => scriptedDice([7]).roll(6)).toThrow('a d6 cannot show 7')
  })
})
