/**
 * What the room writes back: outcomes applied to the table (a monster's hidden hit points to the gm
 * document) and logged with every die and what they changed, so the GM can revert them. The fighters as
 * the rules read them are in fighters.ts.
 */
import { type CombatantFields, LOG, type LogEntry, TABLE } from '@fray/protocol'
import {
  type Fighter,
  type FighterChange,
  type Outcome,
  type RecordedDie,
  type Resolution,
  type Roller,
  recordingRoller,
  signed,
} from '@fray/rules'
import type * as Y from 'yjs'
import { fighterOf, fighters, type RoomContext, secretOf } from './fighters.ts'
import { keptFromPlayers, placeHealth, type RoomEntry, splitEntry, writeStatus } from './foe-health.ts'
import { append, setIfChanged } from './map-writes.ts'

export type { RoomContext }

/** The seat playing this combatant, or null for the GM's. */
export function seatOf(table: Y.Doc, combatantId: string): string | null {
  const seatId = table.getMap<Y.Map<unknown>>(TABLE.combatants).get(combatantId)?.get('seatId')
  return typeof seatId === 'string' ? seatId : null
}

/** A roller over the room's dice, typed faces first: see `recordingRoller`. */
export function roomRoller(ctx: RoomContext, typed: readonly number[] = [], rolled: readonly number[] = []) {
  // Faces the room rolled already for this attack (before its defender chose) come first, as they fell.
  let next = 0
  return recordingRoller(typed, (sides) => rolled[next++] ?? ctx.dice.roll(sides))
}

const sourceOf = (ctx: RoomContext, typed: boolean): LogEntry['source'] =>
  typed || ctx.dice.kind === 'scripted' ? 'physical' : ctx.dice.kind

/**
 * Appends entries to the log, which only the room writes: each as players may see it, what it keeps from
 * them in the gm document (see `RoomEntry`).
 */
export function appendLog(ctx: RoomContext, ...entries: RoomEntry[]): void {
  // What shows a monster's hidden hit points goes to the gm document (splitEntry).
  const shown = entries.map((e) => splitEntry(ctx, e))
  append(ctx.log.getArray<LogEntry>(LOG.entries), shown)
}

