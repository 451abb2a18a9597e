/** Exact odds by counting equally likely die faces: small distributions and fractions over BigInt. */
import { invariant } from './invariant.ts'

/** A reduced fraction with a positive denominator, so equal odds are deep-equal in tests. */
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

/** Builds a reduced fraction; a zero denominator is a bug. */
export function frac(num: bigint | number, den: bigint | number = 1n): Fraction {
  const n = BigInt(num)
  const d = BigInt(den)
  invariant(d !== 0n, 'a fraction cannot have a zero denominator')
  const g = gcd(n, d) || 1n
  const s = d < 0n ? -1n : 1n
  return { num: (s * n) / g, den: (s * d) / g }
}

export const addFrac = (a: Fraction, b: Fraction): Fraction =>
  frac(a.num * b.den + b.num * a.den, a.den * b.den)
export const mulFrac = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.num, a.den * b.den)
/** The nearest float, for the UI ("62.5%"); tests compare fractions. */
export const toNumber = (f: Fraction): number => Number(f.num) / Number(f.den)

/**
 * A distribution of whole-number totals: `weights.get(v)` of `total` equally likely outcomes give `v`.
 * Integer weights keep every derived probability exact.
 */
export interface Dist {
  readonly weights: ReadonlyMap<number, bigint>
  readonly total: bigint
}

/** A sure value. */
export const point = (value: number): Dist => ({ weights: new Map([[value, 1n]]), total: 1n })

/** The sum of `count` dice of `sides` sides, counted face by face. */
export function diceDist(count: number, sides: number): Dist {
  invariant(Number.isInteger(count) && count >= 0 && Number.isInteger(sides) && sides >= 1, 'dice need sides')
  let dist = point(0)
  const one: Dist = {
    weights: new Map(Array.from({ length: sides }, (_, i) => [i + 1, 1n])),
    total: BigInt(sides),
  }
  for (let i = 0; i < count; i++) dist = convolve(dist, one)
  return dist
}

/** The distribution of A + B for independent A and B. */
export function convolve(a: Dist, b: Dist): Dist {
  const weights = new Map<number, bigint>()
  for (const [va, wa] of a.weights)
    for (const [vb, wb] of b.weights) weights.set(va + vb, (weights.get(va + vb) ?? 0n) + wa * wb)
  return { weights, total: a.total * b.total }
}

/** Applies `f` to every total (doubling, halving, a minimum), merging totals that meet. */
export function mapDist(dist: Dist, f: (value: number) => number): Dist {
  const weights = new Map<number, bigint>()
  for (const [v, w] of dist.weights) weights.set(f(v), (weights.get(f(v)) ?? 0n) + w)
  return { weights, total: dist.total }
}

/** P(value), exactly. */
export const probability = (dist: Dist, value: number): Fraction =>
  frac(dist.weights.get(value) ?? 0n, dist.total)

/** The expected total, exactly. */
export function mean(dist: Dist): Fraction {
  let sum = 0n
  for (const [v, w] of dist.weights) sum += BigInt(v) * w
  return frac(sum, dist.total)
}

/**
 * A mixture: each part's distribution weighted by its probability. Used to combine "hit with regular
 * damage", "critical" and "miss (0)" into one damage distribution over the whole declared attack.
 */
export function mix(parts: ReadonlyArray<{ p: Fraction; dist: Dist }>): Dist {
  let den = 1n
  for (const { p, dist } of parts) den = lcm(den, p.den * dist.total)
  const weights = new Map<number, bigint>()
  for (const { p, dist } of parts) {
    const scale = (p.num * den) / (p.den * dist.total)
    for (const [v, w] of dist.weights) weights.set(v, (weights.get(v) ?? 0n) + w * scale)
  }
  let total = 0n
  for (const w of weights.values()) total += w
  invariant(total === den, 'mixture probabilities must add up to 1')
  return { weights, total }
}

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b
