/**
 * Attacks at the table: the room checks who may attack now, asks the defender when the system gives them
 * a choice, rolls every die, applies the system's outcome to the table and logs it with its breakdown.
 * The rules are the system's own (`ctx.rules.combat`, the room's `SYSTEMS[id]`); this is the plumbing.
 */
import { GM, LOG, type LogEntry, type PendingDefense, type RequestResult } from '@fray/protocol'
import {
  type AttackPlan,
  type BreakdownLine,
  type Declared,
  type DefenseOption,
  fail,
  type Outcome,
  planAttack,
  type TableView,
  type TurnState,
} from '@fray/rules'
import { fighterOf, fighters, settingsOf } from './fighters.ts'
import { changesOf, splitEntry } from './foe-health.ts'
import { writeMaximum } from './gm-edits.ts'
import { undoMark } from './marks.ts'
import { applyChanges, type RoomContext, record, roomRoller, seatOf, write } from './outcomes.ts'
import { closePrompt, openPrompt, openPrompts, promptById } from './prompts.ts'
import { undoTableAct } from './table-acts.ts'
import { readTurn } from './turn-doc.ts'
import { refreshTurn, stepTurn } from './turn-flow.ts'

/** The readings the GM chose where a text is silent, as the systems' rules read them (`TableView.readings`). */
const readingsOf = (ctx: RoomContext) => ({ incapacitation: settingsOf(ctx.table).incapacitation })

/**
 * What an attack of this attacker's waits for, if one does: its defender, the GM's question, or, in a
 * running round, the GM's verdict on its typed dice (what it spends of the turn is written only once
 * approved, so nothing more of the turn is taken meanwhile; between fights there is no turn to spend).
 */
function awaiting(ctx: RoomContext, attackerId: string, turn: TurnState): boolean | 'gm' | 'approval' {
  const open = openPrompts(ctx.table).filter((p) => p.attackerId === attackerId)
  if (open.length > 0) return open.every((p) => p.question) ? 'gm' : true
  if (turn.status !== 'running') return false
  const held = ctx.log
    .getArray<LogEntry>(LOG.entries)
    .toArray()
    .some((e) => e.status === 'pending' && e.attack?.attackerId === attackerId)
  return held ? 'approval' : false
}

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
  // The round as it stands and everyone on the table, for rules that read more than the two fighters;
  // a client's own `round` never reaches here (parseDeclared).
  const turn = readTurn(ctx.table)
  const planned = planAttack(ctx.rules, {
    attacker,
    target,
    declared,
    table: { turn, fighters: all, readings: readingsOf(ctx) },
    byGm: asker === 'gm',
    awaitingAnswer: awaiting(ctx, attacker.id, turn),
  })
  if (!planned.ok) return planned
  const plan = planned.value
  if (plan.choice?.waits) return hold(ctx, plan, requestId, turn)
  const rules = ctx.rules.combat
  const defenses = rules.defenses(plan)
  if (!defenses.ok) return defenses
  const settings = settingsOf(ctx.table)
  // A monster's defense, where the GM set the room so: by the book or none, chosen now and said in the log.
  const byHand = ctx.gm.getMap<true>(GM.byHand).get(targetId) === true
  const roomAnswers = seatOf(ctx.table, targetId) === null && !byHand ? settings.foeDefense : 'gm'
  // Where the defender chooses after the attack roll (brp), it is rolled now: a miss is answered by nobody,
  // a hit by the defenses that can still answer it, and it resolves with the same faces.
  let options = defenses.value
  let rolled: PendingDefense['rolled']
  if (rules.rollsFirst && options.length > 0 && roomAnswers !== 'none') {
    const roller = roomRoller(ctx, faces)
    const first = rules.rollsFirst(plan, roller.roll)
    if (roller.error) return { ok: false, error: roller.error }
    if (!first.ok) return first
    rolled = { faces: roller.rolls.filter((r) => !r.typed).map((r) => r.face), says: first.value.says }
    options = first.value.defenses
  }
  const best = roomAnswers === 'book' ? bestByTheBook(options) : null
  if (options.length > 0 && !best && roomAnswers !== 'none') {
    // Checked in full now (typed dice included), so an attack that waits for its defender cannot fail
    // later: by a dry run, unless the rules' plan and defenses have refused all it could refuse already.
    if (faces?.length || !rules.defensesCheckResolve) {
      const dry = roomRoller(ctx, faces, rolled?.faces)
      const tried = rules.resolve(plan, null, dry.roll)
      if (dry.error) return { ok: false, error: dry.error }
      if (!tried.ok) return tried
    }
    const prompt: PendingDefense = {
      id: requestId,
      attackerId,
      targetId,
      declared: plan.declared,
      ...(faces ? { faces } : {}),
      ...(rolled ? { rolled } : {}),
      options,
      ...(plan.choice?.against ? { against: plan.choice.against } : {}),
      askedAt: ctx.now,
      gmAfter: ctx.now + settings.defenseSeconds * 1000,
    }
    openPrompt(ctx.table, prompt)
  } else {
    const chose: BreakdownLine | undefined = best
      ? {
          label: `The room chose “${best.label}” for ${target.name}: the best odds by the book (${whyChosen(best, attacker.name)})`,
          value: 0,
          note: true,
        }
      : roomAnswers === 'none' && options.length > 0
        ? { label: `${target.name} takes no defense, as the table rules say`, value: 0, note: true }
        : rolled
          ? { label: rolled.says, value: 0, note: true }
          : undefined
    // The table as read above: nothing was written since.
    const resolved = resolveAttack(ctx, plan, best?.id ?? null, requestId, faces, chose, rolled?.faces)
    if (!resolved.ok) return resolved
  }
  if (turn.status !== 'idle') stepTurn(ctx, { kind: 'attacked', id: attacker.id })
  return { ok: true, logId: requestId }
}

