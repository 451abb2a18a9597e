/** Prints a DiceExpr back as notation, such that parsing the printed text gives the same expression. */
import { unreachable } from '../assert.ts'
import type { DiceExpr } from './expr.ts'

/** The notation of an expression ("1d20+2[STR]"): for the log, for requests, and for round trips. */
export function formatDice(expr: DiceExpr): string {
  const body = formatBody(expr)
  if (expr.label === undefined) return body
  const atomic = expr.kind !== 'sum' && expr.kind !== 'multiply'
  return atomic ? `${body}[${expr.label}]` : `(${body})[${expr.label}]`
}

function formatBody(expr: DiceExpr): string {
  switch (expr.kind) {
    case 'constant':
      return `${expr.value}`
    case 'dice': {
      const keep = expr.keep ? `k${expr.keep.which === 'highest' ? 'h' : 'l'}${expr.keep.count}` : ''
      return `${expr.count}d${expr.sides}${keep}`
    }
    case 'sum':
      return expr.terms
        .map(({ sign, expr: e }, i) => `${sign === -1 ? '-' : i === 0 ? '' : '+'}${operand(e)}`)
        .join('')
    case 'multiply':
      return `${operand(expr.expr)}*${expr.factor}`
    case 'halve':
      return `half${expr.rounding}(${formatDice(expr.expr)})`
    case 'max-plus-roll':
      return `maxplus(${formatDice(expr.expr)})`
    case 'double-dice':
      return `double(${formatDice(expr.expr)})`
    default:
      return unreachable(expr)
  }
}

/** A term inside a sum or product: an unlabelled sum needs brackets to stay one term. */
function operand(expr: DiceExpr): string {
  return expr.kind === 'sum' && expr.label === undefined ? `(${formatBody(expr)})` : formatDice(expr)
}
