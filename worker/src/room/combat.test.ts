import {
  type Answer,
  answerTo,
  GM,
  LOG,
  type LogEntry,
  type PendingDefense,
  type RequestResult,
  SEAT,
  TABLE,
} from '@fray/protocol'
import {
  type DiceSource,
  defaultSheetFor,
  defensesDeclared,
  SYSTEM_IDS,
  SYSTEMS,
  type SystemId,
  seededDice,
} from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { fighterOf } from './fighters.ts'
import { processedInMemory, TableRoom } from './table-room.ts'

/**
 * A room of `system` over plain documents with two monsters out of a fight (the GM attacks with either),
 * its dice counted as the room draws them.
 */
function room(system: SystemId) {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  const seeded = seededDice(29)
  let drawn = 0
  const dice: DiceSource = {
    kind: seeded.kind,
    roll: (sides) => {
      drawn++
      return seeded.roll(sides)
    },
  }
  const tableRoom = new TableRoom({
    system,
    docs: { ...docs, seat: () => new Y.Doc(), past: () => new Y.Doc() },
    dice,
    processed: processedInMemory(),
    seatName: () => null,
    now: () => 1000,
  })
  docs.table.transact(() => {
    for (const [id, name] of [
      ['a', 'Ogre'],
      ['b', 'Troll'],
    ] as const) {
      const fields = new Y.Map<unknown>()
      docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).set(id, fields)
      const values = { name, side: 'foe', hp: 100, maxHp: 100, sheet: defaultSheetFor(system, name, 'foe') }
      for (const [key, value] of Object.entries(values)) fields.set(key, value)
    }
  })
  let n = 0
  /** The id the next GM request gets (the log id of an attack it makes). */
  const nextId = () => `g${n + 1}`
  const ask = (request: Record<string, unknown>): RequestResult => {
    const id = `g${++n}`
    docs.gm.getArray(GM.requests).push([{ id, ...request }])
    tableRoom.resolveGm()
    return answerTo(docs.gm.getArray<Answer>(SEAT.answers).toArray(), id) as RequestResult
  }
  const rules = SYSTEMS[system].combat
  const first = () => {
    const ogre = fighterOf(docs, 'a')
    const choices = ogre ? rules.choices(ogre) : null
    const choice = choices?.ok ? choices.value.find((c) => !c.self && !c.aid) : undefined
    if (!choice) throw new Error(`${system} offers the Ogre no attack`)
    return choice.id
  }
  const prompts = () => [...docs.table.getMap<PendingDefense>(TABLE.prompts).values()]
  const entries = () => docs.log.getArray(LOG.entries).length
  /** What the table and the log hold, to see that nothing was written. */
  const written = () => [Y.encodeStateVector(docs.table), Y.encodeStateVector(docs.log)]
  return { docs, ask, nextId, rules, first, prompts, entries, written, drawn: () => drawn }
}

type Room = ReturnType<typeof room>

/**
 * An attack of the room's GM that its rules put to the defender. Most systems ask at any time; brp only
 * once the attack roll succeeded (5.6: "If an attack fails, it does not need to be parried"), so the GM
 * types its dice (a d100 of 10 against the Ogre's 25%, then 1s for the damage); osr asks only in a running fight, of a target yet to act
 * whose long reach may strike first (17.0.1.9).
 */
function promptingAttack(r: Room, system: SystemId) {
  if (system === 'brp')
    return {
      attackerId: 'a',
      targetId: 'b',
      declared: { choice: r.first(), toggles: [] },
      faces: [10, 1, 1, 1],
    }
  if (system !== 'osr')
    return { attackerId: 'a', targetId: 'b', declared: { choice: r.first(), toggles: [] } }
  for (const id of ['a', 'b']) {
    const fields = r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
    const sheet = fields?.get('sheet') as { weapons: Array<Record<string, unknown>> }
    fields?.set('sheet', { ...sheet, weapons: sheet.weapons.map((w) => ({ ...w, longReach: true })) })
  }
  expect(r.ask({ kind: 'start-combat' }).ok).toBe(true)
  expect(r.ask({ kind: 'roll-foes' }).ok).toBe(true)
  const acting = r.docs.table.getMap(TABLE.turn).get('acting') as string[]
  const attackerId = acting[0] === 'b' ? 'b' : 'a'
  const targetId = attackerId === 'a' ? 'b' : 'a'
  return { attackerId, targetId, declared: { choice: 'weapon-0-melee', toggles: [] } }
}

