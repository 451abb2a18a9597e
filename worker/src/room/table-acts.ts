/**
 * The GM's acts on who is at the table, as requests: take a combatant off it, bring a hidden monster onto
 * it, put one back in the hidden roster, end the combat. Each is applied once, logged and undoable, and
 * none leaves a hole in the order: a tablet that deleted a combatant itself left "?" on every device, and
 * nothing to bring it back with.
 */
import {
  GM,
  LIMITS,
  type LogEntry,
  type LogSecret,
  type RequestResult,
  splitForTable,
  TABLE,
  type TableUndo,
} from '@fray/protocol'
import { IDLE_TURN } from '@fray/rules'
import * as Y from 'yjs'
import { combatantsIn, secretOf, settingsOf } from './fighters.ts'
import { appendLog, gmEntry, type RoomContext } from './outcomes.ts'
import { closePromptsOf, openPrompt, openPrompts } from './prompts.ts'
import { readTurn, writeTurn } from './turn-doc.ts'
import { closeCombat, leaveTurn, refreshTurn } from './turn-flow.ts'

type Kept = TableUndo & { entryId: string; seq: number }

const keptFor = (ctx: RoomContext) => ctx.gm.getMap<Kept>(GM.undo)

/**
 * Keeps what undoing an act needs, under a slot key (`u0`…) reused once `LIMITS.undoableActs` later acts
 * came: a key per act would leave a tombstone in the gm document for every one of a campaign's.
 */
function keepForUndo(ctx: RoomContext, entryId: string, undo: TableUndo): void {
  const kept = keptFor(ctx)
  const seq = Math.max(-1, ...[...kept.values()].map((k) => k.seq)) + 1
  ctx.gm.transact(() => kept.set(`u${seq % LIMITS.undoableActs}`, { ...undo, entryId, seq }), 'server')
}

/** What was kept to undo this entry, and its key; undefined once later acts took its slot. */
function keptOf(ctx: RoomContext, entryId: string): [string, Kept] | undefined {
  for (const [key, kept] of keptFor(ctx).entries()) if (kept.entryId === entryId) return [key, kept]
  return undefined
}

/** At New fight: the acts of the fight filed cannot be undone any more. */
export function forgetUndoableActs(ctx: RoomContext): void {
  const kept = keptFor(ctx)
  if (kept.size > 0) ctx.gm.transact(() => kept.clear(), 'server')
}

/** The GM's entry for one of these acts; `gmDetail`, the words only the GM reads (kept in the gm document). */
function logAct(
  ctx: RoomContext,
  entryId: string,
  kind: NonNullable<LogEntry['kind']>,
  detail: string,
  extra: Partial<LogEntry> = {},
  gmDetail?: string,
): void {
  if (gmDetail !== undefined) {
    const secret: LogSecret = { changes: {}, lines: [], detail: gmDetail }
    ctx.gm.transact(() => ctx.gm.getMap<LogSecret>(GM.logSecrets).set(entryId, secret), 'server')
  }
  // Undoable: the log offers Undo for an entry with changes, these ones' being who is at the table.
  appendLog(ctx, { ...gmEntry(ctx, entryId, kind, detail), changes: {}, ...extra })
}

const combatantsOf = (ctx: RoomContext) => ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
const hiddenOf = (ctx: RoomContext) => ctx.gm.getMap<Y.Map<unknown>>(GM.hidden)
const nameOf = (fields: Y.Map<unknown>) => String(fields.get('name') ?? 'A combatant')

/** A combatant's fields as the room reads them: the table's, with what the gm document kept from players over them. */
function truthOf(ctx: RoomContext, id: string, fields: Y.Map<unknown>): Record<string, unknown> {
  const { health: _, ...shown } = fields.toJSON() as Record<string, unknown>
  return { ...shown, ...(secretOf(ctx, id)?.toJSON() ?? {}) }
}