/**
 * The defense the text and the sheet allow with the best odds, or null where none has odds to compare
 * (the GM then answers, as without the setting): the highest chance of its own to succeed (brp's parry
 * or dodge, the first of equals); else the lowest chance left to the attack (odnd's parry or taking it),
 * the last of equals, which each system lists as taking it and keeping one's attacks.
 */
export function bestByTheBook(options: readonly DefenseOption[]): DefenseOption | null {
  let best: DefenseOption | null = null
  for (const o of options) if (o.chance !== null && (best === null || o.chance > (best.chance ?? 0))) best = o
  if (best) return best
  for (const o of options) if (o.hits !== undefined && (best === null || o.hits <= (best.hits ?? 1))) best = o
  return best
}

/** Why the room chose this defense, for the log: its odds, or what it leaves the attack. */
function whyChosen(best: DefenseOption, attacker: string): string {
  const percent = (p: number) => `${Math.round(p * 100)}%`
  return best.chance !== null
    ? percent(best.chance)
    : `${attacker} hits ${percent(best.hits ?? 0)} of the time`
}

/**
 * Holding the action for the target (osr's Hold Action): the turn model moves the holder onto the
 * target's later place, and the log says so; no attack is spent.
 */
function hold(ctx: RoomContext, plan: AttackPlan, requestId: string, turn: TurnState): RequestResult {
  if (turn.status !== 'running')
    return { ok: false, error: 'An action is held for someone who acts later: start the round first.' }
  const { attacker: holder, target, declared } = plan
  const resolved = ctx.rules.combat.resolve(plan, null, roomRoller(ctx).roll)
  if (!resolved.ok) return resolved
  const moved = stepTurn(ctx, { kind: 'hold', id: holder.id, until: target.id })
  if (!moved.ok) return moved
  const attack = { attackerId: holder.id, targetId: target.id, declared, defense: null }
  record(ctx, { id: requestId, by: holder.name, kind: 'attack', attack }, resolved.value, [])
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
  const prompt = promptById(ctx.table, promptId)
  if (!prompt) return { ok: false, error: 'That attack has already been answered.' }
  const seat = seatOf(ctx.table, prompt.targetId)
  // A question an outcome asks the GM (osr: whom a missed shot may hit) is the GM's alone.
  if (prompt.question && asker !== 'gm') return { ok: false, error: 'Only the GM answers this.' }
  if (asker !== 'gm' && seat !== asker.seatId)
    return { ok: false, error: 'Only the one attacked can answer this.' }
  if (asker === 'gm' && seat && ctx.now < prompt.gmAfter)
    return { ok: false, error: 'The player still has time to answer; wait for the countdown.' }
  const picked = prompt.many ? choice.split('+') : [choice]
  if (!picked.every((id) => prompt.options.some((o) => o.id === id)) || new Set(picked).size < picked.length)
    return {
      ok: false,
      error: prompt.many ? 'Choose among those offered, each once.' : 'Choose one of the defenses offered.',
    }
  const plan = answered(ctx, prompt)
  closePrompt(ctx.table, promptId)
  const result = plan.ok
    ? resolveAttack(ctx, plan.value, choice, requestId, prompt.faces, undefined, prompt.rolled?.faces)
    : plan
  refreshTurn(ctx)
  return result
}

