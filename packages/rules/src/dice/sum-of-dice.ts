/**
 * The exact distribution of a total, and the one every system's odds start from: the total of like dice
 * (a weapon's 2d6). Apart from distribution.ts (an expression's whole distribution, mapping, comparing),
 * which zones' screen never reads: a zones phone does not download it (`npm run test:size`).
 */

/**
 * The exact distribution of a total: `weights[i]` of the `total` equally likely outcomes give
 * `min + i`. Integers only, so every probability derived from it is an exact fraction.
 */
export interface Distribution {
  readonly min: number
  readonly weights: readonly bigint[]
  readonly total: bigint
}

/**
 * The total of `count` dice of `sides` sides (no dice is a sure 0), by sliding a window of width `sides`
 * over the previous die's weights: `count` steps of O(count * sides).
 */
export function sumOfDice(count: number, sides: number): Distribution {
  const key = `${count}d${sides}`
  const known = sums.get(key)
  if (known) return known
  const dist = countSums(count, sides)
  if (dist.weights.length <= MAX_KEPT_WEIGHTS) {
    if (sums.size >= MAX_KEPT_SUMS) sums.clear()
    sums.set(key, dist)
  }
  return dist
}

/**
 * Sums of dice worked out before, by count and sides: a distribution is never changed once made, and the
 * few dice of the table's sheets (a weapon's damage) are asked for at every attack and every look at its odds.
 */
const sums = new Map<string, Distribution>()
const MAX_KEPT_SUMS = 64
const MAX_KEPT_WEIGHTS = 1000

function countSums(count: number, sides: number): Distribution {
  let weights: bigint[] = [1n]
  for (let die = 0; die < count; die++) {
    const next: bigint[] = new Array(weights.length + sides - 1)
    let window = 0n
    for (let i = 0; i < next.length; i++) {
      window += weights[i] ?? 0n
      window -= weights[i - sides] ?? 0n
      next[i] = window
    }
    weights = next
  }
  return { min: count, weights, total: BigInt(sides) ** BigInt(count) }
}
