/**
 * odnd at the table, played through the room in workerd (#25): each rule of odnd.txt the table carries,
 * requested as a phone or the tablet would, and its outcome checked against the rules package for the
 * same dice, with the table as it stood.
 */

import { GM, LOG, type LogEntry, type PendingDefense, TABLE, type TurnState } from '@fray/protocol'
import {
  type Declared,
  defaultSheetFor,
  type Fighter,
  IDLE_TURN,
  previewDeclared,
  resolveDeclared,
  SYSTEMS,
} from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { seatedMira } from './table-client.ts'
import { eventually, replayRolls, TestClient } from './ws-client.ts'

const rules = SYSTEMS.odnd.combat
const SPEAR = { name: 'Spear', kind: 'spear', damage: 'd6', reach: 8 }

/** Whether the attack logged as `id` waits for its defender (the room keeps prompts under reused keys). */
const asked = (table: Y.Doc, id: string) =>
  [...table.getMap<PendingDefense>(TABLE.prompts).values()].some((p) => p.id === id)

/** An odnd room: Mira (a fighter with a sword and a shield, on her own seat), goblins on the GM's table. */
async function odndTable(goblins: string[]) {
  const sheet = { ...defaultSheetFor('odnd', 'Mira'), shield: true, hp: 40 }
  const { roomId, table, gm, log, ask, gmAsk, mira } = await seatedMira('odnd', sheet)
  const combatants = table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
  for (const [i, name] of goblins.entries()) {
    const goblin = new Y.Map<unknown>()
    combatants.set(`g${i + 1}`, goblin)
    const fields = {
      name,
      side: 'foe',
      hp: 8,
      maxHp: 8,
      sheet: { ...defaultSheetFor('odnd', name), role: 'monster', class: 'monster', ac: 6, weapons: [SPEAR] },
    }
    for (const [k, v] of Object.entries(fields)) goblin.set(k, v)
  }
  const reader = await TestClient.connect(roomId, 'table')
  await eventually(
    () => reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).size === goblins.length + 1,
    'the goblins',
  )
  const fighter = (id: string): Fighter => {
    const f = combatants.get(id)
    if (!f) throw new Error(`no ${id}`)
    return {
      id,
      name: String(f.get('name')),
      side: f.get('side') === 'pc' ? 'pc' : 'foe',
      sheet: f.get('sheet') as Record<string, unknown>,
      hp: Number(f.get('hp')),
      maxHp: Number(f.get('maxHp')),
      state: (f.get('state') as Record<string, unknown> | undefined) ?? {},
    }
  }
  const all = () => [...combatants.keys()].map(fighter)
  const chips = (id: string) => (combatants.get(id)?.get('status') as string[] | undefined) ?? []
  const entries = () => log.doc.getArray<LogEntry>(LOG.entries).toArray()
  const turn = () => table.doc.getMap(TABLE.turn).toJSON() as TurnState
  /** Plays the round on until `until` holds: Mira rolls and ends her turns, the GM rolls and moves on. */
  const playTo = async (until: () => boolean) => {
    for (let i = 0; i < 40 && !until(); i++) {
      const waiting = turn().waiting ?? {}
      if (waiting[mira] === 'initiative') await ask({ kind: 'initiative' })
      else if (Object.keys(waiting).length > 0) await gmAsk({ kind: 'roll-foes' })
      else if ((turn().acting ?? []).includes(mira)) await ask({ kind: 'end-turn' })
      else await gmAsk({ kind: 'next-turn' })
    }
    if (!until()) throw new Error('the round never came to it')
  }
  /** The GM's goblin attacks Mira; she takes the blow (no parry) when the rules let her choose. */
  const goblinAttacks = async (id: string, declared: { choice: string; toggles: string[] }) => {
    const made = () => entries().filter((e) => e.attack?.attackerId === id).length
    const before = made()
    const attacked = await gmAsk({ kind: 'attack', attackerId: id, targetId: mira, declared })
    if (!attacked.ok) return attacked
    await eventually(() => asked(table.doc, attacked.logId) || made() > before, 'the attack or its prompt')
    if (asked(table.doc, attacked.logId)) {
      const answered = await ask({ kind: 'defend', promptId: attacked.logId, choice: 'none' })
      if (!answered.ok) return answered
    }
    await eventually(() => made() > before, 'the attack in the log')
    return attacked
  }
  /** The GM's tablet changes a sheet (as its Edit form would); resolves once the room holds it. Its sheet before. */
  const editSheet = async (id: string, change: Record<string, unknown>) => {
    const sheet = combatants.get(id)?.get('sheet') as Record<string, unknown>
    combatants.get(id)?.set('sheet', { ...sheet, ...change })
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
    await eventually(
      () => Object.entries(change).every(([k, v]) => same(fighter(id).sheet?.[k], v)),
      'the sheet',
    )
    return sheet
  }
  return {
    mira,
    ask,
    gmAsk,
    goblinAttacks,
    fighter,
    all,
    chips,
    entries,
    turn,
    playTo,
    table,
    gm,
    editSheet,
  }
}

