import { describe, expect, it } from 'vitest'
import { checkStance, defendingBonus, maxSacrifice, type Stance, stanceDefLines } from './defending.ts'

/** The DEF a stance adds at a weapon rank, as the table's defenses sum it. */
const bonusOf = (kind: Stance['kind'], rank: number) =>
  stanceDefLines({ kind } as Stance, rank).reduce((n, l) => n + l.value, 0)

describe('defending', () => {
  it('trades SC for DEF 2 for 1: dropping SC by 20 improves DEF by 10', () => {
    expect(defendingBonus(20)).toBe(10)
  })

  it('rounds fractions down: sacrificing 25 improves DEF by 12, not by 13', () => {
    expect(defendingBonus(25)).toBe(12)
  })

  it('caps the sacrifice at weapon rank x 5', () => {
    expect(maxSacrifice(5)).toBe(25)
    expect(checkStance({ kind: 'defending', sacrifice: 25 }, 5).ok).toBe(true)
    expect(checkStance({ kind: 'defending', sacrifice: 26 }, 5).ok).toBe(false)
    expect(checkStance({ kind: 'defending', sacrifice: -5 }, 5).ok).toBe(false)
  })
})

describe('full and desperate defense', () => {
  it('at rank 5 gains +13 (rank x 2.5, rounded up) plus 5: +18, taking DEF 30 to 48', () => {
    expect(bonusOf('full-defense', 5)).toBe(18)
    expect(30 + bonusOf('full-defense', 5)).toBe(48)
  })

  it('gains the same rounded-up maximum plus 20 in desperate defense', () => {
    expect(bonusOf('desperate-defense', 5)).toBe(33)
    expect(bonusOf('desperate-defense', 4)).toBe(30)
  })
})