/**
 * Players' defenses whose time ran out, where the GM set the room to answer them then (`lateDefense`):
 * with no defense, or the one with the best odds by the book (none, where no option has odds to compare).
 * The outcome's first line says whose time ran out and what the room chose. Questions for the GM and
 * monsters' defenses stay the GM's.
 */
export function answerLate(ctx: RoomContext): void {
  const { lateDefense } = settingsOf(ctx.table)
  if (lateDefense === 'wait') return
  for (const prompt of openPrompts(ctx.table)) {
    if (prompt.question || ctx.now < prompt.gmAfter || seatOf(ctx.table, prompt.targetId) === null) continue
    const plan = answered(ctx, prompt)
    closePrompt(ctx.table, prompt.id)
    if (!plan.ok) continue
    const { attacker, target } = plan.value
    const best = lateDefense === 'book' ? bestByTheBook(prompt.options) : null
    const chose = best
      ? `the room chose “${best.label}”, the best odds by the book (${whyChosen(best, attacker.name)})`
      : lateDefense === 'book'
        ? 'no defense: none offered has odds to compare'
        : 'no defense, as the table rules say'
    const line: BreakdownLine = {
      label: `${target.name}’s time to answer ran out: ${chose}`,
      value: 0,
      note: true,
    }
    const entryId = `${prompt.id}/late`
    resolveAttack(ctx, plan.value, best?.id ?? null, entryId, prompt.faces, line, prompt.rolled?.faces)
  }
  refreshTurn(ctx)
}

/** When a player's defense runs out next, where the room then answers it; null for none. */
export function nextLateDefense(table: RoomContext['table']): number | null {
  if (settingsOf(table).lateDefense === 'wait') return null
  const due = openPrompts(table)
    .filter((p) => !p.question && seatOf(table, p.targetId) !== null)
    .map((p) => p.gmAfter)
  return due.length > 0 ? Math.min(...due) : null
}

/**
 * The attack a prompt waits on, planned against the table as it is now (the two may have been hit, healed
 * or moved since it was asked): its declaration is the one the attack's plan checked, the round's facts in.
 */
function answered(ctx: RoomContext, prompt: PendingDefense): Outcome<AttackPlan> {
  const view: TableView = { turn: readTurn(ctx.table), fighters: fighters(ctx), readings: readingsOf(ctx) }
  const attacker = view.fighters.find((f) => f.id === prompt.attackerId)
  const target = view.fighters.find((f) => f.id === prompt.targetId)
  if (!attacker || !target) return fail('The attacker or the target has left the fight.')
  return ctx.rules.combat.plan(attacker, target, prompt.declared, view)
}

