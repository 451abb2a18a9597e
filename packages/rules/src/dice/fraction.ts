/** Exact rational numbers over BigInt, so odds in tests are compared as fractions, never as floats. */

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

export const ZERO: Fraction = fraction(0n)
export const ONE: Fraction = fraction(1n)

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den)
}

export function subtractFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den - b.num * a.den, a.den * b.den)
}

export function multiplyFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den)
}

/** Negative when a < b, zero when equal, positive when a > b. */
export function compareFractions(a: Fraction, b: Fraction): number {
  const d = a.num * b.den - b.num * a.den
  return d < 0n ? -1 : d > 0n ? 1 : 0
}

function bitLength(n: bigint): number {
  return abs(n).toString(2).length
}

/**
 * The nearest float, for the UI. Huge numerators and denominators (100 dice have 10^200 outcomes) are
 * shifted down together first, so the division never sees Infinity.
 */
export function toFloat(f: Fraction): number {
  const shift = BigInt(Math.max(0, Math.max(bitLength(f.num), bitLength(f.den)) - 1000))
  return Number(f.num >> shift) / Number(f.den >> shift)
}

/** "1/2", "0", "3": for messages and test names. */
export function formatFraction(f: Fraction): string {
  return f.den === 1n ? `${f.num}` : `${f.num}/${f.den}`
}
