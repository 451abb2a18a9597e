/**
 * Where a monster's hit points live (the room setting "What players see of monsters"): on the table when
 * players see them exactly; otherwise in the gm document's `foeSecrets`, with only what players may see
 * on the table (see `@fray/protocol`'s foe-health.ts). The room alone writes the table's public copy, so
 * the GM's tablet writes hit points to one place and the words follow.
 */
import {
  GM,
  hidesHealth,
  type LogEntry,
  type LogSecret,
  publicSheet,
  publicState,
  publicStatus,
  readField,
  SECRET_FIELDS,
  TABLE,
} from '@fray/protocol'
import { type Fighter, healthWord } from '@fray/rules'
import * as Y from 'yjs'
import { fighterOf, type RoomContext, settingsOf } from './fighters.ts'
import { setIfChanged } from './map-writes.ts'

/** The word players see for a monster: "Down" when out of the fight, else the system's words or nothing. */
function wordFor(ctx: RoomContext, f: Fighter, shown: 'word' | 'none'): string | undefined {
  if (ctx.rules.combat.out(f) !== null) return 'Down'
  if (shown === 'none') return undefined
  return ctx.rules.combat.healthWord?.(f) ?? healthWord(f.hp, f.maxHp)
}

/** Puts one combatant's hit points where the room's setting wants them, and the table's words with them. */
export function placeHealth(ctx: RoomContext, id: string): void {
  const fields = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
  if (!fields) return
  const secrets = ctx.gm.getMap<Y.Map<unknown>>(GM.foeSecrets)
  const secret = secrets.get(id)
  const settings = settingsOf(ctx.table)
  if (!hidesHealth(settings, fields.get('side'))) {
    // Shown exactly again: the truth comes back to the table, and the gm document forgets it.
    ctx.table.transact(() => {
      for (const key of SECRET_FIELDS) if (secret?.has(key)) setIfChanged(fields, key, secret.get(key))
      setIfChanged(fields, 'health', undefined)
    }, 'server')
    if (secret) ctx.gm.transact(() => secrets.delete(id), 'server')
    return
  }
  // A monster the GM's tablet added with its hit points in the gm document, which has not come yet: the
  // room waits for it rather than make an empty one of its own (the two would clash).
  if (!secret && !fields.has('hp')) return
  const f = fighterOf(ctx, id)
  if (!f) return
  // The truth into the gm document first: the table's copy is only ever dropped once it is kept there.
  ctx.gm.transact(() => {
    let kept = secret
    if (!kept) {
      kept = new Y.Map<unknown>()
      secrets.set(id, kept)
    }
    for (const key of SECRET_FIELDS) setIfChanged(kept, key, readField(fields, secret, key))
  }, 'server')
  // What players may see of it, by what its system says is secret (`SystemInfo.secrets`).
  const declared = ctx.rules.info.secrets
  const status = readField(fields, secrets.get(id), 'status')
  ctx.table.transact(() => {
    setIfChanged(fields, 'hp', undefined)
    setIfChanged(fields, 'maxHp', undefined)
    if (f.sheet) setIfChanged(fields, 'sheet', publicSheet(f.sheet, declared))
    setIfChanged(fields, 'state', publicState(f.state, declared))
    if (status !== undefined) setIfChanged(fields, 'status', publicStatus(status, declared))
    setIfChanged(fields, 'health', wordFor(ctx, f, settings.foeHealth === 'word' ? 'word' : 'none'))
  }, 'server')
}

/**
 * Writes a combatant's status chips: all of them on the table, or, for a monster whose health players do
 * not see, all in the gm document and those that show no health on the table.
 */
export function writeStatus(ctx: RoomContext, id: string, chips: readonly string[]): void {
  const fields = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
  if (!fields) return
  if (!keptFromPlayers(ctx, id)) {
    ctx.table.transact(() => setIfChanged(fields, 'status', chips), 'server')
    return
  }
  placeHealth(ctx, id)
  const secret = ctx.gm.getMap<Y.Map<unknown>>(GM.foeSecrets).get(id)
  if (secret) ctx.gm.transact(() => setIfChanged(secret, 'status', chips), 'server')
  const shown = publicStatus(chips, ctx.rules.info.secrets)
  ctx.table.transact(() => setIfChanged(fields, 'status', shown), 'server')
}

/** Every combatant placed as the setting wants: after the GM changed the setting, a monster or its hit points. */
export function placeAllHealth(ctx: RoomContext): void {
  for (const id of ctx.table.getMap(TABLE.combatants).keys()) placeHealth(ctx, id)
}

/** Whether players may not see this combatant's hit points now. */
export function keptFromPlayers(ctx: RoomContext, id: string): boolean {
  const side = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('side')
  return hidesHealth(settingsOf(ctx.table), side)
}

/**
 * A log entry as the room writes it. `publicDetail` is the sentence players read where the entry changes
 * or shows the hit points of a combatant they may not see; the GM's tablet reads `detail` (kept in the gm
 * document). Lines marked `health` with such a combatant, and its changes, are the GM's alone too.
 */
export type RoomEntry = LogEntry & { publicDetail?: string }

/**
 * A log entry as players may see it: its changes to monsters whose hit points are hidden, its lines
 * showing them and its sentence saying them go to the gm document (by entry id) for the GM's eyes and for
 * undoing it.
 */
export function splitEntry(ctx: RoomContext, written: RoomEntry): LogEntry {
  const { publicDetail, ...entry } = written
  const hidden = (id: string) => keptFromPlayers(ctx, id)
  const changes = Object.entries(entry.changes ?? {})
  const lines = entry.lines ?? []
  const secret: LogSecret = {
    changes: Object.fromEntries(changes.filter(([id]) => hidden(id))),
    lines: lines.filter((l) => l.health !== undefined && hidden(l.health)),
  }
  const showsHealth =
    secret.lines.length > 0 || Object.values(secret.changes).some((c) => c.after.hp !== undefined)
  const detail = showsHealth && publicDetail !== undefined && publicDetail !== entry.detail
  if (Object.keys(secret.changes).length === 0 && secret.lines.length === 0) return entry
  // An entry written again (approved) keeps the lines it hid the first time.
  const secrets = ctx.gm.getMap<LogSecret>(GM.logSecrets)
  const before = secrets.get(entry.id)
  const said = detail ? entry.detail : before?.detail
  const kept: LogSecret = {
    changes: secret.changes,
    lines: [...(before?.lines ?? []), ...secret.lines],
    ...(said !== undefined ? { detail: said } : {}),
  }
  ctx.gm.transact(() => secrets.set(entry.id, kept), 'server')
  return {
    ...entry,
    ...(entry.changes ? { changes: Object.fromEntries(changes.filter(([id]) => !hidden(id))) } : {}),
    lines: lines.filter((l) => !secret.lines.includes(l)),
    ...(detail ? { detail: publicDetail } : {}),
  }
}

/** A log entry's changes as the room undoes or approves them: the public ones and those kept for the GM. */
export function changesOf(ctx: RoomContext, entry: LogEntry): NonNullable<LogEntry['changes']> | undefined {
  // A rejected outcome changed nothing.
  if (entry.status === 'rejected') return undefined
  const kept = ctx.gm.getMap<LogSecret>(GM.logSecrets).get(entry.id)?.changes
  if (!entry.changes && !kept) return undefined
  return { ...entry.changes, ...kept }
}
