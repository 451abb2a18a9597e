/**
 * The encounter file (version 2) that "Export" writes and "Import" reads into a new room: readable JSON
 * of the combatants, the table rules, the monster library and the past fights. One reader checks it,
 * field by field, in the room before it builds anything (`readAnyEncounter`). What a file holds of a
 * system (its sheets, stat blocks and hit points) the reader asks the rules about (`SheetChecks`): the
 * schema holds no rules.
 */
import type { Outcome, SheetChecks } from '@fray/rules'
import { LIMITS } from './api.ts'
import { DEFAULT_SETTINGS, type GmMark, HP_LIMITS, type LogEntry, type RoomSettings } from './documents.ts'
import { fail, ok } from './outcome.ts'
import type { SystemId } from './systems.ts'

export interface EncounterFile {
  fray: 'encounter'
  version: 2
  system: SystemId
  name: string
  exportedAt: string
  /** The table rules the GM set ("What players see of monsters", physical dice...). */
  settings: RoomSettings
  /** On the table, and (`hidden`) in the GM's hidden roster. The seats stay in the old room. */
  combatants: ExportedCombatant[]
  /** The GM's monster library for the system. */
  library: LibraryMonster[]
  /** The fights filed at "New fight", oldest first: the new room lists them as imported. */
  pastFights: ExportedFight[]
  /** The log of the fight at hand, to read: only the server writes a room's log, so it is not imported. */
  log: LogEntry[]
}

/** A combatant as the GM reads it: its true hit points, sheet and state, wherever the room kept them. */
export interface ExportedCombatant {
  name: string
  side: 'pc' | 'foe'
  hp: number
  maxHp: number
  /** In the GM's hidden roster, off the table until revealed. */
  hidden?: true
  sheet?: Record<string, unknown>
  /** The rules' own conditions and wounds, as the room wrote them. */
  state?: Record<string, unknown>
  /** Its status chips ("Stunned (1 round)"). */
  status?: string[]
  /** Conditions the GM put on it. */
  conditions?: GmMark[]
  /** A monster whose defenses the GM answers, where the table rules have the room answer the others'. */
  gmDefends?: true
}

/** A monster of the library: hit points as a number ("7") or dice the room rolls for each copy ("1d8+1"). */
export interface LibraryMonster {
  name: string
  hp: string
  sheet?: Record<string, unknown>
}

/** A filed fight: what its heading says, and its log. */
export interface ExportedFight {
  endedAt: number
  rounds: number
  foes?: string
  entries: LogEntry[]
}

/** What one import takes; each document it builds is also held under the room's `MAX_IMPORTED_BYTES`. */
export const IMPORT_LIMITS = {
  /** The whole file, as the app sends it. */
  fileBytes: 8 * 1024 * 1024,
  pastFights: 100,
  /** Entries of one past fight: a long evening's log files itself long before this many. */
  entriesPerFight: 5000,
  /** Monsters in the library: as many as a GM's device keeps. */
  monsters: 500,
  /** A combatant's state, as JSON. */
  stateBytes: 16 * 1024,
} as const

/** A check that failed, at a field: `over` when a count or size is past what a room takes. */
export type FileCheck<T> = Outcome<T> | { ok: false; error: string; over: true }

/** A refusal with the field it names, thrown inside the reader and returned as its outcome. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly over = false,
  ) {
    super(message)
  }
}

const refuse = (field: string, why: string, over = false): never => {
  throw new Refusal(`${field}: ${why}`, over)
}

type Json = Record<string, unknown>

function object(value: unknown, field: string, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(field, `must be ${what}.`)
  return value as Json
}

function list(value: unknown, field: string, most: number, what: string): unknown[] {
  if (!Array.isArray(value)) return refuse(field, `must be a list of ${what}.`)
  if (value.length > most)
    refuse(field, `holds ${value.length} ${what}; an import takes at most ${most}.`, true)
  return value
}

function text(value: unknown, field: string, longest: number, empty = false): string {
  if (typeof value !== 'string' || (!empty && value.trim() === '') || value.length > longest)
    refuse(field, `must be a text of ${empty ? 0 : 1} to ${longest} characters.`)
  return value as string
}

function whole(value: unknown, field: string, lowest: number, highest: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < lowest || value > highest)
    refuse(field, `must be a whole number from ${lowest} to ${highest}.`)
  return value as number
}

function oneOf<T extends string>(value: unknown, field: string, options: readonly T[]): T {
  if (!options.includes(value as T))
    refuse(field, `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}.`)
  return value as T
}

const flag = (value: unknown, field: string): boolean =>
  typeof value === 'boolean' ? value : refuse(field, 'must be true or false.')

/** Copies the optional fields of `from` that are present, each read by its reader. */
function optional<T extends object>(
  from: Json,
  at: string,
  readers: { [K in keyof T]: (v: unknown, f: string) => T[K] },
) {
  const out: Partial<T> = {}
  for (const key of Object.keys(readers) as Array<keyof T & string>)
    if (from[key] !== undefined) out[key] = readers[key](from[key], `${at}.${key}`)
  return out
}

