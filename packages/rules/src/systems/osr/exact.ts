/** Exact odds by counting equally likely die faces: small distributions over BigInt, mixed and mapped. */

import { invariant } from '../../assert.ts'
import { type Fraction, fraction } from '../../dice/fraction.ts'

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
  fraction(dist.weights.get(value) ?? 0n, dist.total)

/** The expected total, exactly. */
export function mean(dist: Dist): Fraction {
  let sum = 0n
  for (const [v, w] of dist.weights) sum += BigInt(v) * w
  return fraction(sum, dist.total)
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

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b