/** The room's outcome of a logged entry equals the rules' for the same dice on the table as it stood. */
async function agrees(entry: LogEntry | undefined, table: Fighter[], now: (id: string) => Fighter) {
  if (!entry?.attack) throw new Error('no attack logged')
  const { attackerId, targetId, declared, defense } = entry.attack
  const byId = (id: string) => table.find((f) => f.id === id) as Fighter
  const expected = resolveDeclared(
    rules,
    byId(attackerId),
    byId(targetId),
    declared,
    defense,
    replayRolls(entry.rolls ?? []),
    { turn: IDLE_TURN, fighters: table },
  )
  if (!expected.ok) throw new Error(expected.error)
  expect(entry.detail).toBe(expected.value.summary)
  const changes = Object.entries(expected.value.changes)
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  await eventually(
    () => changes.every(([id, c]) => same(now(id).state, c.state ?? byId(id).state)),
    'the outcome on the table',
  )
  for (const [id, change] of changes) {
    expect(now(id).hp).toBe(change.hp ?? byId(id).hp)
    expect(now(id).state).toEqual(change.state ?? byId(id).state)
  }
  return expected.value
}

/**
 * Mira attacks a monster through the room; the GM lets the blow land where the rules offer it a defense;
 * once logged, the outcome is checked against the rules. A refusal comes back as it is.
 */
async function miraAttacks(t: Awaited<ReturnType<typeof odndTable>>, targetId: string, declared: Declared) {
  const before = t.all()
  const mine = () => t.entries().filter((e) => e.attack?.attackerId === t.mira)
  const made = mine().length
  const sent = await t.ask({ kind: 'attack', targetId, declared })
  if (!sent.ok) return sent
  await eventually(() => asked(t.table.doc, sent.logId) || mine().length > made, 'the attack or its prompt')
  if (asked(t.table.doc, sent.logId)) await t.gmAsk({ kind: 'defend', promptId: sent.logId, choice: 'none' })
  await eventually(() => mine().length > made, 'the attack in the log')
  await agrees(mine().at(-1), before, t.fighter)
  return sent
}

/**
 * The GM's goblin g1 thrusts at Mira on the GM's own dice (a 15 hits, 3 damage) and she takes it without a
 * parry; `what` names the blow while the log is awaited. The blow's log entry.
 */
async function goblinHitsUnparried(t: Awaited<ReturnType<typeof odndTable>>, what: string) {
  const attacked = await t.gmAsk({
    kind: 'attack',
    attackerId: 'g1',
    targetId: t.mira,
    declared: { choice: 'w1', toggles: [] },
    faces: [15, 3],
  })
  expect(attacked.ok).toBe(true)
  await eventually(() => t.table.doc.getMap(TABLE.prompts).size > 0, 'her parry prompt')
  expect(
    (await t.ask({ kind: 'defend', promptId: attacked.ok ? attacked.logId : '', choice: 'none' })).ok,
  ).toBe(true)
  await eventually(() => t.entries().some((e) => e.attack?.attackerId === 'g1'), what)
  return t.entries().find((e) => e.attack?.attackerId === 'g1')
}

