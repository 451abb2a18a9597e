/** The GM's changes of hit points as requests: a difference from what the table holds, once, logged, undoable. */
import { type Answer, answerTo, GM, LOG, type LogEntry, type LogSecret, SEAT, TABLE } from '@fray/protocol'
import { seededDice } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { fighterOf } from './fighters.ts'
import { processedInMemory, TableRoom } from './table-room.ts'

/** A room over plain documents with a 13 hit point bandit on the table (hidden from players, if asked). */
function setup(foeHealth: 'exact' | 'word' | 'none' = 'exact') {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  const room = new TableRoom({
    system: 'osr',
    docs: { ...docs, past: () => new Y.Doc(), seat: () => new Y.Doc() },
    dice: seededDice(3),
    processed: processedInMemory(),
    seatName: () => null,
    now: () => 1000,
  })
  docs.table.getMap(TABLE.settings).set('foeHealth', foeHealth)
  const fields = new Y.Map<unknown>()
  docs.table.getMap(TABLE.combatants).set('bandit', fields)
  for (const [k, v] of Object.entries({ name: 'Bandit', side: 'foe', hp: 13, maxHp: 13 })) fields.set(k, v)
  room.tableChanged()
  const ask = (request: Record<string, unknown>) => {
    docs.gm.getArray(GM.requests).push([request])
    room.resolveGm()
    return answerTo(docs.gm.getArray<Answer>(SEAT.answers).toArray(), String(request.id))
  }
  const bandit = () => fighterOf(docs, 'bandit')
  const log = () => docs.log.getArray<LogEntry>(LOG.entries).toArray()
  return { room, docs, ask, bandit, log }
}

/** A GM device: its own copy of the gm document, which it writes offline and sends on reconnect. */
function tablet(clientID: number, from: Y.Doc) {
  const doc = new Y.Doc()
  doc.clientID = clientID
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(from))
  return doc
}

describe('a GM hit-point request', () => {
  it('takes its difference off what the table holds, logs who, what, before and after, once', () => {
    const { room, ask, bandit, log } = setup()
    expect(ask({ id: 'h1', kind: 'hp', combatantId: 'bandit', delta: -5 })).toEqual({ ok: true, logId: 'h1' })
    room.resolveGm()
    expect(bandit()?.hp).toBe(8)
    expect(log()).toHaveLength(1)
    expect(log()[0]).toMatchObject({
      id: 'h1',
      by: 'The GM',
      kind: 'gm-hp',
      detail: 'The GM moved Bandit from 13 to 8 hit points (-5).',
      changes: { bandit: { before: { hp: 13 }, after: { hp: 8 } } },
    })
  })

  it('from two GM devices at once: both count, 13 less 5 less 5 is 3', () => {
    const { room, docs, bandit } = setup()
    const [one, two] = [tablet(31, docs.gm), tablet(32, docs.gm)]
    one.getArray(GM.requests).push([{ id: 'a', kind: 'hp', combatantId: 'bandit', delta: -5 }])
    two.getArray(GM.requests).push([{ id: 'b', kind: 'hp', combatantId: 'bandit', delta: -5 }])
    // Both arrive in one merged update, as after a reconnect.
    Y.applyUpdate(docs.gm, Y.mergeUpdates([Y.encodeStateAsUpdate(one), Y.encodeStateAsUpdate(two)]))
    room.resolveGm()
    expect(bandit()?.hp).toBe(3)
  })

  it('made offline resolves on reconnect against what the table holds then, after the other device’s edit', () => {
    const { room, docs, ask, bandit } = setup()
    const offline = tablet(41, docs.gm)
    offline.getArray(GM.requests).push([{ id: 'late', kind: 'hp', combatantId: 'bandit', delta: -5 }])
    expect(ask({ id: 'now', kind: 'hp', combatantId: 'bandit', delta: -3 })?.ok).toBe(true)
    expect(bandit()?.hp).toBe(10)
    Y.applyUpdate(docs.gm, Y.encodeStateAsUpdate(offline))
    room.resolveGm()
    expect(bandit()?.hp).toBe(5)
  })

  it('is undone by its own difference: a later change stays', () => {
    const { ask, bandit, log } = setup()
    ask({ id: 'h1', kind: 'hp', combatantId: 'bandit', delta: -5 })
    ask({ id: 'h2', kind: 'hp', combatantId: 'bandit', delta: -1 })
    expect(ask({ id: 'u', kind: 'undo', entryId: 'h1' })?.ok).toBe(true)
    expect(bandit()?.hp).toBe(12)
    expect(log()[0]?.undone).toBe(true)
  })

  it('from the Edit panel moves the maximum too, may go below 0, and its undo restores both', () => {
    const { ask, bandit } = setup()
    expect(ask({ id: 'e', kind: 'hp', combatantId: 'bandit', delta: -15, maxDelta: 2, edit: true })?.ok).toBe(
      true,
    )
    expect(bandit()).toMatchObject({ hp: -2, maxHp: 15 })
    ask({ id: 'u', kind: 'undo', entryId: 'e' })
    expect(bandit()).toMatchObject({ hp: 13, maxHp: 13 })
  })

  it('from a tap stops at 0 and heals no higher than the maximum', () => {
    const { ask, bandit } = setup()
    ask({ id: 'h1', kind: 'hp', combatantId: 'bandit', delta: -50 })
    expect(bandit()?.hp).toBe(0)
    ask({ id: 'h2', kind: 'hp', combatantId: 'bandit', delta: 20 })
    expect(bandit()?.hp).toBe(13)
  })

  it('is refused with a reason when the combatant is gone or the maximum would leave 1 to 9999', () => {
    const { ask, bandit, log } = setup()
    expect(ask({ id: 'x', kind: 'hp', combatantId: 'nobody', delta: -5 })).toEqual({
      ok: false,
      error: 'No such combatant on the table.',
    })
    expect(ask({ id: 'y', kind: 'hp', combatantId: 'bandit', delta: 0, maxDelta: -13, edit: true })).toEqual({
      ok: false,
      error: 'Bandit’s maximum hit points must stay between 1 and 9999.',
    })
    expect(bandit()).toMatchObject({ hp: 13, maxHp: 13 })
    expect(log()).toHaveLength(0)
  })

  it('where players do not see monsters’ hit points, logs the numbers for the GM only', () => {
    for (const foeHealth of ['word', 'none'] as const) {
      const { docs, ask, bandit, log } = setup(foeHealth)
      ask({ id: 'h1', kind: 'hp', combatantId: 'bandit', delta: -5, maxDelta: 1, edit: true })
      expect(bandit()).toMatchObject({ hp: 8, maxHp: 14 })
      const shared = JSON.stringify([log(), docs.table.toJSON()])
      expect(shared).not.toMatch(/\b(13|8|14|-5)\b/)
      expect(log()[0]?.detail).toBe('The GM changed Bandit’s hit points.')
      const secret = docs.gm.getMap<LogSecret>(GM.logSecrets).get('h1')
      expect(secret?.changes.bandit).toEqual({ before: { hp: 13, maxHp: 13 }, after: { hp: 8, maxHp: 14 } })
      expect(secret?.lines.map((l) => l.value)).toEqual([13, 8, 13, 14])
      ask({ id: 'u', kind: 'undo', entryId: 'h1' })
      expect(bandit()).toMatchObject({ hp: 13, maxHp: 13 })
    }
  })
})
