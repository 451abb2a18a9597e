/** Physical dice: faces a player rolled at the table and typed in, checked and fed to the roller. */
import { fail, type Outcome, ok } from '../outcome.ts'
import { assertExpr, type DiceExpr, diceToRoll } from './expr.ts'
import { isFace } from './faces.ts'
import { formatDice } from './format.ts'
import { type ExprRoll, roll } from './roll.ts'
import type { DiceSource } from './source.ts'

/** A source that hands out typed faces in order; `remaining` says how many were not used. */
export interface ScriptedDice extends DiceSource {
  readonly kind: 'scripted'
  readonly remaining: number
}

/**
 * Typed faces as a dice source. Running out or an impossible face throws, because callers check the
 * faces first with `checkFaces` (or use `rollWithFaces`), so reaching either here is a bug.
 */
export function scriptedDice(faces: readonly number[]): ScriptedDice {
  let next = 0
  return {
    kind: 'scripted',
    get remaining() {
      return faces.length - next
    },
    roll(sides) {
      const face = faces[next]
      if (face === undefined)
        throw new RangeError(`no typed face left for a d${sides}: ${faces.length} were given`)
      const problem = faceProblem(face, sides)
      if (problem) throw new RangeError(problem)
      next++
      return face
    },
  }
}

const faceProblem = (face: number, sides: number): string | null =>
  isFace(face, sides) ? null : `a d${sides} cannot show ${face}`

/**
 * Whether `faces` are what `expr` needs, in rolling order: "expected 2 faces for 2d6, got 1",
 * "a d6 cannot show 7".
 */
export function checkFaces(expr: DiceExpr, faces: readonly number[]): Outcome<true> {
  const sides = diceToRoll(expr)
  if (faces.length !== sides.length) {
    const noun = sides.length === 1 ? 'face' : 'faces'
    return fail(`expected ${sides.length} ${noun} for ${formatDice(expr)}, got ${faces.length}`)
  }
  for (const [i, face] of faces.entries()) {
    const problem = faceProblem(face, sides[i] as number)
    if (problem) return fail(problem)
  }
  return ok(true)
}

/** Rolls an expression with typed faces: the roll, or why the faces do not fit. */
export function rollWithFaces(expr: DiceExpr, faces: readonly number[]): Outcome<ExprRoll> {
  assertExpr(expr)
  const check = checkFaces(expr, faces)
  return check.ok ? ok(roll(expr, scriptedDice(faces))) : check
}
