/** The typed model of a dice expression: what the roller rolls and the odds engine measures. */
import { unreachable } from '../assert.ts'

/** How a halving rounds: down and up go toward -/+ infinity; nearest rounds halves up (7/2 -> 4). */
export type Rounding = 'down' | 'up' | 'nearest'

/** Keep the highest or lowest `count` dice of a group (advantage is 2d20 keep highest 1). */
export interface Keep {
  readonly which: 'highest' | 'lowest'
  readonly count: number
}

/** NdX, optionally keeping some of the dice. A d% is a d100. */
export interface DiceTerm {
  readonly kind: 'dice'
  readonly count: number
  readonly sides: number
  readonly keep?: Keep
  readonly label?: string
}

/** A flat modifier, never negative: subtraction lives in the sum, so "-2 prone" keeps its label. */
export interface ConstantTerm {
  readonly kind: 'constant'
  readonly value: number
  readonly label?: string
}

export interface SumTerm {
  readonly sign: 1 | -1
  readonly expr: DiceExpr
}

/** Terms added or subtracted. Canonical sums (the parser's) have two terms, or one negated term. */
export interface SumExpr {
  readonly kind: 'sum'
  readonly terms: readonly SumTerm[]
  readonly label?: string
}

/** The result of `expr` times a whole number. */
export interface MultiplyExpr {
  readonly kind: 'multiply'
  readonly expr: DiceExpr
  readonly factor: number
  readonly label?: string
}

/** Half the result of `expr`, rounded as the rule text says (OSR subdual rounds down). */
export interface HalveExpr {
  readonly kind: 'halve'
  readonly expr: DiceExpr
  readonly rounding: Rounding
  readonly label?: string
}

/**
 * The largest result `expr` can give plus a normal roll of it: critical and special-success damage.
 * Put flat bonuses inside or outside as the rule says: BRP maximises the weapon's "1D6+1", OSR only the
 * dice ("maxplus(1d6)+2").
 */
export interface MaxPlusRollExpr {
  readonly kind: 'max-plus-roll'
  readonly expr: DiceExpr
  readonly label?: string
}

/** `expr` with twice as many dice in every group (and twice as many kept); modifiers stay as they are. */
export interface DoubleDiceExpr {
  readonly kind: 'double-dice'
  readonly expr: DiceExpr
  readonly label?: string
}

/** Any dice expression. Plain data, so it can be stored in a request or a log entry as it is. */
export type DiceExpr =
  | DiceTerm
  | ConstantTerm
  | SumExpr
  | MultiplyExpr
  | HalveExpr
  | MaxPlusRollExpr
  | DoubleDiceExpr

/** Most dice in one group, after doubling: more is a typo, and exact odds stay cheap. */
export const MAX_DICE = 100
/**
 * Most dice in one roll, all its groups together: each die is a face in the log, and a roll of 600 dice
 * would write kilobytes of it for one request.
 */
export const MAX_DICE_IN_ROLL = 100
/** Most sides on one die. */
export const MAX_SIDES = 1000
/** Largest flat number in an expression. */
export const MAX_CONSTANT = 1_000_000
/** Largest multiplier. */
export const MAX_FACTOR = 100
/** Longest label, and longest notation the parser reads. */
export const MAX_LABEL = 40
export const MAX_NOTATION = 1000

/** `count` dice of `sides` sides, e.g. `dice(2, 20, { which: 'highest', count: 1 })` for advantage. */
export function dice(count: number, sides: number, keep?: Keep): DiceTerm {
  return keep ? { kind: 'dice', count, sides, keep } : { kind: 'dice', count, sides }
}

/** A flat bonus; negative values become a subtracted term so the label stays with its sign. */
export function constant(value: number, label?: string): DiceExpr {
  const term: ConstantTerm = label
    ? { kind: 'constant', value: Math.abs(value), label }
    : { kind: 'constant', value: Math.abs(value) }
  return value < 0 ? { kind: 'sum', terms: [{ sign: -1, expr: term }] } : term
}

/**
 * Adds the expressions, folding a leading negation into the sign of its term: `add(d20, constant(-1))`
 * is "1d20-1". Zero terms are a bug; one term is returned as it is.
 */
export function add(...exprs: DiceExpr[]): DiceExpr {
  const terms: SumTerm[] = []
  for (const expr of exprs) {
    if (expr.kind === 'sum' && !expr.label && expr.terms.length === 1 && expr.terms[0]?.sign === -1)
      terms.push(expr.terms[0])
    else terms.push({ sign: 1, expr })
  }
  const [first] = terms
  if (!first) throw new RangeError('add needs at least one expression')
  return terms.length === 1 && first.sign === 1 ? first.expr : { kind: 'sum', terms }
}

/**
 * An expression read as one flat sum: its terms in rolling order, each with the sign it is added with,
 * so "1d6-(1d4-2)" is +1d6, -1d4, +2. Labels on the sums are passed over; anything not a sum is a term.
 */
export function sumTerms(expr: DiceExpr, sign: 1 | -1 = 1): SumTerm[] {
  if (expr.kind !== 'sum') return [{ sign, expr }]
  return expr.terms.flatMap((t) => sumTerms(t.expr, t.sign === sign ? 1 : -1))
}

/** The same expression with a label the roll breakdown shows beside its value ("+2 STR"). */
export function labelled<E extends DiceExpr>(expr: E, label: string): E {
  return { ...expr, label }
}

