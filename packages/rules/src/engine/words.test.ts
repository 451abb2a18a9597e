import { describe, expect, it } from 'vitest'
import { percent, plural, signed } from './words.ts'

describe('a chance in words', () => {
  it('is a whole percentage where it is whole, else to a tenth', () => {
    expect([percent(0.55), percent(0.475), percent(1 / 3), percent(0), percent(1)]).toEqual([
      '55%',
      '47.5%',
      '33.3%',
      '0%',
      '100%',
    ])
  })
})

describe('counts and modifiers in words', () => {
  it('says a count with its word, plural unless one', () => {
    expect([plural(1, 'round'), plural(0, 'foe'), plural(3, 'hit point')]).toEqual([
      '1 round',
      '0 foes',
      '3 hit points',
    ])
  })

  it('signs a modifier, zero as a plus', () => {
    expect([signed(2), signed(-1), signed(0)]).toEqual(['+2', '-1', '+0'])
  })
})
