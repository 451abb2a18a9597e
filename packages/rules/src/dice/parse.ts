/** Reads the dice notation people type ("2d6+1", "d%", "2d20kh1", "1d20+2[STR]") into a DiceExpr. */
import {
  type DiceExpr,
  type DiceTerm,
  type Keep,
  MAX_CONSTANT,
  MAX_DICE,
  MAX_DICE_IN_ROLL,
  MAX_FACTOR,
  MAX_LABEL,
  MAX_NOTATION,
  MAX_SIDES,
  type Rounding,
  type SumTerm,
} from './expr.ts'

/**
 * A notation a player typed that is not valid dice. `index` is where the problem is (0-based, for a
 * caret under the input); the message counts positions from 1, as people do.
 */
export class DiceSyntaxError extends Error {
  override readonly name = 'DiceSyntaxError'
  constructor(
    message: string,
    readonly notation: string,
    readonly index: number,
  ) {
    super(message)
  }
}

/** A parse as a value: what a request handler returns to a player instead of throwing. */
export type ParseResult = { ok: true; value: DiceExpr } | { ok: false; error: DiceSyntaxError }

const MAX_NESTING = 32

const FUNCTIONS: Record<string, (expr: DiceExpr) => DiceExpr> = {
  halfdown: (expr) => halveBy(expr, 'down'),
  halfup: (expr) => halveBy(expr, 'up'),
  halfnearest: (expr) => halveBy(expr, 'nearest'),
  maxplus: (expr) => ({ kind: 'max-plus-roll', expr }),
  double: (expr) => ({ kind: 'double-dice', expr }),
}
const halveBy = (expr: DiceExpr, rounding: Rounding): DiceExpr => ({ kind: 'halve', expr, rounding })
// Longest first, so "halfnearest" is not read as something shorter.
const FUNCTION_NAMES = Object.keys(FUNCTIONS).sort((a, b) => b.length - a.length)

/** Parses dice notation, throwing a DiceSyntaxError that says what is wrong and where. */
export function parseDice(notation: string): DiceExpr {
  return new Parser(notation).parseAll()
}

/** Parses dice notation into a value: `{ ok: false, error }` for a typo, never a throw. */
export function tryParseDice(notation: string): ParseResult {
  try {
    return { ok: true, value: parseDice(notation) }
  } catch (error) {
    if (error instanceof DiceSyntaxError) return { ok: false, error }
    throw error
  }
}

class Parser {
  private pos = 0
  private depth = 0
  private doubling = 1
  /** Dice read so far, every group counted (after doubling). */
  private dice = 0

  constructor(private readonly text: string) {}

  parseAll(): DiceExpr {
    if (this.text.length > MAX_NOTATION)
      this.fail(`dice notation is limited to ${MAX_NOTATION} characters`, MAX_NOTATION)
    this.skipSpaces()
    if (this.pos === this.text.length) this.fail('expected dice such as 2d6+1, got nothing')
    const expr = this.sum()
    if (this.pos < this.text.length) {
      const c = this.text[this.pos]
      this.fail(c === ')' ? `unmatched ')'` : `unexpected '${c}'`)
    }
    return expr
  }

  /** Throws with "at position N" (or "at the end") appended, or put where `{at}` stands. */
  private fail(what: string, index = this.pos): never {
    const where = index >= this.text.length ? 'at the end' : `at position ${index + 1}`
    const message = what.includes('{at}') ? what.replace('{at}', where) : `${what} ${where}`
    throw new DiceSyntaxError(message, this.text, index)
  }

  private skipSpaces(): void {
    while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++
  }

  private peek(): string {
    return (this.text[this.pos] ?? '').toLowerCase()
  }

  private sum(): DiceExpr {
    const terms: SumTerm[] = []
    let sign: 1 | -1 = 1
    if (this.peek() === '-' || this.peek() === '+') {
      sign = this.peek() === '-' ? -1 : 1
      this.pos++
      this.skipSpaces()
    }
    for (;;) {
      terms.push({ sign, expr: this.product() })
      this.skipSpaces()
      const op = this.peek()
      if (op !== '+' && op !== '-') break
      sign = op === '-' ? -1 : 1
      this.pos++
      this.skipSpaces()
    }
    const [first] = terms
    if (first && terms.length === 1 && first.sign === 1) return first.expr
    return { kind: 'sum', terms }
  }

  private product(): DiceExpr {
    let left = this.labelled()
    for (;;) {
      this.skipSpaces()
      if (this.peek() !== '*') return left
      const star = this.pos
      this.pos++
      this.skipSpaces()
      const rightAt = this.pos
      const right = this.labelled()
      const [expr, factor, at] =
        right.kind === 'constant' && right.label === undefined
          ? [left, right.value, rightAt]
          : left.kind === 'constant' && left.label === undefined
            ? [right, left.value, star]
            : this.fail('multiply by a whole number, as in 1d6*2,', star)
      if (factor < 1 || factor > MAX_FACTOR) this.fail(`multiply by 1 to ${MAX_FACTOR}, not ${factor},`, at)
      left = { kind: 'multiply', expr, factor }
    }
  }

  private labelled(): DiceExpr {
    let expr = this.primary()
    for (;;) {
      this.skipSpaces()
      if (this.peek() !== '[') return expr
      if (expr.label !== undefined) this.fail(`this term already has the label "${expr.label}"`)
      expr = { ...expr, label: this.label() }
    }
  }

