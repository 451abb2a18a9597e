import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Distribution, distribution, maxOf, probabilityOf, TooCostlyError } from './distribution.ts'
import { checkExpr, type DiceExpr, diceToRoll, rangeOf } from './expr.ts'
import { formatDice } from './format.ts'
import { parseDice } from './parse.ts'
import { roll } from './roll.ts'
import { rollWithFaces } from './scripted.ts'
import { seededDice } from './seeded.ts'
import { cryptoDice, type DiceSource } from './source.ts'

// fast-check prints the seed and path of any failure; FRAY_SEED=<seed> re-runs that one.
if (process.env.FRAY_SEED) fc.configureGlobal({ seed: Number(process.env.FRAY_SEED) })

const withLabel = <E extends DiceExpr>(expr: E, label: string | null): E =>
  label === null ? expr : { ...expr, label }
const label = fc.option(fc.stringMatching(/^[A-Za-z0-9+'.-](?:[A-Za-z0-9 +'.()-]{0,10}[A-Za-z0-9)])?$/))

/**
 * Canonical expressions, the ones the parser produces: a sum has two terms or one negated term. Dice
 * stay small so exact distributions and brute-force enumeration stay cheap.
 */
const { expr: exprArb } = fc.letrec<{ expr: DiceExpr }>((tie) => {
  const expr = tie('expr')
  const leaf = fc.oneof(
    fc
      .record({ value: fc.integer({ min: 0, max: 30 }), label })
      .map(({ value, label: l }) => withLabel({ kind: 'constant', value } as DiceExpr, l)),
    fc
      .record({
        count: fc.integer({ min: 1, max: 3 }),
        sides: fc.constantFrom(1, 2, 3, 4, 6, 8, 10, 12, 20, 100),
        keep: fc.option(
          fc.record({ which: fc.constantFrom('highest', 'lowest'), count: fc.integer({ min: 1, max: 3 }) }),
        ),
        label,
      })
      .map(({ count, sides, keep, label: l }) => {
        const term: DiceExpr =
          keep && keep.count <= count
            ? { kind: 'dice', count, sides, keep: keep as { which: 'highest' | 'lowest'; count: number } }
            : { kind: 'dice', count, sides }
        return withLabel(term, l)
      }),
  )
  const sum = fc
    .record({
      terms: fc.array(fc.record({ sign: fc.constantFrom(1 as const, -1 as const), expr }), {
        minLength: 1,
        maxLength: 3,
      }),
      label,
    })
    .filter(({ terms }) => terms.length > 1 || terms[0]?.sign === -1)
    .map(({ terms, label: l }) => withLabel({ kind: 'sum', terms } as DiceExpr, l))
  const unary = fc
    .record({
      op: fc.constantFrom('multiply', 'down', 'up', 'nearest', 'max-plus-roll', 'double-dice'),
      factor: fc.integer({ min: 1, max: 4 }),
      inner: expr,
      label,
    })
    .map(({ op, factor, inner, label: l }): DiceExpr => {
      const e: DiceExpr =
        op === 'multiply'
          ? { kind: 'multiply', expr: inner, factor }
          : op === 'max-plus-roll' || op === 'double-dice'
            ? { kind: op, expr: inner }
            : { kind: 'halve', expr: inner, rounding: op }
      return withLabel(e, l)
    })
  // structuredClone: fast-check's records have no prototype, and the parser's objects do.
  return {
    expr: fc.oneof({ depthSize: 'small', maxDepth: 3 }, leaf, sum, unary).map((e) => structuredClone(e)),
  }
})

const validExpr = exprArb.filter((e) => checkExpr(e) === null)
/**
 * Valid and cheap enough for exact odds: nested doublings can grow 3d100kh2 into 12d100kh8, which
 * distribution() rightly refuses (its own test covers the refusal).
 */
const priceable = validExpr.filter((e) => {
  try {
    distribution(e)
    return true
  } catch (err) {
    if (err instanceof TooCostlyError) return false
    throw err
  }
})
/** Small enough to enumerate every combination of faces. */
const enumerable = validExpr.filter((e) => diceToRoll(e).reduce((n, s) => n * s, 1) <= 5000)

