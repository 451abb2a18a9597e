/**
 * A player's defense left unanswered past its time (#52): where the GM set the table rules so, the room
 * answers it when its alarm rings at the deadline: with no defense, or the best odds by the book, and the
 * outcome's first line says so. Otherwise it waits for the GM, as before.
 */

import { type LogEntry, TABLE } from '@fray/protocol'
import { defensesDeclared, SYSTEM_IDS, SYSTEMS, type SystemId } from '@fray/rules'
import { afterEach, describe, expect, it } from 'vitest'
import { fighter } from '../../packages/rules/src/systems/test-support.ts'
import { table } from './table-client.ts'
import { clock, eventually, rooms, TestClient } from './ws-client.ts'

afterEach(() => {
  clock.ahead = 0
})

/** Systems whose default character is asked for a defense when the Ogre attacks her. */
const asking = SYSTEM_IDS.filter((system) => {
  const { combat } = SYSTEMS[system]
  const ogre = fighter(system, 'ogre', 'foe', {}, { hp: 30 })
  const mira = fighter(system, 'mira', 'pc', {}, { hp: 10 })
  const choices = combat.choices(ogre)
  const declared = { choice: choices.ok ? (choices.value[0]?.id ?? '') : '', toggles: [] }
  const defenses = defensesDeclared(combat, ogre, mira, declared)
  return defenses.ok && defenses.value.length > 0
})

/** The Ogre attacks Mira with the table rules set so; her prompt opens, and nobody answers it. */
async function unanswered(system: SystemId, lateDefense: 'wait' | 'none' | 'book') {
  const t = await table(system)
  const settings = t.table.doc.getMap(TABLE.settings)
  settings.set('lateDefense', lateDefense)
  const reader = await TestClient.connect(t.roomId, 'table')
  await eventually(() => reader.doc.getMap(TABLE.settings).get('lateDefense') === lateDefense, 'the setting')
  const ogre = t.fighter('ogre')
  const choices = SYSTEMS[system].combat.choices(ogre)
  const declared = { choice: choices.ok ? (choices.value[0]?.id ?? '') : '', toggles: [] }
  // brp asks only once the attack roll succeeded (5.6): the GM types a d100 of 10 against the Brawl's 25%.
  const faces = system === 'brp' ? { faces: [10, 1, 1, 1] } : {}
  const attacked = await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared, ...faces })
  expect(attacked.ok).toBe(true)
  await eventually(() => t.prompts().length === 1, 'the defense prompt')
  const prompt = t.prompts()[0]
  const made = rooms.get(t.roomId)
  if (!prompt || !made) throw new Error('no prompt')
  return { t, prompt, ...made }
}

/** Rings the room's alarm with its table's clock at `at`. */
async function ringAt(room: { alarm(): Promise<void> }, at: number) {
  clock.ahead = at - Date.now()
  await room.alarm()
}

describe.each(asking)('a player’s defense out of time in %s', (system) => {
  it('is answered by the room at its deadline with the best odds by the book, and the log says so', async () => {
    const { t, prompt, room, runtime } = await unanswered(system, 'book')
    // The room's alarm is set for the deadline (or sooner), not for the room's deletion weeks away.
    expect(runtime.alarmAt).not.toBeNull()
    expect(runtime.alarmAt ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(prompt.gmAfter)
    // Rung before the deadline, it answers nothing.
    await ringAt(room, prompt.gmAfter - 1000)
    expect(t.prompts()).toHaveLength(1)
    await ringAt(room, prompt.gmAfter + 1)
    await eventually(() => !t.prompts().some((p) => p.id === prompt.id), 'the prompt answered')
    await eventually(() => t.entries().some((e) => e.id === `${prompt.id}/late`), 'the outcome')
    const entry = t.entries().find((e) => e.id === `${prompt.id}/late`) as LogEntry
    const comparable = prompt.options.some((o) => o.chance !== null || o.hits !== undefined)
    expect(entry.lines?.[0]?.label).toMatch(
      comparable
        ? /^Mira’s time to answer ran out: the room chose “.+”, the best odds by the book \(.+\)$/
        : /^Mira’s time to answer ran out: no defense: none offered has odds to compare$/,
    )
    expect(entry.kind).toBe('attack')
  })

  it('is answered with no defense where the GM set that, and waits for the GM by default', async () => {
    const none = await unanswered(system, 'none')
    await ringAt(none.room, none.prompt.gmAfter + 1)
    await eventually(() => none.t.entries().some((e) => e.id === `${none.prompt.id}/late`), 'the outcome')
    const entry = none.t.entries().find((e) => e.id === `${none.prompt.id}/late`)
    expect(entry?.lines?.[0]?.label).toBe('Mira’s time to answer ran out: no defense, as the table rules say')
    expect(entry?.attack?.defense).toBeNull()

    const wait = await unanswered(system, 'wait')
    await ringAt(wait.room, wait.prompt.gmAfter + 60_000)
    expect(wait.t.prompts()).toHaveLength(1)
    expect(wait.t.entries().some((e) => e.kind === 'attack')).toBe(false)
  })
})