const MOST = 2 ** 53 - 1
/** A number a log entry holds (a total, a modifier): any finite one. */
const finite = (value: unknown, field: string): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : refuse(field, 'must be a number.')

/** What players and the GM may set of the table rules, each checked as the Table rules card offers it. */
function readSettingsField(value: unknown): RoomSettings {
  const s = object(value ?? {}, 'settings', 'an object of the table rules')
  return {
    ...DEFAULT_SETTINGS,
    ...optional<RoomSettings>(s, 'settings', {
      physicalDice: (v, f) => oneOf(v, f, ['trust', 'approve']),
      partyInitiative: (v, f) => oneOf(v, f, ['each-player', 'one-roll']),
      rerollInitiativeEachRound: flag,
      defenseSeconds: (v, f) => whole(v, f, 5, 600),
      foeHealth: (v, f) => oneOf(v, f, ['exact', 'word', 'none']),
      showFoeDefense: flag,
      foeDefense: (v, f) => oneOf(v, f, ['gm', 'book', 'none']),
      lateDefense: (v, f) => oneOf(v, f, ['wait', 'none', 'book']),
      incapacitation: (v, f) => oneOf(v, f, ['ask-gm', 'at-zero']),
    }),
  }
}

/** A sheet as the room stores one: the form's fields only, which the system's parser takes. */
function readSheetField(value: unknown, field: string, rules: SheetChecks, name: string, side: 'pc' | 'foe') {
  const kept = rules.sheet(object(value, field, "an object of the system's sheet fields"), name, side)
  if (!kept.ok) return refuse(field, kept.error)
  return kept.value
}

function readMark(value: unknown, field: string): GmMark {
  const m = object(value, field, 'a condition with an id, a name and its rounds')
  const rounds = m.rounds === null ? null : whole(m.rounds, `${field}.rounds`, 0, 9999)
  const mark: GmMark = { id: text(m.id, `${field}.id`, 64), name: text(m.name, `${field}.name`, 60), rounds }
  if (m.segments !== undefined) {
    const s = object(m.segments, `${field}.segments`, 'the segments left and the clock they count from')
    mark.segments = {
      left: whole(s.left, `${field}.segments.left`, 0, 99999),
      since: whole(s.since, `${field}.segments.since`, 0, MOST),
    }
  }
  return mark
}

function readCombatant(value: unknown, at: string, rules: SheetChecks): ExportedCombatant {
  const c = object(value, at, 'a combatant with a name, a side and hit points')
  const name = text(c.name, `${at}.name`, 60).trim()
  const side = oneOf(c.side ?? 'foe', `${at}.side`, ['pc', 'foe'])
  const combatant: ExportedCombatant = {
    name,
    side,
    hp: whole(c.hp, `${at}.hp`, HP_LIMITS.lowest, HP_LIMITS.highest),
    maxHp: whole(c.maxHp, `${at}.maxHp`, 1, HP_LIMITS.highest),
  }
  if (c.hidden !== undefined && flag(c.hidden, `${at}.hidden`)) combatant.hidden = true
  if (c.gmDefends !== undefined && flag(c.gmDefends, `${at}.gmDefends`)) combatant.gmDefends = true
  if (c.sheet !== undefined) combatant.sheet = readSheetField(c.sheet, `${at}.sheet`, rules, name, side)
  if (c.state !== undefined) {
    const state = object(c.state, `${at}.state`, "an object of the rules' conditions")
    const bytes = JSON.stringify(state).length
    if (bytes > IMPORT_LIMITS.stateBytes)
      refuse(
        `${at}.state`,
        `is ${bytes} bytes of JSON; a combatant's state takes at most ${IMPORT_LIMITS.stateBytes}.`,
        true,
      )
    combatant.state = state
  }
  if (c.status !== undefined)
    combatant.status = list(c.status, `${at}.status`, 20, 'status chips').map((s, i) =>
      text(s, `${at}.status[${i}]`, 200),
    )
  if (c.conditions !== undefined)
    combatant.conditions = list(c.conditions, `${at}.conditions`, 50, 'conditions').map((m, i) =>
      readMark(m, `${at}.conditions[${i}]`),
    )
  return combatant
}

