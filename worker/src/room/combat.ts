/**
 * Attacks at the table: the room checks who may attack now, asks the defender when the system gives them
 * a choice, rolls every die, applies the system's outcome to the table and logs it with its breakdown.
 * The rules are the system's own (`ctx.rules.combat`, the room's `SYSTEMS[id]`); this is the plumbing.
 */
import {
  isActing,
  LOG,
  type LogEntry,
  mayAttack,
  type PendingDefense,
  type RequestResult,
  TABLE,
} from '@fray/protocol'
import type { Declared, Fighter } from '@fray/rules'
import { fighterOf, fighters, settingsOf } from './fighters.ts'
import { changesOf, splitEntry } from './foe-health.ts'
import { undoMark } from './marks.ts'
import { applyChanges, type RoomContext, record, roomRoller, seatOf, write } from './outcomes.ts'
import { waitingForEvents } from './timed-events.ts'
import { readTurn, refreshTurn, stepTurn } from './turn-flow.ts'

/** Who asks: a player for their own character, or the GM for anyone. */
export type Asker = { seatId: string } | 'gm'

/** A declared attack: refused with a reason, sent to the defender for their answer, or resolved at once. */
export function attack(
  ctx: RoomContext,
  asker: Asker,
  attackerId: string,
  targetId: string,
  declared: Declared,
  requestId: string,
  faces?: number[],
): RequestResult {
  const all = fighters(ctx)
  const attacker = all.find((f) => f.id === attackerId)
  const target = all.find((f) => f.id === targetId)
  if (!attacker) return { ok: false, error: 'Choose your character first.' }
  if (asker !== 'gm' && seatOf(ctx.table, attackerId) !== asker.seatId)
    return { ok: false, error: 'You can only attack with your own character.' }
  if (!target) return { ok: false, error: 'That target is not in the fight.' }
  // A declaration about oneself (osr's parry and dodge) names its declarer; nothing else may.
  const choices = ctx.rules.combat.choices(attacker)
  const self = choices.ok && choices.value.some((c) => c.id === declared.choice && c.self)
  if (target.id === attacker.id && !self) return { ok: false, error: 'You cannot attack yourself.' }
  // In a running fight everyone attacks on their own turn, the GM's monsters too.
  const turn = readTurn(ctx.table)
  if (turn.status === 'running' && turn.phase === 'movement')
    return {
      ok: false,
      error:
        'Everyone is still making the moves they stated (the Movement phase): attacks come in the Actions.',
    }
  const waiting = waitingForEvents(turn)
  if (waiting && turn.status === 'running') return { ok: false, error: waiting }
  if (asker !== 'gm' || turn.status === 'running') {
    const whose = asker === 'gm' ? `${attacker.name}’s` : 'your'
    if (!isActing(turn, attacker.id)) return { ok: false, error: `It is not ${whose} turn.` }
    if (!mayAttack(turn, attacker.id))
      return { ok: false, error: `${attacker.name} has made every attack this turn allows: end the turn.` }
  }
  const pending = ctx.table.getMap<PendingDefense>(TABLE.prompts)
  if ([...pending.values()].some((p) => p.attackerId === attacker.id))
    return { ok: false, error: `${attacker.name} is waiting for the defender to answer.` }
  // What the round says of this attack (osr: it lands before the target's number) goes with it, into
  // the log too, so the outcome replays; a client's own `round` never reaches here (parseDeclared).
  const facts = turn.status === 'running' ? (ctx.rules.turn.facts?.(turn, attacker, target) ?? []) : []
  if (facts.length > 0) declared = { ...declared, round: facts }
  const rules = ctx.rules.combat
  const defenses = rules.defenses(attacker, target, declared)
  if (!defenses.ok) return defenses
  if (defenses.value.length > 0) {
    // Checked in full now (typed dice included), so an attack that waits for its defender cannot fail later.
    const dry = roomRoller(ctx, faces)
    const tried = rules.resolve(attacker, target, declared, null, dry.roll)
    if (dry.error) return { ok: false, error: dry.error }
    if (!tried.ok) return tried
    const seconds = settingsOf(ctx.table).defenseSeconds
    const prompt: PendingDefense = {
      id: requestId,
      attackerId,
      targetId,
      declared,
      ...(faces ? { faces } : {}),
      options: defenses.value,
      askedAt: ctx.now,
      gmAfter: ctx.now + seconds * 1000,
    }
    ctx.table.transact(() => pending.set(prompt.id, prompt), 'server')
  } else {
    const resolved = resolveAttack(ctx, attacker, target, declared, null, requestId, faces)
    if (!resolved.ok) return resolved
  }
  if (turn.status !== 'idle') stepTurn(ctx, { kind: 'attacked', id: attacker.id })
  return { ok: true, logId: requestId }
}

