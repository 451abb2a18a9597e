/** Exact fractions over BigInt for odds, the same `{ num, den }` shape as the dice core's Fraction. */

export interface Fraction {
  readonly num: bigint
  readonly den: bigint
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

/** A reduced fraction, so equal odds are deep-equal in tests. */
export function frac(num: bigint | number, den: bigint | number = 1n): Fraction {
  const n = BigInt(num)
  const d = BigInt(den)
  if (d === 0n) throw new RangeError('zero denominator')
  const g = gcd(n, d) || 1n
  const s = d < 0n ? -1n : 1n
  return { num: (s * n) / g, den: (s * d) / g }
}

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den + b.num * a.den, a.den * b.den)
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.num, a.den * b.den)
export const toNumber = (f: Fraction): number => Number(f.num) / Number(f.den)
