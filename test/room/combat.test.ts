import {
  CLOSE,
  type FiledFight,
  GM,
  type GmMark,
  LOG,
  type LogEntry,
  type LogSecret,
  PAST,
  type PastFight,
  type PendingDefense,
  pastDocName,
  type RequestResult,
  SEAT,
  type SealedResult,
  TABLE,
} from '@fray/protocol'
import { sealOf, verifySeal } from '@fray/protocol/seal'
import {
  brp,
  defaultSheetFor,
  defensesDeclared,
  type Fighter,
  orderedRound,
  resolveDeclared,
  SYSTEM_IDS,
  SYSTEMS,
  type TimedEvent,
  type TurnState,
} from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { OIL_FLASK, playTo as playRound, replay, table } from './table-client.ts'
import { eventually, TestClient, takeSeat } from './ws-client.ts'

/** Another player with a character of the system's defaults, on their own seat. */
async function secondPlayer(roomId: string, name: string) {
  const seat = await takeSeat(roomId, name)
  const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
  const results = answersOf(phone.doc)
  let n = 0
  const ask = async (request: Record<string, unknown>) => {
    const id = `${request.kind}-${++n}`
    phone.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
    await eventually(() => results.has(id), `${name}: ${String(request.kind)}`, 3000)
    return results.get(id) as RequestResult
  }
  const created = await ask({ kind: 'create-character', sheet: defaultSheetFor('brp', name) })
  if (!created.ok) throw new Error(created.error)
  return { id: created.logId, ask }
}

/**
 * brp: the Ogre's Brawl on one who takes it (no defense, answered from their own seat): 20 against its
 * 25% is a plain hit, then the faces given for its 1D3 (and the 1D6 hours of a knock-out).
 */
async function brawlTaken(
  t: Awaited<ReturnType<typeof table>>,
  targetId: string,
  faces: number[],
  answer: (request: Record<string, unknown>) => Promise<RequestResult>,
) {
  const declared = { choice: 'brawl', toggles: [] }
  const hit = await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId, declared, faces: [20, ...faces] })
  expect(hit.ok).toBe(true)
  await eventually(() => t.prompts().length === 1, 'the defense prompt')
  expect((await answer({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(true)
}

describe.each(SYSTEM_IDS)('attacks at the table: %s', (system) => {
  it('the room’s outcome agrees with the rules for the same dice, the defender answers, and the GM undoes it', async () => {
    const t = await table(system)
    const rules = SYSTEMS[system].combat
    const ogre = t.fighter('ogre')
    const mira = t.fighter(t.mira)
    const choices = rules.choices(ogre)
    if (!choices.ok) throw new Error(choices.error)
    const declared = { choice: choices.value[0]?.id ?? '', toggles: [] }

    // A player cannot attack out of turn; the GM attacks with the monster whenever the GM wants.
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared })).toEqual({
      ok: false,
      error: 'It is not your turn.',
    })
    // brp asks the defender only once the attack roll succeeded (5.6): the GM types a d100 of 10 (the
    // Ogre's Brawl is 25%), then 1s for the damage.
    const faces = system === 'brp' ? { faces: [10, 1, 1, 1] } : {}
    const attacked = await t.gmAsk({
      kind: 'attack',
      attackerId: 'ogre',
      targetId: t.mira,
      declared,
      ...faces,
    })
    expect(attacked).toEqual({ ok: true, logId: expect.any(String) })

    // Where the system gives the defender a choice, the prompt waits for Mira's phone.
    const defenses = defensesDeclared(rules, ogre, mira, declared)
    if (!defenses.ok) throw new Error(defenses.error)
    let defense: string | null = null
    if (defenses.value.length > 0) {
      await eventually(() => t.prompts().length === 1, 'the defense prompt')
      expect(t.prompts()[0]?.options.map((o) => o.id)).toEqual(defenses.value.map((o) => o.id))
      // The GM may not answer for a player whose time is not up.
      expect(
        await t.gmAsk({
          kind: 'defend',
          promptId: attacked.ok ? attacked.logId : '',
          choice: defenses.value[0]?.id,
        }),
      ).toEqual({
        ok: false,
        error: expect.stringMatching(/still has time/),
      })
      defense = defenses.value.at(-1)?.id ?? null
      expect((await t.ask({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: defense })).ok).toBe(true)
    }
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the attack in the log')
    // No defense is left open; a question the outcome asks the GM may follow (zones: did it incapacitate?).
    expect(t.prompts().filter((p) => !p.question)).toEqual([])
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    expect(entry.rolls?.length).toBeGreaterThan(0)
    const expected = resolveDeclared(rules, ogre, mira, declared, defense, replay(entry.rolls ?? []))
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
    const after = t.fighter(t.mira)
    const change = expected.value.changes[t.mira] ?? {}
    expect(after.hp).toBe(change.hp ?? mira.hp)
    expect(after.state).toEqual(change.state ?? mira.state)

    // Undo: Mira is back as she was before the attack, on every device.
    expect((await t.gmAsk({ kind: 'undo', entryId: entry.id })).ok).toBe(true)
    await eventually(() => t.entries().find((e) => e.id === entry.id)?.undone === true, 'undone')
    expect(t.fighter(t.mira).hp).toBe(mira.hp)
    expect(t.fighter(t.mira).state).toEqual(mira.state)
    expect(await t.gmAsk({ kind: 'undo', entryId: entry.id })).toEqual({
      ok: false,
      error: 'That entry is already undone.',
    })
  })
})

describe('attacks with the player’s own dice', () => {
  it('checks each typed face against the die asked for, holds the outcome for the GM, and applies it on approval', async () => {
    const t = await table('osr')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // A 6 is the best a d6 can do: Mira (DEX +0) acts first, with the Ogre at best beside her.
    expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    // From now on the GM approves typed dice (typed initiative waits too: see turns.test.ts).
    t.table.doc.getMap(TABLE.settings).set('physicalDice', 'approve')
    const mira = t.fighter(t.mira)
    const ogre = t.fighter('ogre')
    const rules = SYSTEMS.osr.combat
    const choices = rules.choices(mira)
    if (!choices.ok) throw new Error(choices.error)
    const declared = { choice: choices.value[0]?.id ?? '', toggles: [] }

    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared, faces: [25] })).toEqual({
      ok: false,
      error: expect.stringMatching(/is a d20: it shows 1 to 20, not 25\.$/),
    })
    // 19 hits the Ogre's AC 10 or so without a natural 20's extra dice; then the damage die, typed too.
    const faces = [19, 1, 1, 1, 1, 1, 1]
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared, faces })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the attack in the log')
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    expect(entry.status).toBe('pending')
    expect(entry.source).toBe('physical')
    expect(entry.rolls?.every((r) => r.typed)).toBe(true)
    const expected = resolveDeclared(rules, mira, ogre, declared, null, replay(entry.rolls ?? []))
    if (!expected.ok) throw new Error(expected.error)
    expect(expected.value.changes.ogre?.hp).toBeLessThan(30)
    expect(t.fighter('ogre').hp).toBe(30) // held until the GM approves
    expect(await t.gmAsk({ kind: 'undo', entryId: entry.id })).toEqual({
      ok: false,
      error: 'Approve or reject those dice first.',
    })

    t.gm.doc.getArray(GM.approvals).push([{ entryId: entry.id, approve: true }])
    await eventually(() => t.entries().find((e) => e.id === entry.id)?.status === 'approved', 'approved')
    expect(t.fighter('ogre').hp).toBe(expected.value.changes.ogre?.hp)
  })
})

