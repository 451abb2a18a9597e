/** Rolling dice with a full record of every die and modifier, for the shared log. */
import { unreachable } from '../assert.ts'
import { assertExpr, type DiceExpr, effectiveDice, rangeOf, roundHalf } from './expr.ts'
import { formatDice } from './format.ts'
import { assertSides, type DiceSource } from './source.ts'

export interface DieResult {
  sides: number
  face: number
}

export interface RollResult {
  /** The notation that was rolled, e.g. "1d20". */
  notation: string
  dice: DieResult[]
  modifier: number
  total: number
  source: DiceSource['kind']
}

/** Rolls `count` dice of `sides` sides plus a flat modifier. */
export function rollDice(source: DiceSource, count: number, sides: number, modifier = 0): RollResult {
  assertSides(sides)
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`roll at least one die, got ${count}`)
  const dice = Array.from({ length: count }, () => ({ sides, face: source.roll(sides) }))
  const total = dice.reduce((sum, d) => sum + d.face, 0) + modifier
  const sign = modifier > 0 ? `+${modifier}` : modifier < 0 ? `${modifier}` : ''
  return { notation: `${count}d${sides}${sign}`, dice, modifier, total, source: source.kind }
}

/** One die of an expression roll; dropped dice (2d20kh1's lower die) stay in the record. */
export interface RolledDie extends DieResult {
  kept: boolean
  /** The label of the dice group, e.g. "fire" for 1d6[fire]. */
  label?: string
}

/**
 * A number added to the total that is not a die: a flat modifier (signed as it enters its sum, before
 * any multiply or halving around it), or the maximum part of a "maximum plus a roll".
 */
export interface RolledModifier {
  value: number
  label?: string
  kind: 'flat' | 'maximum'
}

/**
 * A roll of a whole expression: every die in rolling order, every modifier with its label, the total,
 * and the expression itself so the log can redraw the breakdown (see `describeRoll`).
 */
export interface ExprRoll extends RollResult {
  expr: DiceExpr
  dice: RolledDie[]
  modifiers: RolledModifier[]
}

/** Rolls an expression with faces from `source`. Throws on an expression that breaks the limits (a bug). */
export function roll(expr: DiceExpr, source: DiceSource): ExprRoll {
  assertExpr(expr)
  const dice: RolledDie[] = []
  const modifiers: RolledModifier[] = []

  const evaluate = (e: DiceExpr, sign: 1 | -1, doubling: number): number => {
    switch (e.kind) {
      case 'constant':
        modifiers.push(withLabel<RolledModifier>({ value: sign * e.value, kind: 'flat' }, e.label))
        return e.value
      case 'dice': {
        const { count, kept } = effectiveDice(e, doubling)
        const group = Array.from({ length: count }, () =>
          withLabel<RolledDie>({ sides: e.sides, face: source.roll(e.sides), kept: true }, e.label),
        )
        if (e.keep) {
          const direction = e.keep.which === 'highest' ? -1 : 1
          const order = group
            .map((_, i) => i)
            .sort((i, j) => direction * (faceAt(group, i) - faceAt(group, j)) || i - j)
          for (const i of order.slice(kept)) (group[i] as RolledDie).kept = false
        }
        dice.push(...group)
        return group.reduce((sum, d) => (d.kept ? sum + d.face : sum), 0)
      }
      case 'sum':
        return e.terms.reduce(
          (sum, t) => sum + t.sign * evaluate(t.expr, (sign * t.sign) as 1 | -1, doubling),
          0,
        )
      case 'multiply':
        return evaluate(e.expr, sign, doubling) * e.factor
      case 'halve':
        return roundHalf(evaluate(e.expr, sign, doubling), e.rounding)
      case 'max-plus-roll': {
        const { max } = rangeOf(e.expr, doubling)
        modifiers.push(withLabel<RolledModifier>({ value: sign * max, kind: 'maximum' }, e.label))
        return max + evaluate(e.expr, sign, doubling)
      }
      case 'double-dice':
        return evaluate(e.expr, sign, doubling * 2)
      default:
        return unreachable(e)
    }
  }

  const total = evaluate(expr, 1, 1)
  const modifier = modifiers.reduce((sum, m) => sum + m.value, 0)
  return { notation: formatDice(expr), expr, dice, modifiers, modifier, total, source: source.kind }
}

const faceAt = (group: RolledDie[], i: number) => (group[i] as RolledDie).face

function withLabel<T extends { label?: string }>(value: T, label: string | undefined): T {
  if (label !== undefined) value.label = label
  return value
}

/**
 * A one-line breakdown for the log, e.g. "2d20kh1 (17; dropped 4) + 2 STR = 19": each group's faces,
 * each modifier with its label, the total.
 */
export function describeRoll(result: ExprRoll): string {
  let next = 0
  const named = (text: string, label: string | undefined) => (label === undefined ? text : `${text} ${label}`)
  const bracket = (e: DiceExpr, doubling: number) => {
    const text = walk(e, doubling)
    return e.kind === 'sum' ? `(${text})` : text
  }
  const walk = (e: DiceExpr, doubling: number): string => {
    switch (e.kind) {
      case 'constant':
        return named(`${e.value}`, e.label)
      case 'dice': {
        const { count, kept } = effectiveDice(e, doubling)
        const group = result.dice.slice(next, next + count)
        next += count
        const keep = e.keep ? `k${e.keep.which === 'highest' ? 'h' : 'l'}${kept}` : ''
        const shown = group.filter((d) => d.kept).map((d) => d.face)
        const dropped = group.filter((d) => !d.kept).map((d) => d.face)
        const faces = dropped.length ? `${shown.join(', ')}; dropped ${dropped.join(', ')}` : shown.join(', ')
        return `${named(`${count}d${e.sides}${keep}`, e.label)} (${faces})`
      }
      case 'sum': {
        const text = e.terms
          .map((t, i) => {
            const inner = bracket(t.expr, doubling)
            return i === 0
              ? t.sign === -1
                ? `-${inner}`
                : inner
              : `${t.sign === -1 ? ' - ' : ' + '}${inner}`
          })
          .join('')
        return e.label === undefined ? text : `(${text}) ${e.label}`
      }
      case 'multiply':
        return named(`${bracket(e.expr, doubling)} × ${e.factor}`, e.label)
      case 'halve':
        return named(`half of ${bracket(e.expr, doubling)} rounded ${e.rounding}`, e.label)
      case 'max-plus-roll':
        return named(`max ${rangeOf(e.expr, doubling).max} + ${bracket(e.expr, doubling)}`, e.label)
      case 'double-dice':
        return named(walk(e.expr, doubling * 2), e.label)
      default:
        return unreachable(e)
    }
  }
  return `${walk(result.expr, 1)} = ${result.total}`
}
