/** Exact rational numbers over BigInt, so odds in tests are compared as fractions, never as floats. */
import { type Fraction, fraction, gcd } from './reduced-fraction.ts'

/** The fraction itself and its reducing, in a file of their own (reduced-fraction.ts). */
export { type Fraction, fraction, gcd }

const abs = (n: bigint): bigint => (n < 0n ? -n : n)

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
