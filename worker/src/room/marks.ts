/**
 * Conditions the GM names ("Blessed for 3 rounds", "Torch-lit" until removed), beside the rules' own:
 * kept on the combatant where every device that sees it shows the chip, counted down at the end of each
 * round (or segment by segment where the round runs on a segment clock), logged when put on and when
 * they end, and undone like any entry.
 */
import { type GmMark, LOG, type LogEntry, markLasting, type RequestResult, TABLE } from '@fray/protocol'
import type { TurnState } from '@fray/rules'
import type * as Y from 'yjs'
import { appendLog, gmEntry, type RoomContext } from './outcomes.ts'
import { readTurn } from './turn-doc.ts'

const fieldsOf = (ctx: RoomContext, id: string) => ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)

/** The marks on a combatant's fields, as written (anything else reads as none). */
export function marksOf(fields: Y.Map<unknown> | undefined): GmMark[] {
  const marks = fields?.get('marks')
  return Array.isArray(marks) ? (marks as GmMark[]) : []
}

const lasting = (m: GmMark) => markLasting(m) ?? 'until removed'

function entry(
  ctx: RoomContext,
  id: string,
  combatantId: string,
  mark: GmMark,
  ended: boolean,
  detail: string,
): LogEntry {
  return { ...gmEntry(ctx, id, 'condition', detail), mark: { combatantId, mark, ended } }
}

export function addMark(
  ctx: RoomContext,
  combatantId: string,
  name: string,
  duration: { rounds: number | null; segments?: number },
  logId: string,
): RequestResult {
  const fields = fieldsOf(ctx, combatantId)
  if (!fields)
    return { ok: false, error: 'Reveal that combatant first: conditions go on those at the table.' }
  const marks = marksOf(fields)
  if (marks.length >= 12)
    return { ok: false, error: 'A combatant carries at most 12 of the GM’s conditions.' }
  const clock = ctx.rules.turn.segmentClock
  const perRound = ctx.rules.info.segmentsPerRound
  if (duration.segments !== undefined && (!clock || !perRound))
    return { ok: false, error: 'Conditions here last whole rounds: this system’s rounds have no segments.' }
  // On a segment clock a round counts as its segments, from the segment the condition was put on.
  const left =
    duration.segments ?? (duration.rounds === null || !perRound ? null : duration.rounds * perRound)
  const mark: GmMark =
    clock && left !== null
      ? {
          id: logId.slice(0, 64),
          name,
          rounds: null,
          segments: { left, since: clock(readTurn(ctx.table), false) },
        }
      : { id: logId.slice(0, 64), name, rounds: duration.rounds }
  ctx.table.transact(() => fields.set('marks', [...marks, mark]), 'server')
  const who = String(fields.get('name') ?? 'Someone')
  appendLog(ctx, entry(ctx, logId, combatantId, mark, false, `${who}: ${name} (${lasting(mark)}).`))
  return { ok: true, logId }
}

export function removeMark(
  ctx: RoomContext,
  combatantId: string,
  markId: string,
  logId: string,
): RequestResult {
  const fields = fieldsOf(ctx, combatantId)
  const mark = marksOf(fields).find((m) => m.id === markId)
  if (!fields || !mark) return { ok: false, error: 'That condition is no longer there.' }
  ctx.table.transact(
    () =>
      fields.set(
        'marks',
        marksOf(fields).filter((m) => m.id !== markId),
      ),
    'server',
  )
  const who = String(fields.get('name') ?? 'Someone')
  appendLog(
    ctx,
    entry(ctx, logId, combatantId, mark, true, `${mark.name} ends on ${who} (the GM took it off).`),
  )
  return { ok: true, logId }
}

/** The end of a round: every counted condition loses a round; those at none end, each logged. */
export function tickMarks(ctx: RoomContext, round: number): void {
  for (const [id, fields] of ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()) {
    const marks = marksOf(fields)
    if (!marks.some((m) => m.rounds !== null)) continue
    const ticked = marks.map((m) => (m.rounds === null ? m : { ...m, rounds: m.rounds - 1 }))
    ctx.table.transact(
      () =>
        fields.set(
          'marks',
          ticked.filter((m) => m.rounds === null || m.rounds > 0),
        ),
      'server',
    )
    const who = String(fields.get('name') ?? 'Someone')
    for (const m of ticked.filter((t) => t.rounds === 0))
      appendLog(
        ctx,
        entry(
          ctx,
          `${m.id}/ends/${round}`,
          id,
          { ...m, rounds: 1 },
          true,
          `${m.name} ends on ${who} (end of round ${round}).`,
        ),
      )
  }
}

/**
 * The segment clock moved (spelljammer): each condition counted in segments loses those gone since it was
 * last counted; those at none end, each logged with the moment.
 */
export function tickSegments(ctx: RoomContext, turn: TurnState, roundOver: boolean): void {
  const clock = ctx.rules.turn.segmentClock
  if (!clock || turn.status === 'idle') return
  const now = clock(turn, roundOver)
  const at = turn.order[turn.current]?.at
  const moment =
    roundOver || at === undefined ? `end of round ${turn.round}` : `round ${turn.round}, segment ${at}`
  for (const [id, fields] of ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()) {
    const marks = marksOf(fields)
    if (!marks.some((m) => m.segments && m.segments.since !== now)) continue
    const counted = marks.map((m) =>
      m.segments ? { ...m, segments: { left: m.segments.left - (now - m.segments.since), since: now } } : m,
    )
    ctx.table.transact(
      () =>
        fields.set(
          'marks',
          counted.filter((m) => !m.segments || m.segments.left > 0),
        ),
      'server',
    )
    const who = String(fields.get('name') ?? 'Someone')
    for (const m of counted.filter((c) => c.segments && c.segments.left <= 0))
      appendLog(
        ctx,
        entry(
          ctx,
          `${m.id}/ends/${now}`,
          id,
          { ...m, segments: { left: 1, since: now } },
          true,
          `${m.name} ends on ${who} (${moment}).`,
        ),
      )
  }
}

/** Undoes a condition's entry: one put on comes off; one that ended comes back with the round it had. */
export function undoMark(ctx: RoomContext, e: LogEntry): RequestResult | null {
  if (!e.mark) return null
  if (e.undone) return { ok: false, error: 'That entry is already undone.' }
  const { combatantId, mark, ended } = e.mark
  const fields = fieldsOf(ctx, combatantId)
  if (!fields) return { ok: false, error: 'That combatant is no longer at the table.' }
  const others = marksOf(fields).filter((m) => m.id !== mark.id)
  ctx.table.transact(() => fields.set('marks', ended ? [...others, mark] : others), 'server')
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((x) => x.id === e.id)
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [{ ...e, undone: true }])
  }, 'server')
  return { ok: true, logId: e.id }
}