describe('a monster attacking on the GM’s own dice', () => {
  it('checks the faces before asking the defender, resolves with them and the defense chosen, and holds nothing for approval', async () => {
    const t = await table('odnd')
    t.table.doc.getMap(TABLE.settings).set('physicalDice', 'approve')
    const ogre = t.fighter('ogre')
    const mira = t.fighter(t.mira)
    const rules = SYSTEMS.odnd.combat
    const choices = rules.choices(ogre)
    if (!choices.ok) throw new Error(choices.error)
    const declared = { choice: choices.value[0]?.id ?? '', toggles: [] }
    const attack = (faces: number[]) =>
      t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared, faces })

    // An impossible face is refused at once: no prompt waits on dice that cannot be resolved.
    expect(await attack([21])).toEqual({
      ok: false,
      error: expect.stringMatching(/is a d20: it shows 1 to 20, not 21\.$/),
    })
    expect(t.prompts()).toEqual([])

    // The same faces with Mira parrying and with Mira taking it: the choice changes the outcome.
    const faces = [15, 3, 3, 3]
    const outcomes: string[] = []
    for (const choice of ['parry', 'none']) {
      expect((await attack(faces)).ok).toBe(true)
      await eventually(() => t.prompts().length === 1, 'the defense prompt')
      const prompt = t.prompts()[0]
      expect(prompt?.options.map((o) => o.id)).toContain(choice)
      expect((await t.ask({ kind: 'defend', promptId: prompt?.id, choice })).ok).toBe(true)
      await eventually(
        () => t.entries().filter((e) => e.kind === 'attack').length === outcomes.length + 1,
        choice,
      )
      const entry = t
        .entries()
        .filter((e) => e.kind === 'attack')
        .at(-1) as LogEntry
      expect(entry.status).toBeUndefined() // the GM's own dice wait for nobody's approval
      expect(entry.source).toBe('physical')
      expect(entry.rolls?.slice(0, faces.length).every((r) => r.typed)).toBe(true)
      const expected = resolveDeclared(rules, ogre, mira, declared, choice, replay(entry.rolls ?? []))
      if (!expected.ok) throw new Error(expected.error)
      expect(entry.detail).toBe(expected.value.summary)
      outcomes.push(entry.detail ?? '')
      expect((await t.gmAsk({ kind: 'undo', entryId: entry.id })).ok).toBe(true)
      await eventually(() => t.entries().find((e) => e.id === entry.id)?.undone === true, 'undone')
    }
    expect(outcomes[0]).not.toBe(outcomes[1])
  })
})

describe('typed dice belong to the one who typed them', () => {
  it('zones: the GM’s leftover faces never decide Mira’s counter; her dice are her own or the room’s', async () => {
    const t = await table('zones')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // The foes move first or the party passes to them; then the Ogre acts.
    for (let i = 0; i < 3 && !(await t.gmAsk({ kind: 'act', combatantId: 'ogre' })).ok; i++)
      await t.ask({ kind: 'pass' })
    const ogre = t.fighter('ogre')
    const choices = SYSTEMS.zones.combat.choices(ogre)
    if (!choices.ok) throw new Error(choices.error)
    const declared = { choice: choices.value[0]?.id ?? '', toggles: [] }
    // One damage die is all the Ogre's attack asks; the GM types six 6s.
    const faces = [6, 6, 6, 6, 6, 6]
    expect(
      (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared, faces })).ok,
    ).toBe(true)
    await eventually(() => t.prompts().length === 1, 'Mira’s defense prompt')
    const prompt = t.prompts()[0] as PendingDefense
    const counter = prompt.options.find((o) => o.id.startsWith('counter'))
    if (!counter) throw new Error(`no counter among ${prompt.options.map((o) => o.id).join(', ')}`)
    expect((await t.ask({ kind: 'defend', promptId: prompt.id, choice: counter.id })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const rolls = t.entries().find((e) => e.kind === 'attack')?.rolls ?? []
    const hers = rolls.filter((r) => r.label.startsWith('counter damage'))
    expect(hers.length).toBeGreaterThan(0)
    for (const r of hers) {
      expect(r.typed, 'Mira’s counter die typed by the GM').toBeUndefined()
      expect(r.theirs).toBe(true)
    }
    expect(rolls.filter((r) => r.typed).every((r) => !r.theirs)).toBe(true)
  })

  it('zones: Mira’s leftover faces never decide the Ogre’s counter; its dice are the room’s', async () => {
    const t = await table('zones')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // Mira takes the party's move (the foes may have it first: then the GM passes to her).
    for (let i = 0; i < 3 && !(await t.ask({ kind: 'act' })).ok; i++) await t.gmAsk({ kind: 'pass' })
    const mira = t.fighter(t.mira)
    const choices = SYSTEMS.zones.combat.choices(mira)
    if (!choices.ok) throw new Error(choices.error)
    const declared = { choice: choices.value[0]?.id ?? '', toggles: [] }
    // Her attack asks one d6 (and its damage); she types a 6 and three 1s, as the attacker of the probe did.
    const attacked = await t.ask({ kind: 'attack', targetId: 'ogre', declared, faces: [6, 1, 1, 1] })
    expect(attacked.ok).toBe(true)
    await eventually(() => t.prompts().length === 1, 'the Ogre’s defense prompt')
    const prompt = t.prompts()[0] as PendingDefense
    const counter = prompt.options.find((o) => o.id.startsWith('counter'))
    if (!counter) throw new Error(`no counter among ${prompt.options.map((o) => o.id).join(', ')}`)
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt.id, choice: counter.id })).ok).toBe(true)
    await eventually(() => t.entries().some((e) => e.kind === 'attack'), 'the outcome')
    const rolls = t.entries().find((e) => e.kind === 'attack')?.rolls ?? []
    const its = rolls.filter((r) => r.label.startsWith('counter'))
    expect(its.length, 'the Ogre’s counter rolled dice').toBeGreaterThan(0)
    for (const r of its) {
      expect(r.typed, `${r.label} typed by Mira`).toBeUndefined()
      expect(r.theirs).toBe(true)
    }
    // Whatever of hers was used is marked hers; nothing of hers stands for the Ogre.
    expect(rolls.filter((r) => r.typed).every((r) => !r.theirs)).toBe(true)
    expect(rolls.filter((r) => r.typed).length).toBeLessThanOrEqual(4)
  })
})

describe('brp First Aid and waking through the room (5.12, 5.14)', () => {
  it('brings Mira from below 0 back up on the GM’s dice, as the rules do, undoes it, and wakes her', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    // The GM sets Mira at 2 hit points; the Ogre's Brawl (20 against 25%, a plain hit; 1D3 shows 3)
    // takes her to -1 with a wound of 3.
    t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.set('hp', 2)
    await brawlTaken(t, t.mira, [3], t.ask)
    await eventually(() => t.fighter(t.mira).hp === -1, 'Mira at -1')
    const dying = t.fighter(t.mira)

    // First Aid on the GM's dice (05 against 30%, then 3): what the room logs is what the rules give.
    const aid = { choice: 'first-aid', toggles: [] }
    const ogre = t.fighter('ogre')
    const treated = await t.gmAsk({
      kind: 'attack',
      attackerId: 'ogre',
      targetId: t.mira,
      declared: aid,
      faces: [5, 3],
    })
    expect(treated.ok).toBe(true)
    await eventually(() => t.fighter(t.mira).hp === 2, 'Mira at 2')
    const entry = t.entries().find((e) => e.id === (treated.ok ? treated.logId : '')) as LogEntry
    const expected = resolveDeclared(rules, ogre, dying, aid, null, replay(entry.rolls ?? []))
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
    expect(entry.detail).toBe(
      "Ogre's First Aid on Mira heals 3 hit points: Mira is at 2 hit points and will live.",
    )
    expect(t.prompts()).toEqual([]) // First Aid asks the patient nothing

    // Undone, she is dying again; treated again, she is at 2.
    expect((await t.gmAsk({ kind: 'undo', entryId: entry.id })).ok).toBe(true)
    await eventually(() => t.fighter(t.mira).hp === -1, 'undone')
    expect(
      (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: aid, faces: [5, 3] }))
        .ok,
    ).toBe(true)
    await eventually(() => t.fighter(t.mira).hp === 2, 'treated again')

    // Knocked out at 2 or less: the room wakes her on request, with no dice.
    expect(rules.out(t.fighter(t.mira))).toBe('Mira is unconscious.')
    const wake = { choice: 'awaken', toggles: [] }
    expect((await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: wake })).ok).toBe(
      true,
    )
    await eventually(() => rules.out(t.fighter(t.mira)) === null, 'Mira awake')
  })
})