describe('odnd: who is in melee, and the ways out of it (MISC COMBAT RULES)', () => {
  it('two goblins who fought Mira are in melee with her; her retreat on a 1 gives each a parting shot, as the rules say', async () => {
    const t = await odndTable(['Goblin 1', 'Goblin 2'])
    const thrust = { choice: 'w1', toggles: [] }
    for (const g of ['g1', 'g2']) expect((await t.goblinAttacks(g, thrust)).ok).toBe(true)
    await eventually(() => t.chips(t.mira).includes('In melee with Goblin 1, Goblin 2'), 'Mira in melee')
    expect(t.chips('g1')).toContain('In melee with Mira')
    // In melee, running is refused in words; the moves out are offered.
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    const choices = rules.choices(t.fighter(t.mira))
    expect(choices.ok && choices.value.map((c) => c.id)).toEqual(
      expect.arrayContaining(['withdraw', 'retreat']),
    )
    const run = { choice: 'run', toggles: [] }
    expect(choices.ok && choices.value.map((c) => c.id)).not.toContain('run')
    // A move the phone does not offer is refused in the rules' words, not as an attack on oneself.
    const refused = previewDeclared(rules, t.fighter(t.mira), t.fighter(t.mira), run)
    expect(refused).toEqual({
      ok: false,
      error: 'Mira is in melee: once engaged, only a fighting withdrawal or a retreat gets you out.',
    })
    expect(await t.ask({ kind: 'attack', targetId: t.mira, declared: run })).toEqual(refused)
    // Mira is a fighter: a spell is not hers to cast, and the room says so in those words.
    const cast = { choice: 'cast', toggles: [] }
    expect(await t.ask({ kind: 'attack', targetId: t.mira, declared: cast })).toEqual({
      ok: false,
      error: 'Mira casts no spells: only clerics, magic-users and elves do (ENCOUNTER ORDER: spellcasters).',
    })
    // Her own d6 shows 1: no goblin rolls lower, so both get their shot at +2 past her shield.
    const before = t.all()
    const retreat = { choice: 'retreat', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: retreat, faces: [1] })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.attack?.declared.choice === 'retreat'), 'the retreat')
    const entry = t.entries().find((e) => e.attack?.declared.choice === 'retreat')
    expect(entry?.detail).toMatch(
      /^Mira retreats: d6 \+ DEX 1: Goblin 1, Goblin 2 get parting shots at \+2, past the shield; Goblin 1 (hits|misses)/,
    )
    expect(entry?.rolls?.map((r) => r.label).slice(0, 3)).toEqual([
      'retreat d6',
      'retreat d6 (Goblin 1)',
      'retreat d6 (Goblin 2)',
    ])
    expect(entry?.detail).toContain('GM: 2d6 = ')
    await agrees(entry, before, t.fighter)
    // Away: nobody is in melee any more.
    await eventually(() => !t.chips('g2').some((c) => c.startsWith('In melee')), 'apart')
    for (const g of ['g1', 'g2']) expect(t.chips(g).some((c) => c.startsWith('In melee'))).toBe(false)
    // The goblins' own attacks this round are untouched by the free ones.
    for (const g of ['g1', 'g2'])
      expect(t.fighter(g).state.attacks).toBe(before.find((f) => f.id === g)?.state.attacks)
    // Undo puts everyone back in melee as they were.
    expect((await t.gmAsk({ kind: 'undo', entryId: entry?.id })).ok).toBe(true)
    await eventually(() => t.chips(t.mira).includes('In melee with Goblin 1, Goblin 2'), 'back in melee')
  })

  it('a fighting withdrawal gives +2 AC for the round, on the goblin’s odds; the GM parts two who are apart', async () => {
    const t = await odndTable(['Goblin 1'])
    const thrust = { choice: 'w1', toggles: [] }
    expect((await t.goblinAttacks('g1', thrust)).ok).toBe(true)
    await eventually(() => t.chips(t.mira).includes('In melee with Goblin 1'), 'in melee')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    // The goblin's odds for its attack of the round (its thrust before the fight counts against none).
    const odds = () => {
      const p = previewDeclared(rules, t.fighter('g1'), t.fighter(t.mira), thrust)
      if (!p.ok) throw new Error(p.error)
      return p.value.chance
    }
    // THAC0 19 against AC 8 (9 with her shield) needs 11: 10 in 20; withdrawing, 13: 8 in 20.
    expect(odds()).toBe(10 / 20)
    const before = t.all()
    expect(
      (await t.ask({ kind: 'attack', targetId: t.mira, declared: { choice: 'withdraw', toggles: [] } })).ok,
    ).toBe(true)
    await eventually(() => t.chips(t.mira).includes('Withdrawing (+2 AC) (1 round)'), 'withdrawing')
    await agrees(
      t.entries().find((e) => e.attack?.declared.choice === 'withdraw'),
      before,
      t.fighter,
    )
    expect(odds()).toBe(8 / 20)
    // The GM says they are more than 10 feet apart: one tap, logged, and she may run again.
    const parted = await t.gmAsk({ kind: 'clear-condition', combatantId: t.mira, condition: 'melee:g1' })
    expect(parted.ok).toBe(true)
    await eventually(() => !t.chips(t.mira).some((c) => c.startsWith('In melee')), 'parted')
    expect(t.entries().at(-1)?.detail).toBe(
      'Mira is no longer in melee with Goblin 1: the GM parted them (more than 10 feet apart, or an obstacle between).',
    )
  })

  it('a charge at +2 agrees with the rules, and is refused a second time in the same 10-minute Turn, in words', async () => {
    const t = await odndTable(['Goblin 1', 'Goblin 2'])
    const charge = { choice: 'w1', toggles: ['charging'] }
    const before = t.all()
    expect((await t.goblinAttacks('g1', charge)).ok).toBe(true)
    await eventually(() => t.chips('g1').includes('Charged (no DEX to AC) (1 round)'), 'charged')
    // +2 to hit and double damage on a hit, as the rules package gives for the same dice.
    const entry = t.entries().findLast((e) => e.attack?.attackerId === 'g1')
    expect(entry?.detail).toContain(
      'Goblin 1 charged: no DEX bonus to AC this round, no other charge this Turn',
    )
    const charged = await agrees(entry, before, t.fighter)
    expect(charged.lines.some((l) => /charg/i.test(l.label) && l.value === 2)).toBe(true)
    await t.gmAsk({ kind: 'clear-condition', combatantId: 'g1', condition: `melee:${t.mira}` })
    await eventually(() => !t.chips('g1').some((c) => c.startsWith('In melee')), 'parted')
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'g1', targetId: t.mira, declared: charge })).toEqual({
      ok: false,
      error:
        'A charge can be made only once per 10-minute Turn: Goblin 1 can charge again in 10 rounds (CHARGING ATTACKS).',
    })
  })

  it('a Turn of rest gives back temporary damage at the level’s rate, as the rules say, from the GM’s one tap', async () => {
    const t = await odndTable(['Goblin 1'])
    // As a fistfight leaves her: 5 points of temporary damage (the GM's tablet writes the table as the room would).
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    combatants.get(t.mira)?.set('state', { temporary: 5 })
    await eventually(() => t.fighter(t.mira).state.temporary === 5, 'bruised')
    const before = t.fighter(t.mira)
    const expected = rules.clear?.(before, 'rest-turn')
    if (!expected?.ok) throw new Error('no rest')
    expect((await t.gmAsk({ kind: 'clear-condition', combatantId: t.mira, condition: 'rest-turn' })).ok).toBe(
      true,
    )
    // A 1st-level fighter: 1 point per Turn.
    await eventually(() => t.chips(t.mira).includes('Temporary damage 4'), 'rested')
    expect(t.fighter(t.mira).state).toEqual(expected.value.changes[t.mira]?.state)
    expect(t.entries().at(-1)?.detail).toBe('Mira rests a Turn and regains 1 temporary damage (4 left).')
  })

  it('a pike outreaches Mira’s sword in their first exchange: its blow lands first, as the rules say', async () => {
    const t = await odndTable(['Pikeman'])
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    const pike = { name: 'Pike', kind: 'polearm', damage: 'd8', reach: 12 }
    const sheet = combatants.get('g1')?.get('sheet') as Record<string, unknown>
    combatants.get('g1')?.set('sheet', { ...sheet, weapons: [pike] })
    const sword = { name: 'Sword', kind: 'one-handed', damage: 'd6', reach: 3 }
    const mira = combatants.get(t.mira)?.get('sheet') as Record<string, unknown>
    combatants.get(t.mira)?.set('sheet', { ...mira, weapons: [sword] })
    await eventually(() => (t.fighter('g1').sheet?.weapons as unknown[])?.length === 1, 'the pike')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    const before = t.all()
    const thrust = { choice: 'w1', toggles: [] }
    const preview = previewDeclared(rules, t.fighter(t.mira), t.fighter('g1'), thrust)
    expect(preview.ok && preview.value.summary).toMatch(/Pikeman's Pike strikes first/)
    const attacked = await t.ask({ kind: 'attack', targetId: 'g1', declared: thrust })
    expect(attacked.ok).toBe(true)
    // The Pikeman may parry: the GM answers for it, taking the blow.
    await eventually(
      () => t.table.doc.getMap(TABLE.prompts).size > 0 || t.entries().some((e) => e.attack),
      'asked',
    )
    if (t.table.doc.getMap(TABLE.prompts).size > 0)
      expect(
        (await t.gmAsk({ kind: 'defend', promptId: attacked.ok ? attacked.logId : '', choice: 'none' })).ok,
      ).toBe(true)
    await eventually(() => t.entries().some((e) => e.attack?.attackerId === t.mira), 'the exchange')
    const entry = t.entries().find((e) => e.attack?.attackerId === t.mira)
    expect(entry?.detail).toMatch(
      /^Pikeman's Pike strikes first, reach advantage in the first round of melee \(Melee Weapon Reach\): Pikeman (hits|misses)/,
    )
    expect(entry?.rolls?.[0]?.label).toBe('Pikeman: to hit')
    await agrees(entry, before, t.fighter)
  })

  it('a magic-user hurt before casting loses the spell, as the rules say, and the room refuses her cast that round', async () => {
    const t = await odndTable(['Goblin 1'])
    await t.editSheet(t.mira, { class: 'magic-user' })
    const before = t.all()
    // The goblin, ahead of her in the round, thrusts on the GM's own dice: a 15 hits, 3 damage.
    const entry = await goblinHitsUnparried(t, 'the thrust')
    expect(entry?.detail).toBe(
      "Goblin 1 hits Mira for 3: Mira's spell, if one was being cast, is lost, and no other can be cast until the following round.",
    )
    await agrees(entry, before, t.fighter)
    expect(t.chips(t.mira)).toContain('Spell lost (1 round)')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    expect(
      await t.ask({ kind: 'attack', targetId: t.mira, declared: { choice: 'cast', toggles: [] } }),
    ).toEqual({
      ok: false,
      error:
        'Mira was hit and hurt before casting: the spell is lost, and no other can be cast until the following round (ENCOUNTER ORDER).',
    })
  })

  it('six goblins surround Mira and the seventh finds no room; the third on her is past her shield, as the round stands', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `Goblin ${i + 1}`)
    const t = await odndTable(names)
    const thrust = { choice: 'w1', toggles: [] }
    for (const g of ['g1', 'g2']) expect((await t.goblinAttacks(g, thrust)).ok).toBe(true)
    await eventually(
      () => (t.fighter(t.mira).state.attackedBy as string[] | undefined)?.length === 2,
      'two on her',
    )
    // What the tablet's attack sheet sets for the third: +1 and no shield, "as the round stands".
    const known = SYSTEMS.odnd.turn.known?.(t.turn(), t.fighter('g3'), t.fighter(t.mira))
    expect(known).toEqual(['surrounding', 'shield-engaged'])
    const before = t.all()
    const third = { choice: 'w1', toggles: known ?? [] }
    expect((await t.goblinAttacks('g3', third)).ok).toBe(true)
    await agrees(
      t.entries().findLast((e) => e.attack?.attackerId === 'g3'),
      before,
      t.fighter,
    )
    await eventually(() => t.chips(t.mira).includes('Surrounded by 3 this round'), 'surrounded')
    for (const g of ['g4', 'g5', 'g6']) expect((await t.goblinAttacks(g, thrust)).ok).toBe(true)
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'g7', targetId: t.mira, declared: thrust })).toEqual({
      ok: false,
      error:
        '6 already fight Mira in melee this round: no room for another around a man-sized foe (Surrounding: up to 6).',
    })
  })

  it('a goblin the GM marks magically hasted acts first, whatever the party rolls', async () => {
    const t = await odndTable(['Goblin 1'])
    await t.editSheet('g1', { hasted: true })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the round')
    expect(t.turn().order.map((s) => s.ids)).toEqual([['g1'], [t.mira]])
    expect(t.turn().order[0]?.label).toMatch(/^Hasted, initiative \d$/)
    expect(t.turn().acting).toEqual(['g1'])
  })

  it('the GM’s rolls of the rules (encounter distance, reaction, pursuit) are rolled and logged by the room with their words', async () => {
    const t = await odndTable(['Goblin 1'])
    for (const r of rules.gmRolls ?? []) {
      expect((await t.gmAsk({ kind: 'roll', notation: r.notation, label: r.label })).ok).toBe(true)
      const mine = (e: LogEntry) => e.detail === r.label || Boolean(e.detail?.startsWith(`${r.label}: `))
      await eventually(() => t.entries().some(mine), r.label)
      const entry = t.entries().find(mine)
      // The room's dice, each face within its die.
      const [count, sides] = r.notation.split('d').map(Number)
      expect(entry?.notation).toBe(r.notation)
      expect(entry?.faces?.length).toBe(count)
      for (const face of entry?.faces ?? []) expect(face >= 1 && face <= (sides ?? 0)).toBe(true)
    }
  })

  it('a unit of ten bandits fought as one: one hit throw, d6 x 10 off, as the rules say (Mass Combat)', async () => {
    const t = await odndTable(['Bandits'])
    await t.editSheet('g1', { men: 10 })
    const before = t.all()
    const entry = await goblinHitsUnparried(t, 'the unit’s blow')
    expect(entry?.detail).toBe('Bandits hits Mira for 30.')
    await agrees(entry, before, t.fighter)
    expect(t.fighter(t.mira).hp).toBe(40 - 30)
  })
})

