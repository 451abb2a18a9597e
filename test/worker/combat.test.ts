import { GM, LOG, type LogEntry, type PendingDefense, type RequestResult, SEAT, TABLE } from '@fray/protocol'
import { defaultSheetFor, type Fighter, SYSTEM_IDS, SYSTEMS, type SystemId } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

/** A room with one player character (Mira, on her own seat) and one monster, and a GM. */
async function table(system: SystemId) {
  const { roomId, gmKey } = await createRoom(system)
  const tableClient = await TestClient.connect(roomId, 'table', gmKey)
  const gm = await TestClient.connect(roomId, 'gm', gmKey)
  const log = await TestClient.connect(roomId, 'log')
  const seat = await takeSeat(roomId, 'Mira')
  const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
  const results = phone.doc.getMap<RequestResult>(SEAT.results)
  let n = 0
  const ask = async (request: Record<string, unknown>) => {
    const id = `${request.kind}-${++n}`
    phone.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
    await eventually(() => results.has(`${seat.seatId}/${id}`), String(request.kind), 3000)
    return results.get(`${seat.seatId}/${id}`) as RequestResult
  }
  const gmAsk = async (request: Record<string, unknown>) => {
    const id = `gm-${++n}`
    gm.doc.getArray(GM.requests).push([{ id, ...request }])
    await eventually(() => gm.doc.getMap(SEAT.results).has(id), String(request.kind), 3000)
    return gm.doc.getMap<RequestResult>(SEAT.results).get(id) as RequestResult
  }
  const created = await ask({ kind: 'create-character', sheet: defaultSheetFor(system, 'Mira') })
  if (!created.ok) throw new Error(created.error)
  const ogre = new Y.Map<unknown>()
  tableClient.doc.getMap(TABLE.combatants).set('ogre', ogre)
  for (const [k, v] of Object.entries({ name: 'Ogre', side: 'foe', hp: 30, maxHp: 30 })) ogre.set(k, v)
  // The GM's requests travel on another document: wait until the room has the Ogre as written.
  const reader = await TestClient.connect(roomId, 'table')
  await eventually(
    () => reader.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')?.get('hp') === 30,
    'the Ogre',
  )
  const fighter = (id: string): Fighter => {
    const f = tableClient.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
    if (!f) throw new Error(`no ${id}`)
    const sheet = f.get('sheet') as Record<string, unknown> | undefined
    return {
      id,
      name: String(f.get('name')),
      side: f.get('side') === 'pc' ? 'pc' : 'foe',
      ...(sheet ? { sheet } : {}),
      hp: Number(f.get('hp')),
      maxHp: Number(f.get('maxHp')),
      state: (f.get('state') as Record<string, unknown> | undefined) ?? {},
    }
  }
  const entries = () => log.doc.getArray<LogEntry>(LOG.entries).toArray()
  const prompts = () => [...tableClient.doc.getMap<PendingDefense>(TABLE.prompts).values()]
  return { mira: created.logId, ask, gmAsk, fighter, entries, prompts, table: tableClient, gm }
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
    const attacked = await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared })
    expect(attacked).toEqual({ ok: true, logId: expect.any(String) })

    // Where the system gives the defender a choice, the prompt waits for Mira's phone.
    const defenses = rules.defenses(ogre, mira, declared)
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
    expect(t.prompts()).toEqual([])
    const entry = t.entries().find((e) => e.kind === 'attack') as LogEntry
    expect(entry.rolls?.length).toBeGreaterThan(0)
    const expected = rules.resolve(ogre, mira, declared, defense, replay(entry.rolls ?? []))
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
    t.table.doc.getMap(TABLE.settings).set('physicalDice', 'approve')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    // A 6 is the best a d6 can do: Mira (DEX +0) acts first, with the Ogre at best beside her.
    expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
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
    const expected = rules.resolve(mira, ogre, declared, null, replay(entry.rolls ?? []))
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
      const expected = rules.resolve(ogre, mira, declared, choice, replay(entry.rolls ?? []))
      if (!expected.ok) throw new Error(expected.error)
      expect(entry.detail).toBe(expected.value.summary)
      outcomes.push(entry.detail ?? '')
      expect((await t.gmAsk({ kind: 'undo', entryId: entry.id })).ok).toBe(true)
      await eventually(() => t.entries().find((e) => e.id === entry.id)?.undone === true, 'undone')
    }
    expect(outcomes[0]).not.toBe(outcomes[1])
  })
})