describe('brp in a running round: First Aid saves the dying, the round’s end kills the rest (5.12, 5.14)', () => {
  it('keeps Mira, brought back to 1 by Tomas within the round, and lets Tomas die at the next one’s end, as the rules do', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    const { id: tomas, ask: tomasAsks } = await secondPlayer(t.roomId, 'Tomas')
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    combatants.get(t.mira)?.set('hp', 2)
    await eventually(() => t.fighter(t.mira).hp === 2, 'Mira at 2')
    const turn = () => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // Nobody states a move: everyone stays put with their first weapon, and the Actions begin.
    expect((await t.gmAsk({ kind: 'begin-actions' })).ok).toBe(true)
    await eventually(() => orderedRound(turn()).phase === 'actions', 'the Actions')
    // Everyone at DEX 10 with Brawl: one slot, all acting.
    expect(turn().acting).toEqual(expect.arrayContaining([t.mira, tomas, 'ogre']))

    // The Ogre's Brawl (20 against 25%; 1D3 shows 3) takes Mira to -1: down, dying this round.
    await brawlTaken(t, t.mira, [3], t.ask)
    await eventually(() => t.fighter(t.mira).hp === -1, 'Mira at -1')
    expect(rules.status(t.fighter(t.mira))).toContain('Dying: First Aid this round')
    // Mira shares the Ogre's slot: "the actions occur simultaneously" (5.2), so she still has hers; she
    // ends her turn, and, out of the fight, no longer acts. Tomas's First Aid is his action (05, then 3 on the 1D3).
    expect(turn().acting).toContain(t.mira)
    expect((await t.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => !turn().acting?.includes(t.mira), 'Mira out of the turn')
    const aid = { choice: 'first-aid', toggles: [] }
    const dying = t.fighter(t.mira)
    const treated = await tomasAsks({ kind: 'attack', targetId: t.mira, declared: aid, faces: [5, 3] })
    expect(treated.ok).toBe(true)
    await eventually(() => t.fighter(t.mira).hp === 2, 'Mira at 2')
    const entry = t.entries().find((e) => e.id === (treated.ok ? treated.logId : '')) as LogEntry
    const expected = resolveDeclared(rules, t.fighter(tomas), dying, aid, null, replay(entry.rolls ?? []))
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
    // His one action is spent (First Aid "takes one combat round to apply").
    expect(
      await tomasAsks({ kind: 'attack', targetId: 'ogre', declared: { choice: 'brawl', toggles: [] } }),
    ).toEqual({
      ok: false,
      error: 'Tomas has made every attack this turn allows: end the turn.',
    })

    // The round ends: Mira, at 2, lives; round 2 opens with intents again.
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    await eventually(() => turn().round === 2, 'round 2')
    expect(rules.status(t.fighter(t.mira))).not.toContain('Dead')
    expect(t.entries().some((e) => e.kind === 'end-of-round' && /Mira dies/.test(e.detail ?? ''))).toBe(false)

    // Round 2: Tomas, at 1, is hit to -2; nobody treats him, and the round's end kills him as the rules do.
    combatants.get(tomas)?.set('hp', 1)
    await eventually(() => t.fighter(tomas).hp === 1, 'Tomas at 1')
    expect((await t.gmAsk({ kind: 'begin-actions' })).ok).toBe(true)
    await eventually(() => orderedRound(turn()).phase === 'actions', 'the Actions of round 2')
    await brawlTaken(t, tomas, [3], tomasAsks)
    await eventually(() => t.fighter(tomas).hp === -2, 'Tomas at -2')
    const before = [t.fighter(t.mira), t.fighter(tomas), t.fighter('ogre')]
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    await eventually(() => turn().round === 3, 'round 3')
    const end = t.entries().findLast((e) => e.kind === 'end-of-round')
    const rulesEnd = rules.endOfRound(before, 2, () => {
      throw new Error('the end of a round rolls no die here')
    })
    if (!rulesEnd.ok) throw new Error(rulesEnd.error)
    expect(end?.detail).toBe(rulesEnd.value.summary)
    expect(end?.detail).toMatch(/Tomas dies/)
    expect(rules.status(t.fighter(tomas))).toEqual(['Dead'])
  })
})

describe('brp’s defense prompt from the rules’ previewAttack (5.6, 5.7, 5.11)', () => {
  it('offers Mira behind her hoplite shield each defense against a thrown dagger with the rules’ odds, and resolves the one she picks as the rules do', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    const sheet = { ...defaultSheetFor('brp', 'Mira'), shield: 'hoplite' }
    t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.set('sheet', sheet)
    const ogre = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')
    ogre?.set('sheet', { ...defaultSheetFor('brp', 'Ogre', 'foe'), weapons: [{ weapon: 'dagger' }] })
    // The GM's requests travel on another document: wait until the room has both sheets as written.
    const reader = await TestClient.connect(t.roomId, 'table')
    const sheetOf = (id: string) =>
      reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)?.get('sheet') as
        | Record<string, unknown>
        | undefined
    await eventually(
      () => sheetOf(t.mira)?.shield === 'hoplite' && (sheetOf('ogre')?.weapons as unknown[])?.length === 1,
      'the sheets',
    )
    const thrown = { choice: 'dagger-thrown', toggles: [] }
    // A d100 of 1, a special success whatever the dagger's chance: Mira is asked after it (5.6).
    const attacked = await t.gmAsk({
      kind: 'attack',
      attackerId: 'ogre',
      targetId: t.mira,
      declared: thrown,
      faces: [1, 1, 1, 1],
    })
    expect(attacked).toEqual({ ok: true, logId: expect.any(String) })
    await eventually(() => t.prompts().length === 1, 'Mira’s defense prompt')
    const prompt = t.prompts()[0] as PendingDefense
    // The options and odds are the rules package's own, from previewAttack, kneeling and cover included.
    const side = (f: Fighter) => {
      const parsed = brp.parseSheet(f.sheet)
      if (!parsed.ok) throw new Error(parsed.error)
      return { sheet: parsed.value, state: brp.initialState(parsed.value, brp.DEFAULT_SETTINGS) }
    }
    const odds = (toggles: string[]) => {
      const p = brp.previewAttack(
        side(t.fighter('ogre')),
        side(t.fighter(t.mira)),
        { weapon: 'dagger-thrown' },
        brp.DEFAULT_SETTINGS,
        toggles,
      )
      if (!p.ok) throw new Error(p.error)
      return p.value.defenses
    }
    const chanceOf = (d: brp.DefensePreview | undefined) =>
      d?.allowed && d.defense.chance ? d.defense.chance.value : null
    const shieldParry = (toggles: string[]) => odds(toggles).find((d) => d.label === 'Parry with the shield')
    expect(prompt.options.map((o) => o.id)).toEqual([
      'none',
      'dodge',
      'parry-shield',
      'parry-shield-kneeling',
      'shield-cover',
    ])
    // A hoplite shield parries a missile at 60%, kneeling behind it 90% (5.11); dodging a thrown weapon is Difficult (5.7).
    expect([chanceOf(shieldParry([])), chanceOf(shieldParry(['kneeling']))]).toEqual([60, 90])
    expect(prompt.options.find((o) => o.id === 'parry-shield-kneeling')?.effect).toMatch(/at 90%/)
    expect(prompt.options.find((o) => o.id === 'dodge')?.effect).toMatch(
      new RegExp(`at ${chanceOf(odds([]).find((d) => d.label === 'Dodge'))}%`),
    )
    const plan = rules.plan(t.fighter('ogre'), t.fighter(t.mira), thrown)
    if (!plan.ok) throw new Error(plan.error)
    const fromRules = rules.rollsFirst?.(plan.value, () => 1)
    if (!fromRules?.ok) throw new Error('brp rolls no attack first')
    expect(prompt.options).toEqual(fromRules.value.defenses)
    expect(prompt.rolled?.says).toMatch(/^Ogre’s attack succeeds: 1 against \d+%, a special success\.$/)
    // She kneels and parries: the room's outcome is the rules' for the same dice.
    const before = [t.fighter('ogre'), t.fighter(t.mira)] as const
    const answered = await t.ask({ kind: 'defend', promptId: prompt.id, choice: 'parry-shield-kneeling' })
    if (!answered.ok) throw new Error(answered.error)
    await eventually(() => t.entries().some((e) => e.id === answered.logId), 'the outcome')
    const entry = t.entries().find((e) => e.id === answered.logId) as LogEntry
    const expected = resolveDeclared(
      rules,
      before[0],
      before[1],
      thrown,
      'parry-shield-kneeling',
      replay(entry.rolls ?? []),
    )
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
  })
})

