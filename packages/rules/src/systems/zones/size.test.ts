import { describe, expect, it } from 'vitest'
import {
  checkDiceSplit,
  diceForSize,
  diceSplitLeft,
  halveForSize,
  rangeForSize,
  SHOVE_DISTANCES,
  SIZES,
  shoveDistance,
  sizeSteps,
} from './size.ts'

describe('zones size rules', () => {
  it('counts size steps both ways', () => {
    expect(sizeSteps('large', 'medium')).toBe(1)
    expect(sizeSteps('small', 'large')).toBe(-2)
    expect(SIZES).toHaveLength(5)
  })

  it('doubles the wyrm bite per size: 2d8 against a medium character, 4d8 against a small one', () => {
    expect(diceForSize(1, 'large', 'medium')).toBe(2)
    expect(diceForSize(1, 'large', 'small')).toBe(4)
    expect(diceForSize(1, 'medium', 'large')).toBe(1)
  })

  it('halves a human sword roll of 3 against the wyrm to 2, and halves again per further size', () => {
    expect(halveForSize(3, 1)).toBe(2)
    expect(halveForSize(8, 2)).toBe(2)
    expect(halveForSize(1, 4)).toBe(1)
    expect(halveForSize(5, 0)).toBe(5)
  })

  it('doubles a bow range of 8 to 16 against the larger wyrm, and halves it against smaller targets', () => {
    expect(rangeForSize(8, 'medium', 'large')).toBe(16)
    expect(rangeForSize(8, 'medium', 'small')).toBe(4)
    expect(rangeForSize(8, 'medium', 'tiny')).toBe(2)
  })

  it('shoves half a zone, or 1, 2, 4 or 8 zones when 1 to 4 sizes larger', () => {
    expect(shoveDistance('medium', 'medium')).toBe(0.5)
    expect(shoveDistance('small', 'large')).toBe(0.5)
    expect(shoveDistance('small', 'tiny')).toBe(1)
    expect(shoveDistance('medium', 'tiny')).toBe(2)
    expect(shoveDistance('large', 'tiny')).toBe(4)
    expect(shoveDistance('massive', 'tiny')).toBe(8)
  })

  it('transcribes the shove distances as half a zone doubled per size, one row per size step', () => {
    expect(SHOVE_DISTANCES.map((r) => r.sizesSmaller)).toEqual([0, 1, 2, 3, 4])
    for (const r of SHOVE_DISTANCES) expect(r.zones).toBe(0.5 * 2 ** r.sizesSmaller)
  })

  it('accepts every printed split of the wyrm bite', () => {
    const m = (id: string, dice: number) => ({ id, size: 'medium' as const, dice })
    const s = (id: string, dice: number) => ({ id, size: 'small' as const, dice })
    expect(checkDiceSplit('large', 1, [m('a', 1), m('b', 1)])).toEqual({ ok: true, value: true })
    expect(checkDiceSplit('large', 1, [s('a', 1), s('b', 1), s('c', 2)])).toEqual({ ok: true, value: true })
    expect(checkDiceSplit('large', 1, [m('a', 1), s('b', 2)])).toEqual({ ok: true, value: true })
  })

  it('says what is left of the bite for the next target as the shares are given, by its size', () => {
    const m = (id: string, dice: number) => ({ id, size: 'medium' as const, dice })
    // The whole bite: 2d8 on a medium target, 4d8 on a small one.
    expect(diceSplitLeft('large', 1, [], 'medium')).toBe(2)
    expect(diceSplitLeft('large', 1, [], 'small')).toBe(4)
    // d8 on a medium one leaves d8 for another medium one, or 2d8 for a small one (the printed splits).
    expect(diceSplitLeft('large', 1, [m('a', 1)], 'medium')).toBe(1)
    expect(diceSplitLeft('large', 1, [m('a', 1)], 'small')).toBe(2)
    expect(diceSplitLeft('large', 1, [m('a', 1), m('b', 1)], 'small')).toBe(0)
    // d8 on a small one leaves 3d8 for small ones, but only one whole d8 for a medium one.
    expect(diceSplitLeft('large', 1, [{ id: 'a', size: 'small', dice: 1 }], 'medium')).toBe(1)
    expect(diceSplitLeft('large', 1, [{ id: 'a', size: 'small', dice: 1 }], 'small')).toBe(3)
    // Nothing to split on a target as large.
    expect(diceSplitLeft('large', 1, [], 'large')).toBe(0)
  })

  it('refuses splits that spend more or less than the whole attack, or hit a target as large', () => {
    const m = (id: string, dice: number) => ({ id, size: 'medium' as const, dice })
    expect(checkDiceSplit('large', 1, [m('a', 2), m('b', 1)]).ok).toBe(false)
    expect(checkDiceSplit('large', 1, [m('a', 1), { id: 'b', size: 'small', dice: 1 }]).ok).toBe(false)
    expect(checkDiceSplit('large', 1, [m('a', 1), { id: 'b', size: 'large', dice: 1 }]).ok).toBe(false)
    expect(checkDiceSplit('large', 1, [m('a', 2)]).ok).toBe(false)
  })
})
