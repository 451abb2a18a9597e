import { GM, LOG, type LogEntry, type RequestResult, SEAT, TABLE, type TurnState } from '@fray/protocol'
import { defaultSheetFor, orderedRound, zones } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

async function player(roomId: string, name: string, system: string, sheet: Record<string, unknown> = {}) {
  const seat = await takeSeat(roomId, name)
  const client = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
  const results = answersOf(client.doc)
  let n = 0
  const ask = async (request: Record<string, unknown>) => {
    const id = `${request.kind}-${++n}`
    client.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
    await eventually(() => results.has(id), `${name}: ${String(request.kind)}`)
    return results.get(id) as RequestResult
  }
  const created = await ask({
    kind: 'create-character',
    sheet: { ...defaultSheetFor(system as 'osr', name), ...sheet },
  })
  if (!created.ok) throw new Error(created.error)
  return { ask, id: created.logId }
}

/** The GM puts a monster on the table, standing (one at 0 hit points is out of the fight and gets no turn). */
function putFoe(table: TestClient, id: string, name: string, hp = 8) {
  const foe = new Y.Map<unknown>()
  table.doc.getMap(TABLE.combatants).set(id, foe)
  for (const [k, v] of Object.entries({ name, side: 'foe', hp, maxHp: hp })) foe.set(k, v)
}

/** A room of `system`, with the table and the GM's tablet connected. */
async function gmRoom(system: string) {
  const { roomId, gmKey } = await createRoom(system)
  const table = await TestClient.connect(roomId, 'table', gmKey)
  const gm = await TestClient.connect(roomId, 'gm', gmKey)
  return { roomId, table, gm }
}

/** The GM's tablet asks the room: each request under a fresh id, resolved with the room's answer. */
function asksOf(gm: TestClient) {
  return async (request: Record<string, unknown>) => {
    const id = `g-${Math.random().toString(36).slice(2, 7)}`
    gm.doc.getArray(GM.requests).push([{ id, ...request }])
    await eventually(() => answersOf(gm.doc).has(id), String(request.kind))
    return answersOf(gm.doc).get(id) as RequestResult
  }
}

/** The round as the table holds it, read afresh at each call. */
const turnOf = (table: TestClient) => () =>
  Object.fromEntries(table.doc.getMap(TABLE.turn).entries()) as unknown as TurnState

