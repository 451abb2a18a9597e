/**
 * What the room reads of the table and writes back: the fighters as the rules see them, and outcomes
 * applied to the table and logged with every die and what they changed, so the GM can revert them.
 */
import {
  type CombatantFields,
  LOG,
  type LogEntry,
  type RoomSettings,
  readSettings,
  TABLE,
} from '@fray/protocol'
import {
  type DiceSource,
  type Fighter,
  type FighterChange,
  type RecordedDie,
  type Resolution,
  type RuleSystem,
  recordingRoller,
} from '@fray/rules'
import type * as Y from 'yjs'

/** What every piece of room logic works over: the room's rules (its system's), documents, dice and clock. */
export interface RoomContext {
  rules: RuleSystem
  table: Y.Doc
  log: Y.Doc
  dice: DiceSource
  now: number
}

function fighterFrom(id: string, fields: Y.Map<unknown>): Fighter {
  const sheet = fields.get('sheet')
  const state = fields.get('state')
  return {
    id,
    name: String(fields.get('name') ?? id),
    side: fields.get('side') === 'pc' ? 'pc' : 'foe',
    ...(sheet && typeof sheet === 'object' ? { sheet: sheet as Record<string, unknown> } : {}),
    hp: Number(fields.get('hp') ?? 0),
    maxHp: Number(fields.get('maxHp') ?? 0),
    state: state && typeof state === 'object' ? (state as Record<string, unknown>) : {},
  }
}

/** The combatants on the table, as the rules see them. */
export function fighters(table: Y.Doc): Fighter[] {
  return [...table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].map(([id, f]) => fighterFrom(id, f))
}

export function settingsOf(table: Y.Doc): RoomSettings {
  return readSettings(table.getMap<unknown>(TABLE.settings))
}

/** The seat playing this combatant, or null for the GM's. */
export function seatOf(table: Y.Doc, combatantId: string): string | null {
  const seatId = table.getMap<Y.Map<unknown>>(TABLE.combatants).get(combatantId)?.get('seatId')
  return typeof seatId === 'string' ? seatId : null
}

/** A roller over the room's dice, typed faces first: see `recordingRoller`. */
export const roomRoller = (ctx: RoomContext, typed: readonly number[] = []) =>
  recordingRoller(typed, (sides) => ctx.dice.roll(sides))

const sourceOf = (ctx: RoomContext, typed: boolean): LogEntry['source'] =>
  typed || ctx.dice.kind === 'scripted' ? 'physical' : ctx.dice.kind

/** Appends entries to the log, which only the room writes. */
export function appendLog(ctx: RoomContext, ...entries: LogEntry[]): void {
  if (entries.length > 0)
    ctx.log.transact(() => ctx.log.getArray<LogEntry>(LOG.entries).push(entries), 'server')
}

/** A plain roll for the log (initiative, surprise): the faces, the total and how it adds up. */
export function rollEntry(
  ctx: RoomContext,
  id: string,
  by: string,
  sides: readonly number[],
  roll: { faces: number[]; total: number; detail: string },
  typed: boolean,
): LogEntry {
  return {
    id,
    at: ctx.now,
    by,
    notation: sides.map((s) => `1d${s}`).join(' + '),
    faces: roll.faces,
    total: roll.total,
    source: sourceOf(ctx, typed),
    detail: roll.detail,
  }
}

/** Applies an outcome to the table (unless it waits for the GM) and logs it with what it changed. */
export function record(
  ctx: RoomContext,
  entry: Pick<LogEntry, 'id' | 'by' | 'kind' | 'attack'>,
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
      const fields = map.get(id)
      if (!fields) continue
      const before = fighterFrom(id, fields)
      recorded[id] = { before: pick(before, change), after: change }
      write(ctx, fields, { ...before, ...change })
    }
  }, 'server')
  return recorded
}

/** What an outcome would change, recorded without applying it (it waits for the GM's approval). */
function proposed(
  ctx: RoomContext,
  changes: Record<string, FighterChange>,
): NonNullable<LogEntry['changes']> {
  const map = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const recorded: NonNullable<LogEntry['changes']> = {}
  for (const [id, change] of Object.entries(changes)) {
    const fields = map.get(id)
    if (fields) recorded[id] = { before: pick(fighterFrom(id, fields), change), after: change }
  }
  return recorded
}

const pick = (f: Fighter, change: FighterChange): FighterChange => ({
  ...(change.hp !== undefined ? { hp: f.hp } : {}),
  ...(change.state !== undefined ? { state: f.state } : {}),
})

/** Writes a combatant's hit points and state, with the status chips the system shows for them. */
export function write(ctx: RoomContext, fields: Y.Map<unknown>, f: Fighter): void {
  const values: Partial<CombatantFields> = {
    hp: f.hp,
    state: f.state,
    status: ctx.rules.combat.status(f),
  }
  for (const [key, value] of Object.entries(values)) fields.set(key, value)
}

/** Reads one combatant back as a fighter. */
export function fighterOf(table: Y.Doc, id: string): Fighter | null {
  const fields = table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
  return fields ? fighterFrom(id, fields) : null
}

/** The system's end of a round: conditions tick, and morale, bleeding or death at 0 where the rules say. */
export function endOfRound(ctx: RoomContext, round: number): void {
  const roller = roomRoller(ctx)
  const resolved = ctx.rules.combat.endOfRound(fighters(ctx.table), round, roller.roll)
  if (!resolved.ok) return
  const changed = Object.keys(resolved.value.changes).length > 0
  if (!changed && roller.rolls.length === 0 && resolved.value.lines.length === 0) return
  record(
    ctx,
    { id: `end-of-round-${round}-${ctx.now}`, by: `End of round ${round}`, kind: 'end-of-round' },
    resolved.value,
    roller.rolls,
  )
}
