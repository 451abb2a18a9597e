/** Outcomes are values: what a player may be shown, or a sentence saying what is wrong. Bugs throw. */

/** An outcome a player can be shown: the value, or a sentence saying what is wrong. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const fail = <T = never>(error: string): Outcome<T> => ({ ok: false, error })