describe('brp between fights: First Aid from a player’s phone, on nobody’s turn (5.14)', () => {
  it('treats Tomas’s wound as the rules do while no fight runs; attacking stays refused', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    // Tomas, on his own phone, takes a wound of 3 from the Ogre's Brawl (20 against 25%; 1D3 shows 3).
    const { id: tomas, ask: tomasAsks } = await secondPlayer(t.roomId, 'Tomas')
    await brawlTaken(t, tomas, [3], tomasAsks)
    const hale = t.fighter(tomas).maxHp
    await eventually(() => t.fighter(tomas).hp === hale - 3, 'Tomas wounded')
    const wounded = t.fighter(tomas)

    // No fight runs: Mira's First Aid needs no turn. Her own dice: 05 on the d100, 2 on the 1D3.
    const aid = { choice: 'first-aid', toggles: [] }
    const treated = await t.ask({ kind: 'attack', targetId: tomas, declared: aid, faces: [5, 2] })
    expect(treated.ok).toBe(true)
    await eventually(() => t.fighter(tomas).hp === hale - 1, 'Tomas treated')
    const entry = t.entries().find((e) => e.id === (treated.ok ? treated.logId : '')) as LogEntry
    const expected = resolveDeclared(rules, t.fighter(t.mira), wounded, aid, null, replay(entry.rolls ?? []))
    if (!expected.ok) throw new Error(expected.error)
    expect(entry.detail).toBe(expected.value.summary)
    expect(t.fighter(tomas).state).toEqual(expected.value.changes[tomas]?.state)
    // That wound has had its First Aid (5.14); and between fights a player still attacks nobody.
    expect(await t.ask({ kind: 'attack', targetId: tomas, declared: aid })).toEqual({
      ok: false,
      error: 'Tomas has no wound First Aid can treat: each wound takes it once, and only what it took.',
    })
    expect(
      await t.ask({ kind: 'attack', targetId: 'ogre', declared: { choice: 'brawl', toggles: [] } }),
    ).toEqual({
      ok: false,
      error: 'It is not your turn.',
    })
  })
})

describe('brp: the hours of a knock-out, ended by the GM (5.12)', () => {
  it('wakes Mira as the rules’ clear does, logged and undoable, and only while she is out', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    // The Ogre's Brawl (20 against 25%; 1D3 shows 3) takes Mira from 4 to 1: out for 1D6 (5) hours.
    t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.set('hp', 4)
    await eventually(() => t.fighter(t.mira).hp === 4, 'Mira at 4')
    await brawlTaken(t, t.mira, [3, 5], t.ask)
    await eventually(() => t.fighter(t.mira).hp === 1, 'Mira knocked out')
    const out = t.fighter(t.mira)
    expect(rules.clearable?.(out)).toEqual([
      expect.objectContaining({ id: 'unconscious', label: 'Unconscious (5 hours)' }),
    ])
    // The GM ends it once the hours have passed (Fray keeps no clock of hours).
    const ended = await t.gmAsk({ kind: 'clear-condition', combatantId: t.mira, condition: 'unconscious' })
    expect(ended.ok).toBe(true)
    await eventually(() => rules.out(t.fighter(t.mira)) === null, 'Mira awake')
    const expected = rules.clear?.(out, 'unconscious')
    if (!expected?.ok) throw new Error('the rules clear')
    expect(t.fighter(t.mira).state).toEqual(expected.value.changes[t.mira]?.state)
    expect(t.entries().at(-1)?.detail).toBe(expected.value.summary)
    expect(await t.gmAsk({ kind: 'clear-condition', combatantId: t.mira, condition: 'unconscious' })).toEqual(
      {
        ok: false,
        error: 'Mira is not unconscious now.',
      },
    )
    if (!ended.ok) throw new Error(ended.error)
    expect((await t.gmAsk({ kind: 'undo', entryId: ended.logId })).ok).toBe(true)
    await eventually(() => rules.out(t.fighter(t.mira)) === 'Mira is unconscious.', 'out again')
  })
})

describe('osr: a declaration about oneself through the room (17.0.1.4)', () => {
  it('parrying names its declarer only, gives +2 AC as the rules do, and an attack on oneself stays refused', async () => {
    const t = await table('osr')
    const rules = SYSTEMS.osr.combat
    const parry = { choice: 'parry-dodge', toggles: [] }
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: parry })).toEqual({
      ok: false,
      error: 'Parry or dodge is declared for oneself, not at another.',
    })
    const punch = { choice: 'punch', toggles: [] }
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: 'ogre', declared: punch })).toEqual({
      ok: false,
      error: 'You cannot attack yourself.',
    })
    const before = t.fighter('ogre')
    expect(
      (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: 'ogre', declared: parry })).ok,
    ).toBe(true)
    await eventually(() => rules.defense(t.fighter('ogre')) !== rules.defense(before), 'the Ogre parrying')
    const expected = resolveDeclared(rules, before, before, parry, null, () => {
      throw new Error('a declaration rolls no die')
    })
    if (!expected.ok) throw new Error(expected.error)
    expect(t.fighter('ogre').state).toEqual(expected.value.changes.ogre?.state)
    expect(t.entries().at(-1)?.detail).toBe('Ogre parries and dodges this round: +2 AC, no attack.')
    const parrying = { ok: false, error: 'Parrying or dodging this round: no attack (+2 AC instead).' }
    expect(rules.choices(t.fighter('ogre'))).toEqual(parrying)
    // "instead of an attack": the room refuses the parrying Ogre's blow in those words.
    expect(await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: punch })).toEqual(
      parrying,
    )
  })
})

describe('brp between fights: a week of rest through the room (5.14)', () => {
  it('heals the wounded 1D3 on the room’s dice (3 in a hospital), as the rules do, and the GM may undo it', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    combatants.get(t.mira)?.set('hp', 3)
    combatants.get('ogre')?.set('hp', 20)
    await eventually(() => t.fighter(t.mira).hp === 3, 'Mira hurt')
    const before = [t.fighter(t.mira), t.fighter('ogre')]

    // Not in the middle of a fight.
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect(await t.gmAsk({ kind: 'rest', hospital: [] })).toEqual({
      ok: false,
      error: 'A fight is running: end combat before the party rests.',
    })
    expect((await t.gmAsk({ kind: 'end-combat' })).ok).toBe(true)

    // The Ogre lies in a hospital (3 of the 10 it lacks); Mira rolls her 1D3.
    const rested = await t.gmAsk({ kind: 'rest', hospital: ['ogre'] })
    expect(rested.ok).toBe(true)
    const entry = t.entries().find((e) => e.id === (rested.ok ? rested.logId : '')) as LogEntry
    expect(entry.kind).toBe('rest')
    const expected = rules.rest?.(before, replay(entry.rolls ?? []), ['ogre'])
    if (!expected?.ok) throw new Error('the rules rest')
    expect(entry.detail).toBe(expected.value.summary)
    const d3 = entry.rolls?.[0]?.face ?? 0
    await eventually(() => t.fighter(t.mira).hp === 3 + d3, 'Mira healed')
    expect(t.fighter('ogre').hp).toBe(23)
    expect(entry.rolls?.map((r) => [r.label, r.sides])).toEqual([['Mira: a week of rest 1D3', 3]])

    // Undone: both are as they were.
    expect((await t.gmAsk({ kind: 'undo', entryId: entry.id })).ok).toBe(true)
    await eventually(() => t.fighter(t.mira).hp === 3 && t.fighter('ogre').hp === 20, 'the rest undone')
  })
})

