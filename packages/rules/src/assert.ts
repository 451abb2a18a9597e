/** Tiny invariant helpers: a broken invariant is a bug and throws; player mistakes are values. */

/** Throws when code breaks its own promise: a bug, never a player's input (that is an Outcome). */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`broken invariant: ${message}`)
}

/** Ends every `switch` over a union, so adding a member without handling it is a compile error. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`)
}