describe('a round of turn order', () => {
  it('osr: players roll their own initiative, the room rolls the monsters’, and the round runs in order', async () => {
    const { roomId, table, gm } = await gmRoom('osr')
    putFoe(table, 'gob', 'Goblin')
    const mira = await player(roomId, 'Mira', 'osr')
    const tomas = await player(roomId, 'Tomas', 'osr')
    const turn = turnOf(table)
    const gmAsk = (kind: string) => asksOf(gm)({ kind })

    expect(await mira.ask({ kind: 'initiative' })).toEqual({
      ok: false,
      error: expect.stringMatching(/not being rolled/),
    })
    await gmAsk('start-combat')
    expect(await mira.ask({ kind: 'initiative', faces: [7] })).toEqual({
      ok: false,
      error: expect.stringMatching(/d6 shows 1 to 6/),
    })
    expect(await mira.ask({ kind: 'initiative', faces: [6] })).toEqual({
      ok: true,
      logId: expect.any(String),
    })
    expect((await tomas.ask({ kind: 'initiative' })).ok).toBe(true)
    expect(await tomas.ask({ kind: 'initiative' })).toEqual({
      ok: false,
      error: expect.stringMatching(/already rolled/),
    })
    await eventually(
      () => turn().status === 'initiative' && Object.keys(turn().initiative).length === 2,
      'two rolls',
    )
    await gmAsk('roll-foes')
    await eventually(() => turn().status === 'running', 'the round to start')

    const order = turn().order
    expect(order.flatMap((s) => s.ids).sort()).toEqual(['gob', mira.id, tomas.id].sort())
    const totals = order.map((s) => Number(s.label.replace('Initiative ', '')))
    expect([...totals].sort((a, b) => b - a)).toEqual(totals) // highest first
    expect(turn().initiative[mira.id]?.faces).toEqual([6])

    // Everyone acts in order: players end their own turns, the GM moves the goblin on.
    for (let slot = 0; slot < order.length; slot++) {
      await eventually(() => turn().current === slot && turn().status === 'running', `slot ${slot}`)
      for (const id of order[slot]?.ids ?? []) {
        if (id === 'gob') continue
        const who = id === mira.id ? mira : tomas
        const other = id === mira.id ? tomas : mira
        if (!order[slot]?.ids.includes(other.id)) {
          expect(await other.ask({ kind: 'end-turn' })).toEqual({ ok: false, error: 'It is not your turn.' })
        }
        expect((await who.ask({ kind: 'end-turn' })).ok).toBe(true)
      }
      if (order[slot]?.ids.includes('gob')) await gmAsk('next-turn')
    }
    await eventually(() => turn().round === 2, 'round 2')
    expect(turn().status).toBe('initiative') // osr rolls again every round
  })

  it('brp: the round waits for everyone’s Statement of Intent, then runs in DEX-rank order after movement', async () => {
    const { roomId, table, gm } = await gmRoom('brp')
    putFoe(table, 'gob', 'Goblin')
    const quick = await player(roomId, 'Quick', 'brp')
    const runner = await player(roomId, 'Runner', 'brp')
    const gmAsk = asksOf(gm)
    expect(await gmAsk({ kind: 'start-combat' })).toEqual({ ok: true, logId: expect.any(String) })
    const turn = table.doc.getMap(TABLE.turn)
    await eventually(() => turn.get('status') === 'initiative', 'the Statement of Intent')
    // Phase 1 of 5.1: intents are stated, nobody acts yet, the GM's monsters neither.
    expect(turn.get('phaseNow')).toMatchObject({ label: 'Phase 1 of 4: Statement of Intent' })
    const brawl = { choice: 'brawl', toggles: [] }
    for (const answer of [
      await quick.ask({ kind: 'attack', targetId: 'gob', declared: brawl }),
      await gmAsk({ kind: 'attack', attackerId: 'gob', targetId: quick.id, declared: brawl }),
    ])
      expect(answer).toEqual({
        ok: false,
        error: 'Intents are being stated (the round’s first phase): attacks come in the Actions.',
      })
    // Refusals say why, in the player's words.
    expect(await quick.ask({ kind: 'intent', intent: { metersMoved: 40, weapon: null } })).toEqual({
      ok: false,
      error: expect.stringMatching(/at most about 30 meters/),
    })
    expect(await quick.ask({ kind: 'intent', intent: { metersMoved: 0, weapon: 'axe-battle' } })).toEqual({
      ok: false,
      error: expect.stringMatching(/carries no/),
    })
    // DEX 10 by default: 10 meters halves the rank (5.3), 30 meters leaves only parries and dodges.
    expect((await quick.ask({ kind: 'intent', intent: { metersMoved: 10, weapon: null } })).ok).toBe(true)
    expect((await runner.ask({ kind: 'intent', intent: { metersMoved: 30, weapon: null } })).ok).toBe(true)
    expect(turn.get('status')).toBe('initiative') // the goblin has not stated anything yet
    expect(await gmAsk({ kind: 'begin-actions' })).toEqual({ ok: true, logId: expect.any(String) })
    await eventually(() => turn.get('status') === 'running', 'the actions')
    expect(turn.get('order')).toEqual([
      { ids: ['gob'], label: 'DEX rank 10', at: 10 },
      { ids: [quick.id], label: 'DEX rank 5', at: 5 },
    ])
    expect((turn.get('systemRound') as { defendOnly?: string[] }).defendOnly).toEqual([runner.id])
    // The Movement phase (5.1): they make the moves they stated; nobody attacks, nor does the turn move on.
    expect((turn.get('systemRound') as { phase?: string }).phase).toBe('movement')
    expect(turn.get('phaseNow')).toMatchObject({ label: 'Phase 2 of 4: Movement' })
    expect(
      await gmAsk({
        kind: 'attack',
        attackerId: 'gob',
        targetId: quick.id,
        declared: { choice: 'x', toggles: [] },
      }),
    ).toEqual({
      ok: false,
      error: expect.stringMatching(/Movement phase/),
    })
    expect(await gmAsk({ kind: 'next-turn' })).toEqual({
      ok: false,
      error: expect.stringMatching(/Movement phase/),
    })
    // The GM begins the Actions: the goblin's DEX rank acts first.
    expect((await gmAsk({ kind: 'begin-actions' }))?.ok).toBe(true)
    await eventually(() => (turn.get('systemRound') as { phase?: string }).phase === 'actions', 'the Actions')
    expect(turn.get('acting')).toEqual(['gob'])
    expect(turn.get('phaseNow')).toMatchObject({ label: 'Phase 3 of 4: Actions' })
    // The goblin acts, then Quick; Runner moved 30 m and has no slot: the round reaches its Resolution,
    // which ends it at once (nobody waits for a defense), and the next opens with intents again.
    expect((await gmAsk({ kind: 'next-turn' }))?.ok).toBe(true)
    expect((await quick.ask({ kind: 'end-turn' })).ok).toBe(true)
    await eventually(() => turn.get('round') === 2, 'round 2')
    expect(turn.get('phaseNow')).toMatchObject({ label: 'Phase 1 of 4: Statement of Intent' })
  })

  it('brp: equal ranks are broken by weapon length, missile first (5.4)', async () => {
    const { roomId, table, gm } = await gmRoom('brp')
    const archer = await player(roomId, 'Archer', 'brp')
    const brawler = await player(roomId, 'Brawler', 'brp')
    gm.doc.getArray(GM.requests).push([{ id: 's1', kind: 'start-combat' }])
    const turn = table.doc.getMap(TABLE.turn)
    await eventually(() => turn.get('status') === 'initiative', 'the Statement of Intent')
    expect((await brawler.ask({ kind: 'intent', intent: { metersMoved: 0, weapon: 'brawl' } })).ok).toBe(true)
    expect((await archer.ask({ kind: 'intent', intent: { metersMoved: 0, weapon: null } })).ok).toBe(true)
    await eventually(() => turn.get('status') === 'running', 'the actions')
    // Brawl is unarmed, which goes before "any other action" on the same rank.
    expect(turn.get('order')).toEqual([
      { ids: [brawler.id], label: 'DEX rank 10 · unarmed', at: 10 },
      { ids: [archer.id], label: 'DEX rank 10', at: 10 },
    ])
  })
})