describe.each(SYSTEM_IDS)('an attack the rules of %s refuse', (system) => {
  it('is refused in their words, with no die drawn and nothing written to the table or the log', () => {
    const r = room(system)
    const declared = { choice: r.first(), toggles: ['no-such-modifier'] }
    const ogre = fighterOf(r.docs, 'a')
    const troll = fighterOf(r.docs, 'b')
    if (!ogre || !troll) throw new Error('no monsters')
    const refusal = defensesDeclared(r.rules, ogre, troll, declared)
    expect(refusal.ok).toBe(false)
    const before = r.written()
    expect(r.ask({ kind: 'attack', attackerId: 'a', targetId: 'b', declared })).toEqual(refusal)
    expect(r.drawn()).toBe(0)
    expect(r.written()).toEqual(before)
  })
})

// Where the defenses refuse all the outcome would (`defensesCheckResolve`), no dry run comes first.
const checked = SYSTEM_IDS.filter((id) => SYSTEMS[id].combat.defensesCheckResolve)

// Of those, the systems whose defender is asked at the attack (spelljammer's stance is declared at the
// round's start: "This decision must be made at the beginning of the round").
const asking = checked.filter((system) => {
  const r = room(system)
  r.ask({ kind: 'attack', ...promptingAttack(r, system) })
  return r.prompts().length > 0
})

describe('which systems ask the defender at the attack', () => {
  it('all that check resolve in their defenses, but spelljammer, whose stance the round declared', () => {
    expect(checked).toContain('spelljammer')
    expect(asking).toEqual(checked.filter((system) => system !== 'spelljammer'))
  })
})

describe.each(asking)('an attack %s puts to the defender', (system) => {
  it('asks at once, drawing no die until the answer, then rolls and logs it once', () => {
    const r = room(system)
    const attack = promptingAttack(r, system)
    const [drawn, entries] = [r.drawn(), r.entries()]
    const logId = r.nextId()
    expect(r.ask({ kind: 'attack', ...attack })).toEqual({ ok: true, logId })
    const [prompt] = r.prompts()
    expect(prompt?.options.length).toBeGreaterThan(0)
    expect(r.drawn()).toBe(drawn)
    expect(r.entries()).toBe(entries)
    const choice = prompt?.options.at(-1)?.id
    const answered = r.nextId()
    expect(r.ask({ kind: 'defend', promptId: prompt?.id, choice })).toEqual({ ok: true, logId: answered })
    expect(r.drawn()).toBeGreaterThan(drawn)
    expect(r.entries()).toBe(entries + 1)
    // No defense is left open; a question the outcome asks the GM may follow (zones: did it incapacitate?).
    expect(r.prompts().filter((p) => !p.question)).toEqual([])
  })
})

describe.each(checked)('an attack %s checks before the defender', (system) => {
  it('with typed dice that do not fit, is refused at once, before the defender is asked', () => {
    const r = room(system)
    const attack = promptingAttack(r, system)
    const before = r.written()
    const result = r.ask({ kind: 'attack', ...attack, faces: [1000] })
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^Your die for .+ not 1000\.$/) })
    expect(r.prompts()).toEqual([])
    expect(r.written()).toEqual(before)
  })
})

// Systems whose monsters choose among defenses with odds (brp's parry or dodge, odnd's, spelljammer's).
const withOdds = SYSTEM_IDS.filter((system) => {
  const r = room(system)
  const attack = promptingAttack(r, system)
  r.ask({ kind: 'attack', ...attack })
  return r.prompts()[0]?.options.some((o) => o.chance !== null) ?? false
})

