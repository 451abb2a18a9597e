/**
 * An attack request is checked once (#51): the room plans it once (`CombatRules.plan`), hands that plan to
 * the defense prompt and the roll, and never asks the system to preview or re-check the raw request. Each
 * call into the system's combat is counted over one attack and, where the system asks the defender, over
 * their answer (planned once more against the table as it then stands, and rolled once).
 */
import { GM, type GmRequest, type PendingDefense, TABLE } from '@fray/protocol'
import {
  type CombatRules,
  defaultSheetFor,
  type RuleSystem,
  SYSTEM_IDS,
  SYSTEMS,
  seededDice,
} from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { putOnTable } from '../../app/src/models/table.ts'
import { processedInMemory, TableRoom } from '../../worker/src/room/table-room.ts'
import { answersOf } from '../support/answers.ts'

/** The system with every call into its combat counted, by member. */
function counted(system: RuleSystem) {
  const calls: Record<string, number> = {}
  const combat = Object.fromEntries(
    Object.entries(system.combat).map(([name, member]) => [
      name,
      typeof member === 'function'
        ? (...args: unknown[]) => {
            calls[name] = (calls[name] ?? 0) + 1
            return (member as (...a: unknown[]) => unknown).apply(system.combat, args)
          }
        : member,
    ]),
  ) as unknown as CombatRules
  return { rules: { ...system, combat }, calls }
}

describe.each(SYSTEM_IDS)('an attack in %s', (system) => {
  it('is planned once and rolled once; an answer to its defense is planned once and rolled once', () => {
    const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
    const { rules, calls } = counted(SYSTEMS[system])
    let ids = 0
    const room = new TableRoom({
      system,
      rules,
      docs: { ...docs, seat: () => new Y.Doc(), past: () => new Y.Doc() },
      dice: seededDice(51),
      processed: processedInMemory(),
      seatName: () => null,
      newId: () => `n${++ids}`,
    })
    for (const [id, name] of [
      ['a', 'Ogre'],
      ['b', 'Troll'],
    ] as const)
      putOnTable(docs.table, docs.gm, id, {
        name,
        side: 'foe',
        hp: 1000,
        maxHp: 1000,
        sheet: defaultSheetFor(system, name, 'foe'),
      })
    const choices = SYSTEMS[system].combat.choices({
      id: 'a',
      name: 'Ogre',
      side: 'foe',
      hp: 1000,
      maxHp: 1000,
      sheet: defaultSheetFor(system, 'Ogre', 'foe'),
      state: {},
    })
    const choice = choices.ok ? choices.value.find((c) => !c.self && !c.aid) : undefined
    if (!choice) throw new Error(`${system} offers its monster no attack`)
    const results = answersOf(docs.gm)
    const ask = (id: string, request: Record<string, unknown>) => {
      for (const key of Object.keys(calls)) delete calls[key]
      docs.gm.getArray<GmRequest>(GM.requests).push([{ id, ...request } as GmRequest])
      room.resolveGm()
      expect(results.get(id)).toEqual({ ok: true, logId: id })
      return { ...calls }
    }
    const declared = { choice: choice.id, toggles: [] }
    const attacked = ask('g1', { kind: 'attack', attackerId: 'a', targetId: 'b', declared })
    const prompt = [...docs.table.getMap<PendingDefense>(TABLE.prompts).values()][0]
    // The request: one plan, the defenses it offers once, and the roll at once where nobody is asked.
    expect(attacked).toMatchObject({ plan: 1, choices: 1, defenses: 1 })
    expect(attacked.resolve ?? 0).toBe(prompt ? 0 : 1)
    expect(attacked.preview).toBeUndefined()
    if (!prompt) return
    const option = prompt.options.find((o) => o.id === 'none') ?? prompt.options.at(-1)
    const answer = ask('g2', { kind: 'defend', promptId: prompt.id, choice: option?.id ?? '' })
    expect(answer).toMatchObject({ plan: 1, resolve: 1 })
    expect([answer.choices, answer.defenses, answer.preview]).toEqual([undefined, undefined, undefined])
  })
})