describe('brp: reloading is the round’s action (5.9 *)', () => {
  it('a crossbow fired in round 1 is refused in round 2 until reloaded, which spends that round; a fight’s end reloads', {
    timeout: 30_000,
  }, async () => {
    const { roomId, table, gm } = await gmRoom('brp')
    const log = await TestClient.connect(roomId, 'log')
    putFoe(table, 'gob', 'Goblin', 40)
    const weapons = [{ weapon: 'crossbow-light' }, { weapon: 'sword-short' }]
    const x = await player(roomId, 'Xan', 'brp', { weapons })
    const gmAsk = asksOf(gm)
    const turn = turnOf(table)
    const xan = () => table.doc.getMap(TABLE.combatants).get(x.id) as Y.Map<unknown>
    /** The round's Statement of Intent (and Movement) gone through, up to Xan's DEX rank in the Actions. */
    const toXansTurn = async (round: number, weapon: string | null = 'crossbow-light') => {
      await eventually(() => turn().round === round && turn().status === 'initiative', `round ${round}`)
      expect((await x.ask({ kind: 'intent', intent: { metersMoved: 0, weapon } })).ok).toBe(true)
      expect((await gmAsk({ kind: 'begin-actions' }))?.ok).toBe(true)
      await eventually(() => turn().status === 'running', 'the round under way')
      // Nobody moved: the Movement phase has nothing to wait for.
      if (orderedRound(turn()).phase === 'movement')
        expect((await gmAsk({ kind: 'begin-actions' }))?.ok).toBe(true)
      await eventually(() => orderedRound(turn()).phase === 'actions', 'the Actions')
      if (!turn().acting?.includes(x.id)) expect((await gmAsk({ kind: 'next-turn' }))?.ok).toBe(true)
      await eventually(() => turn().acting?.includes(x.id) ?? false, 'Xan’s turn')
    }
    /** The rest of the round: Xan ends his turn (an attack leaves it open), the GM the goblin's. */
    const endRound = async (round: number) => {
      expect((await x.ask({ kind: 'end-turn' })).ok).toBe(true)
      await eventually(() => !turn().acting?.includes(x.id), 'Xan’s turn over')
      if (turn().round === round) expect((await gmAsk({ kind: 'next-turn' }))?.ok).toBe(true)
      await eventually(() => turn().round === round + 1, `round ${round + 1}`)
    }
    // Unaware, the goblin has no dodge to choose: the bolt resolves at once.
    const bolt = { choice: 'crossbow-light', toggles: ['defender-unaware'] }
    const sword = { choice: 'sword-short', toggles: [] }
    const reload = { choice: 'reload:crossbow-light', toggles: [] }

    expect(await gmAsk({ kind: 'start-combat' })).toEqual({ ok: true, logId: expect.any(String) })
    await toXansTurn(1)
    expect(await x.ask({ kind: 'attack', targetId: 'gob', declared: reload })).toEqual({
      ok: false,
      error: 'Xan reloads their own weapon: choose Xan.',
    })
    expect(await x.ask({ kind: 'attack', targetId: x.id, declared: reload })).toEqual({
      ok: false,
      error: 'The Crossbow, Light is loaded.',
    })
    expect((await x.ask({ kind: 'attack', targetId: 'gob', declared: bolt })).ok).toBe(true)
    expect(xan().get('state')).toMatchObject({ items: { 'crossbow-light': { loaded: false } } })
    await endRound(1)

    // The round passing did not load it: a shot is not even stated; a reload is "something else" (5.2),
    // and the round's one action.
    await eventually(() => turn().round === 2 && turn().status === 'initiative', 'round 2')
    expect(await x.ask({ kind: 'intent', intent: { metersMoved: 0, weapon: 'crossbow-light' } })).toEqual({
      ok: false,
      error:
        'The Crossbow, Light is not loaded: reloading it takes a full combat round (Reload). To reload it this round, state “Something else (no attack)”.',
    })
    await toXansTurn(2, null)
    expect(xan().get('state')).toMatchObject({ items: { 'crossbow-light': { loaded: false } } })
    expect(await x.ask({ kind: 'attack', targetId: 'gob', declared: bolt })).toEqual({
      ok: false,
      error: 'The Crossbow, Light is not loaded: reloading it takes a full combat round (Reload).',
    })
    expect((await x.ask({ kind: 'attack', targetId: x.id, declared: reload })).ok).toBe(true)
    expect(xan().get('state')).toMatchObject({ items: { 'crossbow-light': { loaded: true } } })
    expect(await x.ask({ kind: 'attack', targetId: 'gob', declared: sword })).toEqual({
      ok: false,
      error: 'Xan has made every attack this turn allows: end the turn.',
    })
    await endRound(2)

    await toXansTurn(3)
    expect((await x.ask({ kind: 'attack', targetId: 'gob', declared: bolt })).ok).toBe(true)
    // Between fights there is time to reload: the fight's end does it, and logs it.
    expect((await gmAsk({ kind: 'end-combat' }))?.ok).toBe(true)
    expect(xan().get('state')).toMatchObject({ items: { 'crossbow-light': { loaded: true } } })
    const details = () =>
      log.doc
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .map((e) => e.detail)
    expect(details()).toContain('Xan reloads the Crossbow, Light (the whole combat round).')
    await eventually(
      () => details().includes("After the fight, everyone reloads: Xan's Crossbow, Light."),
      'the fight’s end in the log',
    )
  })
})