// Systems whose monsters' defenses leave the attack odds of their own to compare (odnd's parry and
// taking it, spelljammer's stances), without a chance of the defense's own.
const leavingOdds = SYSTEM_IDS.filter((system) => {
  const r = room(system)
  const attack = promptingAttack(r, system)
  r.ask({ kind: 'attack', ...attack })
  const options = r.prompts()[0]?.options ?? []
  return options.length > 0 && options.every((o) => o.chance === null && o.hits !== undefined)
})

/** The attack a monster is asked to answer, asked again with the room set to answer by the book. */
function byTheBook(system: SystemId) {
  const asked = room(system)
  const attack = promptingAttack(asked, system)
  asked.ask({ kind: 'attack', ...attack })
  const options = asked.prompts()[0]?.options ?? []
  const r = room(system)
  r.docs.table.getMap(TABLE.settings).set('foeDefense', 'book')
  const same = promptingAttack(r, system)
  const logId = r.nextId()
  expect(r.ask({ kind: 'attack', ...same })).toEqual({ ok: true, logId })
  expect(r.prompts()).toEqual([])
  const entry = r.docs.log
    .getArray<LogEntry>(LOG.entries)
    .toArray()
    .find((e) => e.id === logId)
  const [attacker, target] = same.targetId === 'a' ? ['Troll', 'Ogre'] : ['Ogre', 'Troll']
  return { options, entry, attacker, target }
}

describe('monsters’ defenses by the book', () => {
  it('are offered with odds of their own in brp (a parry, a dodge); odnd’s and spelljammer’s leave the attack’s', () => {
    expect(withOdds).toContain('brp')
    expect(withOdds).not.toContain('spelljammer')
    // spelljammer's stances are declared at the round's start: a monster is asked nothing at the attack.
    expect(leavingOdds).toContain('odnd')
    expect(leavingOdds).not.toContain('spelljammer')
  })

  it.each(withOdds)(
    'in %s: the room answers at once with the best odds offered, and the log says so',
    (system) => {
      const { options, entry, target } = byTheBook(system)
      // The best odds, read from the prompt the GM would have had: the highest chance, the first of equals.
      const top = Math.max(...options.map((o) => o.chance ?? -1))
      const best = options.find((o) => o.chance === top)
      expect(entry?.attack?.defense).toBe(best?.id)
      expect(entry?.lines?.[0]?.label).toBe(
        `The room chose “${best?.label}” for ${target}: the best odds by the book (${Math.round(top * 100)}%)`,
      )
    },
  )

  it.each(leavingOdds)(
    'in %s: the room answers at once with the lowest odds left to the attack, and the log says so',
    (system) => {
      const { options, entry, attacker, target } = byTheBook(system)
      // The lowest chance to hit the answers leave, read from the prompt: the last of equals (taking it).
      const low = Math.min(...options.map((o) => o.hits ?? 1))
      const best = options.findLast((o) => o.hits === low)
      expect(options.some((o) => (o.hits ?? 0) > low)).toBe(true)
      expect(entry?.attack?.defense).toBe(best?.id)
      expect(entry?.lines?.[0]?.label).toBe(
        `The room chose “${best?.label}” for ${target}: the best odds by the book (${attacker} hits ${Math.round(low * 100)}% of the time)`,
      )
    },
  )

  it.each(['brp', 'odnd'] as const)(
    'in %s, set to none: the room takes no defense for the monster at once, and the log says so',
    (system) => {
      const r = room(system)
      r.docs.table.getMap(TABLE.settings).set('foeDefense', 'none')
      const attack = promptingAttack(r, system)
      const logId = r.nextId()
      expect(r.ask({ kind: 'attack', ...attack })).toEqual({ ok: true, logId })
      expect(r.prompts()).toEqual([])
      const entry = r.docs.log
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .find((e) => e.id === logId)
      expect(entry?.attack?.defense ?? null).toBeNull()
      const target = attack.targetId === 'a' ? 'Ogre' : 'Troll'
      expect(entry?.lines?.[0]?.label).toBe(`${target} takes no defense, as the table rules say`)
    },
  )

  it.each(['book', 'none'] as const)(
    'set to %s, leave to the GM the monster whose defenses the GM took over',
    (rule) => {
      const r = room('brp')
      r.docs.table.getMap(TABLE.settings).set('foeDefense', rule)
      const attack = promptingAttack(r, 'brp')
      r.docs.gm.getMap(GM.byHand).set(attack.targetId, true)
      expect(r.ask({ kind: 'attack', ...attack }).ok).toBe(true)
      expect(r.prompts().map((p) => p.targetId)).toEqual([attack.targetId])
    },
  )

  it('leave a player’s defense to the player', () => {
    const r = room('brp')
    r.docs.table.getMap(TABLE.settings).set('foeDefense', 'book')
    r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('b')?.set('seatId', 's1')
    expect(r.ask({ kind: 'attack', ...promptingAttack(r, 'brp') }).ok).toBe(true)
    expect(r.prompts()).toHaveLength(1)
  })
})

