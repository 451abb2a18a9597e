import { describe, expect, it } from 'vitest'
import { feetMovedBy, moveWhileAttacking } from './movement.ts'
import { attackAndMove } from './rolls.ts'

describe('attack and move', () => {
  it('after a last attack before 10, moves half TMR from 10 at 1/20th TMR a segment', () => {
    const r = attackAndMove(12, 40, 14)
    expect(r.ok && [r.value.startsOn, r.value.feetPerSegment, r.value.feet]).toEqual([10, 2, 20])
  })

  it('cannot move after a last attack on 3 with a 4x DEX roll, since 3 - 4 = -1', () => {
    // DEX 10: a roll of 35 is over 3x (30) and within 4x (40).
    const r = attackAndMove(3, 40, 10, 35)
    expect(r.ok && [r.value.dexTier, r.value.startsOn, r.value.feet]).toEqual([4, null, 0])
  })

  it.each([
    [10, 1, 7],
    [20, 2, 6],
    [30, 3, 5],
    [40, 4, 4],
  ])(
    'with DEX 10 and a roll of %i (a %ix DEX roll) after an attack on 8, starts moving on %i',
    (roll, tier, start) => {
      const r = attackAndMove(8, 40, 10, roll)
      expect(r.ok && [r.value.dexTier, r.value.startsOn, r.value.feet]).toEqual([tier, start, start * 2])
    },
  )

  it('cannot move at all this round on a 5x DEX roll or worse', () => {
    const r = attackAndMove(8, 40, 10, 41)
    expect(r.ok && [r.value.dexTier, r.value.startsOn]).toEqual([5, null])
  })

  it('rolls nothing after a last attack on 1 or later: no movement occurs after segment 1', () => {
    const r = attackAndMove(1, 40, 10)
    expect(r.ok && [r.value.dexTier, r.value.startsOn, r.value.feet]).toEqual([null, null, 0])
  })

  it('asks for the DEX roll when the last attack fell between 2 and 10', () => {
    expect(attackAndMove(5, 40, 10)).toEqual({
      ok: false,
      error: 'Roll DEX to see when you can move after this attack.',
    })
  })
})

describe('movement in the round', () => {
  it('covers 10% of the round’s movement each segment from 10 to 1', () => {
    expect([11, 10, 6, 1, -3].map((s) => feetMovedBy(s, 40))).toEqual([0, 4, 20, 40, 40])
  })

  it('allows half TMR when moving and attacking, and TMR (half of a 2x run) when running and attacking', () => {
    expect(moveWhileAttacking(40, 'move-and-attack')).toBe(20)
    expect(moveWhileAttacking(40, 'run-and-attack')).toBe(40)
  })
})