function readMonster(value: unknown, at: string, rules: SheetChecks): LibraryMonster {
  const m = object(value, at, 'a monster with a name and hp')
  if (typeof m.name !== 'string' || m.name.trim() === '' || m.name.trim().length > 40)
    refuse(`${at}.name`, 'a name of 1 to 40 characters is needed.')
  const name = (m.name as string).trim()
  if (typeof m.hp !== 'string' && typeof m.hp !== 'number')
    refuse(`${at}.hp`, 'hit points are a number or dice such as "1d8+1".')
  const hp = rules.hitPoints(String(m.hp))
  if (!hp.ok) refuse(`${at}.hp`, hp.error)
  const monster: LibraryMonster = { name, hp: String(m.hp).trim() }
  if (m.sheet !== undefined) {
    const sheet = object(m.sheet, `${at}.sheet`, "a stat block, an object of the system's fields")
    const parsed = rules.statBlock(sheet, name)
    if (!parsed.ok) refuse(`${at}.sheet`, parsed.error)
    monster.sheet = sheet
  }
  return monster
}

/**
 * The monsters of a library (a library file's `monsters`, an encounter's `library`), the first bad field
 * named; `rules` are the checks of the library's system (the rules' `sheetChecks`).
 */
export function readMonsters(value: unknown, field: string, rules: SheetChecks): FileCheck<LibraryMonster[]> {
  return checked(() =>
    list(value, field, IMPORT_LIMITS.monsters, 'monsters').map((m, i) =>
      readMonster(m, `${field}[${i}]`, rules),
    ),
  )
}

/** Each kind of log entry, for the reader (a kind missing here is a compile error). */
const KINDS: Record<NonNullable<LogEntry['kind']>, true> = {
  attack: true,
  'start-of-fight': true,
  'end-of-round': true,
  'end-of-fight': true,
  rest: true,
  'hit-points': true,
  area: true,
  condition: true,
  event: true,
  'gm-hp': true,
  'gm-remove': true,
  'gm-reveal': true,
  'gm-hide': true,
  'end-combat': true,
}

type Entry = LogEntry

/**
 * A log entry of a past fight, as it is read: what the log shows of it (who, the dice, the sentence, how
 * it adds up). What acts on the room it was rolled in is left behind: its changes to undo, the seal of a
 * secret roll (a commitment nobody in this room made), the combatants it named.
 */
function readEntry(value: unknown, at: string): LogEntry {
  const e = object(value, at, 'a log entry')
  const entry: LogEntry = {
    id: text(e.id, `${at}.id`, 100),
    at: whole(e.at, `${at}.at`, 0, MOST),
    by: text(e.by, `${at}.by`, 200, true),
    notation: text(e.notation, `${at}.notation`, 200, true),
    faces: list(e.faces, `${at}.faces`, 200, 'faces').map((f, i) => whole(f, `${at}.faces[${i}]`, 0, 100000)),
    total: finite(e.total, `${at}.total`),
    source: oneOf(e.source, `${at}.source`, ['crypto', 'seeded', 'physical']),
  }
  return {
    ...entry,
    ...optional<Pick<Entry, 'detail' | 'status' | 'kind' | 'rounds' | 'undone' | 'rolls' | 'lines'>>(e, at, {
      detail: (v, f) => text(v, f, 4000, true),
      status: (v, f) => oneOf<NonNullable<Entry['status']>>(v, f, ['pending', 'approved', 'rejected']),
      kind: (v, f) => oneOf(v, f, Object.keys(KINDS) as Array<keyof typeof KINDS>),
      rounds: (v, f) => whole(v, f, 0, 99999),
      undone: flag,
      rolls: (v, f) => list(v, f, 200, 'dice').map((r, i) => readRoll(r, `${f}[${i}]`)),
      lines: (v, f) => list(v, f, 200, 'lines').map((l, i) => readLine(l, `${f}[${i}]`)),
    }),
  }
}