/** The defender's answer (or the GM's, for a monster or once the player's time is up). */
export function defend(
  ctx: RoomContext,
  asker: Asker,
  promptId: string,
  choice: string,
  requestId: string,
): RequestResult {
  const pending = ctx.table.getMap<PendingDefense>(TABLE.prompts)
  const prompt = pending.get(promptId)
  if (!prompt) return { ok: false, error: 'That attack has already been answered.' }
  const seat = seatOf(ctx.table, prompt.targetId)
  if (asker !== 'gm' && seat !== asker.seatId)
    return { ok: false, error: 'Only the one attacked can answer this.' }
  if (asker === 'gm' && seat && ctx.now < prompt.gmAfter)
    return { ok: false, error: 'The player still has time to answer; wait for the countdown.' }
  if (!prompt.options.some((o) => o.id === choice))
    return { ok: false, error: 'Choose one of the defenses offered.' }
  const attacker = fighterOf(ctx, prompt.attackerId)
  const target = fighterOf(ctx, prompt.targetId)
  ctx.table.transact(() => pending.delete(promptId), 'server')
  const result =
    attacker && target
      ? resolveAttack(ctx, attacker, target, prompt.declared, choice, requestId, prompt.faces)
      : { ok: false as const, error: 'The attacker or the target has left the fight.' }
  refreshTurn(ctx)
  return result
}

function resolveAttack(
  ctx: RoomContext,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
  entryId: string,
  faces?: number[],
): RequestResult {
  const roller = roomRoller(ctx, faces)
  const resolved = ctx.rules.combat.resolve(attacker, target, declared, defense, roller.roll)
  if (roller.error) return { ok: false, error: roller.error }
  if (!resolved.ok) return resolved
  // Typed dice in a room that wants them approved: logged now, applied when the GM approves.
  // (The GM's own dice for a monster need nobody's approval.)
  const hold =
    Boolean(faces?.length) &&
    seatOf(ctx.table, attacker.id) !== null &&
    settingsOf(ctx.table).physicalDice === 'approve'
  const attack = { attackerId: attacker.id, targetId: target.id, declared, defense }
  record(ctx, { id: entryId, by: attacker.name, kind: 'attack', attack }, resolved.value, roller.rolls, hold)
  return { ok: true, logId: entryId }
}

/** The GM's verdict on an outcome rolled with typed dice: approved, it is applied now; rejected, never. */
export function approveOutcome(ctx: RoomContext, entryId: string, approve: boolean): boolean {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const entry = entries.get(index)
  if (index < 0 || !entry?.kind || entry.status !== 'pending') return false
  let changes = entry.changes
  if (approve) {
    // What happened since the roll stays: hit points move by the outcome's own difference, so a goblin
    // healed or hurt while the GM looked at the dice is not put back to the hit points of that moment.
    const after = Object.fromEntries(
      Object.entries(changesOf(ctx, entry) ?? {}).map(([id, { before, after }]) => {
        const now = fighterOf(ctx, id)
        if (!now || after.hp === undefined || before.hp === undefined) return [id, after]
        return [id, { ...after, hp: now.hp + (after.hp - before.hp) }]
      }),
    )
    changes = applyChanges(ctx, after)
  }
  const { changes: _proposed, ...rest } = entry
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [
      splitEntry(ctx, approve ? { ...rest, status: 'approved', changes } : { ...rest, status: 'rejected' }),
    ])
  }, 'server')
  refreshTurn(ctx)
  return true
}

/** The GM reverts a log entry: hit points move back by what it took, state returns to what it was. */
export function undo(ctx: RoomContext, entryId: string): RequestResult {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const entry = entries.get(index)
  if (index < 0 || !entry) return { ok: false, error: 'There is no such entry in the log.' }
  // Entries made together (area damage) are undone together.
  if (entry.group) {
    const group = entries.toArray().filter((e) => e.group === entry.group && !e.undone)
    if (group.length === 0) return { ok: false, error: 'That entry is already undone.' }
    for (const e of group) {
      const one = undoOne(ctx, e.id)
      if (!one.ok) return one
    }
    return { ok: true, logId: entryId }
  }
  return undoOne(ctx, entryId)
}

function undoOne(ctx: RoomContext, entryId: string): RequestResult {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const entry = entries.get(index)
  if (index < 0 || !entry) return { ok: false, error: 'There is no such entry in the log.' }
  const marked = undoMark(ctx, entry)
  if (marked) return marked
  const changes = changesOf(ctx, entry)
  if (!changes) return { ok: false, error: 'That entry changed nothing at the table to undo.' }
  if (entry.undone) return { ok: false, error: 'That entry is already undone.' }
  if (entry.status === 'pending') return { ok: false, error: 'Approve or reject those dice first.' }
  ctx.table.transact(() => {
    for (const [id, { before, after }] of Object.entries(changes)) {
      const now = fighterOf(ctx, id)
      if (!now) continue
      // Later changes stay: only this entry's own difference in hit points is taken back.
      const hp = before.hp !== undefined && after.hp !== undefined ? now.hp + (before.hp - after.hp) : now.hp
      write(ctx, { ...now, hp, state: before.state ?? now.state })
    }
  }, 'server')
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [{ ...entry, undone: true }])
  }, 'server')
  // An attack undone in the turn it was made is the attacker's to make again.
  if (entry.attack) stepTurn(ctx, { kind: 'attack-undone', id: entry.attack.attackerId })
  refreshTurn(ctx)
  return { ok: true, logId: entryId }
}
