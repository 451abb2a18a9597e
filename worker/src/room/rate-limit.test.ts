import { describe, expect, it } from 'vitest'
import { SeatLimiter, take } from './rate-limit.ts'

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

describe('a seat’s writes a minute', () => {
  it('bounds its requests by count and its stored bytes, refilled evenly over the minute', () => {
    const limiter = new SeatLimiter(120)
    expect(limiter.takeRequests('a', 120, 0)).toBeNull()
    expect(limiter.takeRequests('a', 1, 0)).toMatch(/Over 120 requests a minute from this seat/)
    expect(limiter.takeRequests('b', 1, 0)).toBeNull()
    // Bytes: what was stored for it is spent after the fact; the next write waits until it is refilled.
    expect(limiter.mayWrite('a', 1000, 0)).toBeNull()
    limiter.spend('a', 64 * 1024, 0)
    expect(limiter.mayWrite('a', 10, 0)).toEqual({
      code: 4029,
      reason: expect.stringMatching(/Over 64 KiB a minute from this seat/),
    })
    expect(limiter.mayWrite('a', 10, 1000)).toBeNull()
    // A single change over a minute's bytes never fits: it is refused as too large, not to be sent again.
    expect(limiter.mayWrite('b', 70_000, 0)).toEqual({
      code: 4009,
      reason: 'A change of 70000 bytes is over the 64 KiB a seat may write a minute; send it in parts.',
    })
  })

  it('scales its bytes with a deployment’s raised requests a minute', () => {
    const limiter = new SeatLimiter(1200)
    expect(limiter.bytesPerMinute).toBe(640 * 1024)
  })
})