  private label(): string {
    const open = this.pos
    const close = this.text.indexOf(']', open + 1)
    if (close < 0) this.fail(`expected ']' {at} to close the label at position ${open + 1}`, this.text.length)
    const raw = this.text.slice(open + 1, close)
    const nested = raw.indexOf('[')
    if (nested >= 0) this.fail(`a label cannot contain '['`, open + 1 + nested)
    const label = raw.trim()
    if (label.length === 0) this.fail('a label cannot be empty', open)
    if (label.length > MAX_LABEL) this.fail(`a label is at most ${MAX_LABEL} characters`, open)
    this.pos = close + 1
    return label
  }

  private primary(): DiceExpr {
    const c = this.peek()
    if (c === '(') return this.nested(() => this.sum())
    const name = FUNCTION_NAMES.find(
      (n) => this.text.slice(this.pos, this.pos + n.length).toLowerCase() === n,
    )
    if (name !== undefined) {
      const make = FUNCTIONS[name] as (expr: DiceExpr) => DiceExpr
      this.pos += name.length
      this.skipSpaces()
      if (this.peek() !== '(') this.fail(`expected '(' after ${name}`)
      // Dice inside double(...) count twice against the per-group limit.
      const factor = name === 'double' ? 2 : 1
      this.doubling *= factor
      const inner = this.nested(() => this.sum())
      this.doubling /= factor
      return make(inner)
    }
    if (c === 'd' || isDigit(c)) return this.diceOrNumber()
    if (c === '') this.fail('expected a number, a die or (')
    this.fail(`expected a number, a die or ( but found '${this.text[this.pos]}'`)
  }

  private nested(inner: () => DiceExpr): DiceExpr {
    const open = this.pos
    if (++this.depth > MAX_NESTING) this.fail(`brackets nest at most ${MAX_NESTING} deep`)
    this.pos++
    this.skipSpaces()
    const expr = inner()
    this.skipSpaces()
    if (this.peek() !== ')') this.fail(`expected ')' {at} to close the '(' at position ${open + 1}`)
    this.pos++
    this.depth--
    return expr
  }

  private number(): number {
    const start = this.pos
    while (isDigit(this.peek())) this.pos++
    const digits = this.text.slice(start, this.pos)
    const value = Number(digits)
    if (digits.length > 7 || value > MAX_CONSTANT) this.fail(`a number is at most ${MAX_CONSTANT}`, start)
    return value
  }

  private diceOrNumber(): DiceExpr {
    const start = this.pos
    const count = isDigit(this.peek()) ? this.number() : undefined
    if (this.peek() !== 'd') return { kind: 'constant', value: count ?? 0 }
    const dAt = this.pos
    this.pos++
    const n = count ?? 1
    if (n < 1) this.fail('roll at least one die', start)
    if (n > MAX_DICE) this.fail(`at most ${MAX_DICE} dice in a group, not ${n},`, start)
    if (n * this.doubling > MAX_DICE)
      this.fail(`doubling makes ${n * this.doubling} dice; at most ${MAX_DICE} in a group,`, start)
    this.dice += n * this.doubling
    if (this.dice > MAX_DICE_IN_ROLL)
      this.fail(`at most ${MAX_DICE_IN_ROLL} dice in one roll, not ${this.dice},`, start)
    let sides: number
    if (this.peek() === '%') {
      sides = 100
      this.pos++
    } else if (isDigit(this.peek())) {
      const sidesAt = this.pos
      sides = this.number()
      if (sides < 1) this.fail('a die needs at least one side', sidesAt)
      if (sides > MAX_SIDES) this.fail(`a die has at most ${MAX_SIDES} sides, not ${sides},`, sidesAt)
    } else {
      this.fail(`expected a die size after 'd'`, dAt + 1)
    }
    const keep = this.keep(n)
    const term: DiceTerm = keep ? { kind: 'dice', count: n, sides, keep } : { kind: 'dice', count: n, sides }
    return term
  }

  /** kh2 / kl1 / k3 (keep highest) / dl1 / dh1 (drop), after NdX. */
  private keep(count: number): Keep | undefined {
    const at = this.pos
    const two = this.text.slice(at, at + 2).toLowerCase()
    let mode: 'kh' | 'kl' | 'dh' | 'dl'
    if (two === 'kh' || two === 'kl' || two === 'dh' || two === 'dl') {
      mode = two
      this.pos += 2
    } else if (this.peek() === 'k') {
      mode = 'kh'
      this.pos += 1
    } else return undefined
    const numberAt = this.pos
    const n = isDigit(this.peek()) ? this.number() : 1
    const keepCount = mode[0] === 'k' ? n : count - n
    if (mode[0] === 'k' && (n < 1 || n > count))
      this.fail(`can keep 1 to ${count} of ${count} dice, not ${n},`, numberAt)
    if (mode[0] === 'd' && (n < 1 || n >= count))
      this.fail(`can drop 1 to ${count - 1} of ${count} dice, not ${n},`, numberAt)
    const which = mode === 'kh' || mode === 'dl' ? 'highest' : 'lowest'
    return { which, count: keepCount }
  }
}

const isDigit = (c: string) => c >= '0' && c <= '9' && c.length === 1