describe('odnd: a group of foes revealed in a fight under way (ENCOUNTER ORDER 6)', () => {
  // "the DM rolls a D6for each group of foes(a group of skeletons, an evil wizard controlling the
  // skeletons, and the evil wizard's bugbear bodyguards, for example)".
  it('waits for its own d6 at the next round, the GM’s “roll for the foes” rolls it, and it acts on it', async () => {
    const t = await odndTable(['Goblin 1'])
    const ogre = new Y.Map<unknown>()
    t.gm.doc.getMap<Y.Map<unknown>>(GM.hidden).set('ogre', ogre)
    const sheet = {
      ...defaultSheetFor('odnd', 'Ogre'),
      role: 'monster',
      class: 'monster',
      ac: 5,
      weapons: [SPEAR],
    }
    for (const [k, v] of Object.entries({ name: 'Ogre', side: 'foe', hp: 30, maxHp: 30, sheet }))
      ogre.set(k, v)
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [2] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'round 1')
    const goblins = t.turn().initiative.g1?.total
    expect((await t.gmAsk({ kind: 'reveal-combatant', combatantId: 'ogre' })).ok).toBe(true)
    await eventually(() => t.all().some((f) => f.id === 'ogre'), 'the Ogre on the table')
    await t.playTo(() => t.turn().round === 2)
    expect(t.turn().waiting).toEqual({ ogre: 'initiative' })
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'round 2')
    const own = t.turn().initiative.ogre
    expect(own).toMatchObject({ covers: ['ogre'], detail: expect.stringMatching(/^d6 [1-6] for the foes$/) })
    // The goblins keep their die; the Ogre acts on its own.
    expect(t.turn().initiative.g1?.total).toBe(goblins)
    const slotOf = (id: string) => t.turn().order.find((s) => s.ids.includes(id))?.label
    expect(slotOf('ogre')).toBe(`Initiative ${own?.total}`)
    expect(slotOf('g1')).toBe(`Initiative ${goblins}`)
  })
})

