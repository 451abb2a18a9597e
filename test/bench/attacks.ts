/**
 * The attacks the room's CPU is timed on (attack-cpu.ts): 1,000 GM attacks between two monsters out of a
 * fight, each answered with "take it" (or the last defense offered) where the system asks for one. Pure
 * of Node, so that workerd runs them too (test/worker/attack-cpu.workerd.ts).
 */
import { GM, type GmRequest, LOG, type PendingDefense, TABLE } from '@fray/protocol'
import { defaultSheetFor, SYSTEMS, type SystemId } from '@fray/rules'
import type * as Y from 'yjs'
import { putOnTable } from '../../app/src/models/table.ts'
import { fighterOf } from '../../worker/src/room/fighters.ts'
import { answersOf } from '../support/answers.ts'

export interface AttackCpu {
  system: SystemId
  attacks: number
  /** CPU microseconds per attack (its defense included): user + system in Node, the runtime's clock in workerd. */
  microsPerAttack: number
}

/** How test/worker/attack-cpu.workerd.ts prints each system's figures for the bench to read. */
export const WORKERD_LINE = 'attack-cpu-workerd'

/** The documents an attack reads and writes. */
export interface AttackDocs {
  table: Y.Doc
  log: Y.Doc
  gm: Y.Doc
}

/**
 * Plays `attacks` GM attacks (after 50 to warm the JIT) on two monsters it puts on the table, each
 * request resolved by `resolveGm`; `time` runs each request with its resolution and returns the
 * microseconds it took. Throws when the room refuses one or leaves one unlogged.
 */
export function driveAttacks(
  system: SystemId,
  docs: AttackDocs,
  resolveGm: () => void,
  time: (work: () => void) => number,
  attacks = 1000,
): AttackCpu {
  let ids = 0
  for (const id of ['a', 'b']) {
    const name = id === 'a' ? 'Ogre' : 'Troll'
    // Hit points no attack can end, so every attack of the run is a whole one.
    putOnTable(docs.table, docs.gm, id, {
      name,
      side: 'foe',
      hp: 1_000_000,
      maxHp: 1_000_000,
      sheet: defaultSheetFor(system, name, 'foe'),
    })
  }
  const rules = SYSTEMS[system].combat
  const requests = docs.gm.getArray<GmRequest>(GM.requests)
  const results = answersOf(docs.gm)
  const prompts = docs.table.getMap<PendingDefense>(TABLE.prompts)
  let micros = 0
  const ask = (request: Record<string, unknown>) => {
    const id = `g${++ids}`
    micros += time(() => {
      requests.push([{ id, ...request } as GmRequest])
      resolveGm()
    })
    const result = results.get(id)
    if (!result?.ok) throw new Error(`attack-cpu: ${JSON.stringify(request)} was refused: ${result?.error}`)
  }
  // Each attack starts from the same table: the round's bookkeeping (attacks made, a parry, a stun) would
  // otherwise stop a monster attacking outside a fight's rounds. Put back untimed.
  const combatants = docs.table.getMap<Y.Map<unknown>>(TABLE.combatants)
  const fresh = () => {
    docs.table.transact(() => {
      for (const fields of combatants.values()) fields.delete('state')
    })
  }
  const attackOnce = (i: number) => {
    fresh()
    const [attackerId, targetId] = i % 2 === 0 ? ['a', 'b'] : ['b', 'a']
    ask({ kind: 'attack', attackerId, targetId, declared: { choice: choiceOf(attackerId), toggles: [] } })
    // Taking it, where offered: a parry would keep the defender parrying, with no attack, for good.
    for (const prompt of prompts.values())
      ask({
        kind: 'defend',
        promptId: prompt.id,
        choice: (prompt.options.find((o) => o.id === 'none') ?? prompt.options.at(-1))?.id ?? '',
      })
  }
  const choiceOf = (id: string) => {
    const f = fighterOf(docs, id)
    const choices = f ? rules.choices(f) : null
    if (!choices) throw new Error(`attack-cpu: no combatant ${id}`)
    const first = choices.ok ? choices.value.find((c) => !c.self && !c.aid) : undefined
    if (!first)
      throw new Error(`attack-cpu: ${system} offers its monster no attack: ${JSON.stringify(choices)}`)
    return first.id
  }
  for (let i = 0; i < 50; i++) attackOnce(i) // warm the JIT
  micros = 0
  const logged = docs.log.getArray(LOG.entries).length
  for (let i = 0; i < attacks; i++) attackOnce(i)
  if (docs.log.getArray(LOG.entries).length - logged < attacks)
    throw new Error('attack-cpu: attacks went unlogged')
  return { system, attacks, microsPerAttack: micros / attacks }
}
