/**
 * Attacks at the table: the room checks who may attack now, asks the defender when the system gives them
 * a choice, rolls every die, applies the system's outcome to the table and logs it with its breakdown.
 * The rules are the system's combat adapter (`SYSTEMS[id].combat` in the rules package); this is the plumbing.
 */
import {
  type CombatantFields,
  isActing,
  LOG,
  type LogEntry,
  type PendingDefense,
  type RequestResult,
  readSettings,
  TABLE,
} from '@fray/protocol'
import {
  type CombatRules,
  type Declared,
  type Fighter,
  type FighterChange,
  type Resolution,
  SYSTEMS,
} from '@fray/rules'
import type * as Y from 'yjs'
import { readTurn, type TurnContext } from './turn-flow.ts'

/** Who asks: a player for their own character, or the GM for anyone. */
export type Asker = { seatId: string } | 'gm'

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

export function fighters(table: Y.Doc): Fighter[] {
  return [...table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].map(([id, f]) => fighterFrom(id, f))
}

/** A declared attack: refused with a reason, sent to the defender for their answer, or resolved at once. */
export function attack(
  ctx: TurnContext,
  asker: Asker,
  attackerId: string,
  targetId: string,
  declared: Declared,
  requestId: string,
  faces?: number[],
): RequestResult {
  const all = fighters(ctx.table)
  const attacker = all.find((f) => f.id === attackerId)
  const target = all.find((f) => f.id === targetId)
  if (!attacker) return { ok: false, error: 'Choose your character first.' }
  if (asker !== 'gm' && seatOf(ctx.table, attackerId) !== asker.seatId)
    return { ok: false, error: 'You can only attack with your own character.' }
  if (!target) return { ok: false, error: 'That target is not in the fight.' }
  if (target.id === attacker.id) return { ok: false, error: 'You cannot attack yourself.' }
  if (asker !== 'gm' && !isActing(readTurn(ctx.table), attacker.id))
    return { ok: false, error: 'It is not your turn.' }
  const pending = ctx.table.getMap<PendingDefense>(TABLE.prompts)
  if ([...pending.values()].some((p) => p.attackerId === attacker.id))
    return { ok: false, error: `${attacker.name} is waiting for the defender to answer.` }
  const rules = SYSTEMS[ctx.system].combat
  const preview = rules.preview(attacker, target, declared)
  if (!preview.ok) return preview
  const defenses = rules.defenses(attacker, target, declared)
  if (!defenses.ok) return defenses
  if (faces) {
    // Typed dice are checked now, so an attack that waits for its defender cannot fail on them later.
    const wrong = wrongFace(ctx, attacker, target, declared, faces)
    if (wrong) return { ok: false, error: wrong }
  }
  if (defenses.value.length > 0) {
    const seconds = readSettings(ctx.table.getMap<unknown>(TABLE.settings)).defenseSeconds
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
    return { ok: true, logId: prompt.id }
  }
  return resolveAttack(ctx, attacker, target, declared, null, requestId, faces)
}

/** The defender's answer (or the GM's, for a monster or once the player's time is up). */
export function defend(
  ctx: TurnContext,
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
  const all = fighters(ctx.table)
  const attacker = all.find((f) => f.id === prompt.attackerId)
  const target = all.find((f) => f.id === prompt.targetId)
  ctx.table.transact(() => pending.delete(promptId), 'server')
  if (!attacker || !target) return { ok: false, error: 'The attacker or the target has left the fight.' }
  return resolveAttack(ctx, attacker, target, prompt.declared, choice, requestId, prompt.faces)
}

function seatOf(table: Y.Doc, combatantId: string): string | null {
  const seatId = table.getMap<Y.Map<unknown>>(TABLE.combatants).get(combatantId)?.get('seatId')
  return typeof seatId === 'string' ? seatId : null
}

/** A die a player typed in that does not fit the die the attack asked for. */
class WrongFace extends Error {}

