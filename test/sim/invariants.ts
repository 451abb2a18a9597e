/**
 * What must hold at the table after every step of a fight, whatever the system: each check names its
 * invariant and says, in words, what broke it.
 */
import {
  isActing,
  LOG,
  type LogEntry,
  type PendingDefense,
  type RequestResult,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import { type Fighter, recordingRoller } from '@fray/rules'
import type * as Y from 'yjs'
import { fighters } from '../../worker/src/room/outcomes.ts'
import { readTurn } from '../../worker/src/room/turn-flow.ts'
import type { Action, Fight } from './fight.ts'

export interface Snapshot {
  turn: TurnState
  fighters: Fighter[]
  /** How long the log was: entries are only ever appended (an undo or a verdict rewrites one in place). */
  logLength: number
  /** The entries appended since the step began (filled in for the snapshot after a step). */
  fresh: LogEntry[]
  prompts: PendingDefense[]
}

export function snapshot(table: Y.Doc, log: Y.Doc, since?: Snapshot): Snapshot {
  const entries = log.getArray<LogEntry>(LOG.entries)
  return {
    turn: readTurn(table),
    fighters: fighters(table),
    logLength: entries.length,
    fresh: since ? entries.slice(since.logLength) : [],
    prompts: [...table.getMap<PendingDefense>(TABLE.prompts).values()],
  }
}

export interface Broken {
  invariant: string
  message: string
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Whose turn it is, as a key: the round and slot (or, in faction play, the turn taken last). */
function turnKey(turn: TurnState): string {
  return turn.factions ? `${turn.round}/f${turn.factions.log.length}` : `${turn.round}/${turn.current}`
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
  const freshPrompts = after.prompts.filter((p) => !before.prompts.some((b) => b.id === p.id))

  // Every refusal is a sentence a player can read.
  for (const a of answers) {
    if (!a.ok && (a.error.trim() === '' || /undefined|NaN|\[object/.test(a.error)))
      return { invariant: 'a refusal says why, in words', message: `the room answered ${JSON.stringify(a)}` }
  }

  // A dead, down or incapacitated combatant never gets a turn, and never starts an attack.
  for (const f of after.fighters) {
    if (out(f) && isActing(after.turn, f.id))
      return { invariant: 'the fallen never act', message: `${out(f)} Yet the turn says ${f.name} acts now.` }
  }
  const resolvedPrompt = (e: LogEntry) =>
    before.prompts.some((p) => p.id === e.id || p.attackerId === e.attack?.attackerId)
  const declared = [
    ...freshPrompts.map((p) => p.attackerId),
    ...fresh.filter((e) => e.attack && !resolvedPrompt(e)).map((e) => e.attack?.attackerId as string),
  ]
  for (const id of declared) {
    const attacker = was(id)
    if (attacker && out(attacker))
      return {
        invariant: 'the fallen never act',
        message: `${out(attacker)} Yet the room took an attack from them.`,
      }
  }

  // Attacks per turn never exceed what the system allows.
  for (const id of declared) {
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
  }
  if (action.kind === 'undo' && action.entry?.attack && answers[0]?.ok) {
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

  // Every logged attack replays through the rules, from its logged dice, to the same outcome.
  for (const e of fresh) {
    if (!e.attack || !e.rolls) continue
    const attacker = was(e.attack.attackerId)
    const target = was(e.attack.targetId)
    if (!attacker || !target) continue
    const roller = recordingRoller(e.rolls.map((r) => r.face))
    const replayed = rules.combat.resolve(attacker, target, e.attack.declared, e.attack.defense, roller.roll)
    const logged = Object.fromEntries(Object.entries(e.changes ?? {}).map(([id, c]) => [id, c.after]))
    if (
      !replayed.ok ||
      roller.missing ||
      replayed.value.summary !== e.detail ||
      !same(replayed.value.changes, logged)
    )
      return {
        invariant: 'every logged outcome replays from its logged dice',
        message: `${e.id} logged "${e.detail}" but replays as ${replayed.ok ? `"${replayed.value.summary}"` : replayed.error}`,
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

  // Hit points change only through logged outcomes and the GM's own edits.
  if (action.kind !== 'edit' && action.kind !== 'undo') {
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

  // A combatant revealed mid-round joins the turn model that round or the next.
  if (fight.revealedAt) {
    const { id, round } = fight.revealedAt
    // In the order, the faction tracker, or what the round waits for or was told (one who moves the full
    // distance in brp has no slot, but stated an intent).
    const t = after.turn
    const inTurn =
      t.order.some((s) => s.ids.includes(id)) ||
      Boolean(t.factions?.characters[id] || t.waiting?.[id] || t.initiative[id] || t.intents?.[id])
    const revealed = after.fighters.find((f) => f.id === id)
    // One who fell since (and was perhaps brought back by an undo) has had no round to join.
    if (inTurn || !revealed || out(revealed)) fight.seenRevealed = true
    if (!fight.seenRevealed && after.turn.round >= round + 2)
      return {
        invariant: 'one revealed mid-round joins that round or the next',
        message: `${revealed?.name}, revealed in round ${round}, took no part in round ${round + 1}`,
      }
  }
  return null
}