/** Puts a combatant's fields on the table, what players may not see of it into the gm document. */
function putOnTable(ctx: RoomContext, id: string, values: Record<string, unknown>): void {
  const split = splitForTable(settingsOf(ctx.table), values)
  if (split.secret) {
    const kept = split.secret
    ctx.gm.transact(() => {
      const secret = new Y.Map<unknown>()
      ctx.gm.getMap<Y.Map<unknown>>(GM.foeSecrets).set(id, secret)
      for (const [key, value] of Object.entries(kept)) secret.set(key, value)
    }, 'server')
  }
  ctx.table.transact(() => {
    const fields = new Y.Map<unknown>()
    combatantsOf(ctx).set(id, fields)
    for (const [key, value] of Object.entries(split.table)) fields.set(key, value)
  }, 'server')
}

/** Takes a combatant off the table: its fields, its hidden ones, its prompts and its place in the order. */
function takeOff(ctx: RoomContext, id: string): void {
  closePromptsOf(ctx.table, id)
  ctx.table.transact(() => combatantsOf(ctx).delete(id), 'server')
  if (secretOf(ctx, id)) ctx.gm.transact(() => ctx.gm.getMap(GM.foeSecrets).delete(id), 'server')
  leaveTurn(ctx, id)
}

/** A refusal where a combatant back at the table would take the room past its cap. */
function tableFull(ctx: RoomContext): RequestResult | null {
  if (combatantsIn(ctx.table, ctx.gm) < LIMITS.combatantsPerRoom) return null
  return {
    ok: false,
    error: `The table holds ${LIMITS.combatantsPerRoom} combatants already; remove one first.`,
  }
}

/** Takes a combatant off the table for good (or until undone): out of every slot of the order. */
export function removeCombatant(ctx: RoomContext, id: string, entryId: string): RequestResult {
  const fields = combatantsOf(ctx).get(id)
  if (!fields) return { ok: false, error: 'That combatant is no longer on the table.' }
  const name = nameOf(fields)
  const secret = secretOf(ctx, id)?.toJSON()
  keepForUndo(ctx, entryId, { act: 'remove', id, fields: fields.toJSON(), ...(secret ? { secret } : {}) })
  takeOff(ctx, id)
  logAct(ctx, entryId, 'gm-remove', `The GM took ${name} off the table.`, { combatantId: id })
  return { ok: true, logId: entryId }
}

/** Brings a monster of the hidden roster onto the table, where the turn takes it in. */
function bringOut(ctx: RoomContext, id: string): RequestResult | string {
  const kept = hiddenOf(ctx).get(id)
  if (!kept) {
    const there = combatantsOf(ctx).get(id)
    return there
      ? { ok: false, error: `${nameOf(there)} is on the table already.` }
      : { ok: false, error: 'No such monster in the hidden roster.' }
  }
  const name = nameOf(kept)
  // Onto the table first: should anything stop half-way, the monster is shown, never lost.
  putOnTable(ctx, id, kept.toJSON() as Record<string, unknown>)
  ctx.gm.transact(() => hiddenOf(ctx).delete(id), 'server')
  return name
}

/** Puts a monster of the table back in the hidden roster, whole: players see it leave, nothing of it stays. */
function putAway(ctx: RoomContext, id: string): RequestResult | string {
  const fields = combatantsOf(ctx).get(id)
  if (!fields) return { ok: false, error: 'That combatant is no longer on the table.' }
  const name = nameOf(fields)
  if (fields.get('side') === 'pc')
    return { ok: false, error: `${name} is a player’s character: only monsters wait in the hidden roster.` }
  const values = truthOf(ctx, id, fields)
  ctx.gm.transact(() => {
    const kept = new Y.Map<unknown>()
    hiddenOf(ctx).set(id, kept)
    for (const [key, value] of Object.entries(values)) kept.set(key, value)
  }, 'server')
  takeOff(ctx, id)
  return name
}

