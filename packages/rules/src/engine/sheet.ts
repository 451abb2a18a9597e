/** Sheets at the table: a system's sheet filled with its defaults, and read back for a fighter. */
import { fail, type Outcome } from '../outcome.ts'
import type { SheetField } from '../system.ts'

/** What a system says about its sheet: the form's fields and how input becomes a sheet. */
export interface SheetRules<Sheet = unknown> {
  fields: ReadonlyArray<SheetField>
  /** Validates form or stored input into a sheet, filling defaults; errors name the field. */
  parse(input: unknown): Outcome<Sheet>
  /** Where a monster's defaults differ from a character's (odnd: role, class and race "monster"). */
  monsterDefaults?: Readonly<Record<string, unknown>>
}

/**
 * A sheet filled with the system's defaults, named; a monster's (side `foe`) with the system's monster
 * defaults over them.
 */
export function defaultSheet(
  rules: Pick<SheetRules, 'fields' | 'monsterDefaults'>,
  name: string,
  side: 'pc' | 'foe' = 'pc',
): Record<string, unknown> {
  const sheet: Record<string, unknown> = Object.fromEntries(rules.fields.map((f) => [f.key, f.default]))
  if (side === 'foe') Object.assign(sheet, rules.monsterDefaults)
  sheet.name = name
  return sheet
}

export { MAX_LIST_ITEMS, MAX_TEXT } from './sheet-fields.ts'

/** Sheets read before, by the system's rules, the stored sheet object (or none) and the fighter's side and name. */
const read = new WeakMap<SheetRules<unknown>, WeakMap<object, Map<string, Outcome<unknown>>>>()
const NO_SHEET = {}

/**
 * A fighter's sheet as its system reads it; a GM's quick-add without a sheet gets the defaults. A stored
 * sheet is never changed in place (a new one replaces it), so each is read once per name.
 */
export function readSheet<Sheet>(
  rules: SheetRules<Sheet>,
  f: { name: string; side?: 'pc' | 'foe'; sheet?: Record<string, unknown> },
): Outcome<Sheet> {
  let bySheet = read.get(rules)
  if (!bySheet) {
    bySheet = new WeakMap()
    read.set(rules, bySheet)
  }
  const key = f.sheet ?? NO_SHEET
  let byName = bySheet.get(key)
  if (!byName) {
    byName = new Map()
    bySheet.set(key, byName)
  }
  const side = f.side ?? 'pc'
  const seen = `${side}:${f.name}`
  const known = byName.get(seen)
  if (known) return known as Outcome<Sheet>
  const parsed = rules.parse({ ...defaultSheet(rules, f.name, side), ...(f.sheet ?? {}) })
  const sheet = parsed.ok ? parsed : fail<Sheet>(`${f.name}: ${parsed.error}`)
  byName.set(seen, sheet)
  return sheet
}
