/**
 * A system's sheet fields, declared one to a line, and the one check every system's sheet goes through:
 * each value against its field, defaults filled in, the bad field named.
 */
import { unreachable } from '../assert.ts'
import { fail, type Outcome, ok } from '../outcome.ts'
import type { SheetField } from '../system.ts'

type Field<Kind extends SheetField['kind']> = Extract<SheetField, { kind: Kind }>
export type NumberField = Field<'number'>
type Options = Field<'choice'>['options']

/**
 * A number field: whole unless `integer` is false (zones' range and speed), within `min` and `max` where
 * they are given.
 */
export function number(
  key: string,
  label: string,
  value: number,
  { integer, ...o }: { min?: number; max?: number; integer?: false; help?: string } = {},
): SheetField {
  return { key, label, kind: 'number', default: value, ...o, ...(integer === false ? {} : { integer: true }) }
}

/** A text field, at most `maxLength` characters where that is given. */
export function text(
  key: string,
  label: string,
  value: string,
  o: { maxLength?: number; help?: string } = {},
): SheetField {
  return { key, label, kind: 'text', default: value, ...o }
}

/** A yes-or-no field, no unless `value` says otherwise. */
export function flag(key: string, label: string, value = false, o: { help?: string } = {}): SheetField {
  return { key, label, kind: 'boolean', default: value, ...o }
}

/** A field that takes one of `options`. */
export function choice(
  key: string,
  label: string,
  value: string,
  options: Options,
  o: { help?: string } = {},
): SheetField {
  return { key, label, kind: 'choice', default: value, options, ...o }
}

/** A list of entries, each filled in with the fields `of` (weapons, skills, spells). */
export function list(
  key: string,
  label: string,
  of: ReadonlyArray<SheetField>,
  value: ReadonlyArray<Record<string, unknown>> = [],
): SheetField {
  return { key, label, kind: 'list', of, default: value }
}

/**
 * A choice's options from each value's label, in the order written (values that are words, not numbers):
 * `options({ none: 'None', metal: 'Metal' })`. Typed with the values' union (`options<Size>(...)`), it
 * must label every one.
 */
export const options = <T extends string>(labels: Record<T, string>) =>
  Object.entries<string>(labels).map(([value, label]) => ({ value: value as T, label }))

/** What is wrong with a number a sheet was given. */
export interface NumberProblem {
  /** The field as the error names it: "Weapons 2: Magic bonus". */
  name: string
  field: NumberField
  /** The value as given, before it was read as a number. */
  given: unknown
  wrong: 'not a number' | 'not whole' | 'too low' | 'too high'
}

/** What is wrong with a value for a number field, if anything. */
function numberWrong(field: NumberField, value: unknown): NumberProblem['wrong'] | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'not a number'
  if (field.integer && !Number.isInteger(value)) return 'not whole'
  if (field.min !== undefined && value < field.min) return 'too low'
  if (field.max !== undefined && value > field.max) return 'too high'
  return undefined
}

/** How a number is refused, unless a system words it its own way. */
export function numberWords({ name, field, wrong }: NumberProblem): string {
  switch (wrong) {
    case 'not a number':
      return `${name} must be a number.`
    case 'not whole':
      return `${name} must be a whole number.`
    case 'too low':
      return `${name} must be at least ${field.min}.`
    case 'too high':
      return `${name} must be at most ${field.max}.`
    default:
      return unreachable(wrong)
  }
}

/** Where a system words a refusal its own way (its players and its tests know these words). */
export interface SheetWording {
  /** The input is not a set of fields at all: "The sheet must be a set of fields." */
  notASheet?: string
  /** How a list's entry is named before its fields' labels: "Weapons 2" (brp: "Weapon skills, entry 2"). */
  entry?: (list: string, n: number) => string
  /** How a number is refused: `numberWords` unless the system says otherwise. */
  number?: (problem: NumberProblem) => string
}

type Fields = Record<string, unknown>
type Words = Required<SheetWording>

/** The most items a list on a sheet holds (weapons, skills): more than any character carries. */
export const MAX_LIST_ITEMS = 20
/** The longest text a field without its own limit takes. */
export const MAX_TEXT = 200

/**
 * How the one walk over a sheet's fields reads what it is given: parsing (`parseFields`) checks every value
 * into the sheet's values, in a system's words; keeping (`sheetInput`, in sheet-checks.ts, which no phone's
 * fight loads) keeps what was given as given, within the limits of what is stored.
 */