describe('odnd: the GM’s attacks before the fight is started', () => {
  it('count against no round: the fight begins with the goblin’s attack afresh, said in the log, and what it did stays', async () => {
    const t = await odndTable(['Goblin 1'])
    const thrust = { choice: 'w1', toggles: [] }
    expect((await t.goblinAttacks('g1', thrust)).ok).toBe(true)
    await eventually(() => t.chips(t.mira).includes('In melee with Goblin 1'), 'in melee')
    // No round runs yet: a second attack is refused with what to do.
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'g1', targetId: t.mira, declared: thrust })).toEqual({
      ok: false,
      error:
        'Goblin 1 has made the one attack allowed before the fight (attacks per round on the sheet): start the fight, and its first round gives everyone their attacks afresh (ENCOUNTER ORDER 6-7).',
    })
    const before = t.all()
    const expected = rules.startOfFight?.(before)
    if (!expected?.ok) throw new Error('no start of fight')
    expect(expected.value.summary).toBe(
      "The fight begins: the attacks Goblin 1 made before it count against no round; everyone's attacks of the first round are afresh (ENCOUNTER ORDER 7).",
    )
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'start-of-fight'), 'the start in the log')
    expect(t.entries().find((e) => e.kind === 'start-of-fight')?.detail).toBe(expected.value.summary)
    for (const [id, change] of Object.entries(expected.value.changes))
      expect(t.fighter(id).state).toEqual(change.state)
    // Still in melee with her: the thrust happened, only its count is gone.
    expect(t.chips(t.mira)).toContain('In melee with Goblin 1')
    await t.playTo(() => (t.turn().acting ?? []).includes('g1'))
    expect((await t.goblinAttacks('g1', thrust)).ok).toBe(true)
  })
})

