import { describe, expect, it } from 'vitest'
import { take } from './rate-limit.ts'

describe('the per-connection rate limit', () => {
  it('allows a burst, refuses the flood after it, and refills with time', () => {
    const rate = { burst: 3, perSecond: 2 }
    const bucket = { tokens: 3, at: 0 }
    expect([take(bucket, 0, rate), take(bucket, 0, rate), take(bucket, 0, rate)]).toEqual([true, true, true])
    expect(take(bucket, 0, rate)).toBe(false)
    expect(take(bucket, 499, rate)).toBe(false)
    expect(take(bucket, 1000, rate)).toBe(true)
  })
})
