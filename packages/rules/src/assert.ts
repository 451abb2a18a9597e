/** Tiny invariant helpers: a broken invariant is a bug and throws; player mistakes are values. */

/** Ends every `switch` over a union, so adding a member without handling it is a compile error. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`)
}
