/**
 * Outcomes as the rules write them (`Outcome` is the rules' type), for the schema's readers: the value,
 * or a sentence saying what is wrong. The protocol imports only the rules' types, so it makes its own.
 */
import type { Outcome } from '@fray/rules'

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const fail = <T = never>(error: string): Outcome<T> => ({ ok: false, error })