/** "a, b and c": a list in a log line's words. */
export function listed(parts: readonly string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/**
 * A line of the GM's that rolls nothing (a condition, an edit, who is at the table, an event): the one
 * shape of them all, its words in `detail`.
 */
export function gmEntry(ctx: RoomContext, id: string, kind: LogEntry['kind'], detail: string): LogEntry {
  return { id, at: ctx.now, by: 'The GM', kind, notation: '—', faces: [], total: 0, source: 'crypto', detail }
}

/**
 * A plain roll for the log (initiative, surprise): the faces, the total and how it adds up. Its notation
 * says what the rules add to the dice ("1d6+2"), and dice rolled apart are listed apart with each one's
 * total ("1d10+5, 1d8+5": 10, 7), so that what a player reads adds up (#54).
 */
export function rollEntry(
  ctx: RoomContext,
  id: string,
  by: string,
  sides: readonly number[],
  roll: { faces: number[]; total: number; detail: string; bonus?: number; totals?: number[] },
  typed: boolean,
): LogEntry {
  const added = roll.bonus ? signed(roll.bonus) : ''
  return {
    id,
    at: ctx.now,
    by,
    notation: roll.totals
      ? sides.map((s) => `1d${s}${added}`).join(', ')
      : `${sides.map((s) => `1d${s}`).join(' + ')}${added}`,
    faces: roll.faces,
    total: roll.totals?.[0] ?? roll.total,
    ...(roll.totals ? { totals: roll.totals } : {}),
    source: sourceOf(ctx, typed),
    detail: roll.detail,
  }
}

/** Applies an outcome to the table (unless it waits for the GM) and logs it with what it changed. */
export function record(
  ctx: RoomContext,
  entry: Pick<LogEntry, 'id' | 'by' | 'kind' | 'attack' | 'group' | 'spent'>,
  resolution: Resolution,
  rolls: readonly RecordedDie[],
  hold = false,
): void {
  const changes = hold ? proposed(ctx, resolution.changes) : applyChanges(ctx, resolution.changes)
  appendLog(ctx, {
    ...entry,
    at: ctx.now,
    notation: rolls.map((r) => `d${r.sides}`).join(' + ') || '—',
    faces: rolls.map((r) => r.face),
    total: rolls[0]?.face ?? 0,
    source: sourceOf(
      ctx,
      rolls.some((r) => r.typed),
    ),
    ...(hold ? { status: 'pending' as const } : {}),
    detail: resolution.summary,
    ...(resolution.publicSummary !== undefined ? { publicDetail: resolution.publicSummary } : {}),
    rolls: [...rolls],
    lines: resolution.lines,
    changes,
  })
}

/** Writes each change, and remembers each combatant's fields before it. */
export function applyChanges(
  ctx: RoomContext,
  changes: Record<string, FighterChange>,
): NonNullable<LogEntry['changes']> {
  const map = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const recorded: NonNullable<LogEntry['changes']> = {}
  ctx.table.transact(() => {
    for (const [id, change] of Object.entries(changes)) {
      const before = map.has(id) ? fighterOf(ctx, id) : null
      if (!before) continue
      recorded[id] = { before: pick(before, change), after: change }
      write(ctx, { ...before, ...change })
    }
  }, 'server')
  return recorded
}

/** What an outcome would change, recorded without applying it (it waits for the GM's approval). */
function proposed(
  ctx: RoomContext,
  changes: Record<string, FighterChange>,
): NonNullable<LogEntry['changes']> {
  const recorded: NonNullable<LogEntry['changes']> = {}
  for (const [id, change] of Object.entries(changes)) {
    const before = fighterOf(ctx, id)
    if (before) recorded[id] = { before: pick(before, change), after: change }
  }
  return recorded
}

const pick = (f: Fighter, change: FighterChange): FighterChange => ({
  ...(change.hp !== undefined ? { hp: f.hp } : {}),
  ...(change.state !== undefined ? { state: f.state } : {}),
})

/**
 * Writes a combatant's hit points and state, with the status chips the system shows for them: on the
 * table, or in the gm document for a monster whose hit points players do not see (then its words follow).
 */
export function write(ctx: RoomContext, f: Fighter): void {
  const fields = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(f.id)
  if (!fields) return
  const values: Partial<CombatantFields> = { hp: f.hp, state: f.state }
  const kept = keptFromPlayers(ctx, f.id)
  // The gm document holds the truth before anything is written to it: no hit points pass the table.
  if (kept) placeHealth(ctx, f.id)
  const secret = kept ? secretOf(ctx, f.id) : undefined
  ctx.gm.transact(() => {
    for (const [key, value] of Object.entries(values)) setIfChanged(secret ?? fields, key, value)
  }, 'server')
  writeStatus(ctx, f.id, statusOf(ctx, f))
  placeHealth(ctx, f.id)
}

/** The chips last read of each combatant, by table: a fighter read again with nothing changed has them still. */
const chipsRead = new WeakMap<Y.Doc, Map<string, { f: Fighter; chips: string[] }>>()

/** Nothing there, or nothing in it: a fighter with no state yet is read with a new `{}` each time. */
const same = (a: object | undefined, b: object | undefined) =>
  a === b ||
  (a !== undefined && b !== undefined && Object.keys(a).length === 0 && Object.keys(b).length === 0)

/**
 * A combatant's status chips as its rules say (`CombatRules.status`, pure of the fighter): asked again only
 * when what they read has changed. The table hands back the very state and sheet it was given until they
 * are written anew, so after each request only the fighters it changed are asked, not the whole table.
 */
function statusOf(ctx: RoomContext, f: Fighter): string[] {
  let read = chipsRead.get(ctx.table)
  if (!read) {
    read = new Map()
    chipsRead.set(ctx.table, read)
  }
  const last = read.get(f.id)
  if (
    last &&
    last.f.hp === f.hp &&
    last.f.maxHp === f.maxHp &&
    last.f.name === f.name &&
    last.f.side === f.side &&
    same(last.f.state, f.state) &&
    same(last.f.sheet, f.sheet)
  )
    return last.chips
  const chips = ctx.rules.combat.status(f)
  read.set(f.id, { f, chips })
  return chips
}

/**
 * Every combatant's status chips as its rules say now: after the GM's own edit of hit points (a goblin
 * taken to -1 by hand is Dead in osr; one healed above 0 is no longer), which no outcome wrote.
 */
export function writeAllStatus(ctx: RoomContext): void {
  const combatants = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  ctx.table.transact(() => {
    for (const f of fighters(ctx)) {
      const fields = combatants.get(f.id)
      const chips = statusOf(ctx, f)
      // None shown and none to show: nothing written (a refused request writes nothing).
      if (fields && (fields.has('status') || chips.length > 0)) writeStatus(ctx, f.id, chips)
    }
  }, 'server')
}

/** The system's end of a round: conditions tick, and morale, bleeding or death at 0 where the rules say. */
export function endOfRound(ctx: RoomContext, round: number): void {
  const entry = {
    id: `end-of-round-${round}-${ctx.now}`,
    by: `End of round ${round}`,
    kind: 'end-of-round',
  } as const
  recordEffect(ctx, entry, (roll) => ctx.rules.combat.endOfRound(fighters(ctx), round, roll))
}

/** The system's start of a fight (odnd: attacks made before it count against no round), logged with its words. */
export function startOfFight(ctx: RoomContext, logId: string): void {
  const entry = { id: `${logId}/start-of-fight`, by: 'The fight begins', kind: 'start-of-fight' } as const
  recordEffect(ctx, entry, () => ctx.rules.combat.startOfFight?.(fighters(ctx)))
}

/** The system's end of a fight (zones: durability rolls for the gear used), logged like an outcome the GM may undo. */
export function endOfFight(ctx: RoomContext, logId: string): void {
  const entry = { id: `${logId}/end-of-fight`, by: 'After the fight', kind: 'end-of-fight' } as const
  recordEffect(ctx, entry, (roll) => ctx.rules.combat.endOfFight?.(fighters(ctx), roll))
}

/** Rolls and records an effect of the system's own (a round's end, a fight's), unless it did nothing. */
function recordEffect(
  ctx: RoomContext,
  entry: Pick<LogEntry, 'id' | 'by' | 'kind'>,
  effect: (roll: Roller) => Outcome<Resolution> | undefined,
): void {
  const roller = roomRoller(ctx)
  const resolved = effect(roller.roll)
  if (!resolved?.ok) return
  const changed = Object.keys(resolved.value.changes).length > 0
  if (!changed && roller.rolls.length === 0 && resolved.value.lines.length === 0) return
  record(ctx, entry, resolved.value, roller.rolls)
}
