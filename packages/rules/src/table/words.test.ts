import { describe, expect, it } from 'vitest'
import { percent } from './words.ts'

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
