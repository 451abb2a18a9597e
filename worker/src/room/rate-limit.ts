/** A token bucket per connection: bursts are fine (a GM pasting a stat block), a flood is not. */

export interface Bucket {
  tokens: number
  at: number
}

export const RATE = { burst: 200, perSecond: 100 } as const

/** Takes `count` tokens (one by default); false, taking none, when that is over the rate. Mutates the bucket. */
export function take(
  bucket: Bucket,
  now: number,
  rate: { burst: number; perSecond: number } = RATE,
  count = 1,
): boolean {
  bucket.tokens = Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond)
  bucket.at = now
  if (bucket.tokens < count) return false
  bucket.tokens -= count
  return true
}

export const fullBucket = (now: number): Bucket => ({ tokens: RATE.burst, at: now })