/** Smallest and largest total an expression can give, worked out from its structure. */
export interface DiceRange {
  readonly min: number
  readonly max: number
}

/** Rounds n/2 by the named rule, exactly (no float division). */
export function roundHalf(n: number, rounding: Rounding): number {
  // `+ 0` turns Math.ceil(-0.5) = -0 into 0, so equal totals stay deep-equal.
  switch (rounding) {
    case 'down':
      return Math.floor(n / 2) + 0
    case 'up':
      return Math.ceil(n / 2) + 0
    case 'nearest':
      return Math.floor((n + 1) / 2) + 0
    default:
      return unreachable(rounding)
  }
}

/** The dice a group rolls and keeps once every enclosing doubling is applied. */
export function effectiveDice(term: DiceTerm, doubling: number): { count: number; kept: number } {
  const count = term.count * doubling
  return { count, kept: term.keep ? term.keep.count * doubling : count }
}

/** The range of totals: used for "maximum plus a roll", and to refuse odds that would be too costly. */
export function rangeOf(expr: DiceExpr, doubling = 1): DiceRange {
  switch (expr.kind) {
    case 'constant':
      return { min: expr.value, max: expr.value }
    case 'dice': {
      const { kept } = effectiveDice(expr, doubling)
      return { min: kept, max: kept * expr.sides }
    }
    case 'sum':
      return expr.terms.reduce(
        (acc, { sign, expr: e }) => {
          const r = rangeOf(e, doubling)
          return sign === 1
            ? { min: acc.min + r.min, max: acc.max + r.max }
            : { min: acc.min - r.max, max: acc.max - r.min }
        },
        { min: 0, max: 0 },
      )
    case 'multiply': {
      const r = rangeOf(expr.expr, doubling)
      return { min: r.min * expr.factor, max: r.max * expr.factor }
    }
    case 'halve': {
      const r = rangeOf(expr.expr, doubling)
      return { min: roundHalf(r.min, expr.rounding), max: roundHalf(r.max, expr.rounding) }
    }
    case 'max-plus-roll': {
      const r = rangeOf(expr.expr, doubling)
      return { min: r.max + r.min, max: r.max * 2 }
    }
    case 'double-dice':
      return rangeOf(expr.expr, doubling * 2)
    default:
      return unreachable(expr)
  }
}

/** The sides of every die the expression rolls, in rolling order: what a player types faces for. */
export function diceToRoll(expr: DiceExpr, doubling = 1): number[] {
  switch (expr.kind) {
    case 'constant':
      return []
    case 'dice':
      return Array.from({ length: effectiveDice(expr, doubling).count }, () => expr.sides)
    case 'sum':
      return expr.terms.flatMap((t) => diceToRoll(t.expr, doubling))
    case 'multiply':
    case 'halve':
    case 'max-plus-roll':
      return diceToRoll(expr.expr, doubling)
    case 'double-dice':
      return diceToRoll(expr.expr, doubling * 2)
    default:
      return unreachable(expr)
  }
}

const isWhole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max

/**
 * What is wrong with an expression built in code, or null. The parser reports the same limits with
 * positions; roll and distribution throw on these, since a bad hand-built expression is a bug.
 */
export function checkExpr(expr: DiceExpr, doubling = 1): string | null {
  if (
    expr.label !== undefined &&
    (expr.label.trim() !== expr.label || !isWhole(expr.label.length, 1, MAX_LABEL))
  )
    return `a label must be 1 to ${MAX_LABEL} characters without surrounding spaces, got "${expr.label}"`
  if (expr.label !== undefined && /[[\]]/.test(expr.label))
    return `a label cannot contain brackets: "${expr.label}"`
  switch (expr.kind) {
    case 'constant':
      return isWhole(expr.value, 0, MAX_CONSTANT)
        ? null
        : `a constant must be a whole number 0..${MAX_CONSTANT}`
    case 'dice': {
      if (!isWhole(expr.sides, 1, MAX_SIDES)) return `a die has 1 to ${MAX_SIDES} sides, got ${expr.sides}`
      if (!isWhole(expr.count, 1, MAX_DICE)) return `roll 1 to ${MAX_DICE} dice, got ${expr.count}`
      const { count } = effectiveDice(expr, doubling)
      if (count > MAX_DICE) return `doubling makes ${count}d${expr.sides}; at most ${MAX_DICE} dice per group`
      if (expr.keep && !isWhole(expr.keep.count, 1, expr.count))
        return `keep 1 to ${expr.count} of ${expr.count} dice, got ${expr.keep.count}`
      return null
    }
    case 'sum':
      if (expr.terms.length === 0) return 'a sum needs at least one term'
      for (const t of expr.terms) {
        const problem = checkExpr(t.expr, doubling)
        if (problem) return problem
      }
      return null
    case 'multiply':
      if (!isWhole(expr.factor, 1, MAX_FACTOR)) return `multiply by a whole number 1..${MAX_FACTOR}`
      return checkExpr(expr.expr, doubling)
    case 'halve':
    case 'max-plus-roll':
      return checkExpr(expr.expr, doubling)
    case 'double-dice':
      return checkExpr(expr.expr, doubling * 2)
    default:
      return unreachable(expr)
  }
}

/** Throws on an expression built in code that breaks the limits. */
export function assertExpr(expr: DiceExpr): void {
  const problem = checkExpr(expr)
  if (problem) throw new RangeError(problem)
}
