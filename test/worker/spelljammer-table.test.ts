/**
 * spelljammer at the table, played through the room in workerd (issue #26): each rule the table now
 * carries, with the room's outcome checked against the rules package for the same dice.
 */
import {
  GM,
  LOG,
  type LogEntry,
  type PendingDefense,
  type RequestResult,
  SEAT,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import { type Declared, defaultSheetFor, type Fighter, SYSTEMS } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { fighterOf } from '../../worker/src/room/fighters.ts'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

const rules = SYSTEMS.spelljammer

/** A spelljammer room: the GM's documents, a reader of the table and the log, and players on seats. */
async function room() {
  const { roomId, gmKey } = await createRoom('spelljammer')
  const table = await TestClient.connect(roomId, 'table', gmKey)
  const gm = await TestClient.connect(roomId, 'gm', gmKey)
  const log = await TestClient.connect(roomId, 'log')
  let n = 0
  const gmAsk = async (request: Record<string, unknown>) => {
    const id = `gm-${++n}`
    gm.doc.getArray(GM.requests).push([{ id, ...request }])
    await eventually(() => gm.doc.getMap(SEAT.results).has(id), String(request.kind), 3000)
    return gm.doc.getMap<RequestResult>(SEAT.results).get(id) as RequestResult
  }
  const player = async (name: string, sheet: Record<string, unknown> = {}) => {
    const seat = await takeSeat(roomId, name)
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const results = phone.doc.getMap<RequestResult>(SEAT.results)
    const ask = async (request: Record<string, unknown>) => {
      const id = `${request.kind}-${++n}`
      phone.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
      await eventually(() => results.has(`${seat.seatId}/${id}`), `${name}: ${String(request.kind)}`, 3000)
      return results.get(`${seat.seatId}/${id}`) as RequestResult
    }
    const created = await ask({
      kind: 'create-character',
      sheet: { ...defaultSheetFor('spelljammer', name), ...sheet },
    })
    if (!created.ok) throw new Error(created.error)
    return { ask, id: created.logId, name }
  }
  /** A monster on the table, with a sheet; `initiativeModifier: -20` leaves it no place in the round. */
  const foe = async (id: string, name: string, sheet: Record<string, unknown>, hp = 300) => {
    const fields = new Y.Map<unknown>()
    table.doc.getMap(TABLE.combatants).set(id, fields)
    const values = {
      name,
      side: 'foe',
      hp,
      maxHp: hp,
      sheet: { ...defaultSheetFor('spelljammer', name, 'foe'), ...sheet },
    }
    for (const [k, v] of Object.entries(values)) fields.set(k, v)
    const reader = await TestClient.connect(roomId, 'table')
    await eventually(
      () => reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('hp') === hp,
      name,
    )
  }
  const fighter = (id: string): Fighter => {
    const f = fighterOf({ table: table.doc, gm: gm.doc }, id)
    if (!f) throw new Error(`no ${id}`)
    return f
  }
  const turn = () => Object.fromEntries(table.doc.getMap(TABLE.turn).entries()) as unknown as TurnState
  const entries = () => log.doc.getArray<LogEntry>(LOG.entries).toArray()
  const prompts = () => [...table.doc.getMap<PendingDefense>(TABLE.prompts).values()]
  /** The attack logged under this request, once it is there. */
  const logged = async (logId: string) => {
    await eventually(() => entries().some((e) => e.id === logId && e.kind === 'attack'), 'the attack logged')
    return entries().find((e) => e.id === logId) as LogEntry
  }
  return { table, gm, gmAsk, player, foe, fighter, turn, entries, prompts, logged }
}

/** Dice that replay the faces the room logged, in order. */
const replay = (rolls: NonNullable<LogEntry['rolls']>) => {
  const queue = rolls.map((r) => r.face)
  return (sides: number) => {
    const face = queue.shift()
    if (face === undefined) throw new Error(`the room rolled fewer dice than a d${sides}`)
    return face
  }
}

describe('spelljammer at the table: Multiple Attackers', () => {
  it('three on one orc: the room counts those who attacked it this round, and the third gets +20 SC as the rules say', async () => {
    const t = await room()
    const party = [await t.player('Mira'), await t.player('Tomas'), await t.player('Sela')]
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // Segments 9, 8, 7: one after another. The orc's d10 - 20 is always lost: it has no place.
    for (const [i, p] of party.entries())
      expect((await p.ask({ kind: 'initiative', faces: [9 - i] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the countdown')

    const sword: Declared = { choice: 'weapon-0', toggles: [] }
    const lineOf = (entry: LogEntry) => entry.lines?.find((l) => /^Multiple attackers/.test(l.label))
    for (const [i, p] of party.entries()) {
      await eventually(() => (t.turn().acting ?? []).includes(p.id), `${p.name}’s turn`)
      const me = t.fighter(p.id)
      const orc = t.fighter('orc')
      // What the phone presets, as the round stands: everyone else who attacked the orc this round.
      const known = rules.turn.known?.(t.turn(), me, orc) ?? []
      expect(known).toEqual(i === 0 ? [] : [`others-${i}`])
      const declared = { ...sword, toggles: known }
      const stances = rules.combat.defenses(me, orc, declared)
      const asked = await p.ask({ kind: 'attack', targetId: 'orc', declared })
      expect(asked.ok).toBe(true)
      // The first attack asks the orc for a stance: the GM declares none for it.
      const defense = stances.ok && stances.value.length > 0 ? 'none' : null
      let logId = asked.ok ? asked.logId : ''
      if (defense) {
        await eventually(() => t.prompts().length === 1, 'the orc’s stance prompt')
        const prompt = t.prompts()[0] as PendingDefense
        const answered = await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: defense })
        expect(answered.ok).toBe(true)
        // The outcome is logged under the answer.
        logId = answered.ok ? answered.logId : ''
      }
      const entry = await t.logged(logId)
      const expected = rules.combat.resolve(me, orc, declared, defense, replay(entry.rolls ?? []))
      if (!expected.ok) throw new Error(expected.error)
      expect(entry.detail).toBe(expected.value.summary)
      expect(entry.lines).toEqual(expected.value.lines)
      // +10 for every attacker above one: none for Mira, +10 for Tomas, +20 for Sela.
      expect(lineOf(entry)?.value).toBe(i === 0 ? undefined : 10 * i)
      expect(t.fighter('orc').state.attackers).toEqual(party.slice(0, i + 1).map((q) => q.id))
      // One may move after attacking (Attack and Move): the phone ends the turn after a short window.
      expect((await p.ask({ kind: 'end-turn' })).ok).toBe(true)
    }
    // The round is over: the next one counts afresh.
    await eventually(() => t.turn().round === 2, 'round 2')
    expect(t.fighter('orc').state.attackers).toBeUndefined()
  })

  it('refuses two counts at once in the player’s words', async () => {
    const t = await room()
    const mira = await t.player('Mira')
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await mira.ask({ kind: 'initiative', faces: [5] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')
    const declared = { choice: 'weapon-0', toggles: ['others-1', 'others-3'] }
    expect(await mira.ask({ kind: 'attack', targetId: 'orc', declared })).toEqual({
      ok: false,
      error:
        'Choose only one of "One other attacker on the target this round" and "3 other attackers on the target this round".',
    })
  })
})
