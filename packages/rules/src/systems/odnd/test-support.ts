/** Helpers for odnd's table tests: declarations, unwrapping outcomes, and applying them as the room would. */
import type { Declared, Fighter, Resolution } from '../../engine/types.ts'

/** A declaration: the choice and the toggles set. */
export const declared = (choice: string, ...toggles: string[]): Declared => ({ choice, toggles })

/** The value of an outcome the test expects to succeed; its error otherwise, thrown. */
export const ok = <T>(o: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

/** The refusal's sentence, or null when it succeeded. */
export const errorOf = (o: { ok: boolean; error?: string }) => (o.ok ? null : o.error)

/** Applies a resolution's changes, as the room would. */
export const apply = (fighters: Fighter[], r: Resolution): Fighter[] =>
  fighters.map((f) => ({ ...f, hp: r.changes[f.id]?.hp ?? f.hp, state: r.changes[f.id]?.state ?? f.state }))
