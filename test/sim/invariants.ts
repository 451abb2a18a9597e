/**
 * What must hold at the table after every step of a fight, whatever the system: each check names its
 * invariant and says, in words, what broke it.
 */

import {
  changedHitPoints,
  GM,
  hidesHealth,
  LOG,
  type LogEntry,
  type LogSecret,
  type PendingDefense,
  publicState,
  publicStatus,
  type RequestResult,
  readField,
  readSettings,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import { verifySeal } from '@fray/protocol/seal'
import {
  type Fighter,
  isActing,
  mayAttack,
  orderedRound,
  recordingRoller,
  resolveDeclared,
  type StartedBy,
  type TimedEvent,
  turnPlace,
  type Unaware,
  zones,
} from '@fray/rules'
import type * as Y from 'yjs'
import { announce } from '../../app/src/models/log-words.ts'
import { readCombatant, withSecret } from '../../app/src/models/table.ts'
import { describeTurn } from '../../app/src/models/turn.ts'
import { fighters } from '../../worker/src/room/fighters.ts'
import { marksOf } from '../../worker/src/room/marks.ts'
import { seatOf } from '../../worker/src/room/outcomes.ts'
import { readTurn } from '../../worker/src/room/turn-doc.ts'
import type { Action, Fight } from './fight.ts'
import { entryFlaw, textFlaw } from './wording.ts'

export interface Snapshot {
  turn: TurnState
  fighters: Fighter[]
  /** How long the log was: entries are only ever appended (an undo or a verdict rewrites one in place). */
  logLength: number
  /** The entries appended since the step began, as the GM sees them (filled in for the snapshot after a step). */
  fresh: LogEntry[]
  /** The same entries as players see them. */
  shown: LogEntry[]
  prompts: PendingDefense[]
}

/** The log as the GM's tablet reads it: with the lines and changes kept from the players. */
export function gmLog(docs: { log: Y.Doc; gm: Y.Doc }) {
  const entries = docs.log.getArray<LogEntry>(LOG.entries)
  const secrets = docs.gm.getMap<LogSecret>(GM.logSecrets)
  return {
    length: entries.length,
    toArray: () => entries.toArray().map((e) => withSecret(e, secrets.get(e.id))),
    slice: (from: number) => entries.slice(from).map((e) => withSecret(e, secrets.get(e.id))),
  }
}

export function snapshot(docs: { table: Y.Doc; log: Y.Doc; gm: Y.Doc }, since?: Snapshot): Snapshot {
  const { table, log } = docs
  const entries = gmLog(docs)
  return {
    turn: readTurn(table),
    fighters: fighters(docs),
    logLength: entries.length,
    fresh: since ? entries.slice(since.logLength) : [],
    shown: since ? log.getArray<LogEntry>(LOG.entries).slice(since.logLength) : [],
    prompts: [...table.getMap<PendingDefense>(TABLE.prompts).values()],
  }
}

export interface Broken {
  invariant: string
  message: string
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The same changes to the same combatants, in any order (the GM's log lists hidden monsters' last). */
const sameChanges = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  same(Object.keys(a).sort(), Object.keys(b).sort()) && Object.keys(a).every((id) => same(a[id], b[id]))

/**
 * Whose turn it is, as a key: the round and slot (or, in faction play, the turn taken last). A slot goes
 * by its name and number, not its place: one the GM removed before it moves every later slot up.
 */
function turnKey(turn: TurnState): string {
  const factions = zones.zonesRound(turn)
  if (factions) return `${turn.round}/f${factions.log.length}`
  const slot = turn.order[turn.current]
  if (!slot) return `${turn.round}/${turn.current}`
  const name = `${slot.label}@${slot.at ?? ''}`
  const before = turn.order.slice(0, turn.current).filter((s) => `${s.label}@${s.at ?? ''}` === name).length
  return `${turn.round}/${name}#${before}`
}

/**
 * The attacks a turn allows where a text says so plainly, read from the texts and the sheet as stored (not
 * from the systems' code, which the check above asks): a system that allows more breaks it however its
 * own rules agree.
 */
const TEXT_ATTACKS: Partial<Record<string, (f: Fighter) => { allowed: number; rule: string }>> = {
  // "Most missile weapons ... can be used once per round, just like melee attacks"; "When fighting with
  // two weapons at the same time, one weapon must be smaller (like a short sword or dagger)" (17.0.14).
  osr: (f) => {
    const weapons = Array.isArray(f.sheet?.weapons) ? (f.sheet.weapons as Array<Record<string, unknown>>) : []
    const melee = weapons.filter((w) => w.kind === 'melee' || w.kind === 'melee-thrown')
    return melee.length >= 2 && melee.some((w) => w.small === true)
      ? { allowed: 2, rule: 'two-weapon style (17.0.14)' }
      : { allowed: 1, rule: 'one attack a round (17.0.1, 17.0.14)' }
  },
  // "Characters act on their DEX rank" (5.4), once a round: one attack, First Aid or waking someone.
  brp: () => ({ allowed: 1, rule: 'acting once on one’s DEX rank (5.4)' }),
}

/** A system's refusal of an attack because the round's attacks are all made (odnd's count, `combat.ts`). */
const COUNT_REFUSED: Partial<Record<string, RegExp>> = {
  odnd: /has made (the one attack|all \d+ attacks) of the round/,
}

/**
 * #54: the turn never offers an attack the room would refuse for the attacks already made ("has made
 * all 1 attacks" after the turn said 3): one offered an attack (`mayAttack`) has a foe their first way
 * of attacking may still take on, as the rules count the round.
 */
function attackOfferedRefused(fight: Fight, after: Snapshot): Broken | null {
  const counted = COUNT_REFUSED[fight.system]
  // (While an attack waits for its defender, the rules have not counted it yet.)
  if (!counted || after.turn.status !== 'running' || after.prompts.length > 0) return null
  const rules = fight.judge.combat
  const table = { turn: after.turn, fighters: after.fighters }
  for (const f of after.fighters) {
    if (!mayAttack(after.turn, f.id)) continue
    const choices = rules.choices(f, table)
    const first = choices.ok ? choices.value[0] : undefined
    if (!first) continue
    const foes = after.fighters.filter((o) => o.side !== f.side && !rules.out(o))
    const refusals = foes.map((o) => rules.plan(f, o, { choice: first.id, toggles: [] }, table))
    const refused = refusals.flatMap((r) => (r.ok ? [] : [r.error]))
    if (foes.length > 0 && refused.length === foes.length && refused.some((e) => counted.test(e)))
      return {
        invariant: 'the turn offers no attack the room would refuse',
        message: `${f.name} is offered ${after.turn.attacksLeft?.[f.id]} attack(s), yet: ${refused.join(' / ')}`,
      }
  }
  return null
}

/**
 * zones: "Initiative is held by the faction which started the fight, or is assigned randomly if that’s
 * unclear" (Combat procedure); "Characters who launch an ambush are concealed at the start of the fight"
 * (Sneaking in combat). The faction the start chose: the ambushers, else the side the GM said, else the
 * start's one logged die, a face per faction in the table's order (1 the players, 2 the foes). Every round,
 * the bonus round and those after it, opens with it: it picks first, or it moves while none is picked.
 */
export function zonesStartBroken(
  started: { unaware?: Unaware; startedBy?: StartedBy },
  rolls: readonly LogEntry[],
  turn: TurnState,
): string | null {
  const round = zones.zonesRound(turn)
  if (!round) return null
  const faction = (side: 'pc' | 'foe') => (side === 'pc' ? 'party' : 'foes')
  const said = started.unaware
    ? faction(started.unaware === 'pc' ? 'foe' : 'pc')
    : started.startedBy && faction(started.startedBy)
  if (said && rolls.length > 0)
    return `the start was clear (${said}), yet the room rolled ${rolls.map((r) => r.notation).join(', ')}`
  if (!said && (rolls.length !== 1 || rolls[0]?.notation !== '1d2'))
    return `nobody clearly started the fight, yet the log holds ${rolls.length} initiative roll(s), not one d2`
  const chose = said ?? (rolls[0]?.faces[0] === 1 ? 'party' : 'foes')
  const first = round.log.find((e) => e.type === 'first')
  const opened =
    first?.type === 'first' ? first.faction : round.phase === 'choosing-first' ? round.initiative : null
  if (opened !== null && opened !== chose)
    return `round ${turn.round} opens with ${opened}, but the start chose ${chose}${said ? '' : ` (the d2 gave ${rolls[0]?.faces[0]})`}`
  return null
}

/** The first invariant this step broke, or null. */
export function check(
  fight: Fight,
  before: Snapshot,
  after: Snapshot,
  action: Action,
  answers: RequestResult[],
): Broken | null {
  const rules = fight.judge
  const out = (f: Fighter) => rules.combat.out(f)
  const was = (id: string) => before.fighters.find((f) => f.id === id)
  const fresh = after.fresh
  // (A question an outcome asks the GM, osr's whom a missed shot may hit, is no new attack.)
  const freshPrompts = after.prompts.filter((p) => !p.question && !before.prompts.some((b) => b.id === p.id))

  // zones: the round opens with the faction the start chose.
  if (fight.started && fight.own.info.asksWhoStarted) {
    const rolls = fight.log
      .getArray<LogEntry>(LOG.entries)
      .toArray()
      .filter((e) => e.by === 'Initiative')
    const wrong = zonesStartBroken(fight.started, rolls, after.turn)
    if (wrong) return { invariant: 'the zones round opens with the faction the start chose', message: wrong }
  }

  // Two of the GM's devices tapping Next turn (or Foes pass) at once move the turn on once.
  if (action.kind === 'twice' && answers.length === 2 && answers.every((a) => a.ok))
    if (turnPlace(after.turn, rules.turn.view) !== turnPlace(before.turn, rules.turn.view))
      return {
        invariant: 'a move of the turn tapped on two devices at once moves it on once',
        message: `both were taken: the turn went from ${turnPlace(before.turn, rules.turn.view)} to ${turnPlace(after.turn, rules.turn.view)}`,
      }

  // The GM's hit-point taps each count once, from what the table held, however many devices tapped.
  const tapped = action.taps && was(action.taps.combatantId)
  if (action.taps && tapped && answers.every((a) => a.ok) && !fresh.some((e) => e.kind !== 'gm-hp')) {
    const { combatantId, delta, devices } = action.taps
    let expected = { hp: tapped.hp, maxHp: tapped.maxHp }
    for (let i = 0; i < devices; i++) expected = changedHitPoints(expected, { delta }) ?? expected
    const now = after.fighters.find((f) => f.id === combatantId)
    if (now?.hp !== expected.hp)
      return {
        invariant: 'the GM’s hit-point taps each count once',
        message: `${devices} tap(s) of ${delta} took ${tapped.name} from ${tapped.hp} to ${now?.hp} (expected ${expected.hp})`,
      }
  }

  // The turn names only those at the table: one removed or hidden again leaves no "?" in any order.
  const there = new Set(after.fighters.map((f) => f.id))
  const named = [...after.turn.order.flatMap((slot) => slot.ids), ...(after.turn.acting ?? [])]
  const gone = named.filter((id) => !there.has(id))
  if (gone.length > 0)
    return {
      invariant: 'the turn names only those at the table',
      message: `the order names ${[...new Set(gone)].join(', ')}, who are not on the table`,
    }

  // Where the table rules give monsters no defense, no attack on one waits for the GM (but on those the GM
  // took over): the room took none.
  if (readSettings(fight.table.getMap<unknown>(TABLE.settings)).foeDefense === 'none') {
    const byHand = fight.gm.getMap<true>(GM.byHand)
    // Asked in this step: a prompt opened while the GM had taken the monster over stays the GM's.
    const waited = new Set(before.prompts.map((p) => p.id))
    const asked = after.prompts.filter(
      (p) =>
        !waited.has(p.id) &&
        !p.question &&
        seatOf(fight.table, p.targetId) === null &&
        byHand.get(p.targetId) !== true,
    )
    if (asked.length > 0)
      return {
        invariant: 'a monster set to take no defense is never asked for one',
        message: JSON.stringify(asked.map((p) => ({ attacker: p.attackerId, target: p.targetId }))),
      }
  }

  // A seat's answer says how far its request took the table and the log: a phone waits for both.
  if (fight.answersBehind.length > 0)
    return { invariant: 'an answer covers what its request wrote', message: fight.answersBehind.join('; ') }

  // A sealed roll shows players nothing of its result before the reveal, and its reveal matches its seal.
  for (const e of fight.log.getArray<LogEntry>(LOG.entries).toArray()) {
    if (!e.sealed) continue
    if (!e.sealed.revealed && (e.faces.length > 0 || e.total !== 0 || /\d+ \(/.test(e.detail ?? '')))
      return { invariant: 'a sealed roll is secret until revealed', message: JSON.stringify(e) }
    if (e.sealed.revealed && !verifySeal(e.sealed.commitment, e.sealed.revealed))
      return { invariant: 'a revealed roll matches its seal', message: JSON.stringify(e) }
  }

  // The GM's conditions count whole rounds down and go at none; a combatant carries at most 12.
  for (const [id, fields] of fight.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()) {
    const marks = marksOf(fields)
    if (
      marks.length > 12 ||
      marks.some((m) => m.rounds !== null && (!Number.isInteger(m.rounds) || m.rounds < 1)) ||
      marks.some((m) => m.segments && (!Number.isInteger(m.segments.left) || m.segments.left < 1))
    )
      return {
        invariant: 'the GM’s conditions count down and end',
        message: `${id}: ${JSON.stringify(marks)}`,
      }
  }

  // A timed event holds the turn: while one is due nobody acts and no attack starts; each comes up in
  // or after its first round, once a round at most.
  if ((after.turn.due ?? []).length > 0 && (after.turn.acting ?? []).length > 0)
    return { invariant: 'a timed event holds the turn', message: JSON.stringify(after.turn.due) }
  for (const e of fight.gm.getMap<TimedEvent>(GM.events).values())
    if (
      e.fired !== undefined &&
      (e.fired < e.round || (after.turn.status !== 'idle' && e.fired > after.turn.round))
    )
      return { invariant: 'a timed event comes up in its round', message: JSON.stringify(e) }
  const eventIds = fight.log
    .getArray<LogEntry>(LOG.entries)
    .toArray()
    .filter((e) => e.kind === 'event')
    .map((e) => e.id)
  if (new Set(eventIds).size !== eventIds.length)
    return { invariant: 'a timed event comes up in its round', message: `twice: ${eventIds.join(', ')}` }

  // Every refusal is a sentence a player can read.
  for (const a of answers) {
    if (!a.ok && (a.error.trim() === '' || /undefined|NaN|\[object/.test(a.error)))
      return { invariant: 'a refusal says why, in words', message: `the room answered ${JSON.stringify(a)}` }
  }

  const misworded = wordingBroken(fight, after, answers)
  if (misworded) return { invariant: 'every word a player reads is a word, and adds up', message: misworded }

  const offered = attackOfferedRefused(fight, after)
  if (offered) return offered
  const struckBack = deadStrikeBack(fight, before, after, action)
  if (struckBack) return struckBack
  /** Those felled who still get their attack in the turn under way (odnd ENCOUNTER ORDER 6, osr 17, brp 5.2). */
  const owed = (f: Fighter, turn: TurnState) => fight.owedStrikes.get(f.id) === turnKey(turn)
  // A dead, down or incapacitated combatant never gets a turn, and never starts an attack (but for the
  // attack still owed to one felled on the same initiative, odnd's and osr's); at 0 hit points or less, one is out
  // in every system (a GM's edit too, not only the rules' own damage).
  for (const f of after.fighters) {
    if (f.hp <= 0 && !out(f))
      return { invariant: 'none fights on at 0 hit points', message: `${f.name} is at ${f.hp} and not out` }
    if (out(f) && isActing(after.turn, f.id) && !owed(f, after.turn))
      return { invariant: 'the fallen never act', message: `${out(f)} Yet the turn says ${f.name} acts now.` }
  }
  // The round's order on every screen strikes through who of it is out now (a shared slot too).
  if (after.turn.status === 'running' && !zones.zonesRound(after.turn)) {
    const marked = new Set(after.turn.out ?? [])
    for (const id of after.turn.order.flatMap((slot) => slot.ids)) {
      const f = after.fighters.find((x) => x.id === id)
      if (f && Boolean(out(f) && !isActing(after.turn, id)) !== marked.has(id))
        return {
          invariant: 'the order marks who is out',
          message: `${f.name} is ${out(f) ? '' : 'not '}out (${f.hp} hp), the order says ${JSON.stringify(after.turn.out)}`,
        }
    }
  }
  // What the GM's devices show of a combatant (its status chips: Dead, Unconscious, Prone) is what the
  // rules say of its hit points and state now, however they changed (an outcome, an undo, the GM's own
  // edit); those showing a hidden monster's health are in the gm document.
  const combatants = fight.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const foeSecrets = fight.gm.getMap<Y.Map<unknown>>(GM.foeSecrets)
  for (const f of after.fighters) {
    const fields = combatants.get(f.id)
    const shown = (fields && readField(fields, foeSecrets.get(f.id), 'status')) ?? []
    const said = rules.combat.status(f)
    if (!same(shown, said))
      return {
        invariant: 'the status chips follow the rules',
        message: `${f.name} (${f.hp} hp) shows ${JSON.stringify(shown)}, the rules say ${JSON.stringify(said)}`,
      }
  }
  const resolvedPrompt = (e: LogEntry) =>
    before.prompts.some((p) => p.id === e.id || p.attackerId === e.attack?.attackerId)
  const declared = [
    ...freshPrompts.map((p) => p.attackerId),
    ...fresh.filter((e) => e.attack && !resolvedPrompt(e)).map((e) => e.attack?.attackerId as string),
  ]
  if ((before.turn.due ?? []).length > 0 && before.turn.status === 'running' && declared.length > 0)
    return {
      invariant: 'a timed event holds the turn',
      message: `${declared.join(', ')} attacked while it was due`,
    }
  for (const id of declared) {
    const attacker = was(id)
    if (attacker && out(attacker) && !owed(attacker, before.turn))
      return {
        invariant: 'the fallen never act',
        message: `${out(attacker)} Yet the room took an attack from them.`,
      }
  }

  // Nobody attacks before the round's order is set: while initiative is rolled or intents are stated.
  if (before.turn.status === 'initiative' && declared.length > 0)
    return {
      invariant: 'nobody attacks before the round’s order is set',
      message: `the room took an attack from ${was(declared[0] as string)?.name} while the round waited for ${JSON.stringify(before.turn.waiting)}`,
    }
  // brp's order of the Actions phase, as its text orders DEX ranks and their ties (5.4).
  if (fight.system === 'brp' && !same(before.turn.order, after.turn.order)) {
    const wrong = brpOrderBroken(after.turn, after.fighters)
    if (wrong)
      return {
        invariant: 'brp acts by DEX rank, ties by weapon, as its text orders them (5.4)',
        message: wrong,
      }
  }
  // brp's Movement phase (5.1): those who stated a move make it; nobody attacks before the Actions.
  if (orderedRound(before.turn).phase === 'movement' && declared.length > 0)
    return {
      invariant: 'nobody attacks in the Movement phase',
      message: `the room took an attack from ${was(declared[0] as string)?.name} while everyone was moving`,
    }

  // A held action (osr's Hold Action) spends no attack: the holder now stands in the slot of the one
  // waited for, later in the order, and acts with them.
  const holds = fresh.filter((e) => {
    const a = e.attack && was(e.attack.attackerId)
    const choices = a ? rules.combat.choices(a) : null
    return choices?.ok && choices.value.some((c) => c.id === e.attack?.declared.choice && c.waits)
  })
  for (const e of holds) {
    const { attackerId, targetId } = e.attack as NonNullable<LogEntry['attack']>
    const slot = after.turn.order.findIndex((s) => s.ids.includes(attackerId))
    if (slot < after.turn.current || !after.turn.order[slot]?.ids.includes(targetId))
      return {
        invariant: 'a held action acts with the one it waits for',
        message: `${was(attackerId)?.name} held for ${was(targetId)?.name}; the order is ${JSON.stringify(after.turn.order)} at ${after.turn.current}`,
      }
  }
  const attacked = declared.filter((id) => !holds.some((e) => e.attack?.attackerId === id))

  // One who comes (back) onto the table joins the round afresh, as any monster revealed mid-round does:
  // what they did before the GM hid them again does not count against the turn they join.
  for (const f of after.fighters)
    if (!was(f.id))
      for (const key of [...fight.turnAttacks.keys()])
        if (key.endsWith(`/${f.id}`)) fight.turnAttacks.delete(key)

  // Attacks per turn never exceed what the system allows.
  for (const id of attacked) {
    const key = `${turnKey(before.turn)}/${id}`
    const made = (fight.turnAttacks.get(key) ?? 0) + 1
    fight.turnAttacks.set(key, made)
    const attacker = was(id)
    const allowed = attacker ? rules.turn.attacksPerTurn(attacker) : 1
    if (made > allowed)
      return {
        invariant: 'a turn allows only the attacks the rules allow',
        message: `${attacker?.name} made ${made} attacks in one turn (${turnKey(before.turn)}); the rules allow ${allowed}.`,
      }
    const text = attacker && TEXT_ATTACKS[fight.system]?.(attacker)
    if (text && made > text.allowed)
      return {
        invariant: 'a turn allows only the attacks its text allows',
        message: `${attacker?.name} made ${made} attacks in one turn (${turnKey(before.turn)}); ${text.rule} allows ${text.allowed}.`,
      }
  }
  // An attack undone, or its typed dice rejected, is its attacker's to make again in the turn.
  const givenBack =
    (action.kind === 'undo' && answers[0]?.ok) || (action.kind === 'verdict' && action.approve === false)
  if (givenBack && action.entry?.attack) {
    const key = `${turnKey(before.turn)}/${action.entry.attack.attackerId}`
    if (fight.turnAttacks.has(key))
      fight.turnAttacks.set(key, Math.max(0, (fight.turnAttacks.get(key) ?? 1) - 1))
  }

  // No defense prompt outlives its round.
  if (after.turn.round !== before.turn.round && after.prompts.length > 0)
    return {
      invariant: 'no defense prompt outlives its round',
      message: `round ${before.turn.round} ended with ${after.prompts.length} attack(s) still waiting for their defender`,
    }

  // Every logged attack replays through the rules, from its logged dice, to the same outcome; faces
  // typed by the attacker's side never stand for the target's dice.
  for (const e of fresh) {
    if (!e.attack || !e.rolls) continue
    const taken = e.rolls.find((r) => r.typed && r.theirs)
    if (taken)
      return {
        invariant: 'typed faces are only ever the typist’s own dice',
        message: `${e.id}: the target's ${taken.label} came from the attacker's typed faces`,
      }
    const attacker = was(e.attack.attackerId)
    const target = was(e.attack.targetId)
    if (!attacker || !target) continue
    const roller = recordingRoller(
      e.rolls.map((r) => r.face),
      undefined,
      { replay: true },
    )
    const view = { turn: before.turn, fighters: before.fighters }
    const { declared: d, defense } = e.attack
    const replayed = resolveDeclared(rules.combat, attacker, target, d, defense, roller.roll, view)
    const logged = Object.fromEntries(Object.entries(e.changes ?? {}).map(([id, c]) => [id, c.after]))
    if (
      !replayed.ok ||
      roller.missing ||
      replayed.value.summary !== e.detail ||
      !sameChanges(replayed.value.changes, logged)
    )
      return {
        invariant: 'every logged outcome replays from its logged dice',
        message: `${e.id} logged "${e.detail}" but replays as ${replayed.ok ? `"${replayed.value.summary}"` : replayed.error}`,
      }
  }

  // Helping (brp's First Aid, waking) never costs anyone hit points.
  for (const e of fresh) {
    const helper = e.attack && was(e.attack.attackerId)
    const choices = helper ? rules.combat.choices(helper) : null
    const aid = choices?.ok && choices.value.find((c) => c.id === e.attack?.declared.choice)?.aid
    if (!aid) continue
    for (const [id, c] of Object.entries(e.changes ?? {}))
      if (c.before.hp !== undefined && c.after.hp !== undefined && c.after.hp < c.before.hp)
        return {
          invariant: 'helping never costs hit points',
          message: `${e.id} (${e.attack?.declared.choice}) took ${id} from ${c.before.hp} to ${c.after.hp}`,
        }
  }

  // Undoing an entry restores exactly what it changed.
  const endOfRound = fresh.some((e) => e.kind === 'end-of-round')
  if (action.kind === 'undo' && action.entry && answers[0]?.ok && !endOfRound) {
    for (const [id, { before: old, after: changed }] of Object.entries(action.entry.changes ?? {})) {
      const then = was(id)
      const now = after.fighters.find((f) => f.id === id)
      if (!then || !now) continue
      const hp = old.hp !== undefined && changed.hp !== undefined ? then.hp + (old.hp - changed.hp) : then.hp
      if (now.hp !== hp || (old.state !== undefined && !same(now.state, old.state)))
        return {
          invariant: 'undo restores exactly what it changed',
          message: `undoing ${action.entry.id} left ${now.name} at ${now.hp} hp (expected ${hp}) or in another state`,
        }
    }
  }

  // Approved typed dice move hit points by their outcome's own difference from where they are now;
  // rejected ones change nothing.
  if (action.kind === 'verdict' && action.entry) {
    for (const now of after.fighters) {
      const then = was(now.id)
      const change = action.entry.changes?.[now.id]
      // (The end of a round the verdict closed may change hit points too, with its own entry.)
      if (!then || fresh.some((e) => e.changes?.[now.id])) continue
      const moved =
        action.approve && change?.before.hp !== undefined && change.after.hp !== undefined
          ? change.after.hp - change.before.hp
          : 0
      if (now.hp !== then.hp + moved)
        return {
          invariant: 'a verdict on typed dice applies the outcome’s own difference, once',
          message: `${action.approve ? 'approving' : 'rejecting'} ${action.entry.id} took ${now.name} from ${then.hp} to ${now.hp} hp (expected ${then.hp + moved})`,
        }
    }
  }

  // Hit points change only through logged outcomes and the GM's own edits.
  if (action.kind !== 'edit' && action.kind !== 'undo' && action.kind !== 'verdict') {
    for (const now of after.fighters) {
      const then = was(now.id)
      if (!then || then.hp === now.hp) continue
      if (!fresh.some((e) => e.changes?.[now.id]?.after.hp !== undefined))
        return {
          invariant: 'hit points change only through outcomes and GM edits',
          message: `${now.name} went from ${then.hp} to ${now.hp} hp with no outcome logged`,
        }
    }
  }

  if (action.kind !== 'undo' && action.kind !== 'verdict') {
    const broken = logChainBroken(before.fighters, after.fighters, fresh)
    if (broken) return broken
  }

  // An attack's line says the damage it did in each system's words ("6 damage", "hits Mira for 8",
  // "Mira takes 2"): where it names amounts, the target's hit points fell by that much, or to their
  // floor (the log's own before and after, which the invariant above ties to the table).
  for (const e of fresh) {
    const target = e.attack?.targetId
    const change = target ? e.changes?.[target] : undefined
    if (!change || change.before.hp === undefined || change.after.hp === undefined) continue
    const name = after.fighters.find((f) => f.id === target)?.name
    const stated = name ? damageStated(e.detail ?? '', name) : null
    if (stated === null) continue
    const fell = change.before.hp - change.after.hp
    // (Hit points may stop at a floor: osr's non-lethal damage leaves one at 0, not below.)
    const floored = change.after.hp <= 0 && fell >= 0 && fell < stated
    if (fell !== stated && !floored)
      return {
        invariant: 'the damage a line states is the damage it did',
        message: `"${e.detail}" took ${fell} hp (${change.before.hp} to ${change.after.hp})`,
      }
  }

  // (An undo puts back a fighter as an earlier moment had them: every clock starts again.)
  if (action.kind === 'undo') fight.conditionClocks.clear()
  const lasting = conditionOutlasted(fight.conditionClocks, after, after.turn.round > before.turn.round)
  if (lasting) return lasting

  const leak = healthShown(fight, after)
  if (leak) return { invariant: 'players never see the hit points the GM keeps from them', message: leak }

  // Where rounds open with a declaration and dice follow it (spelljammer), whoever rolled has one, and it
  // stands once rolled: the same until the round ends.
  if (rules.turn.intents && after.turn.round === before.turn.round) {
    for (const [id, roll] of Object.entries(after.turn.initiative)) {
      const f = after.fighters.find((x) => x.id === id)
      const name = f?.name
      // (One out of the fight takes no part in the round: the order is made without them.)
      if (!f || out(f)) continue
      if (roll.faces.length > 0 && !orderedRound(after.turn).intents?.[id])
        return {
          invariant: 'one who rolled initiative has a declaration',
          message: `${name} rolled ${JSON.stringify(roll.faces)} with no declaration for the round`,
        }
      const was = orderedRound(before.turn).intents?.[id]
      if (
        before.turn.initiative[id] &&
        was &&
        JSON.stringify(was) !== JSON.stringify(orderedRound(after.turn).intents?.[id])
      )
        return {
          invariant: 'a declaration stands once rolled',
          message: `${name}'s declaration changed after the roll: ${JSON.stringify(was)} to ${JSON.stringify(orderedRound(after.turn).intents?.[id])}`,
        }
    }
  }

  // spelljammer's stances: "This decision must be made at the beginning of the round" (Defending; Full and
  // Desperate Defense "must be declared at the beginning of the round"). None is offered in a prompt once the
  // round runs, and one a fighter holds is the one their Action Declaration gave (none if caught by the ambush).
  if (fight.system === 'spelljammer' && action.kind !== 'undo') {
    const late = spelljammerLateStance(before, after, freshPrompts)
    if (late)
      return { invariant: 'no spelljammer stance is taken after the round’s first segment', message: late }
  }

  // brp: "A parry is determined after the attack roll is made. If an attack fails, it does not need to be
  // parried" (5.6), and a dodge likewise (5.7).
  if (fight.system === 'brp') {
    const early = brpDefenseBeforeRoll(before, after, freshPrompts)
    if (early)
      return { invariant: 'no brp defense is asked before its attack roll, nor for a miss', message: early }
  }

  // A combatant revealed mid-round joins the turn model that round or the next.
  if (fight.revealedAt) {
    const { id, round } = fight.revealedAt
    // In the order, the faction tracker, or what the round waits for or was told (one who moves the full
    // distance in brp has no slot, but stated an intent).
    const t = after.turn
    const inTurn =
      t.order.some((s) => s.ids.includes(id)) ||
      Boolean(
        zones.zonesRound(t)?.characters[id] ||
          t.waiting?.[id] ||
          t.initiative[id] ||
          orderedRound(t).intents?.[id],
      )
    const revealed = after.fighters.find((f) => f.id === id)
    // One who fell since (and was perhaps brought back by an undo) has had no round to join.
    if (inTurn || !revealed || out(revealed)) fight.seenRevealed = true
    if (!fight.seenRevealed && after.turn.round >= round + 2)
      return {
        invariant: 'one revealed mid-round joins that round or the next',
        message: `${revealed?.name}, revealed in round ${round}, took no part in round ${round + 1}`,
      }
    // odnd, ENCOUNTER ORDER 6: "the DM rolls a D6for each group of foes". Revealed once the foes had
    // rolled, it is a group of its own: it acts in no order before a foe's d6 is logged after it came.
    const { foesRolled, logAt = 0 } = fight.revealedAt
    const logged = fight.log.getArray<LogEntry>(LOG.entries).toArray()
    const sideOf = (fid: string) => after.fighters.find((f) => f.id === fid)?.side
    // (A foe taken off the table since is no longer among the fighters: any roll but a player's counts.)
    const rolledSince = logged
      .slice(logAt)
      .some((e) => e.initiative && sideOf(e.initiative.combatantId) !== 'pc')
    if (
      fight.system === 'odnd' &&
      foesRolled &&
      logged.length >= logAt &&
      t.status === 'running' &&
      t.order.some((s) => s.ids.includes(id)) &&
      !rolledSince
    )
      return {
        invariant: 'odnd: a group of foes revealed after the foes rolled rolls its own d6',
        message: `${revealed?.name}, revealed in round ${round}, acts in the order with no d6 rolled for it`,
      }
  }
  return null
}

/**
 * Where players do not see monsters' hit points: no monster on the table has them (nor its sheet's
 * hit-point field, nor health in its state), and no entry logged for players changes them or shows them.
 */
/**
 * odnd, ENCOUNTER ORDER 6: "If two or more roll the same, movement/combat is simultaneous(This means that
 * anyone killed in that round still gets their attack for that round)". One killed, before attacking, by
 * an attack of one on the same initiative (both in the slot under way, the attack made as simultaneous)
 * is offered their attack in that slot; once it is made, they are out of the order.
 * osr, 17 (Determine Initiative Order): "Equal initiative numbers act simultaneously". The same, for one
 * felled (dead or knocked out) by one on their number, both in the slot under way.
 * brp, 5.2: "If these are still tied, the actions occur simultaneously": likewise for one taken out of the
 * fight in any way by a slot-mate, the order's full tie.
 */
const STRIKE_BACK = {
  odnd: 'odnd: one killed on the same initiative still gets their attack (ENCOUNTER ORDER 6)',
  osr: 'osr: "Equal initiative numbers act simultaneously": one felled on their number still acts (17)',
  brp: 'brp: one felled on a tied DEX rank still acts, "the actions occur simultaneously" (5.2)',
} as const

/** An osr condition that takes the round's attack (17.0.1.4, 17.0.1.7, 17.0.4, 17.0.9, surprise). */
function osrBarred(f: Fighter): boolean {
  type C = { kind?: string; fresh?: boolean }
  const conditions = ((f.state as { conditions?: C[] }).conditions ?? []) as C[]
  return conditions.some(
    (c) =>
      ['surprised', 'running', 'defending'].includes(c.kind ?? '') ||
      (['no-attack', 'reloading'].includes(c.kind ?? '') && !c.fresh),
  )
}

function deadStrikeBack(fight: Fight, before: Snapshot, after: Snapshot, action: Action): Broken | null {
  if (!['odnd', 'osr', 'brp'].includes(fight.system) || before.turn.status !== 'running') return null
  const system = fight.system as keyof typeof STRIKE_BACK
  const invariant = STRIKE_BACK[system]
  const out = (f: Fighter | undefined) => f !== undefined && fight.judge.combat.out(f) !== null
  const slot = before.turn.order[before.turn.current]?.ids ?? []
  const key = turnKey(before.turn)
  const verdict = action.kind === 'verdict' && action.approve && action.entry ? [action.entry] : []
  for (const e of [...after.fresh, ...verdict]) {
    const a = e.attack
    // (The entry approved now is the one the GM saw, still pending then: applied by this very step.)
    if (!a || (e.status === 'pending' && !verdict.includes(e)) || a.attackerId === a.targetId) continue
    const target = before.fighters.find((f) => f.id === a.targetId)
    const now = after.fighters.find((f) => f.id === a.targetId)
    // odnd: killed ("anyone killed"), not knocked out; osr and brp: out of the fight, in any way.
    if (!target || out(target) || !now || !out(now)) continue
    if (system === 'odnd' && !fight.judge.combat.status(now).includes('Dead')) continue
    if (!slot.includes(a.attackerId) || !slot.includes(target.id)) continue
    if (system === 'odnd' && !a.declared.toggles.includes('same-initiative')) continue
    if (!mayAttack(before.turn, target.id) || (before.turn.attacks?.[target.id] ?? 0) > 0) continue
    // osr and brp: one who ended their turn before the blow has given up their action.
    if (system !== 'odnd' && before.turn.acted.includes(target.id)) continue
    if (system === 'osr') {
      // Only one whose attack this round was still theirs to make: not barred (surprise, a parry or dodge,
      // running, reloading, a dropped weapon), nor spent in this very exchange (a long reach or a weapon
      // set against the charge strikes first, on the attacker's number: that blow was their action).
      if (osrBarred(target) || after.turn.acted.includes(target.id)) continue
    } else {
      // Only one who still had their attack: not made, not given up by ending the turn, not barred this
      // round, by this blow too (a parry's "no attacks are possible", surprise, a stun, a pin, a full run).
      type State = { hasAttacked?: boolean; conditions?: Array<{ id: string }> }
      const barred = ['parrying', 'surprised', 'stunned', 'pinned', 'running']
      const stopped = (f: Fighter) => ((f.state as State).conditions ?? []).some((c) => barred.includes(c.id))
      // (A defender's reach strikes first in the attacker's own action: that blow was their attack.)
      const struck = (f: Fighter) => (f.state as State).hasAttacked === true
      if (struck(target) || struck(now) || stopped(target) || stopped(now)) continue
    }
    fight.owedStrikes.set(target.id, key)
    if (turnKey(after.turn) !== key) continue
    // Offered as a living fighter's attack is: their turn, an attack left, and a way to attack in the rules.
    const choices = fight.judge.combat.choices(now, { turn: after.turn, fighters: after.fighters })
    if (!(isActing(after.turn, target.id) && mayAttack(after.turn, target.id)))
      return {
        invariant,
        message: `${e.detail} Yet the turn does not offer ${target.name} their attack (acting ${JSON.stringify(after.turn.acting)}).`,
      }
    if (!choices.ok)
      return {
        invariant,
        message: `${e.detail} Yet the rules refuse ${target.name} their attack: ${choices.error}`,
      }
  }
  // Their attack made (and resolved), they are out of the order.
  for (const e of after.fresh) {
    const id = e.attack?.attackerId
    const f = after.fighters.find((x) => x.id === id)
    if (!id || e.status === 'pending' || fight.owedStrikes.get(id) !== key || !out(f)) continue
    if (isActing(after.turn, id))
      return {
        invariant,
        message: `${f?.name} made the attack still owed to them (${e.detail}), yet the turn says they act on.`,
      }
  }
  return null
}

function healthShown(fight: Fight, after: Snapshot): string | null {
  const settings = readSettings(fight.table.getMap(TABLE.settings))
  const secrets = fight.judge.info.secrets
  const hidden = (side: unknown) => hidesHealth(settings, side)
  for (const [id, fields] of fight.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()) {
    if (!hidden(fields.get('side'))) continue
    const name = fields.get('name')
    if (fields.has('hp') || fields.has('maxHp')) return `${name}'s hit points are on the table`
    const sheet = fields.get('sheet') as Record<string, unknown> | undefined
    const field = secrets.sheet.find((key) => sheet && key in sheet)
    if (field) return `${name}'s sheet on the table says its ${field}`
    if (!same(fields.get('state'), publicState(fields.get('state'), secrets)))
      return `${name}'s state on the table holds its health: ${JSON.stringify(fields.get('state'))}`
    if (!same(fields.get('status'), publicStatus(fields.get('status'), secrets)))
      return `${name}'s chips on the table show its health: ${JSON.stringify(fields.get('status'))}`
    if (settings.foeHealth === 'word' && typeof fields.get('health') !== 'string')
      return `players are owed a word for ${name}'s health, and have none`
    if (!fight.gm.getMap(GM.foeSecrets).has(id)) return `the GM's document lost ${name}'s hit points`
  }
  const side = (id: string) => fight.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('side')
  for (const e of after.shown) {
    const changed = Object.keys(e.changes ?? {}).find((id) => hidden(side(id)))
    if (changed) return `${e.id} shows players what it did to ${changed}'s hit points`
    const line = e.lines?.find((l) => l.health !== undefined && hidden(side(l.health)))
    if (line) return `${e.id} shows players the line "${line.label}: ${line.value}"`
  }
  return null
}

/**
 * The damage an attack's line states `target` took, summed over each hit it names ("Parting shots at
 * Bandit: Mira hits Bandit ...; 8 damage; Tomas hits Bandit ...; 6 damage"), or null where it states none.
 */
export function damageStated(detail: string, target: string): number | null {
  const name = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const said = new RegExp(
    [
      // osr: "hits Tomas with the Spear (21 against AC 11); Maximum Damage; 6 damage"
      `\\bhits ${name}\\b(?:(?:(?! hits )[^;])*;)+? (\\d+) (?:non-lethal )?damage\\b`,
      // brp, odnd, spelljammer: "hits Mira for 8", odnd's "hits, critically, Mira for 6" (its temporary
      // damage takes no hit points), brp's "hits Mira with a special success for 6"
      `\\bhits(?:, critically,)? ${name}(?: with an? [a-z ]+)? for (\\d+)\\b(?! temporary)`,
      // zones: "Mira takes 2"
      `\\b${name} takes (\\d+)\\b`,
    ].join('|'),
    'g',
  )
  const amounts = [...detail.matchAll(said)].map((m) => Number(m[1] ?? m[2] ?? m[3]))
  return amounts.length > 0 ? amounts.reduce((a, b) => a + b, 0) : null
}

/**
 * The log says what happened to hit points, in order: for each fighter, the first fresh entry that moves
 * them starts where they stood, each next starts where the last left them, and the table holds the last
 * one's `after`. Judged by the numbers the log states against the table, not by the rules' code: an
 * outcome applied twice but logged once, or logged with other numbers than it applied, breaks it. (Not
 * for an undo or a verdict, which rewrite an entry in place.)
 */
export function logChainBroken(was: Fighter[], now: Fighter[], fresh: LogEntry[]): Broken | null {
  // (Typed dice waiting for the GM's verdict, or refused, changed nothing yet.)
  const applied = fresh.filter((e) => e.status !== 'pending' && e.status !== 'rejected')
  for (const f of now) {
    const then = was.find((w) => w.id === f.id)
    if (!then) continue
    let at = then.hp
    let moved = false
    for (const e of applied) {
      const change = e.changes?.[f.id]
      if (change?.before.hp === undefined || change.after.hp === undefined) continue
      if (change.before.hp !== at)
        return {
          invariant: 'the log’s hit points chain from the table’s',
          message: `${e.kind} ${e.id} says ${f.name} went from ${change.before.hp}, but the table had ${at}`,
        }
      at = change.after.hp
      moved = true
    }
    if (moved && at !== f.hp)
      return {
        invariant: 'the log’s hit points chain from the table’s',
        message: `the log leaves ${f.name} at ${at} hp, the table at ${f.hp}`,
      }
  }
  return null
}

/**
 * A system's timed condition ends when its rounds run out: any condition a fighter's state lists with a
 * number of `rounds` (osr's, odnd's and zones' `conditions`) is gone once that many rounds have ended
 * since it was put on, and one more (one put on mid-round may count from the round's end). Read from the
 * state as stored, not from the system's code: a system whose round never ticks a condition breaks it. A
 * condition put on again (more rounds than it showed last) starts its clock again.
 */
export function conditionOutlasted(
  clocks: Map<string, { rounds: number; last: number; ended: number }>,
  after: Pick<Snapshot, 'fighters'>,
  roundEnded: boolean,
): Broken | null {
  const seen = new Set<string>()
  for (const f of after.fighters) {
    const list = f.state.conditions
    // (The fallen's clocks stop: osr ticks nothing on the dead, whose dropped weapon no longer matters.)
    if (!Array.isArray(list) || f.hp <= 0) continue
    const counts = new Map<string, number>()
    for (const c of list as Array<Record<string, unknown>>) {
      if (typeof c?.rounds !== 'number') continue
      const name = String(c.id ?? c.kind ?? '?')
      const nth = counts.get(name) ?? 0
      counts.set(name, nth + 1)
      const key = `${f.id}/${name}/${nth}`
      seen.add(key)
      const clock = clocks.get(key)
      if (!clock || c.rounds > clock.last) {
        clocks.set(key, { rounds: c.rounds, last: c.rounds, ended: 0 })
        continue
      }
      clock.last = c.rounds
      if (roundEnded) clock.ended++
      if (clock.ended > clock.rounds + 1)
        return {
          invariant: 'a system’s timed condition ends when its rounds run out',
          message: `${f.name}'s ${name} (${clock.rounds} round(s)) is still on after ${clock.ended} rounds ended`,
        }
    }
  }
  for (const key of [...clocks.keys()]) if (!seen.has(key)) clocks.delete(key)
  return null
}

/**
 * brp's tie-break by weapon, from the words of 5.4 ("missile weapons (bows, guns, etc.) ... then long
 * weapons (spears, lances, etc.), then ... medium-length weapons (swords, axes, etc.) and finally ...
 * short weapons (daggers, etc.) or who are unarmed"), matched against the weapon's id as the sheet
 * stores it: not the system's own table of lengths. A weapon the text names no example of is not judged.
 */
const BRP_TEXT_TIERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/bow|pistol|rifle|gun|thrown|sling/, 'missile'],
  [/spear|lance|pike/, 'long'],
  [/sword|axe/, 'medium'],
  [/dagger|knife|brawl|fist|unarmed/, 'short or unarmed'],
]

const brpTier = (weapon: string | null | undefined): number | null => {
  if (!weapon) return null
  const at = BRP_TEXT_TIERS.findIndex(([words]) => words.test(weapon))
  return at < 0 ? null : at
}

/**
 * brp's order of the Actions phase against its text (5.4): "someone on DEX rank 15 goes before someone
 * on DEX rank 14"; on one rank, missile weapons, then long, medium, short or unarmed. The rank is the
 * DEX on the stored sheet of those who moved 5 meters or less (who keep their full DEX rank, 5.3); the
 * weapon is the one each stated (5.2). Says who acts before whom against the text, or null.
 */
export function brpOrderBroken(turn: TurnState, all: readonly Fighter[]): string | null {
  const placed = turn.order.flatMap((slot, at) =>
    slot.ids.flatMap((id) => {
      const f = all.find((x) => x.id === id)
      const intent = orderedRound(turn).intents?.[id]
      const dex = f?.sheet?.dex
      if (!f || !intent || typeof dex !== 'number' || intent.metersMoved > 5) return []
      return [{ at, name: f.name, dex, weapon: intent.weapon, tier: brpTier(intent.weapon) }]
    }),
  )
  for (const a of placed)
    for (const b of placed) {
      if (b.at <= a.at) continue
      if (b.dex > a.dex) return `${a.name} (DEX ${a.dex}) acts before ${b.name} (DEX ${b.dex})`
      if (b.dex === a.dex && a.tier !== null && b.tier !== null && b.tier < a.tier)
        return `on DEX rank ${a.dex}, ${a.name}'s ${a.weapon} (${BRP_TEXT_TIERS[a.tier]?.[1]}) acts before ${b.name}'s ${b.weapon} (${BRP_TEXT_TIERS[b.tier]?.[1]})`
    }
  return null
}

const SPELLJAMMER_STANCES = ['defending', 'full-defense', 'desperate-defense']

/**
 * A spelljammer stance taken once the round runs: offered in a defense prompt, or held by a fighter
 * whose Action Declaration did not declare it (or who was caught by the ambush). Says whose, or null.
 */
export function spelljammerLateStance(
  before: Snapshot,
  after: Snapshot,
  freshPrompts: readonly PendingDefense[],
): string | null {
  const turn = after.turn
  if (turn.status !== 'running') return null
  const at = turn.order[turn.current]?.at
  const where = at === undefined ? `round ${turn.round}` : `round ${turn.round}, segment ${at}`
  const name = (id: string) => after.fighters.find((f) => f.id === id)?.name ?? id
  for (const p of freshPrompts) {
    const stances = p.options.filter((o) => SPELLJAMMER_STANCES.includes(o.id)).map((o) => o.id)
    if (stances.length > 0)
      return `${name(p.targetId)} was offered ${stances.join(', ')} when attacked (${where})`
  }
  const kindOf = (f?: Fighter) => (f?.state as { stance?: { kind: string } } | undefined)?.stance?.kind
  for (const f of after.fighters) {
    const was = before.fighters.find((b) => b.id === f.id)
    // One revealed or added at this step took nothing at it: what they bring is checked when they act.
    const kind = kindOf(f)
    if (!was || !kind || kind === 'attack' || kind === kindOf(was)) continue
    const surprised = turn.round === 1 && (turn.surprised ?? []).includes(f.id)
    const declared = orderedRound(turn).intents?.[f.id]?.options ?? []
    if (surprised || !declared.includes(kind))
      return `${f.name} took ${kind} (${where}); the round's declaration said ${surprised ? 'nothing (caught by the ambush)' : JSON.stringify(declared)}`
  }
  return null
}

/**
 * brp's defense asked before the attack roll (a prompt without the roll), against a miss (the outcome's
 * d100 over the attack chance its own lines show), or resolved with another roll than the one it was
 * asked after. Says whose, or null.
 */
export function brpDefenseBeforeRoll(
  before: Snapshot,
  after: Snapshot,
  freshPrompts: readonly PendingDefense[],
): string | null {
  const name = (id: string) => after.fighters.find((f) => f.id === id)?.name ?? id
  const rollOf = (p: PendingDefense) => (p.rolled ? (p.rolled.faces[0] ?? p.faces?.[0]) : undefined)
  for (const p of freshPrompts)
    if (rollOf(p) === undefined)
      return `${name(p.targetId)} was asked to defend before ${name(p.attackerId)}'s attack roll`
  for (const p of before.prompts) {
    if (p.question || after.prompts.some((q) => q.id === p.id)) continue
    const e = after.fresh.find(
      (e) => e.kind === 'attack' && e.attack?.attackerId === p.attackerId && e.attack.targetId === p.targetId,
    )
    // Closed without an outcome (the fight ended, one of the two left): nothing was rolled again.
    if (!e) continue
    const face = rollOf(p)
    if (e.faces?.[0] !== face)
      return `${name(p.attackerId)}'s attack on ${name(p.targetId)} was asked after a roll of ${face} and resolved with ${e.faces?.[0]}`
    const chance = e.lines?.find((l) => l.label === 'Attack chance')?.value
    if (face !== undefined && chance !== undefined && face > chance)
      return `${name(p.targetId)} was asked to defend against a miss (${face} against ${name(p.attackerId)}'s ${chance}%)`
  }
  return null
}

/** Texts already judged in a fight: a banner or a log line is judged once, not at every step. */
const judged = new WeakMap<Fight, Set<string>>()

/**
 * #54's wording, over what this step shows: each new log entry (the GM's and the players' versions, and
 * what a screen reader says of it), each refusal, the banner of the GM and of each combatant's player,
 * and the status chips. No id, no "1 attacks", and every roll adds up (`wording.ts`).
 */
function wordingBroken(fight: Fight, after: Snapshot, answers: RequestResult[]): string | null {
  const seen = judged.get(fight) ?? new Set<string>()
  judged.set(fight, seen)
  const judge = (where: string, text: string) => {
    if (seen.has(text)) return null
    seen.add(text)
    const wrong = textFlaw(text)
    return wrong ? `${where}: ${text}  <- ${wrong}` : null
  }
  for (const e of [...after.fresh, ...after.shown]) {
    const wrong = entryFlaw(e)
    if (wrong) return `log entry ${e.id}: ${wrong}`
    const said = judge('said of a log entry', announce(e))
    if (said) return said
  }
  for (const a of answers) {
    const wrong = !a.ok && judge('refusal', a.error)
    if (wrong) return wrong
  }
  const table = fight.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const all = [...table.entries()].map(([id, fields]) => readCombatant(id, fields))
  for (const mine of [undefined, ...all.map((c) => c.id)]) {
    const d = describeTurn(after.turn, all, mine, fight.rules.turn.view)
    for (const text of [d.text, d.detail ?? '', after.turn.phaseNow?.allows ?? ''])
      if (text) {
        const wrong = judge(`banner (${mine ? 'player' : 'GM'})`, text)
        if (wrong) return wrong
      }
  }
  for (const c of all)
    for (const chip of c.status ?? []) {
      const wrong = judge('status chip', chip)
      if (wrong) return wrong
    }
  return null
}