describe('surprise at the start of a fight', () => {
  const setUp = async (system: 'osr' | 'odnd' | 'spelljammer' | 'zones') => {
    const { roomId, table, gm } = await gmRoom(system)
    const log = await TestClient.connect(roomId, 'log')
    for (const id of ['g1', 'g2']) {
      putFoe(table, id, id === 'g1' ? 'Goblin 1' : 'Goblin 2')
    }
    const mira = await player(roomId, 'Mira', system)
    const turn = turnOf(table)
    const entries = () => log.doc.getArray<LogEntry>(LOG.entries).toArray()
    const start = async (surprise: Record<string, unknown>) => {
      gm.doc.getArray(GM.requests).push([{ id: 'start', kind: 'start-combat', surprise }])
      await eventually(() => answersOf(gm.doc).has('start'), 'start')
      return answersOf(gm.doc).get('start')
    }
    return { turn, entries, start, mira }
  }

  it('osr: one d20 for the unaware side, +3 against a prepared ambush; the surprised sit out round 1', async () => {
    const { turn, entries, start, mira } = await setUp('osr')
    expect((await start({ unaware: 'foe', ambush: true }))?.ok).toBe(true)
    await eventually(() => turn().status === 'initiative', 'round 1')
    const roll = entries().find((e) => e.by === 'Surprise: the foes')
    const d20 = roll?.faces[0] ?? 0
    expect(roll?.detail).toContain('prepared ambush 3')
    // DC 13 for goblins (not elves): surprised on d20 + 3 >= 13.
    expect(turn().surprised).toEqual(d20 + 3 >= 13 ? ['g1', 'g2'] : [])
    expect((await mira.ask({ kind: 'initiative' })).ok).toBe(true)
    if (d20 + 3 >= 13) {
      // Only Mira acts in round 1, so her roll starts it.
      await eventually(() => turn().status === 'running', 'round 1 running')
      expect(turn().order.flatMap((s) => s.ids)).toEqual([mira.id])
    }
  })

  it('odnd: a d6 per unaware side, surprised on 1-2; both surprised cancel out', async () => {
    const { turn, entries, start } = await setUp('odnd')
    expect((await start({ unaware: 'both', ambush: false }))?.ok).toBe(true)
    await eventually(() => entries().length === 2, 'two surprise dice')
    const [party, foes] = ['Surprise: the party', 'Surprise: the foes'].map(
      (by) => (entries().find((e) => e.by === by)?.faces[0] ?? 0) <= 2,
    )
    const expected = party && !foes ? 'pc' : foes && !party ? 'foe' : null
    const surprised = turn().surprised ?? []
    if (expected === 'foe') expect(surprised).toEqual(['g1', 'g2'])
    else if (expected === 'pc') expect(surprised).toHaveLength(1)
    else expect(surprised).toEqual([])
  })

  it('spelljammer: a PER roll each for the ambushed side; 3x or worse means no attacks back', async () => {
    const { turn, entries, start } = await setUp('spelljammer')
    expect((await start({ unaware: 'foe', ambush: false }))?.ok).toBe(true)
    await eventually(() => entries().length === 2, 'two PER rolls')
    for (const entry of entries()) {
      const id = entry.by === 'Goblin 1' ? 'g1' : 'g2'
      const noBack = /no attacks back/.test(entry.detail ?? '')
      expect(turn().surprised?.includes(id)).toBe(noBack)
      expect(orderedRound(turn()).oneAttack?.includes(id)).toBe(/one attack back/.test(entry.detail ?? ''))
    }
  })

  it('zones: the side lying in wait starts concealed and plays a bonus round 0', async () => {
    const { turn, start } = await setUp('zones')
    expect((await start({ unaware: 'foe', ambush: false }))?.ok).toBe(true)
    await eventually(() => turn().status === 'running', 'the bonus round')
    expect(turn().round).toBe(0)
    expect(zones.zonesRound(turn())?.bonusRound).toBe(true)
    expect(Object.values(zones.zonesRound(turn())?.characters ?? {}).filter((c) => c.concealed)).toHaveLength(
      1,
    )
  })

  it('brp has no surprise check, and says what to use instead', async () => {
    const { roomId, gmKey } = await createRoom('brp')
    const gm = await TestClient.connect(roomId, 'gm', gmKey)
    gm.doc.getArray(GM.requests).push([{ id: 'start', kind: 'start-combat', surprise: { unaware: 'foe' } }])
    await eventually(() => answersOf(gm.doc).has('start'), 'start')
    expect(answersOf(gm.doc).get('start')).toEqual({
      ok: false,
      error: expect.stringMatching(/defender unaware/),
    })
  })
})

