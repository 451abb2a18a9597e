/**
 * spelljammer at the table, played through the room in workerd (issue #26): each rule the table now
 * carries, with the room's outcome checked against the rules package for the same dice.
 */

import {
  LOG,
  type LogEntry,
  type PendingDefense,
  type RequestResult,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import {
  type Declared,
  defaultSheetFor,
  defensesDeclared,
  type Fighter,
  orderedRound,
  resolveDeclared,
  SYSTEMS,
  spelljammer,
} from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { SHORTBOW } from '../../packages/rules/src/systems/spelljammer/test-support.ts'
import { movementBy } from '../../packages/rules/src/systems/spelljammer/turn-model.ts'
import { fighterOf } from '../../worker/src/room/fighters.ts'
import { createRoom, eventually, gmAsker, seatAsker, TestClient, takeSeat } from './ws-client.ts'

const rules = SYSTEMS.spelljammer

/** A spelljammer room: the GM's documents, a reader of the table and the log, and players on seats. */
async function room() {
  const { roomId, gmKey } = await createRoom('spelljammer')
  const table = await TestClient.connect(roomId, 'table', gmKey)
  const gm = await TestClient.connect(roomId, 'gm', gmKey)
  const log = await TestClient.connect(roomId, 'log')
  const _n = 0
  const gmAsk = gmAsker(gm)
  const player = async (name: string, sheet: Record<string, unknown> = {}) => {
    const seat = await takeSeat(roomId, name)
    const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
    const ask = seatAsker(phone, name)
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
  /**
   * A player's attack on the orc as the room logs it; the first attack on it asks the orc for a stance
   * (the rules say when), which the GM declares none. The outcome is logged under the answer.
   */
  const onTheOrc = async (
    p: { ask: (r: Record<string, unknown>) => Promise<RequestResult>; id: string },
    declared: Declared,
  ) => {
    const stances = defensesDeclared(rules.combat, fighter(p.id), fighter('orc'), declared)
    const defense = stances.ok && stances.value.length > 0 ? 'none' : null
    const asked = await p.ask({ kind: 'attack', targetId: 'orc', declared })
    expect(asked.ok).toBe(true)
    let logId = asked.ok ? asked.logId : ''
    if (defense) {
      await eventually(() => prompts().length === 1, 'the orc’s stance prompt')
      const prompt = prompts()[0] as PendingDefense
      const answered = await gmAsk({ kind: 'defend', promptId: prompt.id, choice: defense })
      expect(answered.ok).toBe(true)
      logId = answered.ok ? answered.logId : ''
    }
    return { entry: await logged(logId), defense }
  }
  return { table, gm, gmAsk, player, foe, fighter, turn, entries, prompts, logged, onTheOrc }
}

/** Mira against an orc whose d10 - 20 is always lost (it has no place in the round), the fight started. */
async function miraAndALostOrc() {
  const t = await room()
  const mira = await t.player('Mira')
  await t.foe('orc', 'Orc', { initiativeModifier: -20 })
  expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
  return { t, mira }
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

/** The room's outcome is the rules package's for the same dice: its summary and every line. */
function asTheRulesSay(
  entry: LogEntry,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
  defense: string | null,
) {
  const expected = resolveDeclared(
    rules.combat,
    attacker,
    target,
    entry.attack?.declared ?? declared,
    defense,
    replay(entry.rolls ?? []),
  )
  if (!expected.ok) throw new Error(expected.error)
  expect(entry.detail).toBe(expected.value.summary)
  expect(entry.lines).toEqual(expected.value.lines)
  return expected.value
}

/**
 * The GM's attack for a foe, which asks the target nothing (its defense, or none, was declared at the
 * round's start); the logged outcome is as the rules say, and its lines are read by label.
 */
async function gmAttackAsksNothing(
  t: Awaited<ReturnType<typeof room>>,
  attacker: Fighter,
  target: Fighter,
  declared: Declared,
) {
  const asked = await t.gmAsk({ kind: 'attack', attackerId: attacker.id, targetId: target.id, declared })
  expect(asked.ok).toBe(true)
  const entry = await t.logged(asked.ok ? asked.logId : '')
  expect(t.prompts()).toEqual([])
  asTheRulesSay(entry, attacker, target, declared, null)
  return (label: RegExp) => entry.lines?.find((l) => label.test(l.label))?.value
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
      const { entry, defense } = await t.onTheOrc(p, declared)
      const expected = resolveDeclared(rules.combat, me, orc, declared, defense, replay(entry.rolls ?? []))
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
    const { t, mira } = await miraAndALostOrc()
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

describe('spelljammer at the table: casting on the segment countdown', () => {
  // Rank 8 in an SK spell: casting time 6 (Casting Mage Spells).
  const bolt = { name: 'Bolt of Energy', caster: 'mage', rank: 8, kind: 'SK', castingTime: 5 }
  const caster = { spells: [bolt], def: 30, defFromDex: 10 }

  /** Vela (a mage) and Tomas on seats, an orc with no place in the round; the countdown running. */
  async function fight(velaFaces: number[], velaSheet: Record<string, unknown> = {}) {
    const t = await room()
    const vela = await t.player('Vela', { ...caster, ...velaSheet })
    const tomas = await t.player('Tomas')
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await vela.ask({ kind: 'initiative', faces: velaFaces })).ok).toBe(true)
    expect((await tomas.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the countdown')
    return { t, vela, tomas }
  }
  const labels = (turn: TurnState) => turn.order.map((s) => s.label)

  it('begun on 9 it goes off on 3: its own slot in the order, and there it goes off on the orc, as the rules say', async () => {
    const { t, vela, tomas } = await fight([9])
    await eventually(() => (t.turn().acting ?? []).includes(vela.id), 'Vela’s turn')
    const cast = await vela.ask({
      kind: 'attack',
      targetId: vela.id,
      declared: { choice: 'cast-0', toggles: [] },
    })
    expect(cast.ok).toBe(true)
    const begun = await t.logged(cast.ok ? cast.logId : '')
    // The room wrote the segment into the declaration, and the rules say the same with it.
    expect(begun.attack?.declared.round).toEqual(['segment:9'])
    expect(begun.detail).toMatch(
      /^Vela begins casting Bolt of Energy on segment 9 \(casting time 6\): it goes off on segment 3;/,
    )
    await eventually(
      () => labels(t.turn()).includes('Segment 3 · Vela’s Bolt of Energy goes off'),
      'the spell’s slot',
    )
    expect(labels(t.turn())).toEqual([
      'Segment 9 · during movement',
      'Segment 6 · during movement',
      'Segment 3 · Vela’s Bolt of Energy goes off',
    ])
    expect((await vela.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(tomas.id), 'Tomas’s turn')
    expect((await tomas.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(vela.id), 'the spell’s segment')
    const declared = { choice: 'release', toggles: [] }
    const me = t.fighter(vela.id)
    const orc = t.fighter('orc')
    const gone = await vela.ask({ kind: 'attack', targetId: 'orc', declared })
    expect(gone.ok).toBe(true)
    const entry = await t.logged(gone.ok ? gone.logId : '')
    const expected = resolveDeclared(
      rules.combat,
      me,
      orc,
      { ...declared, round: ['segment:3'] },
      null,
      replay([]),
    )
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
    expect(entry.detail).toBe(
      'Vela’s Bolt of Energy goes off on Orc (segment 3): the GM applies what the spell does.',
    )
    expect(t.fighter(vela.id).state.casting).toBeUndefined()
  })

  it('a hit while casting: no DEF from DEX, and the spell, its slot and the caster’s action are lost', async () => {
    const { t, vela, tomas } = await fight([9])
    await eventually(() => (t.turn().acting ?? []).includes(vela.id), 'Vela’s turn')
    expect(
      (await vela.ask({ kind: 'attack', targetId: vela.id, declared: { choice: 'cast-0', toggles: [] } })).ok,
    ).toBe(true)
    expect((await vela.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(tomas.id), 'Tomas’s turn on 6')
    const declared = { choice: 'weapon-0', toggles: [] }
    const me = t.fighter(tomas.id)
    const target = t.fighter(vela.id)
    // Tomas's own dice: 5 on the d100 hits, 3 on the d8.
    const asked = await tomas.ask({ kind: 'attack', targetId: vela.id, declared, faces: [5, 3] })
    expect(asked.ok).toBe(true)
    // Vela has already acted: no stance to declare, so no prompt.
    const entry = await t.logged(asked.ok ? asked.logId : '')
    const expected = resolveDeclared(
      rules.combat,
      me,
      target,
      { ...declared, round: ['segment:6'] },
      null,
      replay(entry.rolls ?? []),
    )
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
    expect(entry.detail).toMatch(
      /Vela’s Bolt of Energy is interrupted: the spell and Vela’s action for the round are lost\.$/,
    )
    expect(entry.lines?.find((l) => /^vs Casting/.test(l.label))?.value).toBe(10)
    expect(t.fighter(vela.id).state.casting).toBeUndefined()
    await eventually(() => !labels(t.turn()).some((l) => / goes off$/.test(l)), 'the spell’s slot gone')
  })

  it('begun on 0 it would go off on -6: it begins on 10 of round 2, no initiative asked, and goes off on 4', async () => {
    const { t, vela, tomas } = await fight([1], { initiativeModifier: -1 })
    await eventually(() => (t.turn().acting ?? []).includes(tomas.id), 'Tomas’s turn on 6')
    expect((await tomas.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(vela.id), 'Vela’s turn on 0')
    const cast = await vela.ask({
      kind: 'attack',
      targetId: vela.id,
      declared: { choice: 'cast-0', toggles: [] },
    })
    expect(cast.ok).toBe(true)
    expect((await t.logged(cast.ok ? cast.logId : '')).detail).toMatch(
      /it would go off on -6, past -5, so it begins on 10 of the next round and goes off on 4/,
    )
    expect(t.fighter(vela.id).state.casting).toEqual({ spell: 0, startsOn: 10, goesOffOn: 4, next: true })
    expect((await vela.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => t.turn().round === 2, 'round 2')
    expect(t.turn().waiting).toEqual({ [tomas.id]: 'initiative', orc: 'initiative' })
    expect(t.fighter(vela.id).state.casting).toEqual({ spell: 0, startsOn: 10, goesOffOn: 4 })
    expect((await tomas.ask({ kind: 'initiative', faces: [7] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'round 2’s countdown')
    expect(labels(t.turn())).toEqual([
      'Segment 7 · during movement',
      'Segment 4 · Vela’s Bolt of Energy goes off',
    ])
  })
})

describe('spelljammer at the table: Withdrawing From Melee', () => {
  it('the orc’s free attack is rolled on the room’s dice as Mira goes, as the rules say; two on one is the GM’s call', async () => {
    const t = await room()
    const mira = await t.player('Mira', { def: 30, defFromShield: 10 })
    const tomas = await t.player('Tomas')
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await mira.ask({ kind: 'initiative', faces: [7] })).ok).toBe(true)
    expect((await tomas.ask({ kind: 'initiative', faces: [5] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')

    const declared = { choice: 'withdraw', toggles: [] }
    const me = t.fighter(mira.id)
    const orc = t.fighter('orc')
    // Her own dice never stand for the orc's: the room rolls its free attack even when she types faces.
    const asked = await mira.ask({ kind: 'attack', targetId: 'orc', declared, faces: [1, 1] })
    expect(asked.ok).toBe(true)
    const entry = await t.logged(asked.ok ? asked.logId : '')
    expect(entry.attack?.declared.round).toEqual(['segment:7'])
    expect(entry.rolls?.map((r) => [r.label, r.theirs])).toEqual(
      expect.arrayContaining([['free attack to hit', true]]),
    )
    const expected = asTheRulesSay(entry, me, orc, declared, null)
    expect(entry.detail).toMatch(/^Mira withdraws from melee with Orc, who gets a free attack: Orc /)
    expect(t.fighter(mira.id).hp).toBe(expected.changes[mira.id]?.hp ?? me.hp)
    expect(t.fighter('orc').state.attacks).toBeUndefined()
    expect((await mira.ask({ kind: 'end-turn' })).ok).toBe(true)

    await eventually(() => (t.turn().acting ?? []).includes(tomas.id), 'Tomas’s turn')
    const twoOnOne = { choice: 'withdraw', toggles: ['withdraw-ally-engaged'] }
    const gm = await tomas.ask({ kind: 'attack', targetId: 'orc', declared: twoOnOne })
    const call = await t.logged(gm.ok ? gm.logId : '')
    expect(call.rolls ?? []).toEqual([])
    expect(call.detail).toBe(
      'Tomas withdraws from melee with Orc: the GM decides whether Orc gets a free attack (the opponent is attacking only the ally: the withdrawal may be free; "The GM will adjudicate such situations").',
    )
  })
})

describe('spelljammer at the table: Picking Up a Dropped Weapon', () => {
  it('a 1x DEX roll on 8 leaves one attack, on its own slot at 3; meanwhile attacks on her take -15 DEF', async () => {
    const t = await room()
    const mira = await t.player('Mira', { attacksPerRound: 2 })
    const tomas = await t.player('Tomas')
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // Her d10 8 and d8 1: segments 8 and 1.
    expect((await mira.ask({ kind: 'initiative', faces: [8, 1] })).ok).toBe(true)
    expect((await tomas.ask({ kind: 'initiative', faces: [5] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')

    const declared = { choice: 'pick-up', toggles: [] }
    const me = t.fighter(mira.id)
    // Her own d100 for the DEX roll: 10, within 1x DEX 12.
    const asked = await mira.ask({ kind: 'attack', targetId: mira.id, declared, faces: [10] })
    expect(asked.ok).toBe(true)
    const entry = await t.logged(asked.ok ? asked.logId : '')
    asTheRulesSay(entry, me, me, declared, null)
    expect(entry.detail).toBe(
      "Mira picks up the weapon with a 1x DEX roll (rolled 10, DEX 12): one attack this round, on segment 3; -15 DEF to the round's end.",
    )
    await eventually(() => t.turn().order.length === 3 && t.turn().order[2]?.at === 3, 'her slot at 3')
    expect(t.turn().order.map((s) => s.label)).toEqual([
      'Segment 8 · during movement',
      'Segment 5 · during movement',
      'Segment 3 · Mira attacks with the weapon picked up',
    ])
    expect((await mira.ask({ kind: 'end-turn' })).ok).toBe(true)

    await eventually(() => (t.turn().acting ?? []).includes(tomas.id), 'Tomas’s turn')
    expect(rules.turn.known?.(t.turn(), t.fighter(tomas.id), t.fighter(mira.id))).toEqual([
      'target-picking-up-weapon',
    ])
    expect((await tomas.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'her attack on 3')
    const sword = await mira.ask({
      kind: 'attack',
      targetId: 'orc',
      declared: { choice: 'weapon-0', toggles: [] },
    })
    expect(sword.ok).toBe(true)
  })
})

describe('spelljammer at the table: Shooting Into Melee', () => {
  const bow = { ...SHORTBOW, penetrating: 'none' }

  it('the d100 comes first: a 01 goes at a friend (the GM’s to place), a 29 + 2 at the orc, as the rules say', async () => {
    const t = await room()
    const ari = await t.player('Ari', { weapons: [bow] })
    const bea = await t.player('Bea', { weapons: [bow] })
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await ari.ask({ kind: 'initiative', faces: [9] })).ok).toBe(true)
    expect((await bea.ask({ kind: 'initiative', faces: [8] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)

    // "1 friend and 1 opponent": their own dice, the into-melee d100 first.
    const declared = { choice: 'weapon-0-shot', toggles: ['into-melee-1-1'] }
    for (const [p, faces] of [
      [ari, [1]],
      [bea, [29, 40, 3]],
    ] as const) {
      await eventually(() => (t.turn().acting ?? []).includes(p.id), `${p.name}’s turn`)
      const me = t.fighter(p.id)
      const orc = t.fighter('orc')
      const stances = defensesDeclared(rules.combat, me, orc, declared)
      const asked = await p.ask({ kind: 'attack', targetId: 'orc', declared, faces: [...faces] })
      expect(asked.ok).toBe(true)
      const defense = stances.ok && stances.value.length > 0 ? 'none' : null
      let logId = asked.ok ? asked.logId : ''
      if (defense) {
        await eventually(() => t.prompts().length === 1, 'the orc’s stance prompt')
        const answered = await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: defense })
        logId = answered.ok ? answered.logId : ''
      }
      const entry = await t.logged(logId)
      const expected = asTheRulesSay(entry, me, orc, declared, defense)
      expect(t.fighter('orc').hp).toBe(expected.changes.orc?.hp ?? orc.hp)
      expect((await p.ask({ kind: 'end-turn' })).ok).toBe(true)
    }
    const [friend, foe] = t.entries().filter((e) => e.kind === 'attack')
    expect(friend?.detail).toBe(
      'Ari shoots into the melee at Orc: the shot goes at the friend (a 1 on the die always goes at a friend): the GM rolls this attack against them.',
    )
    expect(foe?.detail).toBe('Bea hits Orc for 3.')
  })
})

describe('spelljammer at the table: Free Actions', () => {
  it('one a round: it costs Mira no attack on her segment, and a second is refused in the text’s words', async () => {
    const { t, mira } = await miraAndALostOrc()
    expect((await mira.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')
    const free = { choice: 'free-action', toggles: [] }
    const taken = await mira.ask({ kind: 'attack', targetId: mira.id, declared: free })
    expect(taken.ok).toBe(true)
    expect((await t.logged(taken.ok ? taken.logId : '')).detail).toBe(
      'Mira takes a free action, the one of the round (it costs no attack); the GM judges what can be done in it.',
    )
    expect(await mira.ask({ kind: 'attack', targetId: mira.id, declared: free })).toEqual({
      ok: false,
      error: 'Only one free action can be taken per round; declare any other as a regular action.',
    })
    // Her segment still allows her attack, and then no more.
    await eventually(() => t.turn().attacksLeft?.[mira.id] === 1, 'her attack left')
    const sword = { choice: 'weapon-0', toggles: [] }
    expect((await mira.ask({ kind: 'attack', targetId: 'orc', declared: sword })).ok).toBe(true)
    if (t.prompts().length > 0)
      expect((await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.turn().attacksLeft?.[mira.id] === 0, 'nothing left')
    expect(await mira.ask({ kind: 'attack', targetId: 'orc', declared: sword })).toEqual({
      ok: false,
      error: 'Mira has made every attack this turn allows: end the turn.',
    })
  })
})

describe('spelljammer at the table: the Desperate Defense forced move', () => {
  // "Desperate Defense must be declared at the beginning of the round": in the orc's Action Declaration.
  const desperate = { metersMoved: 0, weapon: null, options: ['desperate-defense'] }
  const still = { ...desperate, options: ['desperate-defense', 'no-movement'] }
  it.each([
    ['moving as usual', desperate, ''],
    [
      'having declared no movement (being forced to move then)',
      still,
      '; having declared no movement, Orc loses all remaining actions this round and must make a 2x DEX roll to avoid falling down (a spell being cast is interrupted)',
    ],
  ])(
    'the orc, %s, declares Desperate Defense at the round’s start; Mira’s attack asks it nothing, and Tomas forces it to move 10 ft, as the rules say',
    async (_, orcDeclares, after) => {
      const t = await room()
      const mira = await t.player('Mira')
      const tomas = await t.player('Tomas')
      await t.foe('orc', 'Orc', { initiativeModifier: -20 })
      expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
      expect((await t.gmAsk({ kind: 'intent', combatantId: 'orc', intent: orcDeclares })).ok).toBe(true)
      expect((await mira.ask({ kind: 'initiative', faces: [9] })).ok).toBe(true)
      expect((await tomas.ask({ kind: 'initiative', faces: [7] })).ok).toBe(true)
      expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
      await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')
      const sword = { choice: 'weapon-0', toggles: [] }
      const first = await mira.ask({ kind: 'attack', targetId: 'orc', declared: sword })
      expect(first.ok).toBe(true)
      // Declared at the round's start: no stance prompt mid-round, and the attack meets it.
      expect((await t.logged(first.ok ? first.logId : '')).detail).toMatch(
        /Mira may force Orc to move up to 10 ft\.$/,
      )
      expect(t.prompts()).toEqual([])
      expect(rules.combat.status(t.fighter('orc'))).toContain('Desperate Defense')
      expect((await mira.ask({ kind: 'end-turn' })).ok).toBe(true)

      await eventually(() => (t.turn().acting ?? []).includes(tomas.id), 'Tomas’s turn')
      const me = t.fighter(tomas.id)
      const orc = t.fighter('orc')
      const forcing = { choice: 'weapon-0', toggles: ['force-move'] }
      expect(rules.combat.toggles(me, orc, 'weapon-0').map((x) => x.id)).toContain('force-move')
      const asked = await tomas.ask({ kind: 'attack', targetId: 'orc', declared: forcing })
      expect(asked.ok).toBe(true)
      const entry = await t.logged(asked.ok ? asked.logId : '')
      expect(t.prompts()).toEqual([])
      asTheRulesSay(entry, me, orc, forcing, null)
      const forced = `Tomas forces Orc to move up to 10 ft (the GM says where it leads)${after}.`
      expect(entry.detail?.endsWith(forced)).toBe(true)
    },
  )
})

describe('spelljammer at the table: the Action Declaration before initiative', () => {
  it('Mira declares no movement (+3 on her die, -20 DEF); the GM declares run and attack for the orc (one die of two, -7, -25 SC): its attack on her is as the rules say', async () => {
    const t = await room()
    const mira = await t.player('Mira')
    await t.foe('orc', 'Orc', { initiativeModifier: 20, attacksPerRound: 2 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const still = { metersMoved: 0, weapon: '0', options: ['no-movement'] }
    expect((await mira.ask({ kind: 'intent', intent: still })).ok).toBe(true)
    const running = { metersMoved: 0, weapon: '0', options: ['run-and-attack'] }
    expect((await t.gmAsk({ kind: 'intent', combatantId: 'orc', intent: running })).ok).toBe(true)
    // The dice follow the declarations: run and attack keeps one of the orc's two attacks.
    await eventually(() => t.turn().initiativeSides?.orc?.length === 1, 'the orc’s one die')
    expect(t.turn().initiativeSides?.orc).toEqual([10])
    expect(t.turn().waiting).toEqual({ [mira.id]: 'initiative', orc: 'initiative' })

    expect((await mira.ask({ kind: 'initiative', faces: [5] })).ok).toBe(true)
    const sheet = spelljammer.parseSheet(t.fighter(mira.id).sheet)
    if (!sheet.ok) throw new Error(sheet.error)
    const round = spelljammer.declareRound(sheet.value, {
      action: 'attack',
      weaponIndex: 0,
      stance: { kind: 'attack' },
      movement: 'no-movement',
    })
    if (!round.ok) throw new Error(round.error)
    const placed = spelljammer.placeAttacks(round.value.initiativeModifiers, [5])
    if (!placed.ok) throw new Error(placed.error)
    expect(t.turn().initiative[mira.id]?.segments).toEqual([placed.value[0]?.segment])
    expect(t.turn().initiative[mira.id]?.segments).toEqual([5 + sheet.value.initiativeModifier + 3])
    // Once rolled, her declaration stands.
    expect(await mira.ask({ kind: 'intent', intent: { ...still, options: [] } })).toEqual({
      ok: false,
      error: 'Mira has rolled initiative: this round’s declaration stands.',
    })

    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes('orc'), 'the orc’s turn')
    // d10 + 20 - 7: before movement, ahead of Mira.
    expect(t.turn().initiative.orc?.detail).toMatch(/Run and attack -7/)
    const orc = t.fighter('orc')
    const me = t.fighter(mira.id)
    const known = rules.turn.known?.(t.turn(), orc, me) ?? []
    expect(known).toContain('run-and-attack')
    const declared = { choice: 'weapon-0', toggles: known }
    // Mira declared no defense at the round's start: attacked before acting, she is asked nothing.
    const line = await gmAttackAsksNothing(t, orc, me, declared)
    // The declarations' costs, line by line: -25 SC for the run, -20 DEF for standing still.
    expect(line(/^Run and attack$/)).toBe(-25)
    expect(line(/^vs No movement declared$/)).toBe(20)
  })
})

describe('spelljammer at the table: the defense in the Action Declaration', () => {
  it('"Full Defense must be declared at the beginning of the round": Mira declares it; the orc’s attack asks her nothing and meets +8 DEF; she cannot attack', async () => {
    const t = await room()
    const mira = await t.player('Mira')
    await t.foe('orc', 'Orc', { initiativeModifier: 20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // With a weapon it is refused in words: "The combatant cannot attack during the round".
    const armed = { metersMoved: 0, weapon: '0', options: ['full-defense'] }
    expect(await mira.ask({ kind: 'intent', intent: armed })).toEqual({
      ok: false,
      error: 'You cannot attack during a round of Full Defense.',
    })
    const full = { metersMoved: 0, weapon: null, options: ['full-defense'] }
    expect((await mira.ask({ kind: 'intent', intent: full })).ok).toBe(true)
    expect((await mira.ask({ kind: 'initiative', faces: [5] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes('orc'), 'the orc’s turn')
    const orc = t.fighter('orc')
    const me = t.fighter(mira.id)
    const declared = { choice: 'weapon-0', toggles: [] }
    const line = await gmAttackAsksNothing(t, orc, me, declared)
    // Rank 1: "max bonus for Defending, plus an additional +5", fractions rounded up: 3 + 5.
    expect(line(/^vs Full Defense: max Defending bonus/)).toBe(-3)
    expect(line(/^vs Full Defense$/)).toBe(-5)
    expect(line(/^Roll this or less to hit$/)).toBe(72)
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')
    expect(await mira.ask({ kind: 'attack', targetId: 'orc', declared })).toEqual({
      ok: false,
      error: 'Mira declared Full Defense this round and cannot attack.',
    })
  })
})

describe('spelljammer at the table: the round’s odds', () => {
  it('Slow draws a weapon: the form gives each attack’s exact chance to happen, and the room’s dice lose the first as the rules say', async () => {
    const t = await room()
    const slow = await t.player('Slow', { initiativeModifier: -8, attacksPerRound: 2 })
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const drawing = { metersMoved: 0, weapon: '0', options: ['draw'] }
    // The odds where the choice is made: IM -8 and -5 for the draw, counted over every face.
    expect(spelljammer.chanceAttacksHappen(-13, 2)).toEqual([
      { num: 3n, den: 10n },
      { num: 9n, den: 80n },
    ])
    expect(rules.turn.intents?.preview(t.fighter(slow.id), drawing)).toMatch(
      /^2 attacks: d10 -13 \(30% it happens\), d8 -13 \(11\.3% it happens\)\./,
    )
    expect((await slow.ask({ kind: 'intent', intent: drawing })).ok).toBe(true)
    // 3 - 13 = -10: lost; 8 - 13 = -5: the round's last segment.
    expect((await slow.ask({ kind: 'initiative', faces: [3, 8] })).ok).toBe(true)
    const placed = spelljammer.placeAttacks(
      [
        { label: 'IM', value: -8 },
        { label: 'Draw', value: -5 },
      ],
      [3, 8],
    )
    if (!placed.ok) throw new Error(placed.error)
    expect(placed.value.map((a) => a.lost)).toEqual([true, false])
    expect(t.turn().initiative[slow.id]?.segments).toEqual([-5])
    expect(t.turn().initiative[slow.id]?.detail).toMatch(
      /^attack 1: d10 3 → segment -10 \(lost\); attack 2: d8 8 → segment -5/,
    )
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the countdown')
    expect(t.turn().order.map((o) => [o.at, o.ids])).toEqual([[-5, [slow.id]]])
  })
})

describe('spelljammer at the table: movement on the segment timeline', () => {
  it('Mira declares move and attack: her slot during movement says how far she has moved by then, as the rules say', async () => {
    const { t, mira } = await miraAndALostOrc()
    const moving = { metersMoved: 0, weapon: '0', options: ['move-and-attack'] }
    expect((await mira.ask({ kind: 'intent', intent: moving })).ok).toBe(true)
    // d10 10 - 5: segment 5, during movement.
    expect((await mira.ask({ kind: 'initiative', faces: [10] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the countdown')
    const me = t.fighter(mira.id)
    // Half her TMR (40 on the sheet: 20 ft), six tenths of it by the end of segment 5 (10 down to 5).
    const words = movementBy(me, orderedRound(t.turn()).intents?.[mira.id], 5)
    expect(words).toBe('Mira has moved 12 of 20 ft')
    expect(spelljammer.feetMovedBy(5, spelljammer.moveWhileAttacking(40, 'move-and-attack'))).toBe(12)
    expect(t.turn().order.map((o) => o.label)).toEqual([`Segment 5 · during movement · ${words}`])
  })
})

describe('spelljammer at the table: Attack and Move', () => {
  it('Mira declared attack and move: after her last attack, on 8, the room rolls her DEX roll and says from which segment she moves, as the rules say', async () => {
    const t = await room()
    const mira = await t.player('Mira', { dex: 10, attacksPerRound: 2 })
    await t.foe('orc', 'Orc', { initiativeModifier: -20 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const intent = { metersMoved: 0, weapon: '0', options: ['attack-and-move'] }
    expect((await mira.ask({ kind: 'intent', intent })).ok).toBe(true)
    // Her d10 9 and d8 8: segments 9 and 8; the last falls on 8, between 2 and 10.
    expect((await mira.ask({ kind: 'initiative', faces: [9, 8] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => (t.turn().acting ?? []).includes(mira.id), 'Mira’s turn')
    expect(t.turn().initiative[mira.id]?.segments).toEqual([9, 8])

    const sword: Declared = { choice: 'weapon-0', toggles: [] }
    const attack = () => t.onTheOrc(mira, sword)
    const dexRolls = (entry: LogEntry) => (entry.rolls ?? []).filter((r) => /^DEX roll/.test(r.label))

    // On 9, not her last: no DEX roll yet.
    const first = await attack()
    expect(first.entry.attack?.declared.round).toEqual(['segment:9', 'declared-movement:attack-and-move'])
    expect(dexRolls(first.entry)).toEqual([])
    expect((await mira.ask({ kind: 'end-turn' })).ok).toBe(true)

    await eventually(() => t.turn().order[t.turn().current]?.at === 8, 'her last attack, on 8')
    const me = t.fighter(mira.id)
    const orc = t.fighter('orc')
    const last = await attack()
    expect(last.entry.attack?.declared.round).toEqual([
      'segment:8',
      'declared-movement:attack-and-move',
      'last-attack',
    ])
    asTheRulesSay(last.entry, me, orc, sword, last.defense)
    // One d100, the room's, after the attack's own dice; the delay is the text's table's.
    const dex = dexRolls(last.entry)
    expect(dex.map((r) => [r.sides, r.typed])).toEqual([[100, undefined]])
    const face = dex[0]?.face ?? 0
    const plan = spelljammer.attackAndMove(8, 40, 10, face)
    if (!plan.ok) throw new Error(plan.error)
    const tier = spelljammer.statRollTier(face, 10)
    const from = tier === 5 ? null : 8 - tier
    expect(plan.value.startsOn).toBe(from)
    expect(last.entry.detail).toContain(`Attack and move (last attack on 8, DEX roll ${face} vs DEX 10)`)
    expect(last.entry.detail).toMatch(
      from === null ? /Mira cannot move this round\.$/ : /Mira moves 2 ft a segment/,
    )
    await eventually(() => t.fighter(mira.id).state.movingAfter !== undefined, 'her movement after it')
    expect(t.fighter(mira.id).state.movingAfter).toEqual(from === null ? {} : { from })
    expect(rules.combat.status(t.fighter(mira.id))).toContain(
      from === null
        ? 'Cannot move this round (attack and move)'
        : `Moves from segment ${from} (attack and move)`,
    )
  })
})

describe('spelljammer at the table: the initiative roll in the log', () => {
  // #54: "'Captain Vex rolled 1d10 + 1d8: 10 (5, 2)' (10 is the first segment, not a sum)".
  it('lists each attack’s die apart, with what the declaration adds, and each one’s total', async () => {
    const t = await room()
    const mira = await t.player('Mira', { attacksPerRound: 2 })
    await t.foe('orc', 'Orc', { initiativeModifier: -3 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const rolled = await mira.ask({ kind: 'initiative', faces: [5, 2] })
    expect(rolled.ok).toBe(true)
    const initiativeOf = (id: string) => t.entries().find((e) => e.initiative?.combatantId === id)
    await eventually(() => initiativeOf(mira.id) !== undefined, 'her initiative logged')
    const entry = initiativeOf(mira.id)
    expect(entry).toMatchObject({ notation: '1d10, 1d8', faces: [5, 2], totals: [5, 2], total: 5 })
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => initiativeOf('orc') !== undefined, 'the orc’s initiative logged')
    const orc = initiativeOf('orc')
    expect(orc?.notation).toBe('1d10-3')
    expect(orc?.totals).toEqual([(orc?.faces[0] ?? 0) - 3])
  })
})
