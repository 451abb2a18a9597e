/** Helpers for osr's tests: a sheet from its fields, as the form would give it. */
import { parseSheet, type Sheet } from './sheet.ts'

/** The sheet parsed from `input`; a test whose sheet is refused fails with the parser's words. */
export function sheet(input: Record<string, unknown>): Sheet {
  const result = parseSheet(input)
  if (!result.ok) throw new Error(result.error)
  return result.value
}