function readRoll(value: unknown, at: string): NonNullable<LogEntry['rolls']>[number] {
  const r = object(value, at, 'a die with its label, sides and face')
  return {
    label: text(r.label, `${at}.label`, 200, true),
    sides: whole(r.sides, `${at}.sides`, 1, 100000),
    face: whole(r.face, `${at}.face`, 0, 100000),
    ...(r.typed === true ? { typed: true } : {}),
    ...(r.theirs === true ? { theirs: true } : {}),
  }
}

function readLine(value: unknown, at: string): NonNullable<LogEntry['lines']>[number] {
  const l = object(value, at, 'a line with its label and value')
  return {
    label: text(l.label, `${at}.label`, 400, true),
    value: finite(l.value, `${at}.value`),
    ...optional(l, at, {
      rule: (v: unknown, f: string) => text(v, f, 400, true),
      health: (v: unknown, f: string) => text(v, f, 100),
      defense: (v: unknown, f: string) => text(v, f, 100),
    }),
    ...(l.note === true ? { note: true as const } : {}),
  }
}

function readFight(value: unknown, at: string): ExportedFight {
  const f = object(value, at, 'a past fight with its entries')
  const fight: ExportedFight = {
    endedAt: whole(f.endedAt, `${at}.endedAt`, 0, MOST),
    rounds: whole(f.rounds, `${at}.rounds`, 0, 99999),
    entries: list(f.entries, `${at}.entries`, IMPORT_LIMITS.entriesPerFight, 'entries').map((e, i) =>
      readEntry(e, `${at}.entries[${i}]`),
    ),
  }
  if (f.foes !== undefined) fight.foes = text(f.foes, `${at}.foes`, 400)
  return fight
}

function checked<T>(read: () => T): FileCheck<T> {
  try {
    return ok(read())
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return error.over ? { ok: false, error: error.message, over: true } : fail(error.message)
  }
}

/**
 * The system an encounter file is for, one of `systems` (the rules' `SYSTEM_IDS`), or why it names none
 * ("system: ...").
 */
export function encounterSystem(value: unknown, systems: readonly SystemId[]): Outcome<SystemId> {
  const file = value as Json | null
  if (file?.fray !== 'encounter') return fail('fray: that file is not a Fray encounter export.')
  const system = systems.find((id) => id === file.system)
  if (!system) return fail(`system: unknown rule system ${JSON.stringify(file.system)}.`)
  return ok(system)
}

/**
 * Reads an encounter file (version 2), every field checked: the first bad one is named with why
 * ("combatants[2].hp: must be a whole number from -999 to 9999."); nothing half-read is kept.
 * `systems` are the systems a room can play (the rules' `SYSTEM_IDS`), `rules` the checks of the file's
 * system (the rules' `sheetChecks`).
 */
export function readEncounter(
  value: unknown,
  systems: readonly SystemId[],
  rules: SheetChecks,
): FileCheck<EncounterFile> {
  const system = encounterSystem(value, systems)
  if (!system.ok) return system
  return checked(() => {
    const file = value as Json
    if (file.version !== 2) refuse('version', `${JSON.stringify(file.version)} is not one this reads (2).`)
    const combatants = list(
      file.combatants,
      'combatants',
      LIMITS.combatantsPerRoom,
      'combatants (hidden ones included)',
    )
    const library = readMonsters(file.library ?? [], 'library', rules)
    if (!library.ok) throw new Refusal(library.error, 'over' in library)
    return {
      fray: 'encounter',
      version: 2,
      system: system.value,
      name: text(file.name, 'name', 60).trim(),
      exportedAt: text(file.exportedAt, 'exportedAt', 40),
      settings: readSettingsField(file.settings),
      combatants: combatants.map((c, i) => readCombatant(c, `combatants[${i}]`, rules)),
      library: library.value,
      pastFights: list(file.pastFights ?? [], 'pastFights', IMPORT_LIMITS.pastFights, 'past fights').map(
        (f, i) => readFight(f, `pastFights[${i}]`),
      ),
      // The log is kept in the file to read; the room starts its own, so it is not read here.
      log: [],
    }
  })
}
