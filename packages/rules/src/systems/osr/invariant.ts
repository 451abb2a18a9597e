/** Invariant helpers for the osr system: a broken invariant is a bug and throws; player mistakes are values. */

/** Ends every `switch` over a union, so adding a member without handling it is a compile error. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`)
}

/** Throws when code inside the system breaks its own promise (never for a player's input). */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`osr invariant: ${message}`)
}
