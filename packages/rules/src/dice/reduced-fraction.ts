/**
 * A fraction over BigInt and the reducing that makes one: what a chance needs to be exact (zones' odds
 * read nothing more). The arithmetic is fraction.ts's, which zones' screen never reads: apart, a zones
 * phone does not download it (`npm run test:size`).
 */

/** A reduced fraction with a positive denominator: `{ num: 1n, den: 2n }` is one half. */
export interface Fraction {
  readonly num: bigint
  readonly den: bigint
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n)

/** The greatest common divisor of two whole numbers, never negative. */
export function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a)
  let y = abs(b)
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

/** Builds a reduced fraction; equal values are then deep-equal, which keeps test assertions exact. */
export function fraction(num: bigint | number, den: bigint | number = 1n): Fraction {
  const n = BigInt(num)
  const d = BigInt(den)
  if (d === 0n) throw new RangeError('a fraction cannot have a zero denominator')
  const g = gcd(n, d) || 1n
  const sign = d < 0n ? -1n : 1n
  return { num: (sign * n) / g, den: (sign * d) / g }
}
