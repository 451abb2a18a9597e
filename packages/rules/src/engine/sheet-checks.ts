/**
 * The checks of what a GM or a file gives for one system: a combatant's sheet, a monster's stat block, hit
 * points as typed. In a file of their own, apart from `sheet.ts`: a phone's fight loads that, never these.
 */
import { tryParseDice } from '../dice/parse.ts'
import { fail, type Outcome, ok } from '../outcome.ts'
import type { SheetField } from '../system.ts'
import { defaultSheet, type SheetRules } from './sheet.ts'
import { isFields, MAX_LIST_ITEMS, MAX_TEXT, tooLong, type Walk, walkFields } from './sheet-fields.ts'

/** Keeping's reader: a value as given, a text within its field's limit and any other within MAX_TEXT. */
const keepValue = (field: SheetField, given: unknown, name: string) => {
  const limit = field.kind === 'text' ? (field.maxLength ?? MAX_TEXT) : MAX_TEXT
  return typeof given === 'string' && given.length > limit ? tooLong(name, limit) : ok(given)
}

const KEEP: Walk = {
  keep: true,
  entry: (list) => list,
  tooMany: (name) => `${name}: at most ${MAX_LIST_ITEMS}.`,
  read: keepValue,
}

/**
 * What of a client's sheet input is stored: the form's own fields only, as given (unknown keys dropped, at
 * every level), by the one walk over the fields. A list longer than MAX_LIST_ITEMS or a text longer than
 * its field allows (MAX_TEXT for a value of any other field) is refused, naming the field; the system's
 * parser (`parseFields`) then checks every value.
 */
export function sheetInput(
  fields: ReadonlyArray<SheetField>,
  input: unknown,
): Outcome<Record<string, unknown>> {
  return walkFields(fields, isFields(input) ? input : {}, '', KEEP)
}

/** Hit points as a GM types them: a fixed number, or dice the room rolls for each copy. */
export type TypedHitPoints = { fixed: number } | { dice: string }

/** What a GM typed for hit points: a fixed number, dice for the room to roll, or why neither. */
export function readHitPoints(typed: string): Outcome<TypedHitPoints> {
  const t = typed.trim()
  if (/^\d+$/.test(t)) {
    const hp = Number(t)
    if (hp < 1) return fail('Hit points must be at least 1.')
    if (hp > 9999) return fail('Hit points above 9999 are surely a typo.')
    return ok({ fixed: hp })
  }
  if (t === '') return fail('Give the hit points: a number, or dice such as 1d8+1.')
  const parsed = tryParseDice(t)
  if (!parsed.ok) return fail(`Hit points are a number or dice such as 1d8+1: ${parsed.error.message}.`)
  if (!/d/i.test(t)) return fail('Hit points are a whole number, or dice such as 1d8+1.')
  return ok({ dice: t })
}

/**
 * What the table checks, by one system's sheet rules, of what a GM or a file gives: the schema's readers
 * (an encounter file, a monster library) ask these and hold no rules of their own.
 */
export interface SheetChecks {
  /**
   * A combatant's sheet as the room stores it: the form's fields within their limits (`sheetInput`), which
   * the system's parser takes over its defaults for `name` on `side`; or why not.
   */
  sheet(value: unknown, name: string, side: 'pc' | 'foe'): Outcome<Record<string, unknown>>
  /** A monster's stat block, named, read by the system's parser; or why it refuses it. */
  statBlock(value: Record<string, unknown>, name: string): Outcome<unknown>
  /** Hit points as a GM types them (`readHitPoints`). */
  hitPoints(typed: string): Outcome<TypedHitPoints>
}

/** The table's checks by `rules`, a system's sheet rules. */
export function sheetChecks(rules: SheetRules): SheetChecks {
  return {
    sheet(value, name, side) {
      const kept = sheetInput(rules.fields, value)
      if (!kept.ok) return kept
      const parsed = rules.parse({ ...defaultSheet(rules, name, side), ...kept.value })
      return parsed.ok ? kept : fail(parsed.error)
    },
    statBlock: (value, name) => rules.parse({ ...value, name }),
    hitPoints: readHitPoints,
  }
}
