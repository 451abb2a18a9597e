/**
 * Who starts a zones fight, through the table room in Node (plain Yjs documents, the room's own dice
 * scripted): "Initiative is held by the faction which started the fight, or is assigned randomly if
 * that’s unclear." (zones.txt, Combat procedure). The GM says who started it, or the room rolls it and
 * logs the roll; an ambush is the ambushers' start ("Sneaking in combat").
 */
import { GM, type GmRequest, LOG, type LogEntry, TABLE, type TurnState } from '@fray/protocol'
import { defaultSheetFor, SYSTEMS, scriptedDice, zones } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { putOnTable } from '../../app/src/models/table.ts'
import { processedInMemory, TableRoom } from '../../worker/src/room/table-room.ts'
import { answersOf } from '../support/answers.ts'

/** A zones table with Mira (no phone: the GM plays her) and a Bandit; the room's dice are these faces. */
function zonesRoom(faces: number[] = [], system: 'zones' | 'osr' = 'zones') {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  let ids = 0
  const room = new TableRoom({
    system,
    rules: SYSTEMS[system],
    docs: { ...docs, seat: () => new Y.Doc(), past: () => new Y.Doc() },
    // Scripted: a roll the start does not need fails the test.
    dice: scriptedDice(faces),
    processed: processedInMemory(),
    seatName: () => null,
    newId: () => `n${++ids}`,
  })
  for (const [id, name, side] of [
    ['mira', 'Mira', 'pc'],
    ['bandit', 'Bandit', 'foe'],
  ] as const)
    putOnTable(docs.table, docs.gm, id, {
      name,
      side,
      hp: 8,
      maxHp: 8,
      sheet: defaultSheetFor(system, name, side),
    })
  const answers = answersOf(docs.gm)
  const ask = (id: string, request: Record<string, unknown>) => {
    docs.gm.getArray<GmRequest>(GM.requests).push([{ id, ...request } as GmRequest])
    room.resolveGm()
    return answers.get(id)
  }
  const turn = () => docs.table.getMap(TABLE.turn).toJSON() as TurnState
  const view = SYSTEMS.zones.turn.view
  return {
    ask,
    turn,
    round: () => zones.zonesRound(turn()),
    toMove: () => view?.sides?.toMove(turn()),
    detail: () => view?.line?.(turn(), (id) => id)?.detail,
    entries: () => docs.log.getArray<LogEntry>(LOG.entries).toArray(),
  }
}

describe('zones: who starts the fight ("Initiative is held by the faction which started the fight")', () => {
  it('nobody caught unaware, the GM says the foes started it: they hold the initiative, nothing is rolled', () => {
    const t = zonesRoom()
    expect(t.ask('start', { kind: 'start-combat', startedBy: 'foe' })).toEqual({ ok: true, logId: 'start' })
    expect(t.round()).toMatchObject({ round: 1, initiative: 'foes', phase: 'choosing-first' })
    expect(t.toMove()).toBe('foes')
    expect(t.detail()).toBe('Round 1 · The foes hold the initiative: they started the fight')
    expect(t.entries().some((e) => e.by === 'Initiative')).toBe(false)
  })

  it('nobody caught unaware, the players started it: their side opens the round', () => {
    const t = zonesRoom()
    expect(t.ask('start', { kind: 'start-combat', startedBy: 'pc' })).toEqual({ ok: true, logId: 'start' })
    expect(t.round()?.initiative).toBe('party')
    expect(t.toMove()).toBe('party')
    // The foes wait for it.
    expect(t.ask('bandit', { kind: 'act', combatantId: 'bandit' })).toEqual({
      ok: false,
      error: 'The other side holds the initiative: wait for their move.',
    })
  })

  it('"or is assigned randomly if that’s unclear": the room rolls a d2 and logs it in the rule’s words', () => {
    const t = zonesRoom([2])
    expect(t.ask('start', { kind: 'start-combat' })).toEqual({ ok: true, logId: 'start' })
    expect(t.round()?.initiative).toBe('foes')
    expect(t.toMove()).toBe('foes')
    const roll = t.entries().find((e) => e.by === 'Initiative')
    expect(roll).toMatchObject({
      notation: '1d2',
      faces: [2],
      total: 2,
      detail:
        'Initiative is held by the faction which started the fight, or is assigned randomly if that’s unclear: nobody clearly started it, and the d2 gave 2: the foes hold the initiative.',
    })
    expect(t.detail()).toBe(
      'Round 1 · The foes hold the initiative: nobody clearly started the fight, and the d2 gave 2',
    )
  })

  it('the players’ own ambush: they started it, open the bonus round, and open the round after it', () => {
    const t = zonesRoom()
    // "Characters who launch an ambush are concealed at the start of the fight": the foes are unaware.
    const ambush = { unaware: 'foe', ambush: false }
    expect(t.ask('start', { kind: 'start-combat', surprise: ambush })).toEqual({ ok: true, logId: 'start' })
    expect(t.round()).toMatchObject({ round: 0, bonusRound: true, initiative: 'party' })
    expect(t.toMove()).toBe('party')
    expect(t.detail()).toBe(
      'Ambush: bonus round for the concealed · The players hold the initiative: they launched the ambush',
    )
    expect(t.entries().some((e) => e.by === 'Initiative')).toBe(false)
    // Mira takes her bonus turn and ends it; the foes cannot act in it: the bonus round is over.
    expect(t.ask('mira', { kind: 'act', combatantId: 'mira' })?.ok).toBe(true)
    expect(t.ask('done', { kind: 'next-turn' })?.ok).toBe(true)
    // "The faction holding the initiative can decide which faction acts first at the start of each round".
    expect(t.round()).toMatchObject({
      round: 1,
      bonusRound: false,
      initiative: 'party',
      phase: 'choosing-first',
    })
    expect(t.toMove()).toBe('party')
    expect(t.detail()).toBe('Round 1 · The players hold the initiative: they launched the ambush')
  })

  it('refuses a start that contradicts the ambush, and one that is not a side, in words', () => {
    const t = zonesRoom()
    const ambush = { unaware: 'foe', ambush: false }
    expect(t.ask('a', { kind: 'start-combat', surprise: ambush, startedBy: 'foe' })).toEqual({
      ok: false,
      error:
        'The players lie in wait: they launched the ambush, so they started the fight and hold the initiative.',
    })
    expect(t.ask('b', { kind: 'start-combat', startedBy: 'dragons' })).toEqual({
      ok: false,
      error: expect.stringMatching(/not one this room understands/),
    })
    expect(t.round()).toBeUndefined()
  })

  it('refuses who started the fight where the text gives it no initiative', () => {
    const t = zonesRoom([], 'osr')
    expect(t.ask('s', { kind: 'start-combat', startedBy: 'pc' })).toEqual({
      ok: false,
      error:
        'Old-school d20 gives no initiative to the side that started the fight: start it without saying who did.',
    })
  })
})