/** Rolls and applies a planned attack (its table as read for this request: nothing written since). */
function resolveAttack(
  ctx: RoomContext,
  plan: AttackPlan,
  defense: string | null,
  entryId: string,
  faces?: number[],
  /** Who chose the defense where it was not the defender (the room, by the book): the log's first line. */
  chose?: BreakdownLine,
  /** The room's faces already rolled for the attack, before its defender chose (`rollsFirst`). */
  rolled?: readonly number[],
): RequestResult {
  const roller = roomRoller(ctx, faces, rolled)
  const { attacker, target, declared } = plan
  const outcome = ctx.rules.combat.resolve(plan, defense, roller.roll)
  if (roller.error) return { ok: false, error: roller.error }
  if (!outcome.ok) return outcome
  const resolved = chose
    ? { ...outcome, value: { ...outcome.value, lines: [chose, ...outcome.value.lines] } }
    : outcome
  // Typed dice in a room that wants them approved: logged now, applied when the GM approves.
  // (The GM's own dice for a monster need nobody's approval.)
  const hold =
    Boolean(faces?.length) &&
    seatOf(ctx.table, attacker.id) !== null &&
    settingsOf(ctx.table).physicalDice === 'approve'
  const attack = { attackerId: attacker.id, targetId: target.id, declared, defense }
  const spent = resolved.value.spent ?? []
  const entry = { id: entryId, by: attacker.name, kind: 'attack' as const, attack }
  record(ctx, spent.length > 0 ? { ...entry, spent } : entry, resolved.value, roller.rolls, hold)
  // Who struck with this attack, out of their place (osr: a weapon set against a charge), has acted.
  for (const id of spent) stepTurn(ctx, { kind: 'spent', id })
  // What the outcome asks the GM next (osr: whom a missed shot may hit): a prompt of the GM's, which
  // goes with the outcome if the GM rejects its dice.
  const asks = resolved.value.asks
  if (asks) {
    const prompt: PendingDefense = {
      id: `${entryId}/asks`,
      attackerId: attacker.id,
      targetId: target.id,
      declared: asks.declared,
      options: asks.options,
      askedAt: ctx.now,
      gmAfter: ctx.now,
      question: asks.question,
      ...(asks.many ? { many: true } : {}),
      ...(asks.verb ? { verb: asks.verb } : {}),
    }
    openPrompt(ctx.table, prompt)
  }
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
  // What the rejected outcome asked the GM goes with it.
  if (!approve) closePrompt(ctx.table, `${entryId}/asks`)
  // So does the action it spent out of place: never applied, it spent nothing; nor the attack itself,
  // which its attacker makes again (the turn waited for the verdict, so it is still theirs).
  if (!approve) for (const id of entry.spent ?? []) stepTurn(ctx, { kind: 'spent-undone', id })
  if (!approve && entry.attack) stepTurn(ctx, { kind: 'attack-undone', id: entry.attack.attackerId })
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
  if (!entry.undone) {
    const act = undoTableAct(ctx, entry)
    if (act) {
      if (act.ok) markUndone(ctx, index, entry)
      return act
    }
  }
  const changes = changesOf(ctx, entry)
  if (!changes) return { ok: false, error: 'That entry changed nothing at the table to undo.' }
  if (entry.undone) return { ok: false, error: 'That entry is already undone.' }
  if (entry.status === 'pending') return { ok: false, error: 'Approve or reject those dice first.' }
  ctx.table.transact(() => {
    for (const [id, { before, after }] of Object.entries(changes)) {
      const now = fighterOf(ctx, id)
      if (!now) continue
      // Later changes stay: only this entry's own difference in hit points (and maximum) is taken back.
      const hp = before.hp !== undefined && after.hp !== undefined ? now.hp + (before.hp - after.hp) : now.hp
      if (before.maxHp !== undefined && after.maxHp !== undefined)
        writeMaximum(ctx, id, now.maxHp + (before.maxHp - after.maxHp))
      write(ctx, { ...now, hp, state: before.state ?? now.state })
    }
  }, 'server')
  markUndone(ctx, index, entry)
  // An attack undone in the turn it was made is the attacker's to make again, and an action it spent
  // out of place (osr: a weapon set against the charge) is its owner's again.
  if (entry.attack) stepTurn(ctx, { kind: 'attack-undone', id: entry.attack.attackerId })
  for (const id of entry.spent ?? []) stepTurn(ctx, { kind: 'spent-undone', id })
  refreshTurn(ctx)
  return { ok: true, logId: entryId }
}

/** Marks the log's entry at `index` undone: every device strikes it through. */
function markUndone(ctx: RoomContext, index: number, entry: LogEntry): void {
  const entries = ctx.log.getArray<LogEntry>(LOG.entries)
  ctx.log.transact(() => {
    entries.delete(index, 1)
    entries.insert(index, [{ ...entry, undone: true }])
  }, 'server')
}