describe('a new fight in the same room', () => {
  it('keeps the party as it is, removes the monsters and their hidden hit points, and files the log', async () => {
    const t = await table('osr')
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    combatants.get(t.mira)?.set('hp', 3)
    // A second monster whose hit points the players do not see: they live in the gm document.
    t.table.doc.getMap(TABLE.settings).set('foeHealth', 'word')
    await eventually(() => t.gm.doc.getMap(GM.foeSecrets).has('ogre'), 'the Ogre’s hit points kept')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    await eventually(() => t.entries().length > 0, 'the Ogre’s initiative in the log')
    const rolled = t.entries().length

    expect((await t.gmAsk({ kind: 'new-fight' })).ok).toBe(true)
    await eventually(() => !combatants.has('ogre'), 'the Ogre gone')
    expect(t.fighter(t.mira).hp).toBe(3)
    expect(t.table.doc.getMap(TABLE.turn).get('status')).toBe('idle')
    expect(t.gm.doc.getMap(GM.foeSecrets).has('ogre')).toBe(false)
    await eventually(() => t.entries().length === 0, 'the log filed')
    const reader = await TestClient.connect(t.roomId, pastDocName(0))
    const fights = reader.doc.getArray<PastFight>(PAST.fights).toArray()
    expect(fights).toHaveLength(1)
    expect(fights[0]?.entries).toHaveLength(rolled)
    expect(fights[0]?.rounds).toBe(1)
    // The log keeps what a device lists the fight by, not its entries.
    const log = await TestClient.connect(t.roomId, 'log')
    expect(log.doc.getArray<FiledFight>(LOG.filed).toArray()).toEqual([
      { id: fights[0]?.id, endedAt: fights[0]?.endedAt, rounds: 1, foes: 'Ogre', entries: rolled },
    ])
  })

  it('files each past fight apart, so a phone joining next week syncs only the fight at hand, and reading one old fight brings that fight alone', async () => {
    const t = await table('osr')
    const joining = async (doc: string) => (await TestClient.connect(t.roomId, doc)).received().length
    const first = await joining('log')
    // Three fights, of 10, 20 and 30 rolls, filed.
    for (let fight = 0; fight < 3; fight++) {
      for (let i = 0; i < 10 * (fight + 1); i++) {
        const rolled = await t.gmAsk({
          kind: 'roll',
          notation: '3d6+1',
          label: `Fight ${fight + 1}, roll ${i + 1}`,
        })
        expect(rolled.ok).toBe(true)
      }
      expect((await t.gmAsk({ kind: 'new-fight' })).ok).toBe(true)
    }
    await eventually(() => t.entries().length === 0, 'the last fight filed')
    // What a joining phone's log brings: the three fights' headers (a few dozen bytes each), no entry.
    expect((await joining('log')) - first).toBeLessThan(3 * 80)
    // Each fight in the document its place in the log's listing names, for any device of the room to read.
    const listed = (await TestClient.connect(t.roomId, 'log')).doc.getArray<FiledFight>(LOG.filed).toArray()
    expect(listed.map((f) => f.entries)).toEqual([10, 20, 30])
    const read = async (n: number) => {
      const past = await TestClient.connect(t.roomId, pastDocName(n))
      return { past, fights: past.doc.getArray<PastFight>(PAST.fights).toArray() }
    }
    for (const n of [0, 1, 2]) {
      const { fights } = await read(n)
      expect(fights.map((f) => [f.id, f.entries.length])).toEqual([[listed[n]?.id, 10 * (n + 1)]])
      expect(fights[0]?.entries.at(-1)?.detail).toMatch(new RegExp(`^Fight ${n + 1}, roll ${10 * (n + 1)}: `))
    }
    // Reading the first fight costs what that fight is, whatever the room filed after it: under half of
    // the second's (twice the rolls), a third of the third's.
    const sizes = await Promise.all([0, 1, 2].map((n) => joining(pastDocName(n))))
    expect(sizes[0]).toBeLessThan((sizes[1] ?? 0) * 0.6)
    expect(sizes[0]).toBeLessThan((sizes[2] ?? 0) * 0.4)
    // A fight the log does not list is refused at the upgrade, in words.
    const unlisted = await TestClient.open(t.roomId, pastDocName(3))
    expect(unlisted.status).toBe(404)
    expect(await unlisted.json()).toEqual({
      error: 'This room’s log lists fights past:0 to past:2; there is no past:3.',
    })
    // Read-only, as the log: the room writes them alone.
    const { past } = await read(1)
    past.doc.getArray<PastFight>(PAST.fights).delete(0, 1)
    expect(await past.closed).toMatchObject({ code: CLOSE.forbidden })
  })
})

describe('monsters’ hit points rolled by the room as the GM adds them', () => {
  it('rolls each copy on the room’s dice, logs it, and keeps the numbers from players who may not see them', async () => {
    const t = await table('osr')
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    const put = (target: Y.Map<Y.Map<unknown>>, id: string, name: string) => {
      const fields = new Y.Map<unknown>()
      target.set(id, fields)
      for (const [k, v] of Object.entries({ name, side: 'foe', hp: 1, maxHp: 1 })) fields.set(k, v)
    }
    put(combatants, 'orc1', 'Orc 1')
    put(combatants, 'orc2', 'Orc 2')
    // The GM's requests travel on another document: wait until the room has the orcs.
    const reader = await TestClient.connect(t.roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.combatants).has('orc2'), 'the orcs')

    // Shown hit points: the entry names each orc with its roll, and its faces add up to what was set.
    const shown = await t.gmAsk({ kind: 'roll-hp', combatantIds: ['orc1', 'orc2'], notation: '1d8+1' })
    if (!shown.ok) throw new Error(shown.error)
    const entry = t.entries().find((e) => e.id === shown.logId) as LogEntry
    expect(entry.kind).toBe('hit-points')
    expect(entry.faces).toHaveLength(2)
    const [a, b] = entry.faces.map((face) => face + 1)
    await eventually(() => t.fighter('orc1').hp === a && t.fighter('orc2').hp === b, 'the rolled hit points')
    expect(t.fighter('orc1').maxHp).toBe(a)
    expect(entry.detail).toBe(`The GM rolled hit points (1d8+1 each): Orc 1 ${a}, Orc 2 ${b}.`)
    for (const face of entry.faces) expect(face).toBeGreaterThanOrEqual(1)
    for (const face of entry.faces) expect(face).toBeLessThanOrEqual(8)

    // Hidden health, and a monster still in the GM's hidden roster: the log keeps only that the one on the
    // table was rolled (not its dice, which give its range), and nothing of the one in the roster.
    t.table.doc.getMap(TABLE.settings).set('foeHealth', 'none')
    put(t.gm.doc.getMap<Y.Map<unknown>>(GM.hidden), 'lurker', 'Lurker')
    await eventually(() => t.gm.doc.getMap(GM.foeSecrets).has('orc1'), 'the orcs’ hit points kept')
    const kept = await t.gmAsk({ kind: 'roll-hp', combatantIds: ['orc1', 'lurker'], notation: '2d6' })
    if (!kept.ok) throw new Error(kept.error)
    const secret = t.entries().find((e) => e.id === kept.logId) as LogEntry
    expect(secret).toMatchObject({
      faces: [],
      notation: '—',
      detail: 'The GM rolled hit points for 1 monster.',
    })
    expect(JSON.stringify(secret)).not.toMatch(/Lurker|Orc|2d6/)
    await eventually(() => t.gm.doc.getMap<LogSecret>(GM.logSecrets).has(kept.logId), 'the GM’s lines')
    const told = t.gm.doc.getMap<LogSecret>(GM.logSecrets).get(kept.logId)
    expect(told?.lines.map((l) => l.label.split(':')[0])).toEqual(['Orc 1'])
    expect(told?.detail).toMatch(/^The GM rolled hit points \(2d6 each\): Orc 1 \d+\.$/)
    const lurker = t.gm.doc.getMap<Y.Map<unknown>>(GM.hidden).get('lurker')
    await eventually(() => Number(lurker?.get('hp')) >= 2, 'the Lurker’s hit points')
    expect(lurker?.get('hp')).toBeLessThanOrEqual(12)
    expect(lurker?.get('maxHp')).toBe(lurker?.get('hp'))

    // The Lurker alone: no entry at all, its hit points on it in the roster.
    const alone = await t.gmAsk({ kind: 'roll-hp', combatantIds: ['lurker'], notation: '3d6' })
    if (!alone.ok) throw new Error(alone.error)
    expect(t.entries().some((e) => e.id === alone.logId)).toBe(false)
    expect(JSON.stringify(t.entries())).not.toMatch(/Lurker|3d6/)
    await eventually(() => Number(lurker?.get('hp')) >= 3 && Number(lurker?.get('hp')) <= 18, 'rolled again')

    // Dice that do not parse are refused in words, and nothing changes.
    const bad = await t.gmAsk({ kind: 'roll-hp', combatantIds: ['orc2'], notation: '1d8+' })
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^Hit points "1d8\+": /) })
    expect(t.gm.doc.getMap<Y.Map<unknown>>(GM.foeSecrets).get('orc2')?.get('hp')).toBe(b)
  })
})

describe('free rolls', () => {
  it('rolls any dice a phone or the tablet asks for on the room’s dice, logged with its breakdown and label', async () => {
    const t = await table('zones')
    const asked = await t.ask({ kind: 'roll', notation: '2d6+1', label: 'Morale' })
    if (!asked.ok) throw new Error(asked.error)
    const entry = t.entries().find((e) => e.id === asked.logId) as LogEntry
    expect(entry).toMatchObject({ by: 'Mira', notation: '2d6+1' })
    expect(entry.faces).toHaveLength(2)
    expect(entry.total).toBe((entry.faces[0] ?? 0) + (entry.faces[1] ?? 0) + 1)
    expect(entry.detail).toBe(`Morale: 2d6 (${entry.faces.join(', ')}) + 1 = ${entry.total}`)

    // The GM's, with no label; typed faces must fit the dice; bad notation is refused in words.
    const gm = await t.gmAsk({ kind: 'roll', notation: 'd100' })
    if (!gm.ok) throw new Error(gm.error)
    expect(t.entries().find((e) => e.id === gm.logId)).toMatchObject({ by: 'The GM', notation: '1d100' })
    expect(await t.ask({ kind: 'roll', notation: '3d6', faces: [7, 1, 1] })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Those dice do not fit/),
    })
    expect(await t.ask({ kind: 'roll', notation: '2d6+' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^“2d6\+” does not read as dice: /),
    })
  })
})

