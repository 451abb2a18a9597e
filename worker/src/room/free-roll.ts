/**
 * A free roll: any dice the rules' notation reads ("2d6+1", "d20"), from a phone or the tablet, on the
 * room's dice (or faces a player typed in from their own), logged with its breakdown and what it is for.
 */
import { GM, LOG, type LogEntry, type RequestResult, type SealedResult } from '@fray/protocol'
import { newSalt, sealOf } from '@fray/protocol/seal'
import { type DiceSource, describeRoll, roll, rollWithFaces, tryParseDice } from '@fray/rules'
import type * as Y from 'yjs'

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
  ctx.log.transact(() => ctx.log.getArray<LogEntry>(LOG.entries).push([logged]), 'server')
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
 */
export function revealRoll(ctx: RollContext, entryId: string): RequestResult {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const entry = entries.get(index)
  if (index < 0 || !entry?.sealed) return { ok: false, error: 'There is no sealed roll to reveal.' }
  if (entry.sealed.revealed) return { ok: false, error: 'That roll is already revealed.' }
  const kept = ctx.gm.getMap<SealedResult>(GM.sealed).get(entryId)
  if (!kept) return { ok: false, error: 'The GM’s document no longer holds that roll’s result.' }
  const revealed: LogEntry = {
    ...entry,
    faces: kept.faces,
    total: kept.total,
    ...(kept.detail ? { detail: kept.detail } : {}),
    sealed: { commitment: entry.sealed.commitment, revealed: kept },
  }
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [revealed])
  }, 'server')
  return { ok: true, logId: entryId }
}
