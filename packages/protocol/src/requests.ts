/** Reading what a client sent for an attack: anything malformed is null, and the room refuses it. */
import type { Declared } from '@fray/rules'

const isId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 64

export function parseDeclared(value: unknown): Declared | null {
  const v = value as { choice?: unknown; toggles?: unknown } | null
  if (typeof v !== 'object' || v === null || !isId(v.choice)) return null
  if (!Array.isArray(v.toggles) || v.toggles.length > 20 || !v.toggles.every(isId)) return null
  return { choice: v.choice, toggles: [...v.toggles] }
}

/** Typed-in faces: absent (the room's dice), a short list of whole numbers, or null when malformed. */
export function parseFaces(value: unknown): number[] | undefined | null {
  if (value === undefined) return undefined
  const ok = Array.isArray(value) && value.length <= 40 && value.every((f) => Number.isInteger(f))
  return ok ? (value as number[]) : null
}

export { isId as isRequestId }
