/**
 * New rooms per client address: a small Durable Object per address (Cloudflare's `CF-Connecting-IP`) keeps
 * the times of the rooms it made in the last minute, in memory. Not the platform's Rate Limiting binding:
 * its number is fixed in wrangler.toml, so the test servers could not raise it by a variable, and it counts
 * per Cloudflare location, approximately, with no word of when to try again.
 */
import { DurableObject } from 'cloudflare:workers'

/** New rooms one address may make in any minute: a GM makes a few an evening, a convention's Wi-Fi dozens. */
export const ROOMS_PER_ADDRESS_PER_MINUTE = 60

const MINUTE_MS = 60_000

export class AddressLimiter extends DurableObject {
  /** When this address made each room of the last minute, oldest first. */
  private made: number[] = []

  /** Counts one new room, or answers in how many seconds the next is allowed (none counted then). */
  take(perMinute: number): { ok: true } | { ok: false; retryAfterS: number } {
    const now = Date.now()
    this.made = this.made.filter((at) => at > now - MINUTE_MS)
    if (this.made.length >= perMinute) {
      const oldest = this.made[this.made.length - perMinute] ?? now
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000)) }
    }
    this.made.push(now)
    return { ok: true }
  }
}

/** The key of a client address: an IPv4 address as it is, an IPv6 one by its /64 (one subscriber's block). */
export function addressKey(address: string | undefined): string {
  if (!address) return 'no address'
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