describe('a round of faction play (zones)', () => {
  it('alternates the factions one character or a pass at a time, and ends the round when all pass in a row', async () => {
    const { roomId, table, gm } = await gmRoom('zones')
    putFoe(table, 'bandit', 'Bandit')
    const sybilla = await player(roomId, 'Sybilla', 'zones')
    const state = () =>
      (table.doc.getMap(TABLE.turn).get('systemRound') ?? null) as {
        next: string | null
        initiative: string
        phase: string
      } | null
    const gmAsk = asksOf(gm)
    // Every state of the round a device ever sees: none is a round that ended without the next opening.
    const seen: string[] = []
    table.doc
      .getMap(TABLE.turn)
      .observe(() => seen.push(`${table.doc.getMap(TABLE.turn).get('round')}/${state()?.phase}`))
    await gmAsk({ kind: 'start-combat' })
    await eventually(() => state() !== null, 'the round')
    const first = state()?.initiative
    // Whoever holds the initiative moves first; the party takes Sybilla's turn, the foes the bandit's.
    const party = () => sybilla.ask({ kind: 'act' })
    const foes = () => gmAsk({ kind: 'act', combatantId: 'bandit' })
    if (first === 'foes') {
      expect(await party()).toEqual({ ok: false, error: expect.stringMatching(/initiative/) })
      expect((await foes()).ok).toBe(true)
      expect((await party()).ok).toBe(true)
    } else {
      expect((await party()).ok).toBe(true)
      expect((await foes()).ok).toBe(true)
    }
    // Everyone has acted: the side to move passes, and the other, with nobody left who can act, passes by
    // itself (nobody taps it): both passed in a row and round 2 begins.
    const passFirst = first === 'foes' ? () => gmAsk({ kind: 'pass' }) : () => sybilla.ask({ kind: 'pass' })
    expect((await passFirst()).ok).toBe(true)
    await eventually(() => table.doc.getMap(TABLE.turn).get('round') === 2, 'round 2')
    expect(state()?.phase).toBe('choosing-first')
    expect(seen.filter((s) => s.endsWith('/ended'))).toEqual([])
  })
})

