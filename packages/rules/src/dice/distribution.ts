/** Exact probability distributions of dice expressions, by counting equally likely outcomes in BigInt. */
import { unreachable } from '../assert.ts'
import { assertExpr, type DiceExpr, type DiceTerm, effectiveDice, type Rounding, roundHalf } from './expr.ts'
import { type Fraction, fraction, toFloat } from './fraction.ts'
import { type Distribution, sumOfDice } from './sum-of-dice.ts'

/** The distribution itself and the count of like dice, in a file a screen reading only them downloads alone. */
export { type Distribution, sumOfDice }

/**
 * Most elementary steps one distribution may take (a few hundred milliseconds at worst): player-typed
 * notation reaches this code, and 100d1000 must be refused rather than stall the room.
 */
export const MAX_WORK = 4_000_000

/** Thrown when an expression's exact distribution would cost more than MAX_WORK. */
export class TooCostlyError extends RangeError {
  override readonly name = 'TooCostlyError'
}

/** The exact distribution of an expression's total: the same description the roller rolls. */
export function distribution(expr: DiceExpr): Distribution {
  assertExpr(expr)
  let work = 0
  const spend = (steps: number) => {
    work += steps
    if (work > MAX_WORK) throw new TooCostlyError('these dice are too many to work out exact odds for')
  }
  const build = (e: DiceExpr, doubling: number): Distribution => {
    switch (e.kind) {
      case 'constant':
        return point(e.value)
      case 'dice':
        return diceGroup(e, doubling, spend)
      case 'sum':
        return e.terms
          .map((t) => (t.sign === 1 ? build(t.expr, doubling) : negate(build(t.expr, doubling))))
          .reduce((a, b) => {
            // Adding a sure value only shifts, for free.
            if (!isPoint(a) && !isPoint(b)) spend(a.weights.length * b.weights.length)
            return convolve(a, b)
          })
      case 'multiply':
        return scale(build(e.expr, doubling), e.factor)
      case 'halve':
        return halveDistribution(build(e.expr, doubling), e.rounding)
      case 'max-plus-roll': {
        const inner = build(e.expr, doubling)
        return shift(inner, maxOf(inner))
      }
      case 'double-dice':
        return build(e.expr, doubling * 2)
      default:
        return unreachable(e)
    }
  }
  return build(expr, 1)
}

/** A sure total: one outcome, `value`. */
export const point = (value: number): Distribution => ({ min: value, weights: [1n], total: 1n })

/** The largest value with a non-zero weight. */
export function maxOf(dist: Distribution): number {
  return dist.min + dist.weights.length - 1
}

function shift(dist: Distribution, by: number): Distribution {
  return { ...dist, min: dist.min + by }
}

function negate(dist: Distribution): Distribution {
  return { min: 0 - maxOf(dist), weights: [...dist.weights].reverse(), total: dist.total }
}

function scale(dist: Distribution, factor: number): Distribution {
  const weights: bigint[] = new Array((dist.weights.length - 1) * factor + 1).fill(0n)
  dist.weights.forEach((w, i) => {
    weights[i * factor] = w
  })
  return { min: dist.min * factor, weights, total: dist.total }
}

function halveDistribution(dist: Distribution, rounding: Rounding): Distribution {
  const min = roundHalf(dist.min, rounding)
  const weights: bigint[] = new Array(roundHalf(maxOf(dist), rounding) - min + 1).fill(0n)
  dist.weights.forEach((w, i) => {
    const at = roundHalf(dist.min + i, rounding) - min
    weights[at] = (weights[at] as bigint) + w
  })
  return { min, weights, total: dist.total }
}

const isPoint = (dist: Distribution) => dist.weights.length === 1 && dist.total === 1n

/** The distribution of A + B for independent A and B. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  if (isPoint(b)) return shift(a, b.min)
  if (isPoint(a)) return shift(b, a.min)
  const weights: bigint[] = new Array(a.weights.length + b.weights.length - 1).fill(0n)
  a.weights.forEach((wa, i) => {
    if (wa === 0n) return
    b.weights.forEach((wb, j) => {
      weights[i + j] = (weights[i + j] as bigint) + wa * wb
    })
  })
  return { min: a.min + b.min, weights, total: a.total * b.total }
}

function diceGroup(term: DiceTerm, doubling: number, spend: (steps: number) => void): Distribution {
  const { count, kept } = effectiveDice(term, doubling)
  if (kept === count) {
    // Charged up front, so a refusal costs nothing.
    spend(count * ((count * (term.sides - 1)) / 2 + term.sides))
    return sumOfDice(count, term.sides)
  }
  const highest = keepHighest(count, term.sides, kept, spend)
  if (term.keep?.which === 'highest') return highest
  // Face f of a die is face sides+1-f of the mirrored die: the lowest k are the mirror of the highest k.
  return shift(negate(highest), kept * (term.sides + 1))
}

/**
 * The highest `keep` of `count` dice, counted face by face from the top. A state is (dice placed so
 * far, sum of those kept) while fewer than `keep` are placed; once `keep` dice sit at or above face f,
 * the kept sum is final and the other dice can be any of the f-1 lower faces, counted in closed form.
 */