describe('sealed GM rolls', () => {
  it('log only a commitment until the GM reveals, then the result every device checks against it', async () => {
    const t = await table('osr')
    const player = await TestClient.connect(t.roomId, 'log')
    const sealed = await t.gmAsk({ kind: 'roll', notation: '3d6', label: 'Ambush check', sealed: true })
    if (!sealed.ok) throw new Error(sealed.error)
    await eventually(() => t.gm.doc.getMap(GM.sealed).has(sealed.logId), 'the result in the GM document')
    const kept = t.gm.doc.getMap<SealedResult>(GM.sealed).get(sealed.logId) as SealedResult
    expect(kept.faces).toHaveLength(3)
    expect(kept.salt).toMatch(/^[0-9a-f]{32}$/)
    // What players receive: the notation, what it is for, and the seal; nothing the result can be read from.
    await eventually(() => player.doc.getArray(LOG.entries).length > 0, 'the sealed entry')
    const shown = player.doc.getArray<LogEntry>(LOG.entries).get(0)
    expect(shown).toMatchObject({ faces: [], total: 0, detail: 'Ambush check: rolled in secret' })
    expect(shown.sealed).toEqual({ commitment: sealOf(kept) })
    // Every byte players received, as text: no salt and no breakdown of the result.
    const received = new TextDecoder().decode(Y.encodeStateAsUpdate(player.doc))
    expect(received).not.toContain(kept.salt)
    expect(received).not.toContain(kept.detail ?? 'never')

    const revealed = await t.gmAsk({ kind: 'reveal', entryId: sealed.logId })
    expect(revealed.ok).toBe(true)
    await eventually(
      () => Boolean(player.doc.getArray<LogEntry>(LOG.entries).get(0)?.sealed?.revealed),
      'the reveal',
    )
    const open = player.doc.getArray<LogEntry>(LOG.entries).get(0)
    expect(open.total).toBe(kept.total)
    expect(verifySeal(open.sealed?.commitment ?? '', open.sealed?.revealed as SealedResult)).toBe(true)
    expect(await t.gmAsk({ kind: 'reveal', entryId: sealed.logId })).toEqual({
      ok: false,
      error: 'That roll is already revealed.',
    })

    // A GM who changes the result in the GM document before revealing it: the reveal no longer matches.
    const second = await t.gmAsk({ kind: 'roll', notation: '1d20', sealed: true })
    if (!second.ok) throw new Error(second.error)
    await eventually(() => t.gm.doc.getMap(GM.sealed).has(second.logId), 'the second result')
    const true20 = t.gm.doc.getMap<SealedResult>(GM.sealed).get(second.logId) as SealedResult
    t.gm.doc.getMap(GM.sealed).set(second.logId, { ...true20, faces: [20], total: 20 })
    await t.gmAsk({ kind: 'reveal', entryId: second.logId })
    await eventually(
      () => Boolean(player.doc.getArray<LogEntry>(LOG.entries).get(1)?.sealed?.revealed),
      'the tampered reveal',
    )
    const tampered = player.doc.getArray<LogEntry>(LOG.entries).get(1)
    expect(tampered.total).toBe(20)
    expect(verifySeal(tampered.sealed?.commitment ?? '', tampered.sealed?.revealed as SealedResult)).toBe(
      true20.total === 20 && true20.faces[0] === 20,
    )
  })
})

describe('a sealed GM roll left sealed at New fight', () => {
  it('is filed sealed, the GM reveals it from the past fight, and a keyless reader of that fight sees it verified', async () => {
    const t = await table('osr')
    const sealed = await t.gmAsk({ kind: 'roll', notation: '2d6', label: 'Who hears it', sealed: true })
    if (!sealed.ok) throw new Error(sealed.error)
    await eventually(() => t.gm.doc.getMap(GM.sealed).has(sealed.logId), 'the result in the GM document')
    const kept = t.gm.doc.getMap<SealedResult>(GM.sealed).get(sealed.logId) as SealedResult
    expect((await t.gmAsk({ kind: 'new-fight' })).ok).toBe(true)
    // A player's device reading the past fight: sealed, no salt.
    const reader = await TestClient.connect(t.roomId, pastDocName(0))
    const filed = () => reader.doc.getArray<PastFight>(PAST.fights).get(0)?.entries[0]
    expect(filed()).toMatchObject({ id: sealed.logId, total: 0, sealed: { commitment: sealOf(kept) } })
    expect(new TextDecoder().decode(Y.encodeStateAsUpdate(reader.doc))).not.toContain(kept.salt)

    expect(await t.gmAsk({ kind: 'reveal', entryId: sealed.logId, fight: 0 })).toEqual({
      ok: true,
      logId: sealed.logId,
    })
    await eventually(() => Boolean(filed()?.sealed?.revealed), 'the reveal in the past fight')
    expect(filed()?.total).toBe(kept.total)
    expect(verifySeal(filed()?.sealed?.commitment ?? '', filed()?.sealed?.revealed as SealedResult)).toBe(
      true,
    )
    // A device opening the fight afterwards reads it revealed too.
    const later = await TestClient.connect(t.roomId, pastDocName(0))
    expect(later.doc.getArray<PastFight>(PAST.fights).get(0)?.entries[0]?.sealed?.revealed).toEqual(kept)
  })
})

describe('area damage and healing', () => {
  it('hits three goblins for one roll, half for the one who saved, and one undo restores all three', async () => {
    const t = await table('osr')
    const combatants = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
    for (const id of ['g1', 'g2', 'g3']) {
      const fields = new Y.Map<unknown>()
      combatants.set(id, fields)
      for (const [k, v] of Object.entries({ name: `Goblin ${id[1]}`, side: 'foe', hp: 20, maxHp: 20 }))
        fields.set(k, v)
    }
    const reader = await TestClient.connect(t.roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.combatants).has('g3'), 'the goblins')
    const area = await t.gmAsk({
      kind: 'area',
      notation: '3d6',
      label: 'Fireball',
      targets: [
        { id: 'g1', saved: false },
        { id: 'g2', saved: true },
        { id: 'g3', saved: false },
      ],
    })
    if (!area.ok) throw new Error(area.error)
    const group = t.entries().filter((e) => e.group !== undefined)
    expect(group.map((e) => e.by)).toEqual(['Fireball', 'Fireball', 'Fireball'])
    const rolled = (group[0]?.faces ?? []).reduce((a, b) => a + b, 0)
    expect(group[0]?.faces).toHaveLength(3)
    await eventually(() => t.fighter('g3').hp === 20 - rolled, 'the fireball')
    expect(t.fighter('g1').hp).toBe(20 - rolled)
    expect(t.fighter('g2').hp).toBe(20 - Math.floor(rolled / 2))
    expect(group[1]?.detail).toBe(`Fireball: Goblin 2 takes ${Math.floor(rolled / 2)} (saved for half).`)

    // One undo, any of the three: all three as they were.
    expect((await t.gmAsk({ kind: 'undo', entryId: group[1]?.id })).ok).toBe(true)
    await eventually(
      () => ['g1', 'g2', 'g3'].every((id) => t.fighter(id).hp === 20),
      'the fireball undone on all three',
    )
    expect(t.entries().filter((e) => e.group !== undefined && e.undone)).toHaveLength(3)

    // Healing, a fixed amount, up to the maximum.
    combatants.get('g1')?.set('hp', 15)
    await eventually(
      () => reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('g1')?.get('hp') === 15,
      'g1 hurt',
    )
    expect(
      (await t.gmAsk({ kind: 'area', amount: 8, heal: true, targets: [{ id: 'g1', saved: false }] })).ok,
    ).toBe(true)
    await eventually(() => t.fighter('g1').hp === 20, 'healed to the maximum')
  })

  it('lets brp armour stop its points of area damage, as the rules’ soak says', async () => {
    const t = await table('brp')
    const rules = SYSTEMS.brp.combat
    // Mira in hard leather (2 AP, 5.10).
    const fields = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)
    fields?.set('sheet', { ...(fields.get('sheet') as object), armor: [{ armor: 'leather-hard' }] })
    const reader = await TestClient.connect(t.roomId, 'table')
    await eventually(
      () =>
        JSON.stringify(
          reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.get('sheet'),
        ).includes('leather-hard'),
      'Mira in armour',
    )
    const mira = t.fighter(t.mira)
    const soak = rules.soak?.(mira)?.points ?? 0
    expect(soak).toBe(2)
    const area = await t.gmAsk({ kind: 'area', amount: 6, targets: [{ id: t.mira, saved: false }] })
    if (!area.ok) throw new Error(area.error)
    await eventually(
      () => t.fighter(t.mira).hp === mira.hp - Math.max(0, 6 - soak),
      'Mira hit through armour',
    )
    const entry = t.entries().find((e) => e.group !== undefined) as LogEntry
    expect(entry.lines?.find((l) => l.label === 'Armour stops')?.value).toBe(-2)
  })
})