describe('an outcome', () => {
  it('writes only what it changes', () => {
    const r = room('osr')
    const troll = r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('b')
    const prone = { status: 'up', conditions: [{ kind: 'prone' }] }
    r.docs.table.transact(() => troll?.set('state', prone))
    const written: string[] = []
    troll?.observe((event) => written.push(...event.keysChanged))
    // The GM ends the Troll's prone: its state changes, its hit points do not.
    expect(r.ask({ kind: 'clear-condition', combatantId: 'b', condition: 'prone' }).ok).toBe(true)
    expect(written).toContain('state')
    expect(written).not.toContain('hp')
    expect(troll?.get('state')).toMatchObject({ conditions: [] })
  })
})

// The room's prompts are the same in every system; brp's monsters may attack again and again out of a
// fight (odnd, spelljammer and zones count attacks there too; osr asks only in a running fight).
describe('the table, prompt after prompt', () => {
  it('does not grow with each answered prompt', () => {
    const r = room('brp')
    const attack = promptingAttack(r, 'brp')
    // A Troll no blow of the run can fell, so nothing but the blows' hit points and the prompts is written.
    const troll = r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('b')
    r.docs.table.transact(() => {
      troll?.set('maxHp', 1_000_000)
      troll?.set('hp', 1_000_000)
    })
    /**
     * One attack put to the Troll, and answered; its wound then healed, as the GM might: the typed d100
     * always succeeds, and brp keeps each wound in the state, which would grow by one every blow.
     */
    const exchange = () => {
      const unhurt = troll?.get('state')
      expect(r.ask({ kind: 'attack', ...attack }).ok).toBe(true)
      const [prompt] = r.prompts()
      if (!prompt) throw new Error('brp did not ask the Troll')
      const choice = prompt.options.at(-1)?.id
      expect(r.ask({ kind: 'defend', promptId: prompt.id, choice }).ok).toBe(true)
      expect(r.prompts()).toEqual([])
      if (unhurt !== undefined && troll?.get('state') !== unhurt)
        r.docs.table.transact(() => troll?.set('state', unhurt))
    }
    // What the room stores of the table: its version 2 snapshot (room-store.ts's compaction).
    const stored = () => Y.encodeStateAsUpdateV2(r.docs.table).length
    for (let i = 0; i < 10; i++) exchange()
    const before = stored()
    const prompts = 200
    for (let i = 0; i < prompts; i++) exchange()
    expect(troll?.get('hp')).toBeLessThan(1_000_000)
    // Each exchange writes the Troll's hit points, state (brp keeps each wound) and status chips over
    // what they were, a few bytes each, and a prompt. A key named for each prompt left ~18 bytes more
    // behind it for good (30 bytes an exchange); a reused key, a few.
    expect((stored() - before) / prompts).toBeLessThan(16)
  })
})
