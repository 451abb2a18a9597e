/**
 * Mixtures of exact distributions, apart from distribution.ts so that only the rules that mix (osr's
 * attack odds) carry it to a phone.
 */
import { type Distribution, maxOf } from './distribution.ts'
import { type Fraction, gcd } from './fraction.ts'

/** The least common multiple of two positive whole numbers: a denominator both divide. */
const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b

/**
 * A mixture: each part's distribution weighted by its probability, as in "a hit with its damage, a
 * critical with more, a miss with 0". The probabilities must add up to 1; parts that cannot happen add
 * nothing.
 */
export function mix(parts: ReadonlyArray<{ p: Fraction; dist: Distribution }>): Distribution {
  const possible = parts.filter(({ p }) => p.num !== 0n)
  let total = 1n
  for (const { p, dist } of possible) total = lcm(total, p.den * dist.total)
  const min = Math.min(...possible.map(({ dist }) => dist.min))
  const weights: bigint[] = new Array(Math.max(...possible.map(({ dist }) => maxOf(dist))) - min + 1).fill(0n)
  let sum = 0n
  for (const { p, dist } of possible) {
    const scale = (p.num * total) / (p.den * dist.total)
    dist.weights.forEach((w, i) => {
      const at = dist.min + i - min
      weights[at] = (weights[at] as bigint) + w * scale
      sum += w * scale
    })
  }
  if (sum !== total) throw new RangeError('the parts of a mixture must add up to 1')
  return { min, weights, total }
}