describe('the segment countdown (spelljammer)', () => {
  it('rolls a die per attack and runs the round from the highest segment down', async () => {
    const { roomId, table, gm } = await gmRoom('spelljammer')
    const ace = await player(roomId, 'Ace', 'spelljammer')
    gm.doc.getArray(GM.requests).push([{ id: 's1', kind: 'start-combat' }])
    await eventually(() => table.doc.getMap(TABLE.turn).get('status') === 'initiative', 'initiative')
    expect(await ace.ask({ kind: 'initiative', faces: [4, 9] })).toEqual({
      ok: false,
      error: expect.stringMatching(/1 face, not 2/),
    })
    expect((await ace.ask({ kind: 'initiative', faces: [4] })).ok).toBe(true)
    await eventually(() => table.doc.getMap(TABLE.turn).get('status') === 'running', 'the countdown')
    const order = table.doc.getMap(TABLE.turn).get('order') as Array<{ ids: string[]; label: string }>
    expect(order).toEqual([{ ids: [ace.id], label: 'Segment 4 · during movement', at: 4 }])

    // Round 2 asks for new dice (#19 item 4: round 3 had reused round 2's initiative), and logs them.
    const turn = turnOf(table)
    for (let i = 0; i < 5 && turn().round < 2; i++) {
      const id = `next-${i}`
      gm.doc.getArray(GM.requests).push([{ id, kind: 'next-turn' }])
      await eventually(() => answersOf(gm.doc).has(id), 'next turn')
    }
    expect(turn()).toMatchObject({ round: 2, status: 'initiative' })
    expect((await ace.ask({ kind: 'initiative', faces: [7] })).ok).toBe(true)
    await eventually(() => turn().status === 'running', 'round 2’s countdown')
    expect(turn().order).toEqual([{ ids: [ace.id], label: 'Segment 7 · during movement', at: 7 }])
    const log = await TestClient.connect(roomId, 'log')
    const rolls = () =>
      log.doc
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .filter((e) => e.initiative?.combatantId === ace.id)
    await eventually(() => rolls().length === 2, 'both rounds’ initiative in the log')
    expect(rolls().map((e) => e.faces)).toEqual([[4], [7]])
  })
})