describe('dice expressions, for any expression', () => {
  it('print and parse back to the same expression', () => {
    fc.assert(
      fc.property(validExpr, (e) => {
        expect(parseDice(formatDice(e))).toStrictEqual(e)
      }),
      { numRuns: 2000 },
    )
  })

  it('roll totals that lie in the support of the exact distribution', () => {
    fc.assert(
      fc.property(priceable, fc.integer({ min: 0, max: 0xffffffff }), (e, seed) => {
        const d = distribution(e)
        const result = roll(e, seededDice(seed))
        expect(probabilityOf(d, result.total).num, `total ${result.total}`).toBeGreaterThan(0n)
        expect(result.dice.map((x) => x.sides)).toEqual(diceToRoll(e))
        for (const die of result.dice) expect(die.face >= 1 && die.face <= die.sides).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('have a distribution whose ends are the structural range and whose weights add up', () => {
    fc.assert(
      fc.property(priceable, (e) => {
        const d = distribution(e)
        expect([d.min, maxOf(d)]).toEqual([rangeOf(e).min, rangeOf(e).max])
        expect(d.weights.reduce((a, b) => a + b, 0n)).toBe(d.total)
        expect(d.weights[0]).not.toBe(0n)
        expect(d.weights[d.weights.length - 1]).not.toBe(0n)
      }),
      { numRuns: 1000 },
    )
  })

  it('have exactly the distribution found by rolling every combination of faces', () => {
    fc.assert(
      fc.property(enumerable, (e) => {
        const sides = diceToRoll(e)
        const counts = new Map<number, bigint>()
        const faces: number[] = []
        const visit = (i: number) => {
          if (i === sides.length) {
            const result = rollWithFaces(e, faces)
            if (!result.ok) throw new Error(result.error)
            counts.set(result.value.total, (counts.get(result.value.total) ?? 0n) + 1n)
            return
          }
          for (let f = 1; f <= (sides[i] as number); f++) {
            faces[i] = f
            visit(i + 1)
          }
        }
        visit(0)
        const d = distribution(e)
        const enumerated = [...counts.entries()].sort(([a], [b]) => a - b)
        const exact = d.weights.flatMap((w, i) => (w === 0n ? [] : [[d.min + i, w] as const]))
        expect(enumerated).toEqual(exact)
      }),
      { numRuns: 300 },
    )
  })
})

/**
 * Pearson's chi-square of sampled totals against the exact distribution, pooling neighbouring totals
 * until each bin expects at least 5, with the critical value at upper tail `z` (Wilson-Hilferty).
 */
function chiSquare(
  d: Distribution,
  samples: number[],
  z: number,
): { statistic: number; critical: number; df: number } {
  const observed = new Map<number, number>()
  for (const s of samples) observed.set(s, (observed.get(s) ?? 0) + 1)
  const bins: Array<{ expected: number; observed: number }> = []
  let open = { expected: 0, observed: 0 }
  d.weights.forEach((w, i) => {
    open.expected += (Number(w) / Number(d.total)) * samples.length
    open.observed += observed.get(d.min + i) ?? 0
    if (open.expected >= 5) {
      bins.push(open)
      open = { expected: 0, observed: 0 }
    }
  })
  const last = bins[bins.length - 1]
  if (last) {
    last.expected += open.expected
    last.observed += open.observed
  }
  const statistic = bins.reduce((s, b) => s + (b.observed - b.expected) ** 2 / b.expected, 0)
  const df = bins.length - 1
  const critical = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3
  return { statistic, critical, df }
}

/** z for an upper tail of 0.001: a deterministic test with fixed seeds, at a threshold we state. */
const Z_001 = 3.09
/** z for an upper tail of 1e-6: the crypto source is not seeded, so its test must almost never flake. */
const Z_1E6 = 4.753

const sample = (e: DiceExpr, source: DiceSource, n: number) =>
  Array.from({ length: n }, () => roll(e, source).total)

describe('sampled frequencies agree with the exact distribution (chi-square, p = 0.001)', () => {
  const cases: Array<[string, number]> = [
    ['1d20', 1],
    ['2d6', 2],
    ['3d6-2', 3],
    ['2d20kh1', 4],
    ['2d20kl1+5', 5],
    ['4d6kh3', 6],
    ['4d6kl3', 7],
    ['d%', 8],
    ['halfdown(3d6)+1d4', 9],
    ['maxplus(1d8+1)+double(1d4)', 10],
    ['1d12-1d6', 11],
    ['(1d4+1)*3', 12],
  ]
  it.each(cases)('%s from seeded dice (seed %i)', (notation, seed) => {
    const e = parseDice(notation)
    const { statistic, critical, df } = chiSquare(distribution(e), sample(e, seededDice(seed), 20_000), Z_001)
    expect(
      statistic,
      `${notation}, seed ${seed}: chi-square ${statistic.toFixed(1)} on ${df} df`,
    ).toBeLessThan(critical)
  })

  it('catches a biased source, so the check above can fail', () => {
    const fair = seededDice(99)
    // Folds 32-bit words with a modulo over 8 values: faces 1 and 2 of a d6 come up twice as often.
    const biased: DiceSource = { kind: 'seeded', roll: (sides) => ((fair.roll(8) - 1) % sides) + 1 }
    const e = parseDice('2d6')
    const { statistic, critical } = chiSquare(distribution(e), sample(e, biased, 20_000), Z_001)
    expect(statistic).toBeGreaterThan(critical)
  })
})

describe('the crypto source is uniform (chi-square, p = 1e-6)', () => {
  it.each([6, 20])('d%i over 120000 draws', (sides) => {
    const e = parseDice(`1d${sides}`)
    const samples = sample(
      e,
      cryptoDice((a) => crypto.getRandomValues(a)),
      120_000,
    )
    const { statistic, critical } = chiSquare(distribution(e), samples, Z_1E6)
    expect(statistic, `d${sides}: chi-square ${statistic.toFixed(1)}`).toBeLessThan(critical)
  })
})