export function revealCombatant(ctx: RoomContext, id: string, entryId: string): RequestResult {
  const full = tableFull(ctx)
  const name = full ?? bringOut(ctx, id)
  if (typeof name !== 'string') return name
  logAct(ctx, entryId, 'gm-reveal', `${name} steps out: the GM revealed them.`, { combatantId: id })
  return { ok: true, logId: entryId }
}

export function hideCombatant(ctx: RoomContext, id: string, entryId: string): RequestResult {
  const name = putAway(ctx, id)
  if (typeof name !== 'string') return name
  // Players saw it leave; that it waits in the roster, to come back, is the GM's to know.
  logAct(
    ctx,
    entryId,
    'gm-hide',
    `${name} left the table.`,
    { combatantId: id },
    `The GM hid ${name} again, in the hidden roster.`,
  )
  return { ok: true, logId: entryId }
}

/**
 * Ends the combat: the turn closes, its prompts with it, and the log says in which round, which New fight
 * files with the fight. Undone, the round goes on where it was, its prompts open again, while no other
 * combat has started.
 */
export function endCombat(ctx: RoomContext, entryId: string): RequestResult {
  const turn = readTurn(ctx.table)
  if (turn.status === 'idle') return { ok: false, error: 'No combat is running.' }
  keepForUndo(ctx, entryId, { act: 'end-combat', turn, prompts: openPrompts(ctx.table) })
  closeCombat(ctx, entryId)
  const rounds = turn.round
  const said = `The GM ended the combat in round ${rounds}.`
  logAct(ctx, entryId, 'end-combat', said, { rounds })
  return { ok: true, logId: entryId }
}

/**
 * Undoes one of these acts, or null when the entry is none of them. The entry is then the caller's to
 * mark undone.
 */
export function undoTableAct(ctx: RoomContext, entry: LogEntry): RequestResult | null {
  const done: RequestResult = { ok: true, logId: entry.id }
  switch (entry.kind) {
    case 'gm-reveal': {
      const id = entry.combatantId
      if (id === undefined)
        return { ok: false, error: 'That monster is no longer on the table to hide again.' }
      const put = putAway(ctx, id)
      return typeof put === 'string' ? done : put
    }
    case 'gm-hide': {
      const id = entry.combatantId
      if (id === undefined) return { ok: false, error: 'That monster is no longer in the hidden roster.' }
      const full = tableFull(ctx)
      const out = full ?? bringOut(ctx, id)
      if (typeof out !== 'string') return out
      refreshTurn(ctx)
      return done
    }
    case 'gm-remove': {
      const [key, kept] = keptOf(ctx, entry.id) ?? []
      if (key === undefined || kept?.act !== 'remove')
        return { ok: false, error: 'That removal is too old to undo: add the combatant again.' }
      if (combatantsOf(ctx).has(kept.id)) return { ok: false, error: 'That combatant is on the table again.' }
      const full = tableFull(ctx)
      if (full) return full
      putOnTable(ctx, kept.id, { ...kept.fields, ...kept.secret })
      ctx.gm.transact(() => keptFor(ctx).delete(key), 'server')
      refreshTurn(ctx)
      return done
    }
    case 'end-combat': {
      const [key, kept] = keptOf(ctx, entry.id) ?? []
      if (key === undefined || kept?.act !== 'end-combat')
        return { ok: false, error: 'That End combat is too old to undo.' }
      if (readTurn(ctx.table).status !== 'idle')
        return { ok: false, error: 'Another combat has started since: end it first.' }
      writeTurn(ctx.table, { ...IDLE_TURN, ...kept.turn })
      // The attacks that waited for their defender wait again: without them, a round held for one
      // (odnd's fallen who still strike this round) would end at once (FIGHTS=2000, odnd seed 801).
      for (const prompt of kept.prompts ?? []) openPrompt(ctx.table, prompt)
      ctx.gm.transact(() => keptFor(ctx).delete(key), 'server')
      refreshTurn(ctx)
      return done
    }
    default:
      return null
  }
}