export interface Walk {
  /** Keeping: a field the input does not have is left out, not given its default. */
  keep: boolean
  /** How a list's entry is named before its fields' labels. */
  entry: Words['entry']
  /** The refusal of a list past MAX_LIST_ITEMS. */
  tooMany: (name: string) => string
  /** A value read by its field (named `name`), but for a list of entries, which the walk reads itself. */
  read: (field: SheetField, given: unknown, name: string) => Outcome<unknown>
}

/** Whether `v` is a set of fields: an object, not an array. */
export const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Left out, a field takes its default: missing or null, or (but for a text, where blank is what was typed)
 * blank, as a form sends a cleared number box.
 */
const isLeftOut = (field: SheetField, v: unknown) =>
  v === undefined || v === null || (field.kind !== 'text' && typeof v === 'string' && v.trim() === '')

/** "Name must be at most 60 characters.": a text past its limit, parsed or kept. */
export const tooLong = (name: string, limit: number) => fail(`${name} must be at most ${limit} characters.`)

/** Parsing's reader: a value by its field's kind, its default where it was left out. */
function parseValue(field: SheetField, given: unknown, name: string, words: Words): Outcome<unknown> {
  const raw = isLeftOut(field, given) ? field.default : given
  switch (field.kind) {
    case 'number': {
      const value = typeof raw === 'string' ? Number(raw.trim()) : raw
      const wrong = numberWrong(field, value)
      return wrong ? fail(words.number({ name, field, given, wrong })) : ok(value)
    }
    case 'text': {
      if (typeof raw !== 'string') return fail(`${name} must be text.`)
      const value = raw.trim()
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return tooLong(name, field.maxLength)
      return ok(value)
    }
    case 'boolean':
      return typeof raw === 'boolean' ? ok(raw) : fail(`${name} must be yes or no.`)
    case 'choice':
      if (typeof raw !== 'string' || !field.options.some((o) => o.value === raw))
        return fail(`${name} must be one of: ${field.options.map((o) => o.label).join(', ')}.`)
      return ok(raw)
    case 'list':
      return fail(`${name} must be a list.`)
    default:
      return unreachable(field)
  }
}

const DEFAULT_WORDING: Words = {
  notASheet: 'The sheet must be a set of fields.',
  entry: (list, n) => `${list} ${n}`,
  number: numberWords,
}

/**
 * Reads input against a system's fields into the values of a sheet: every field checked, a field left
 * out (missing, null, or a blank number, flag, choice or list) filled with its default (a list's default
 * read entry by entry, so each sheet gets its own copy), numbers typed as text read as numbers, texts
 * trimmed, and nothing kept that is not a field. The first bad value is refused in a sentence that starts
 * with its field's name ("Weapons 2: Damage must be at most 12 characters."), in the system's words where
 * it has its own.
 */
export function parseFields(
  fields: ReadonlyArray<SheetField>,
  input: unknown,
  wording: SheetWording = {},
): Outcome<Fields> {
  const words: Words = { ...DEFAULT_WORDING, ...wording }
  if (!isFields(input)) return fail(words.notASheet)
  return walkFields(fields, input, '', {
    keep: false,
    entry: words.entry,
    tooMany: (name) => `${name} may hold at most ${MAX_LIST_ITEMS} entries.`,
    read: (field, given, name) => parseValue(field, given, name, words),
  })
}

/**
 * The one walk: each of the fields read from `input` by `walk`, named after `where`, a list's entries
 * walked in turn; the first refusal stops it.
 */
export function walkFields(
  fields: ReadonlyArray<SheetField>,
  input: Fields,
  where: string,
  walk: Walk,
): Outcome<Fields> {
  const out: Fields = {}
  for (const field of fields) {
    if (walk.keep && !Object.hasOwn(input, field.key)) continue
    const read = readOne(field, input[field.key], `${where}${field.label}`, walk)
    if (!read.ok) return read
    out[field.key] = read.value
  }
  return ok(out)
}

function readOne(field: SheetField, given: unknown, name: string, walk: Walk): Outcome<unknown> {
  const raw = field.kind === 'list' && !walk.keep && isLeftOut(field, given) ? field.default : given
  if (field.kind !== 'list' || !Array.isArray(raw)) return walk.read(field, given, name)
  if (raw.length > MAX_LIST_ITEMS) return fail(walk.tooMany(name))
  const entries: Fields[] = []
  for (const [i, item] of raw.entries()) {
    const entry = walk.entry(name, i + 1)
    // What is kept of an entry that is not a set of fields is none of them; the parse refuses it.
    if (!isFields(item) && !walk.keep) return fail(`${entry} must be a set of fields.`)
    const read = walkFields(field.of, isFields(item) ? item : {}, `${entry}: `, walk)
    if (!read.ok) return read
    entries.push(read.value)
  }
  return ok(entries)
}
