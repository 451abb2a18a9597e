/**
 * Damage or healing to several combatants at once (an area spell, a trap, a potion shared out): one
 * amount, or dice the room rolls once for all; those who saved take half, rounded down; armour takes its
 * points off damage where the system's text says so (`CombatRules.soak`). One log entry per target, all
 * in one group, which the GM undoes in one tap.
 */
import type { RequestResult } from '@fray/protocol'
import { type BreakdownLine, type RecordedDie, roll, tryParseDice } from '@fray/rules'
import { fighterOf } from './fighters.ts'
import { keptFromPlayers } from './foe-health.ts'
import { type RoomContext, record } from './outcomes.ts'
import { refreshTurn } from './turn-flow.ts'

export interface Area {
  targets: ReadonlyArray<{ id: string; saved: boolean }>
  amount?: number
  notation?: string
  heal?: boolean
  label?: string
}

export function areaEffect(ctx: RoomContext, area: Area, logId: string): RequestResult {
  const fighters = area.targets.map((t) => ({ ...t, f: fighterOf(ctx, t.id) }))
  const missing = fighters.find((t) => !t.f)
  if (missing) return { ok: false, error: 'One of those combatants is no longer on the table.' }
  let total = area.amount ?? 0
  let rolls: RecordedDie[] = []
  if (area.notation !== undefined) {
    const parsed = tryParseDice(area.notation)
    if (!parsed.ok)
      return { ok: false, error: `“${area.notation}” does not read as dice: ${parsed.error.message}.` }
    const rolled = roll(parsed.value, ctx.dice)
    total = Math.max(0, rolled.total)
    rolls = rolled.dice.map((d) => ({ label: `${area.notation} for all`, sides: d.sides, face: d.face }))
  }
  const what = area.label ?? (area.heal ? 'Healing' : 'Area damage')
  for (const [i, { f, saved }] of fighters.entries()) {
    if (!f) continue
    const lines: BreakdownLine[] = [
      { label: area.notation ? `${area.notation} rolled` : 'Amount', value: total },
    ]
    let amount = total
    if (saved) {
      amount = Math.floor(total / 2)
      lines.push({ label: 'Saved: half, rounded down', value: amount })
    }
    const soak = area.heal ? null : ctx.rules.combat.soak?.(f)
    if (soak && soak.points > 0) {
      const stopped = Math.min(amount, soak.points)
      amount -= stopped
      lines.push({ label: 'Armour stops', value: -stopped, rule: soak.rule })
    }
    const hp = area.heal ? Math.min(Math.max(f.hp, f.maxHp), f.hp + amount) : f.hp - amount
    const kept = keptFromPlayers(ctx, f.id)
    // Where players may not see the monster's hit points, its numbers are the GM's (`health` lines).
    const marked = lines.map((l) => (kept ? { ...l, health: f.id } : l))
    const verb = area.heal ? 'heals' : 'takes'
    const summary = kept
      ? `${what}: ${f.name} ${area.heal ? 'is healed' : saved ? 'saves for half' : 'is hit'}.`
      : `${what}: ${f.name} ${verb} ${amount}${saved ? ' (saved for half)' : ''}.`
    record(
      ctx,
      { id: `${logId}/${i}`, by: what, kind: 'area', group: logId },
      { lines: marked, summary, changes: { [f.id]: { hp } } },
      i === 0 ? rolls : [],
    )
  }
  // Whoever it took out of the fight no longer acts, as after an attack.
  refreshTurn(ctx)
  return { ok: true, logId: `${logId}/0` }
}