describe('odnd: a fighter of 8th level against normal men (MISC COMBAT RULES; ENCOUNTER ORDER)', () => {
  it('strikes first and last in the round, her 8 attacks shared between the two, with the text’s quick reckoning on her sheet', async () => {
    const t = await odndTable(['Goblin 1'])
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    // "Our 8th level fighter ... needs to roll a 7 or better": THAC0 13 against the goblin's AC 6, a sword d6+1.
    const sword = { name: 'Sword', kind: 'one-handed', damage: 'd6+1', reach: 3 }
    await t.editSheet(t.mira, { level: 8, thac0: 13, weapons: [sword] })
    // A goblin that lasts the round, so every attack has its target.
    combatants.get('g1')?.set('hp', 200)
    combatants.get('g1')?.set('maxHp', 200)
    await eventually(() => t.fighter('g1').hp === 200, 'the goblin’s hit points')
    const slash = { choice: 'w1', toggles: [] }
    // The forecast on her sheet, from the table as the room holds it: the text's own numbers.
    const preview = previewDeclared(rules, t.fighter(t.mira), t.fighter('g1'), slash, {
      turn: t.turn(),
      fighters: t.all(),
    })
    expect(preview.ok && preview.value.summary).toContain(
      "the text's quick reckoning: 8 attacks, 5.6 hits, about 5.6 killed a round (6 rounded up).",
    )
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [1] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the round')
    // "Fighters with multiple attacks will attack first and last in the melee round", whatever the dice.
    expect(t.turn().order.map((s) => [s.ids, s.label])).toEqual([
      [[t.mira], 'Multiple attacks: first'],
      [['g1'], expect.stringMatching(/^Initiative [1-6]$/)],
      [[t.mira], 'Multiple attacks: last'],
    ])
    const slashes = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await miraAttacks(t, 'g1', slash)).ok).toBe(true)
    }
    expect(t.turn().acting).toEqual([t.mira])
    await slashes(5)
    expect((await t.ask({ kind: 'end-turn' })).ok).toBe(true)
    // The goblin's spear outreached her sword and struck first (its blow of the round, "regardless of
    // who has the initiative"): its own beat goes by without it, and her last beat follows (#54: no
    // "Goblin 1 attacks" for an attack the rules would refuse).
    expect(t.fighter('g1').state.attacks).toBe(1)
    await eventually(
      () => t.turn().current === 2 && (t.turn().acting ?? []).includes(t.mira),
      'her last beat',
    )
    expect(t.turn().attacksLeft?.[t.mira]).toBe(3)
    await slashes(3)
    // Eight in all: her turn offers no ninth (the attack's own rule says "has made all 8 attacks").
    expect(t.turn().attacksLeft?.[t.mira]).toBe(0)
    expect(await t.ask({ kind: 'attack', targetId: 'g1', declared: slash })).toEqual({
      ok: false,
      error: 'Mira has made every attack this turn allows: end the turn.',
    })
  })
})