describe('the GM’s conditions', () => {
  it('count down each round on the combatant, end logged, and undo both ways', async () => {
    const t = await table('odnd')
    const turnMap = t.table.doc.getMap(TABLE.turn)
    const marks = () =>
      (t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.get('marks') ?? []) as GmMark[]
    /** Plays the turn on to the given round: initiative where it is asked, then Next turn. */
    const playTo = async (round: number) => {
      for (let i = 0; i < 40 && Number(turnMap.get('round')) < round; i++) {
        const waiting = (turnMap.get('waiting') ?? {}) as Record<string, string>
        if (waiting[t.mira] === 'initiative') await t.ask({ kind: 'initiative' })
        else if (Object.keys(waiting).length > 0) await t.gmAsk({ kind: 'roll-foes' })
        else await t.gmAsk({ kind: 'next-turn' })
      }
      await eventually(() => Number(turnMap.get('round')) >= round, `round ${round}`)
    }
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const put = await t.gmAsk({ kind: 'mark', combatantId: t.mira, name: 'Blessed', rounds: 2 })
    if (!put.ok) throw new Error(put.error)
    const torch = await t.gmAsk({ kind: 'mark', combatantId: t.mira, name: 'Torch-lit', rounds: null })
    await eventually(() => marks().length === 2, 'both conditions on Mira')
    expect(t.entries().find((e) => e.id === put.logId)?.detail).toBe('Mira: Blessed (2 rounds).')

    await playTo(2)
    await eventually(() => marks().find((m) => m.name === 'Blessed')?.rounds === 1, 'a round counted')
    await playTo(3)
    await eventually(
      () =>
        marks()
          .map((m) => m.name)
          .join() === 'Torch-lit',
      'Blessed ended',
    )
    const ended = t.entries().find((e) => e.mark?.ended && e.mark.mark.name === 'Blessed') as LogEntry
    expect(ended.detail).toBe('Blessed ends on Mira (end of round 2).')

    // Undone: the ended one comes back with its last round; the torch put on comes off.
    expect((await t.gmAsk({ kind: 'undo', entryId: ended.id })).ok).toBe(true)
    await eventually(() => marks().some((m) => m.name === 'Blessed' && m.rounds === 1), 'Blessed back')
    if (!torch.ok) throw new Error(torch.error)
    expect((await t.gmAsk({ kind: 'undo', entryId: torch.logId })).ok).toBe(true)
    await eventually(() => !marks().some((m) => m.name === 'Torch-lit'), 'the torch out')
    // Taken off by hand, logged.
    const blessed = marks().find((m) => m.name === 'Blessed')
    expect((await t.gmAsk({ kind: 'unmark', combatantId: t.mira, markId: blessed?.id })).ok).toBe(true)
    await eventually(() => marks().length === 0, 'nothing left')
    expect(t.entries().at(-1)?.detail).toBe('Blessed ends on Mira (the GM took it off).')
  })
})

describe('the GM’s timed events', () => {
  it('come up at their moment, hold the turn until the GM resolves them, and keep a secret one’s name', async () => {
    const t = await table('osr')
    const turn = () => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState
    const add = (event: Record<string, unknown>) =>
      t.gmAsk({ kind: 'add-event', every: false, secret: false, ...event })
    const refused = await add({ name: 'Lair', at: 99, round: 1 })
    expect(refused).toEqual({ ok: false, error: 'Initiative runs from 30 down to -5, not 99.' })
    expect((await add({ name: 'Lair', at: 'start', round: 1, every: true })).ok).toBe(true)
    expect((await add({ name: 'Collapse', at: 'end', round: 1, secret: true })).ok).toBe(true)

    const rollRound = async () => {
      await t.ask({ kind: 'initiative' })
      await t.gmAsk({ kind: 'roll-foes' })
      await eventually(() => turn().status === 'running', 'the round runs')
    }
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await rollRound()
    // The lair comes up before anyone acts: nobody may act, the GM cannot move on, a player's attack waits.
    await eventually(() => turn().due?.[0]?.label === 'Lair', 'the lair due')
    expect(turn().acting).toEqual([])
    const waits = 'The GM resolves “Lair” first: the round waits for it.'
    expect(await t.gmAsk({ kind: 'next-turn' })).toEqual({ ok: false, error: waits })
    const choices = SYSTEMS.osr.combat.choices(t.fighter(t.mira))
    if (!choices.ok) throw new Error(choices.error)
    const declared = { choice: choices.value[0]?.id ?? '', toggles: [] }
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared })).toEqual({ ok: false, error: waits })
    expect(t.entries().at(-1)?.detail).toBe('Lair comes up (round 1, at the start of the round).')

    const lairId = turn().due?.[0]?.id
    expect((await t.gmAsk({ kind: 'event-done', eventId: lairId })).ok).toBe(true)
    await eventually(
      () => (turn().due ?? []).length === 0 && (turn().acting ?? []).length > 0,
      'the turn goes on',
    )
    expect(await t.gmAsk({ kind: 'event-done', eventId: lairId })).toEqual({
      ok: false,
      error: 'That event is not waiting for you.',
    })

    // The round's end: the secret collapse comes up, by a plain word on the table and in the log.
    for (let i = 0; i < 10 && turn().round === 1; i++) await t.gmAsk({ kind: 'next-turn' })
    await eventually(() => turn().round === 2, 'round 2')
    expect(turn().due?.map((d) => d.label)).toEqual(['Something the GM resolves'])
    expect(t.entries().some((e) => e.detail === 'Round 1: the GM has something to resolve.')).toBe(true)
    expect(JSON.stringify(t.table.doc.toJSON())).not.toContain('Collapse')
    expect(JSON.stringify(t.entries())).not.toContain('Collapse')
    expect((await t.gmAsk({ kind: 'event-done', eventId: turn().due?.[0]?.id })).ok).toBe(true)

    // Every round: the lair again in round 2; the collapse came up once and stays down.
    await rollRound()
    await eventually(
      () =>
        turn()
          .due?.map((d) => d.label)
          .join() === 'Lair',
      'the lair in round 2',
    )
    const kept = [...t.gm.doc.getMap<TimedEvent>(GM.events).values()]
    expect(kept.map((e) => [e.name, e.fired])).toEqual([
      ['Lair', 2],
      ['Collapse', 1],
    ])
    // Removed, it never comes up again; a new fight would bring back the others from their round.
    expect((await t.gmAsk({ kind: 'remove-event', eventId: lairId })).ok).toBe(true)
    expect(await t.gmAsk({ kind: 'remove-event', eventId: lairId })).toEqual({
      ok: false,
      error: 'That timed event is no longer there.',
    })
  })
})

