/** Token buckets: per connection (bursts are fine, a GM pasting a stat block; a flood is not), and per seat. */
import { CLOSE, LIMITS } from '@fray/protocol'

export interface Bucket {
  tokens: number
  at: number
}

export const RATE = { burst: 200, perSecond: 100 } as const

/** Refills a bucket to now; returns its tokens. Mutates the bucket. */
function refill(bucket: Bucket, now: number, rate: { burst: number; perSecond: number }): number {
  bucket.tokens = Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond)
  bucket.at = now
  return bucket.tokens
}

/** Takes `count` tokens (one by default); false, taking none, when that is over the rate. Mutates the bucket. */
export function take(
  bucket: Bucket,
  now: number,
  rate: { burst: number; perSecond: number } = RATE,
  count = 1,
): boolean {
  if (refill(bucket, now, rate) < count) return false
  bucket.tokens -= count
  return true
}

export const fullBucket = (now: number): Bucket => ({ tokens: RATE.burst, at: now })

/** Why a seat may not write now: a close code and a reason a person can read. */
export interface SeatRefusal {
  code: number
  reason: string
}

/**
 * What one seat may write a minute, whichever of its phones writes it: requests by count, and bytes stored
 * for it (its own updates and what the room wrote resolving its requests), each a burst of a minute's
 * worth refilled evenly. In memory, so a wake starts every seat afresh.
 */
export class SeatLimiter {
  private readonly requests = new Map<string, Bucket>()
  private readonly bytes = new Map<string, Bucket>()

  /** `requestsPerMinute`: `LIMITS`, unless a deployment raised it; a seat's bytes scale with it. */
  constructor(public requestsPerMinute: number) {}

  /** `LIMITS`, unless the deployment's REQUESTS_PER_SEAT_PER_MINUTE says. */
  static configured(env: unknown): SeatLimiter {
    const configured = Number((env as { REQUESTS_PER_SEAT_PER_MINUTE?: string }).REQUESTS_PER_SEAT_PER_MINUTE)
    return new SeatLimiter(
      Number.isFinite(configured) && configured > 0 ? configured : LIMITS.requestsPerSeatPerMinute,
    )
  }

  /** Bytes a seat may have stored a minute. */
  get bytesPerMinute(): number {
    return LIMITS.seatBytesPerMinute * (this.requestsPerMinute / LIMITS.requestsPerSeatPerMinute)
  }

  /** Takes `count` requests of the seat's minute; the reason when that is over it (taking none). */
  takeRequests(seatId: string, count: number, now: number): string | null {
    const perMinute = this.requestsPerMinute
    const rate = { burst: perMinute, perSecond: perMinute / 60 }
    if (take(bucketOf(this.requests, seatId, perMinute, now), now, rate, count)) return null
    return `Over ${perMinute} requests a minute from this seat; they are sent again shortly.`
  }

  /** Whether the seat may write a change of `incoming` bytes now: null, or why not. */
  mayWrite(seatId: string, incoming: number, now: number): SeatRefusal | null {
    const perMinute = this.bytesPerMinute
    const kib = `${Math.round(perMinute / 1024)} KiB`
    if (incoming > perMinute) {
      const reason = `A change of ${incoming} bytes is over the ${kib} a seat may write a minute; send it in parts.`
      return { code: CLOSE.tooLarge, reason }
    }
    const left = refill(bucketOf(this.bytes, seatId, perMinute, now), now, this.byteRate())
    if (left >= incoming) return null
    return {
      code: CLOSE.rateLimited,
      reason: `Over ${kib} a minute from this seat; it is sent again shortly.`,
    }
  }

  /** Spends what was stored for the seat; its bucket may go below nothing, and its next write waits. */
  spend(seatId: string, bytes: number, now: number): void {
    const bucket = bucketOf(this.bytes, seatId, this.bytesPerMinute, now)
    refill(bucket, now, this.byteRate())
    bucket.tokens -= bytes
  }

  /** Forgets every seat (the room was deleted). */
  clear(): void {
    this.requests.clear()
    this.bytes.clear()
  }

  private byteRate() {
    const perMinute = this.bytesPerMinute
    return { burst: perMinute, perSecond: perMinute / 60 }
  }
}

function bucketOf(buckets: Map<string, Bucket>, key: string, full: number, now: number): Bucket {
  let bucket = buckets.get(key)
  if (!bucket) {
    bucket = { tokens: full, at: now }
    buckets.set(key, bucket)
  }
  return bucket
}
