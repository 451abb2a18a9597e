/** Checks typed or rolled die faces, so a player who types a 7 on a d6 gets a sentence, not a crash. */
import { fail, type Outcome, ok } from '../../system.ts'

/** The face if it fits a d`sides`, else a sentence naming the roll ("The surprise roll is a d20 ..."). */
export function face(value: number | undefined, sides: number, what: string): Outcome<number> {
  if (value === undefined) return fail(`Roll a d${sides} for the ${what}.`)
  if (!Number.isInteger(value) || value < 1 || value > sides)
    return fail(`The ${what} is a d${sides}: it cannot show ${value}.`)
  return ok(value)
}

/** Every face of several dice of one kind, in order. */
export function faces(
  values: ReadonlyArray<number> | undefined,
  count: number,
  sides: number,
  what: string,
): Outcome<number[]> {
  if (values === undefined) return fail(`Roll ${count === 1 ? 'a' : count} d${sides} for the ${what}.`)
  if (values.length !== count)
    return fail(`The ${what} needs ${count} d${sides}, got ${values.length} faces.`)
  for (const v of values) {
    const f = face(v, sides, what)
    if (!f.ok) return f
  }
  return ok([...values])
}