/**
 * A roller that remembers each die for the log: the player's typed faces first, in order, then the
 * room's dice for whatever the attack asks beyond them (a defender's roll, say).
 */
function recording(ctx: TurnContext, typed: readonly number[] = []) {
  const rolls: NonNullable<LogEntry['rolls']> = []
  const roll = (sides: number, label: string) => {
    const mine = typed[rolls.length]
    if (mine !== undefined && (mine < 1 || mine > sides))
      throw new WrongFace(`Your die for ${label} is a d${sides}: it shows 1 to ${sides}, not ${mine}.`)
    const face = mine ?? ctx.dice.roll(sides)
    rolls.push({ label, sides, face, ...(mine !== undefined ? { typed: true } : {}) })
    return face
  }
  return { roll, rolls }
}

/** Why typed faces do not fit the dice the attack asks for (before any defense), or null when they do. */
function wrongFace(
  ctx: TurnContext,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  faces: readonly number[],
): string | null {
  const dryRun = { ...ctx, dice: { ...ctx.dice, roll: () => 1 } }
  try {
    SYSTEMS[ctx.system].combat.resolve(attacker, target, declared, null, recording(dryRun, faces).roll)
    return null
  } catch (error) {
    if (error instanceof WrongFace) return error.message
    throw error
  }
}

function resolveAttack(
  ctx: TurnContext,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
  entryId: string,
  faces?: number[],
): RequestResult {
  const { roll, rolls } = recording(ctx, faces)
  let resolved: ReturnType<CombatRules['resolve']>
  try {
    resolved = SYSTEMS[ctx.system].combat.resolve(attacker, target, declared, defense, roll)
  } catch (error) {
    if (error instanceof WrongFace) return { ok: false, error: error.message }
    throw error
  }
  if (!resolved.ok) return resolved
  // Typed dice in a room that wants them approved: logged now, applied when the GM approves.
  // (The GM's own dice for a monster need nobody's approval.)
  const hold =
    Boolean(faces?.length) &&
    seatOf(ctx.table, attacker.id) !== null &&
    readSettings(ctx.table.getMap<unknown>(TABLE.settings)).physicalDice === 'approve'
  const attack = { attackerId: attacker.id, targetId: target.id, declared, defense }
  record(ctx, entryId, 'attack', attacker.name, resolved.value, rolls, hold, attack)
  return { ok: true, logId: entryId }
}

/** The system's end of a round: conditions tick, and morale, bleeding or death at 0 where the rules say. */
export function endOfRound(ctx: TurnContext, round: number): void {
  const { roll, rolls } = recording(ctx)
  const resolved = SYSTEMS[ctx.system].combat.endOfRound(fighters(ctx.table), round, roll)
  if (!resolved.ok) return
  const changed = Object.keys(resolved.value.changes).length > 0
  if (!changed && rolls.length === 0 && resolved.value.lines.length === 0) return
  record(
    ctx,
    `end-of-round-${round}-${ctx.now}`,
    'end-of-round',
    `End of round ${round}`,
    resolved.value,
    rolls,
  )
}

/** Applies an outcome to the table and logs it with what it changed, so the GM can revert it. */
function record(
  ctx: TurnContext,
  id: string,
  kind: NonNullable<LogEntry['kind']>,
  by: string,
  resolution: Resolution,
  rolls: NonNullable<LogEntry['rolls']>,
  hold = false,
  attack?: LogEntry['attack'],
): void {
  const changes = hold ? pending(ctx, resolution.changes) : applyChanges(ctx, resolution.changes)
  const typed = rolls.some((r) => r.typed)
  const entry: LogEntry = {
    id,
    at: ctx.now,
    by,
    notation: rolls.map((r) => `d${r.sides}`).join(' + ') || '—',
    faces: rolls.map((r) => r.face),
    total: rolls[0]?.face ?? 0,
    source: typed || ctx.dice.kind === 'scripted' ? 'physical' : ctx.dice.kind,
    ...(hold ? { status: 'pending' as const } : {}),
    detail: resolution.summary,
    kind,
    ...(attack ? { attack } : {}),
    rolls,
    lines: resolution.lines,
    changes,
  }
  ctx.log.transact(() => ctx.log.getArray<LogEntry>(LOG.entries).push([entry]), 'server')
}