describe('the GM’s timed events in faction play', () => {
  it('zones: an event on faction turn 2 comes up after the round’s first move and holds both sides', async () => {
    const t = await table('zones')
    const turn = () => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState
    const event = { kind: 'add-event', name: 'Reinforcements', round: 1, every: false, secret: false }
    expect(await t.gmAsk({ ...event, at: 0 })).toEqual({
      ok: false,
      error: 'Faction turn runs from 1 to 30, not 0.',
    })
    expect((await t.gmAsk({ ...event, at: 2 })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect(turn().due ?? []).toEqual([])
    // The round's first faction turn, whichever side has it.
    if (!(await t.gmAsk({ kind: 'act', combatantId: 'ogre' })).ok)
      expect((await t.ask({ kind: 'act' })).ok).toBe(true)
    await eventually(() => turn().due?.[0]?.label === 'Reinforcements', 'the event due')
    expect(turn().acting).toEqual([])
    const waits = 'The GM resolves “Reinforcements” first: the round waits for it.'
    expect(await t.gmAsk({ kind: 'pass' })).toEqual({ ok: false, error: waits })
    expect(await t.ask({ kind: 'pass' })).toEqual({ ok: false, error: waits })
    expect(t.entries().at(-1)?.detail).toBe('Reinforcements comes up (round 1, at faction turn 2).')
    expect((await t.gmAsk({ kind: 'event-done', eventId: turn().due?.[0]?.id })).ok).toBe(true)
    await eventually(() => (turn().due ?? []).length === 0, 'the round goes on')
  })
})

describe('the GM’s conditions on spelljammer’s segment clock', () => {
  it('count a round as its ten segments, segment by segment, and end at the segment they ran out', async () => {
    const t = await table('spelljammer')
    const turnMap = t.table.doc.getMap(TABLE.turn)
    const marks = () =>
      (t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.get('marks') ?? []) as GmMark[]
    const round = () => Number(turnMap.get('round'))
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'mark', combatantId: t.mira, name: 'Held', rounds: 3 })).ok).toBe(true)
    expect(
      (await t.gmAsk({ kind: 'mark', combatantId: t.mira, name: 'Dazed', rounds: null, segments: 4 })).ok,
    ).toBe(true)
    await eventually(() => marks().length === 2, 'both on Mira')
    // Put on before the first segment: 30 and 4 segments left, from the clock's start.
    expect(marks().map((m) => [m.name, m.rounds, m.segments])).toEqual([
      ['Held', null, { left: 30, since: 0 }],
      ['Dazed', null, { left: 4, since: 0 }],
    ])
    expect(t.entries().at(-2)?.detail).toBe('Mira: Held (30 segments).')

    const seen: number[] = []
    for (let i = 0; i < 60 && round() < 4; i++) {
      const held = marks().find((m) => m.name === 'Held')
      if (held?.segments) seen.push(held.segments.left)
      const waiting = (turnMap.get('waiting') ?? {}) as Record<string, string>
      if (waiting[t.mira] === 'initiative') await t.ask({ kind: 'initiative' })
      else if (Object.keys(waiting).length > 0) await t.gmAsk({ kind: 'roll-foes' })
      else await t.gmAsk({ kind: 'next-turn' })
    }
    await eventually(() => round() >= 4 && marks().length === 0, 'both ended')
    // Counted down as the segments went: never up, 20 left as round 2 opened, 10 as round 3 did.
    expect(seen).toEqual([...seen].sort((a, b) => b - a))
    expect(seen).toContain(20)
    expect(seen).toContain(10)
    const ends = t.entries().filter((e) => e.mark?.ended)
    expect(ends.map((e) => e.detail)).toContainEqual('Held ends on Mira (end of round 3).')
    expect(ends.find((e) => e.mark?.mark.name === 'Dazed')?.detail).toMatch(
      /^Dazed ends on Mira \((round 1, segment [1-6]|end of round 1)\)\.$/,
    )
  })

  it('refuses segments where a round has none', async () => {
    const t = await table('osr')
    expect(
      await t.gmAsk({ kind: 'mark', combatantId: t.mira, name: 'Dazed', rounds: null, segments: 4 }),
    ).toEqual({
      ok: false,
      error: 'Conditions here last whole rounds: this system’s rounds have no segments.',
    })
  })
})

describe('osr: oil and holy water at the table (17.0.10-17.0.11)', () => {
  const flask = OIL_FLASK
  /** Mira with a flask of oil beside her sword, the round run to her turn. */
  async function throwing() {
    const t = await table('osr')
    const mira = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)
    mira?.set('sheet', {
      ...(mira.get('sheet') as Record<string, unknown>),
      weapons: [{ name: 'Sword', kind: 'melee', damage: '1d8' }, flask],
    })
    const turn = () => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState
    const round = () => turn().round
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const playTo = (until: () => boolean) => playRound(t, until)
    await playTo(() => (turn().acting ?? []).includes(t.mira))
    return { t, turn, round, playTo }
  }
  const ogreOf = (t: Awaited<ReturnType<typeof table>>) =>
    t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')

  it('a flask that hits sets the Ogre burning, and the next round’s end burns it for another 1d8', async () => {
    const { t, round, playTo } = await throwing()
    const declared = { choice: 'weapon-1-missile', toggles: ['short-range'] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared, faces: [19, 6] })).ok).toBe(true)
    await eventually(() => ogreOf(t)?.get('hp') === 24, 'the fire')
    expect(ogreOf(t)?.get('status')).toEqual(['Burning (next round)'])
    const thrown = t.entries().find((e) => e.kind === 'attack')
    expect(thrown?.detail).toMatch(/Ogre takes 6 fire damage; Ogre is burning/)
    const hurt = round()
    await playTo(() => round() > hurt + 1)
    const burn = t
      .entries()
      .find((e) => e.kind === 'end-of-round' && /Ogre burns for \d/.test(e.detail ?? ''))
    expect(burn?.detail).toMatch(new RegExp(`^End of round ${hurt + 1}: Ogre burns for (\\d)`))
    const d8 = Number(/burns for (\d)/.exec(burn?.detail ?? '')?.[1])
    expect(ogreOf(t)?.get('hp')).toBe(24 - d8)
    expect(ogreOf(t)?.get('status') ?? []).toEqual([])
  })

  it('one who spends the round putting out the flames takes no second burn', async () => {
    const { t, round, turn, playTo } = await throwing()
    const declared = { choice: 'weapon-1-missile', toggles: ['short-range'] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared, faces: [19, 6] })).ok).toBe(true)
    await eventually(() => ogreOf(t)?.get('hp') === 24, 'the fire')
    const hurt = round()
    await playTo(() => round() > hurt && (turn().acting ?? []).includes('ogre'))
    const out = { choice: 'put-out', toggles: [] }
    expect((await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: 'ogre', declared: out })).ok).toBe(
      true,
    )
    await eventually(() => ((ogreOf(t)?.get('status') ?? []) as string[]).length === 0, 'put out')
    await playTo(() => round() > hurt + 1)
    expect(t.entries().some((e) => /Ogre burns/.test(e.detail ?? ''))).toBe(false)
    expect(ogreOf(t)?.get('hp')).toBe(24)
  })
})

describe('the rules’ conditions the text leaves to the GM', () => {
  it('osr: the GM ends the Ogre’s Prone, logged with its rule, and Undo brings it back', async () => {
    const t = await table('osr')
    const ogre = () => t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')
    const kinds = () =>
      ((ogre()?.get('state') as { conditions?: Array<{ kind: string }> } | undefined)?.conditions ?? []).map(
        (c) => c.kind,
      )
    // As a critical hit's condition chart leaves it (the GM's tablet writes the table as the room would).
    ogre()?.set('state', { status: 'up', conditions: [{ kind: 'prone' }, { kind: 'charging' }] })
    const ended = await t.gmAsk({ kind: 'clear-condition', combatantId: 'ogre', condition: 'prone' })
    expect(ended.ok).toBe(true)
    await eventually(() => kinds().join() === 'charging', 'stood up')
    expect(ogre()?.get('status')).toEqual(['Charging (-2 AC)'])
    expect(t.entries().at(-1)?.detail).toBe('Ogre is no longer prone: the GM ended it.')
    expect(await t.gmAsk({ kind: 'clear-condition', combatantId: 'ogre', condition: 'prone' })).toEqual({
      ok: false,
      error: 'Ogre is not prone now.',
    })
    // Charging ends with the round by the rules: not the GM's to end.
    expect((await t.gmAsk({ kind: 'clear-condition', combatantId: 'ogre', condition: 'charging' })).ok).toBe(
      false,
    )
    if (!ended.ok) throw new Error(ended.error)
    expect((await t.gmAsk({ kind: 'undo', entryId: ended.logId })).ok).toBe(true)
    await eventually(() => kinds().includes('prone'), 'prone again')
  })

  it('refuses where every condition ends by the system’s own rules', async () => {
    const t = await table('zones')
    expect(await t.gmAsk({ kind: 'clear-condition', combatantId: 'ogre', condition: 'prone' })).toEqual({
      ok: false,
      error: 'In this system every condition ends by its own rules.',
    })
  })
})
