/**
 * Die faces typed in at the table or handed over by a roller, checked before anything reads them, so a
 * player who types a 7 on a d6 gets a sentence, not a crash.
 */
import { fail, type Outcome, ok } from '../outcome.ts'

/** Whether `value` is a face of a d`sides`: a whole number from 1 to `sides`. */
export function isFace(value: unknown, sides: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= sides
}

/** "A d6 shows 1 to 6, not 7.": the sentence for a face its die cannot show. */
export function notAFace(value: number, sides: number): string {
  return `A d${sides} shows 1 to ${sides}, not ${value}.`
}

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
