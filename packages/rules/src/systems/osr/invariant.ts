/** The osr system's invariant check: a broken invariant is a bug and throws; player mistakes are values. */

/** Throws when code inside the system breaks its own promise (never for a player's input). */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`osr invariant: ${message}`)
}