function keepHighest(
  count: number,
  sides: number,
  keep: number,
  spend: (steps: number) => void,
): Distribution {
  spend(sides * keep * keep * sides * count)
  const choose: bigint[][] = [[1n]]
  for (let n = 1; n <= count; n++) {
    const prev = choose[n - 1] as bigint[]
    choose.push(Array.from({ length: n + 1 }, (_, k) => (prev[k - 1] ?? 0n) + (prev[k] ?? 0n)))
  }
  const result: bigint[] = new Array(keep * sides + 1).fill(0n)
  // states[placed][keptSum]
  let states: bigint[][] = Array.from({ length: keep }, () => [])
  ;(states[0] as bigint[])[0] = 1n
  for (let face = sides; face >= 1; face--) {
    const next: bigint[][] = Array.from({ length: keep }, () => [])
    const below = BigInt(face - 1)
    states.forEach((sums, placed) => {
      const left = count - placed
      const row = choose[left] as bigint[]
      sums.forEach((ways, sum) => {
        if (!ways) return
        for (let j = 0; j <= left; j++) {
          const w = ways * (row[j] as bigint)
          if (placed + j >= keep) {
            const final = sum + (keep - placed) * face
            result[final] = (result[final] as bigint) + w * below ** BigInt(left - j)
          } else {
            const bucket = next[placed + j] as bigint[]
            const at = sum + j * face
            bucket[at] = (bucket[at] ?? 0n) + w
          }
        }
      })
    })
    states = next
  }
  const first = result.findIndex((w) => w !== 0n)
  return { min: first, weights: result.slice(first), total: BigInt(sides) ** BigInt(count) }
}

/**
 * Every total put through `f` (a bonus, a halving, doubling, a floor at 0, a rule's own table), totals
 * that meet merging their weights. Impossible totals are left out, so `f` is never asked about them.
 */
export function mapTotals(dist: Distribution, f: (total: number) => number): Distribution {
  const mapped = dist.weights.map((w, i) => ({ value: f(dist.min + i), w })).filter(({ w }) => w !== 0n)
  const values = mapped.map(({ value }) => value)
  const min = Math.min(...values)
  const weights: bigint[] = new Array(Math.max(...values) - min + 1).fill(0n)
  for (const { value, w } of mapped) weights[value - min] = (weights[value - min] as bigint) + w
  return { min, weights, total: dist.total }
}

/** P(total = value), exactly. */
export function probabilityOf(dist: Distribution, value: number): Fraction {
  return fraction(dist.weights[value - dist.min] ?? 0n, dist.total)
}

/** P(total >= target), exactly: "hit on 11+". */
export function chanceAtLeast(dist: Distribution, target: number): Fraction {
  let ways = 0n
  dist.weights.forEach((w, i) => {
    if (dist.min + i >= target) ways += w
  })
  return fraction(ways, dist.total)
}

/** P(total <= target), exactly: roll-under saves and skills. */
export function chanceAtMost(dist: Distribution, target: number): Fraction {
  let ways = 0n
  dist.weights.forEach((w, i) => {
    if (dist.min + i <= target) ways += w
  })
  return fraction(ways, dist.total)
}

/** The expected total, exactly: "expected damage 4.5". */
export function mean(dist: Distribution): Fraction {
  let sum = 0n
  dist.weights.forEach((w, i) => {
    sum += BigInt(dist.min + i) * w
  })
  return fraction(sum, dist.total)
}

/** Each possible total with its probability as a float, for charts; impossible totals are left out. */
export function outcomes(dist: Distribution): Array<{ value: number; probability: number }> {
  return dist.weights.flatMap((w, i) =>
    w === 0n ? [] : [{ value: dist.min + i, probability: toFloat({ num: w, den: dist.total }) }],
  )
}

/** How two independent totals compare: opposed rolls, or whose damage is higher. */
export interface Comparison {
  /** P(A > B) */
  readonly greater: Fraction
  /** P(A = B) */
  readonly equal: Fraction
  /** P(A < B) */
  readonly less: Fraction
}

/** P(A > B), P(A = B) and P(A < B) for independent A and B, exactly, in O(|A| + |B|). */
export function compare(a: Distribution, b: Distribution): Comparison {
  // below[k] = ways for B to be less than b.min + k
  const below: bigint[] = [0n]
  for (const w of b.weights) below.push((below[below.length - 1] as bigint) + w)
  const waysBelow = (value: number) => below[Math.min(Math.max(value - b.min, 0), b.weights.length)] as bigint
  let greater = 0n
  let equal = 0n
  a.weights.forEach((w, i) => {
    if (w === 0n) return
    const value = a.min + i
    greater += w * waysBelow(value)
    equal += w * (b.weights[value - b.min] ?? 0n)
  })
  const total = a.total * b.total
  return {
    greater: fraction(greater, total),
    equal: fraction(equal, total),
    less: fraction(total - greater - equal, total),
  }
}
