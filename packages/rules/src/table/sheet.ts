/** Sheets at the table: a system's sheet filled with its defaults, and read back for a fighter. */
import { fail, type Outcome } from '../outcome.ts'
import type { SheetField } from '../system.ts'

/** What a system says about its sheet: the form's fields and how input becomes a sheet. */
export interface SheetRules<Sheet = unknown> {
  fields: ReadonlyArray<SheetField>
  /** Validates form or stored input into a sheet, filling defaults; errors name the field. */
  parse(input: unknown): Outcome<Sheet>
}

/** A sheet filled with the system's defaults, named. */
export function defaultSheet(fields: ReadonlyArray<SheetField>, name: string): Record<string, unknown> {
  const sheet: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.key, f.default]))
  sheet.name = name
  return sheet
}

/** A fighter's sheet as its system reads it; a GM's quick-add without a sheet gets the defaults. */
export function readSheet<Sheet>(
  rules: SheetRules<Sheet>,
  f: { name: string; sheet?: Record<string, unknown> },
): Outcome<Sheet> {
  const parsed = rules.parse({ ...defaultSheet(rules.fields, f.name), ...(f.sheet ?? {}) })
  return parsed.ok ? parsed : fail(`${f.name}: ${parsed.error}`)
}