describe('odnd: a fighter with one attack this round (ENCOUNTER ORDER; MISC COMBAT RULES)', () => {
  // "Fighters with multiple attacks will attack first and last in the melee round"; her level in attacks
  // is "against 'Normal Men'", which a 4HD ogre is not.
  it('a 3rd-level fighter against a 4HD ogre acts once, on her roll, with no first and last beats', async () => {
    const t = await odndTable(['Ogre'])
    const sword = { name: 'Sword', kind: 'one-handed', damage: 'd6+1', reach: 3 }
    await t.editSheet(t.mira, { level: 3, weapons: [sword] })
    await t.editSheet('g1', { level: 4 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [2] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'the round')
    const labels = t.turn().order.map((s) => s.label)
    expect(labels.some((l) => l.startsWith('Multiple attacks'))).toBe(false)
    expect(
      t
        .turn()
        .order.filter((s) => s.ids.includes(t.mira))
        .map((s) => s.label),
    ).toEqual(['Initiative 2'])
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    const slash = { choice: 'w1', toggles: [] }
    // Her turn offers the one attack the rules allow her against the ogre, not her three against normal
    // men (#54: "Attack stays after every attack is used ('has made all 1 attacks' after 3)").
    expect(t.turn().attacksLeft?.[t.mira]).toBe(1)
    expect((await miraAttacks(t, 'g1', slash)).ok).toBe(true)
    await eventually(() => t.turn().attacksLeft?.[t.mira] === 0, 'nothing left of her turn')
    expect(await t.ask({ kind: 'attack', targetId: 'g1', declared: slash })).toEqual({
      ok: false,
      error: 'Mira has made every attack this turn allows: end the turn.',
    })
  })
})

describe('odnd: missiles and moving, through the room (MISC COMBAT RULES)', () => {
  /** The table with Mira's sheet changed as her player would, and a goblin that lasts the fight. */
  async function archerTable(mira: Record<string, unknown>, goblins = ['Goblin 1']) {
    const t = await odndTable(goblins)
    await t.editSheet(t.mira, mira)
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    combatants.get('g1')?.set('hp', 100)
    combatants.get('g1')?.set('maxHp', 100)
    await eventually(() => t.fighter('g1').hp === 100, 'the goblin’s hit points')
    return t
  }

  it('a crossbow fires in round 1, is refused in round 2 in words, and fires again in round 3', async () => {
    const crossbow = { name: 'Crossbow', kind: 'crossbow', damage: 'd6' }
    const t = await archerTable({ class: 'fighter', weapons: [crossbow] })
    const shot = { choice: 'w1', toggles: [] }
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    for (const round of [1, 2, 3]) {
      await t.playTo(() => t.turn().round === round && (t.turn().acting ?? []).includes(t.mira))
      const sent = await miraAttacks(t, 'g1', shot)
      if (round === 2) {
        expect(sent).toEqual({
          ok: false,
          error: 'Crossbows fire every other round: this one is ready next round.',
        })
        expect(t.chips(t.mira)).toContain('Reloading (1 round)')
        continue
      }
      expect(sent.ok).toBe(true)
      await eventually(() => t.chips(t.mira).includes('Reloading (2 rounds)'), 'reloading')
    }
  })

  it('an elf fires his bow on the run, with no penalty, and runs the round; a fighter may not', async () => {
    const bow = { name: 'Bow', kind: 'bow', damage: 'd6' }
    const t = await archerTable({ class: 'elf', weapons: [bow] })
    const plain = { choice: 'w1', toggles: [] }
    const running = { choice: 'w1', toggles: ['on-the-run'] }
    const odds = (declared: { choice: string; toggles: string[] }) => {
      const p = previewDeclared(rules, t.fighter(t.mira), t.fighter('g1'), declared)
      if (!p.ok) throw new Error(p.error)
      return p.value.chance
    }
    // "with no penalty to hit": the same chance, THAC0 19 against AC 6 needs 13, 8 in 20.
    expect(odds(running)).toBe(8 / 20)
    expect(odds(running)).toBe(odds(plain))
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    // As a fighter with the same bow she is refused it, in the rule's words.
    await t.editSheet(t.mira, { class: 'fighter' })
    expect(await t.ask({ kind: 'attack', targetId: 'g1', declared: running })).toEqual({
      ok: false,
      error:
        'Mira cannot fire on the run with this: only elves with arrows or javelins and hobbits with slings do (MISC COMBAT RULES).',
    })
    await t.editSheet(t.mira, { class: 'elf' })
    expect((await miraAttacks(t, 'g1', running)).ok).toBe(true)
    await eventually(() => t.chips(t.mira).includes('Ran: no other action (1 round)'), 'ran')
  })

  it('a goblin in melee with Tomas too lets Mira go without a roll (free disengage, 4)', async () => {
    const t = await odndTable(['Goblin 1', 'Tomas'])
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    combatants.get('g2')?.set('side', 'pc')
    // The GM's Tomas rolls no die of his own: the party's one roll (the text's optional rule) is Mira's.
    t.table.doc.getMap(TABLE.settings).set('partyInitiative', 'one-roll')
    await eventually(() => t.fighter('g2').side === 'pc', 'Tomas on the party’s side')
    const thrust = { choice: 'w1', toggles: [] }
    expect((await t.goblinAttacks('g1', thrust)).ok).toBe(true)
    // Tomas (the GM's) strikes the goblin; the GM takes the blow for it.
    const struck = await t.gmAsk({ kind: 'attack', attackerId: 'g2', targetId: 'g1', declared: thrust })
    if (!struck.ok) throw new Error(struck.error)
    await eventually(
      () => asked(t.table.doc, struck.logId) || t.entries().some((e) => e.attack?.attackerId === 'g2'),
      'Tomas’s blow',
    )
    if (asked(t.table.doc, struck.logId))
      await t.gmAsk({ kind: 'defend', promptId: struck.logId, choice: 'none' })
    await eventually(
      () => t.chips('g1').includes('In melee with Mira, Tomas'),
      'the goblin in melee with both',
    )
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await t.playTo(() => (t.turn().acting ?? []).includes(t.mira))
    const retreat = { choice: 'retreat', toggles: [] }
    const view = { turn: t.turn(), fighters: t.all() }
    const preview = previewDeclared(rules, t.fighter(t.mira), t.fighter(t.mira), retreat, view)
    expect(preview.ok && preview.value).toMatchObject({
      chance: 1,
      summary: 'Away clean 100%; Goblin 1 is busy with Tomas: free to go.',
    })
    const before = t.all()
    expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: retreat })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.attack?.declared.choice === 'retreat'), 'the retreat')
    const entry = t.entries().find((e) => e.attack?.declared.choice === 'retreat')
    expect(entry?.detail).toMatch(/^Mira retreats: Goblin 1 is busy with Tomas: no free attack; GM: 2d6 = /)
    // Only her own die and the pursuit's: no d6 for the goblin.
    expect(entry?.rolls?.map((r) => r.label)).not.toContain('retreat d6 (Goblin 1)')
    await agrees(entry, before, t.fighter)
    await eventually(() => t.chips('g1').includes('In melee with Tomas'), 'the goblin still on Tomas')
  })

  it('a magic-user hit by one of the same initiative saves vs Paralysis for her spell, then the d6, as the rules say', async () => {
    const t = await odndTable(['Goblin 1'])
    await t.editSheet(t.mira, { class: 'magic-user' })
    const before = t.all()
    const attacked = await t.gmAsk({
      kind: 'attack',
      attackerId: 'g1',
      targetId: t.mira,
      declared: { choice: 'w1', toggles: ['same-initiative'] },
      faces: [15, 3],
    })
    if (!attacked.ok) throw new Error(attacked.error)
    await eventually(() => t.table.doc.getMap(TABLE.prompts).size > 0, 'her parry prompt')
    expect((await t.ask({ kind: 'defend', promptId: attacked.logId, choice: 'none' })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.attack?.attackerId === 'g1'), 'the thrust')
    const entry = t.entries().find((e) => e.attack?.attackerId === 'g1')
    expect(entry?.rolls?.map((r) => r.label)).toContain('save vs paralysis (the spell)')
    expect(entry?.detail).toMatch(
      /^Goblin 1 hits Mira for 3: (Mira saves: a spell being cast still goes off|Mira's spell, if one was being cast, is (lost|miscast: GM, rule what happens \(the text gives no effect\)))/,
    )
    await agrees(entry, before, t.fighter)
  })

  it('with the room rerolling initiative each round, round 2 asks Mira for a new d6 and orders by it', async () => {
    const t = await odndTable(['Goblin 1'])
    t.table.doc.getMap(TABLE.settings).set('rerollInitiativeEachRound', true)
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [2] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'round 1')
    const hers = () => t.turn().order.find((s) => s.ids.includes(t.mira))?.label
    expect(hers()).toBe('Initiative 2')
    await t.playTo(() => t.turn().round === 2)
    expect(t.turn().status).toBe('initiative')
    expect(t.turn().waiting?.[t.mira]).toBe('initiative')
    expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.turn().status === 'running', 'round 2')
    // Her new 6: nobody acts before her (a goblin's 6 acts with her).
    expect(hers()).toBe('Initiative 6')
    expect(t.turn().order[0]?.ids).toContain(t.mira)
  })
})