describe('odnd initiative options', () => {
  it('lets one player roll for the whole party when the room plays that option, and refuses a second roll', async () => {
    const { roomId, table, gm } = await gmRoom('odnd')
    const a = await player(roomId, 'Arn', 'odnd')
    const b = await player(roomId, 'Bea', 'odnd')
    putFoe(table, 'orc', 'Orc')
    table.doc.getMap(TABLE.settings).set('partyInitiative', 'one-roll')
    gm.doc.getArray(GM.requests).push([{ id: 's1', kind: 'start-combat' }])
    const status = () => table.doc.getMap(TABLE.turn).get('status')
    await eventually(() => status() === 'initiative', 'initiative')
    expect((await a.ask({ kind: 'initiative', faces: [3] })).ok).toBe(true)
    expect(await b.ask({ kind: 'initiative' })).toEqual({
      ok: false,
      error: expect.stringMatching(/whole side/),
    })
    gm.doc.getArray(GM.requests).push([{ id: 'f1', kind: 'roll-foes' }])
    await eventually(() => status() === 'running', 'the round')
    const order = table.doc.getMap(TABLE.turn).get('order') as Array<{ ids: string[] }>
    expect(order.flatMap((s) => s.ids).sort()).toEqual([a.id, b.id, 'orc'].sort())
    // The party acts together on its one roll.
    expect(order.some((s) => s.ids.includes(a.id) && s.ids.includes(b.id))).toBe(true)
  })
})

describe('typed initiative in a room that approves physical dice', () => {
  it('waits for the GM: pending until approved, applied then; rejected, the player rolls again', async () => {
    const { roomId, table, gm } = await gmRoom('osr')
    const log = await TestClient.connect(roomId, 'log')
    putFoe(table, 'gob', 'Goblin')
    table.doc.getMap(TABLE.settings).set('physicalDice', 'approve')
    const mira = await player(roomId, 'Mira', 'osr')
    const tomas = await player(roomId, 'Tomas', 'osr')
    const turn = turnOf(table)
    const gmAsk = (kind: string) => asksOf(gm)({ kind })
    const entry = (id: string) =>
      log.doc
        .getArray<LogEntry>(LOG.entries)
        .toArray()
        .find((e) => e.id.endsWith(id))
    await gmAsk('start-combat')

    const typed = await mira.ask({ kind: 'initiative', faces: [6] })
    expect(typed).toEqual({ ok: true, logId: expect.any(String) })
    const logId = typed.ok ? typed.logId : ''
    await eventually(() => entry(logId) !== undefined, 'the pending entry')
    expect(entry(logId)).toMatchObject({ faces: [6], source: 'physical', status: 'pending' })
    expect(turn().initiative[mira.id]).toBeUndefined()
    expect(turn().waiting?.[mira.id]).toBe('initiative')
    expect(await mira.ask({ kind: 'initiative' })).toEqual({
      ok: false,
      error: expect.stringMatching(/waits for the GM/),
    })

    gm.doc.getArray(GM.approvals).push([{ entryId: logId, approve: true }])
    await eventually(() => turn().initiative[mira.id] !== undefined, 'the approved roll in the turn')
    expect(turn().initiative[mira.id]?.faces).toEqual([6])
    expect(entry(logId)?.status).toBe('approved')

    // Rejected: nothing reaches the turn, and Tomas may roll again.
    const rejected = await tomas.ask({ kind: 'initiative', faces: [1] })
    const rejectedId = rejected.ok ? rejected.logId : ''
    await eventually(() => entry(rejectedId)?.status === 'pending', 'the second pending entry')
    gm.doc.getArray(GM.approvals).push([{ entryId: rejectedId, approve: false }])
    await eventually(() => entry(rejectedId)?.status === 'rejected', 'the rejection')
    expect(turn().initiative[tomas.id]).toBeUndefined()
    expect((await tomas.ask({ kind: 'initiative' })).ok).toBe(true)
    await eventually(() => turn().initiative[tomas.id] !== undefined, 'the room’s roll')
  })
})
