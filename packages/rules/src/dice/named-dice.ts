/**
 * The faces of named dice ("the surprise roll"), checked where a system resolves with them (osr), apart
 * from faces.ts so that only that system's resolving carries them to a phone, not every system's screen.
 */
import { fail, type Outcome, ok } from '../outcome.ts'
import { isFace } from './faces.ts'

/**
 * The face of a named die ("the surprise roll"), or a sentence naming it: "Roll a d20 for the surprise
 * roll." when none was given, "The surprise roll is a d20: it cannot show 0." when it does not fit.
 */
export function checkDie(value: number | undefined, sides: number, what: string): Outcome<number> {
  if (value === undefined) return fail(`Roll a d${sides} for the ${what}.`)
  if (!isFace(value, sides)) return fail(`The ${what} is a d${sides}: it cannot show ${value}.`)
  return ok(value)
}

/** The faces of `count` named dice of one kind, in order, or a sentence saying what is missing or wrong. */
export function checkDice(
  values: ReadonlyArray<number> | undefined,
  count: number,
  sides: number,
  what: string,
): Outcome<number[]> {
  if (values === undefined) return fail(`Roll ${count === 1 ? 'a' : count} d${sides} for the ${what}.`)
  if (values.length !== count)
    return fail(`The ${what} needs ${count} d${sides}, got ${values.length} faces.`)
  for (const v of values) {
    const f = checkDie(v, sides, what)
    if (!f.ok) return f
  }
  return ok([...values])
}
