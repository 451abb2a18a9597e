/** Exhaustiveness for switches over unions (kept local while the package's shared helper is in flight). */

/** Ends every `switch` over a union, so adding a member without handling it is a compile error. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`)
}