function applyChanges(
  ctx: TurnContext,
  changes: Record<string, FighterChange>,
): NonNullable<LogEntry['changes']> {
  const map = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const recorded: NonNullable<LogEntry['changes']> = {}
  ctx.table.transact(() => {
    for (const [id, change] of Object.entries(changes)) {
      const fields = map.get(id)
      if (!fields) continue
      const before = fighterFrom(id, fields)
      recorded[id] = {
        before: pick(before, change),
        after: change,
      }
      write(ctx, fields, { ...before, ...change })
    }
  }, 'server')
  return recorded
}

/** What an outcome would change, recorded without applying it (it waits for the GM's approval). */
function pending(ctx: TurnContext, changes: Record<string, FighterChange>): NonNullable<LogEntry['changes']> {
  const map = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const recorded: NonNullable<LogEntry['changes']> = {}
  for (const [id, change] of Object.entries(changes)) {
    const fields = map.get(id)
    if (fields) recorded[id] = { before: pick(fighterFrom(id, fields), change), after: change }
  }
  return recorded
}

/** The GM's verdict on an outcome rolled with typed dice: approved, it is applied now; rejected, never. */
export function approveOutcome(ctx: TurnContext, entryId: string, approve: boolean): boolean {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const entry = entries.get(index)
  if (index < 0 || !entry?.kind || entry.status !== 'pending') return false
  let changes = entry.changes
  if (approve) {
    const after = Object.fromEntries(Object.entries(entry.changes ?? {}).map(([id, c]) => [id, c.after]))
    changes = applyChanges(ctx, after)
  }
  const { changes: _proposed, ...rest } = entry
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [
      approve ? { ...rest, status: 'approved', changes } : { ...rest, status: 'rejected' },
    ])
  }, 'server')
  return true
}

const pick = (f: Fighter, change: FighterChange): FighterChange => ({
  ...(change.hp !== undefined ? { hp: f.hp } : {}),
  ...(change.state !== undefined ? { state: f.state } : {}),
})

function write(ctx: TurnContext, fields: Y.Map<unknown>, f: Fighter): void {
  const values: Partial<CombatantFields> = {
    hp: f.hp,
    state: f.state,
    status: SYSTEMS[ctx.system].combat.status(f),
  }
  for (const [key, value] of Object.entries(values)) fields.set(key, value)
}

/** The GM reverts a log entry: hit points move back by what it took, state returns to what it was. */
export function undo(ctx: TurnContext, entryId: string): RequestResult {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  const index = entries.toArray().findIndex((e) => e.id === entryId)
  const entry = entries.get(index)
  if (index < 0 || !entry) return { ok: false, error: 'There is no such entry in the log.' }
  if (!entry.changes) return { ok: false, error: 'That entry changed nothing at the table to undo.' }
  if (entry.undone) return { ok: false, error: 'That entry is already undone.' }
  if (entry.status === 'pending') return { ok: false, error: 'Approve or reject those dice first.' }
  const map = ctx.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  ctx.table.transact(() => {
    for (const [id, { before, after }] of Object.entries(entry.changes ?? {})) {
      const fields = map.get(id)
      if (!fields) continue
      const now = fighterFrom(id, fields)
      // Later changes stay: only this entry's own difference in hit points is taken back.
      const hp = before.hp !== undefined && after.hp !== undefined ? now.hp + (before.hp - after.hp) : now.hp
      write(ctx, fields, { ...now, hp, state: before.state ?? now.state })
    }
  }, 'server')
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [{ ...entry, undone: true }])
  }, 'server')
  return { ok: true, logId: entryId }
}
