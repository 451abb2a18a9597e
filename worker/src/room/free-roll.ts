/**
 * A free roll: any dice the rules' notation reads ("2d6+1", "d20"), from a phone or the tablet, on the
 * room's dice (or faces a player typed in from their own), logged with its breakdown and what it is for.
 */
import {
  GM,
  LOG,
  type LogEntry,
  PAST,
  type PastFight,
  type RequestResult,
  type SealedResult,
} from '@fray/protocol'
import { newSalt, sealOf } from '@fray/protocol/seal'
import { type DiceSource, describeRoll, roll, rollWithFaces, tryParseDice } from '@fray/rules'
import type * as Y from 'yjs'
import { append } from './map-writes.ts'

export interface FreeRoll {
  /** Who rolled, as the log says it. */
  by: string
  notation: string
  label?: string
  /** Faces typed in from the roller's own dice. */
  faces?: number[]
  /** Typed faces wait for the GM's approval (a room setting). */
  approvePhysical: boolean
  /** The GM's secret roll: only its seal is logged (see `sealRoll`). */
  sealed?: boolean
}

interface RollContext {
  log: Y.Doc
  gm: Y.Doc
  dice: DiceSource
  now: number
}

export function freeRoll(ctx: RollContext, id: string, request: FreeRoll): RequestResult {
  const parsed = tryParseDice(request.notation)
  if (!parsed.ok)
    return { ok: false, error: `“${request.notation}” does not read as dice: ${parsed.error.message}.` }
  let rolled = roll(parsed.value, ctx.dice)
  if (request.faces) {
    const typed = rollWithFaces(parsed.value, request.faces)
    if (!typed.ok) return { ok: false, error: `Those dice do not fit: ${typed.error}.` }
    rolled = typed.value
  }
  const physical = request.faces !== undefined
  // A lone die says it all ("Mira rolled 1d20: 14"); anything more shows how it adds up.
  const plain = rolled.dice.length === 1 && rolled.modifiers.length === 0
  const breakdown = plain ? '' : describeRoll(rolled)
  const detail = [request.label, breakdown].filter(Boolean).join(': ')
  const entry: LogEntry = {
    id,
    at: ctx.now,
    by: request.by,
    notation: rolled.notation,
    faces: rolled.dice.map((d) => d.face),
    total: rolled.total,
    source: physical ? 'physical' : rolled.source === 'scripted' ? 'physical' : rolled.source,
    ...(detail ? { detail } : {}),
    ...(physical && request.approvePhysical ? { status: 'pending' as const } : {}),
  }
  const logged = request.sealed && !physical ? sealRoll(ctx, entry, request.label) : entry
  append(ctx.log.getArray<LogEntry>(LOG.entries), [logged])
  return { ok: true, logId: entry.id }
}

/**
 * Seals a roll: its result and a random salt go to the GM's document only; the log gets the roll's
 * notation, what it is for, and the SHA-256 commitment to the result, nothing a player could read it from.
 */
function sealRoll(ctx: RollContext, entry: LogEntry, label: string | undefined): LogEntry {
  const salt = newSalt()
  const result: SealedResult = {
    faces: entry.faces,
    total: entry.total,
    ...(entry.detail ? { detail: entry.detail } : {}),
    salt,
  }
  ctx.gm.transact(() => ctx.gm.getMap<SealedResult>(GM.sealed).set(entry.id, result), 'server')
  const { detail: _detail, ...rest } = entry
  return {
    ...rest,
    faces: [],
    total: 0,
    detail: label ? `${label}: rolled in secret` : 'Rolled in secret',
    sealed: { commitment: sealOf(result) },
  }
}

/**
 * The GM reveals a sealed roll: the result the GM's document holds goes into the log beside the seal,
 * as it is there (each device checks it against the commitment, so a changed result shows as changed).
 * A roll left sealed at New fight is filed sealed with its fight, and its result stays in the GM's
 * document: revealed with `fight` (its place in the log's listing), it opens in that fight's `past:<n>`.
 */
export function revealRoll(ctx: RevealContext, entryId: string, fight?: number): RequestResult {
  const kept = ctx.gm.getMap<SealedResult>(GM.sealed).get(entryId)
  if (fight !== undefined) {
    const filed = fight < ctx.log.getArray(LOG.filed).length ? ctx.past(fight) : null
    const fights = filed?.getArray<PastFight>(PAST.fights)
    const past = fights?.get(0)
    const at = past?.entries.findIndex((e) => e.id === entryId) ?? -1
    const opened = opening(past?.entries[at], kept, 'There is no sealed roll to reveal in that past fight.')
    if (!opened.ok) return opened
    if (!filed || !fights || !past) return { ok: false, error: 'There is no such past fight.' }
    const entries = past.entries.with(at, opened.entry)
    filed.transact(() => {
      fights.delete(0, 1)
      fights.insert(0, [{ ...past, entries }])
    }, 'server')
    return { ok: true, logId: entryId }
  }
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const missing = kept
    ? 'That roll was filed with its fight: reveal it from Past fights.'
    : 'There is no sealed roll to reveal.'
  const opened = opening(index < 0 ? undefined : entries.get(index), kept, missing)
  if (!opened.ok) return opened
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [opened.entry])
  }, 'server')
  return { ok: true, logId: entryId }
}

interface RevealContext {
  log: Y.Doc
  gm: Y.Doc
  past(n: number): Y.Doc
}

/** A sealed entry with the result the GM's document kept for it beside its seal; `missing` if none is sealed. */
function opening(
  entry: LogEntry | undefined,
  kept: SealedResult | undefined,
  missing: string,
): { ok: true; entry: LogEntry } | { ok: false; error: string } {
  if (!entry?.sealed) return { ok: false, error: missing }
  if (entry.sealed.revealed) return { ok: false, error: 'That roll is already revealed.' }
  if (!kept) return { ok: false, error: 'The GM’s document no longer holds that roll’s result.' }
  return {
    ok: true,
    entry: {
      ...entry,
      faces: kept.faces,
      total: kept.total,
      ...(kept.detail ? { detail: kept.detail } : {}),
      sealed: { commitment: entry.sealed.commitment, revealed: kept },
    },
  }
}
