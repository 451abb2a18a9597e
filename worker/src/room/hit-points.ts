/**
 * Monsters' hit points rolled by the room as the GM adds them ("Orc x3", HP "1d8+1"): one roll of the
 * room's dice for each copy, logged. Where players may not see those hit points (the room hides monsters'
 * health, or the copies wait hidden in the GM's roster) the numbers go to the GM's eyes only.
 */
import { GM, type LogEntry, type LogSecret, type RequestResult, TABLE } from '@fray/protocol'
import { type BreakdownLine, describeRoll, roll, tryParseDice } from '@fray/rules'
import type * as Y from 'yjs'
import { secretOf } from './fighters.ts'
import { keptFromPlayers, placeHealth } from './foe-health.ts'
import { appendLog, type RoomContext } from './outcomes.ts'

/** Where a combatant's hit points are written, and whether players may see them. */
function healthOf(ctx: RoomContext, id: string): { fields: Y.Map<unknown>; kept: boolean } | null {
  const onTable = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
  if (onTable) {
    if (!keptFromPlayers(ctx, id)) return { fields: onTable, kept: false }
    placeHealth(ctx, id)
    const secret = secretOf(ctx, id)
    return secret ? { fields: secret, kept: true } : null
  }
  const hidden = ctx.gm.getMap<Y.Map<unknown>>(GM.hidden).get(id)
  return hidden ? { fields: hidden, kept: true } : null
}

/**
 * Rolls each combatant's hit points, as the GM added them with dice. The log says what players may know:
 * for those on the table whose hit points they see, every die; for those whose hit points are kept from
 * them, only that they were rolled, and for how many (the dice, the faces and the totals go to the gm document).
 * A combatant still hidden in the GM's roster is not in the log at all: its hit points are on it, on the
 * GM's tablet alone, and with none on the table no entry is written.
 */
export function rollHitPoints(
  ctx: RoomContext,
  ids: readonly string[],
  notation: string,
  logId: string,
): RequestResult {
  const parsed = tryParseDice(notation)
  if (!parsed.ok) return { ok: false, error: `Hit points "${notation}": ${parsed.error.message}.` }
  const onTable = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const targets = ids.map((id) => ({ id, health: healthOf(ctx, id), shown: onTable.has(id) }))
  if (targets.some((t) => !t.health)) return { ok: false, error: 'No such combatant in this room.' }
  const lines: BreakdownLine[] = []
  const faces: number[] = []
  const named: string[] = []
  let kept = false
  for (const { id, health, shown } of targets) {
    if (!health) continue
    const rolled = roll(parsed.value, ctx.dice)
    // A creature has at least 1 hit point, whatever the dice say ("1d4-2").
    const hp = Math.max(1, rolled.total)
    const name = String(health.fields.get('name') ?? onTable.get(id)?.get('name') ?? 'A monster')
    const write = () => {
      health.fields.set('hp', hp)
      health.fields.set('maxHp', hp)
    }
    if (health.kept) ctx.gm.transact(write, 'server')
    else ctx.table.transact(write, 'server')
    // One in the GM's roster: nothing of it in the log.
    if (!shown) continue
    kept ||= health.kept
    faces.push(...rolled.dice.map((d) => d.face))
    named.push(`${name} ${hp}`)
    // "Orc 1: 1d8 (6) + 1 = 7", the total said once (as the value).
    const dice = describeRoll(rolled)
    lines.push({
      label:
        hp > rolled.total
          ? `${name}: ${dice}, raised to at least`
          : `${name}: ${dice.replace(/ = -?\d+$/, '')} =`,
      value: hp,
    })
  }
  if (named.length === 0) return { ok: true, logId }
  const many = `${named.length} ${named.length === 1 ? 'monster' : 'monsters'}`
  const full = `The GM rolled hit points (${notation.trim()} each): ${named.join(', ')}.`
  const entry: LogEntry = {
    id: logId,
    at: ctx.now,
    by: 'The GM',
    kind: 'hit-points',
    // What players may not see stays out of the shared entry: the dice (they give the range), the faces,
    // the totals.
    notation: kept ? '—' : notation.trim(),
    faces: kept ? [] : faces,
    total: 0,
    source: ctx.dice.kind === 'scripted' ? 'physical' : ctx.dice.kind,
    detail: kept ? `The GM rolled hit points for ${many}.` : full,
    ...(kept ? {} : { lines }),
  }
  if (kept) {
    const secret: LogSecret = { changes: {}, lines, detail: full }
    ctx.gm.transact(() => ctx.gm.getMap<LogSecret>(GM.logSecrets).set(logId, secret), 'server')
  }
  appendLog(ctx, entry)
  return { ok: true, logId }
}
