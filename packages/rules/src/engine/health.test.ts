import { describe, expect, it } from 'vitest'
import { healthWord } from './health.ts'

describe('a monster’s health in words', () => {
  it('says Unhurt at full, Hurt down to half, Bloodied below half and Down at 0 or less', () => {
    expect([12, 7, 6, 5, 1, 0, -3].map((hp) => healthWord(hp, 12))).toEqual([
      'Unhurt',
      'Hurt',
      'Hurt',
      'Bloodied',
      'Bloodied',
      'Down',
      'Down',
    ])
  })

  it('says Unhurt for a monster healed above its maximum', () => {
    expect(healthWord(14, 12)).toBe('Unhurt')
  })
})
