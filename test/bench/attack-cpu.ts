/**
 * The room's CPU per attack: the table room the worker runs (worker/src/room/table-room.ts, over plain Yjs
 * documents in Node, as the simulator plays it) resolves 1,000 GM attacks between two monsters out of a
 * fight, each answered with "take it" (or the last defense offered) where the system asks for one. Timed with the
 * process's own CPU clock; the Durable Object adds its SQLite writes and sockets on top (see the load bench).
 */
import { GM, type GmRequest, LOG, type PendingDefense, TABLE } from '@fray/protocol'
import { defaultSheetFor, SYSTEMS, type SystemId, seededDice } from '@fray/rules'
import * as Y from 'yjs'
import { putOnTable } from '../../app/src/models/table.ts'
import { fighterOf } from '../../worker/src/room/fighters.ts'
import { processedInMemory, TableRoom } from '../../worker/src/room/table-room.ts'
import { answersOf } from '../support/answers.ts'

export interface AttackCpu {
  system: SystemId
  attacks: number
  /** CPU microseconds per attack (its defense included), user + system. */
  microsPerAttack: number
}

export function benchAttackCpu(system: SystemId, attacks = 1000): AttackCpu {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  let ids = 0
  const room = new TableRoom({
    system,
    docs: { ...docs, seat: () => new Y.Doc(), past: () => new Y.Doc() },
    dice: seededDice(2026),
    processed: processedInMemory(),
    seatName: () => null,
    newId: () => `n${++ids}`,
  })
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
  let cpu = 0
  const ask = (request: Record<string, unknown>) => {
    const id = `g${++ids}`
    const start = process.cpuUsage()
    requests.push([{ id, ...request } as GmRequest])
    room.resolveGm()
    const used = process.cpuUsage(start)
    cpu += used.user + used.system
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
  cpu = 0
  for (let i = 0; i < attacks; i++) attackOnce(i)
  if (docs.log.getArray(LOG.entries).length < attacks) throw new Error('attack-cpu: attacks went unlogged')
  return { system, attacks, microsPerAttack: cpu / attacks }
}

export function printAttackCpu(runs: AttackCpu[]): void {
  console.log(
    `room CPU per attack (the table room in Node, ${runs[0]?.attacks ?? 0} GM attacks with their defenses): ${runs
      .map((r) => `${r.system} ${Math.round(r.microsPerAttack)} µs`)
      .join(', ')}`,
  )
}
