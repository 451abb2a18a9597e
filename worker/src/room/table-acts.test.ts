/** The GM's acts on who is at the table, by request: remove, reveal, hide, end combat; each logged, undoable. */
import {
  type FiledFight,
  GM,
  LIMITS,
  LOG,
  type LogEntry,
  type LogSecret,
  PAST,
  type PastFight,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import { defaultSheetFor, SYSTEM_IDS, type SystemId, seededDice, zones } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { fighterOf } from './fighters.ts'
import { processedInMemory, TableRoom } from './table-room.ts'
import { gmAskerOf } from './test-support.ts'

/** A room of `system` over plain documents, three monsters on the table (HP 9, 12, 15), a Wyrm hidden. */
function room(system: SystemId = 'osr', foeHealth: 'exact' | 'word' | 'none' = 'exact') {
  const past: Y.Doc[] = []
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  const tableRoom = new TableRoom({
    system,
    docs: { ...docs, seat: () => new Y.Doc(), past: (n) => (past[n] ??= new Y.Doc()) },
    dice: seededDice(11),
    processed: processedInMemory(),
    seatName: () => null,
    now: () => 1000,
  })
  docs.table.getMap(TABLE.settings).set('foeHealth', foeHealth)
  const values = (name: string, hp: number) => ({
    name,
    side: 'foe',
    hp,
    maxHp: hp,
    sheet: defaultSheetFor(system, name, 'foe'),
  })
  const put = (map: Y.Map<Y.Map<unknown>>, id: string, fields: Record<string, unknown>) => {
    const m = new Y.Map<unknown>()
    map.set(id, m)
    for (const [key, value] of Object.entries(fields)) m.set(key, value)
  }
  docs.table.transact(() => {
    const combatants = docs.table.getMap<Y.Map<unknown>>(TABLE.combatants)
    put(combatants, 'a', values('Goblin', 9))
    put(combatants, 'b', values('Ogre', 12))
    put(combatants, 'c', values('Rat', 15))
  })
  put(docs.gm.getMap(GM.hidden), 'w', values('Wyrm', 40))
  tableRoom.tableChanged()
  const ask = gmAskerOf(docs.gm, tableRoom)
  const ids = () => [...docs.table.getMap(TABLE.combatants).keys()].sort()
  const turn = () => docs.table.getMap(TABLE.turn).toJSON() as TurnState
  const log = () => docs.log.getArray<LogEntry>(LOG.entries).toArray()
  const entry = (id: string) => log().find((e) => e.id === id)
  const hidden = () => [...docs.gm.getMap(GM.hidden).keys()].sort()
  return { docs, ask, ids, turn, log, entry, hidden, past }
}

/** Every id the turn names (its order, who acts, zones' characters) is a combatant on the table. */
function namesOnlyThoseThere(r: ReturnType<typeof room>): void {
  const there = new Set(r.ids())
  const turn = r.turn()
  const named = [
    ...(turn.order ?? []).flatMap((slot) => slot.ids),
    ...(turn.acting ?? []),
    ...Object.keys(turn.initiative ?? {}),
    ...Object.keys(zones.zonesRound(turn)?.characters ?? {}),
  ]
  expect(named.filter((id) => !there.has(id))).toEqual([])
}

describe.each(SYSTEM_IDS)('%s: the GM removes a monster mid-fight', (system) => {
  it('leaves no hole in the order on any device, logs it, and undo brings it back as it was', () => {
    const r = room(system)
    expect(r.ask({ kind: 'start-combat' }).ok).toBe(true)
    r.ask({ kind: 'roll-foes' })
    expect(r.ask({ kind: 'hp', combatantId: 'b', delta: -4 }).ok).toBe(true)
    const removed = r.ask({ kind: 'remove-combatant', combatantId: 'b' })
    expect(removed).toEqual({ ok: true, logId: 'g4' })
    expect(r.ids()).toEqual(['a', 'c'])
    namesOnlyThoseThere(r)
    expect(r.entry('g4')).toMatchObject({
      kind: 'gm-remove',
      by: 'The GM',
      detail: 'The GM took Ogre off the table.',
    })
    // A second device's Remove of the same one, a moment later: refused, nothing more changes.
    expect(r.ask({ kind: 'remove-combatant', combatantId: 'b' })).toEqual({
      ok: false,
      error: 'That combatant is no longer on the table.',
    })
    expect(r.ask({ kind: 'undo', entryId: 'g4' }).ok).toBe(true)
    expect(r.ids()).toEqual(['a', 'b', 'c'])
    expect(fighterOf(r.docs, 'b')).toMatchObject({ name: 'Ogre', hp: 8, maxHp: 12 })
    expect(r.entry('g4')?.undone).toBe(true)
    namesOnlyThoseThere(r)
    expect(r.ask({ kind: 'undo', entryId: 'g4' })).toEqual({
      ok: false,
      error: 'That entry is already undone.',
    })
  })
})

describe('the GM’s acts on the table', () => {
  it('a removal where players do not see monsters’ health keeps it from them, undone too', () => {
    const r = room('osr', 'none')
    const secrets = r.docs.gm.getMap<Y.Map<unknown>>(GM.foeSecrets)
    expect(secrets.get('b')?.get('hp')).toBe(12)
    expect(r.ask({ kind: 'remove-combatant', combatantId: 'b' }).ok).toBe(true)
    expect(secrets.has('b')).toBe(false)
    expect(r.ask({ kind: 'undo', entryId: 'g1' }).ok).toBe(true)
    expect(secrets.get('b')?.get('hp')).toBe(12)
    expect(r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('b')?.has('hp')).toBe(false)
  })

  it('reveals a hidden monster, its hit points never on the table where players may not see them', () => {
    const r = room('osr', 'word')
    const seen: boolean[] = []
    r.docs.table.on('update', () => {
      seen.push(r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('w')?.has('hp') ?? false)
    })
    expect(r.ask({ kind: 'reveal-combatant', combatantId: 'w' })).toEqual({ ok: true, logId: 'g1' })
    expect(r.ids()).toEqual(['a', 'b', 'c', 'w'])
    expect(r.hidden()).toEqual([])
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.some(Boolean)).toBe(false)
    expect(fighterOf(r.docs, 'w')).toMatchObject({ name: 'Wyrm', hp: 40, maxHp: 40 })
    expect(r.entry('g1')).toMatchObject({
      kind: 'gm-reveal',
      detail: 'Wyrm steps out: the GM revealed them.',
    })
    expect(r.ask({ kind: 'reveal-combatant', combatantId: 'w' })).toEqual({
      ok: false,
      error: 'Wyrm is on the table already.',
    })
    // Undone, it is hidden again, whole: off the table, in the roster with its hit points.
    expect(r.ask({ kind: 'undo', entryId: 'g1' }).ok).toBe(true)
    expect(r.ids()).toEqual(['a', 'b', 'c'])
    expect(r.docs.gm.getMap<Y.Map<unknown>>(GM.hidden).get('w')?.get('hp')).toBe(40)
    expect(r.docs.gm.getMap(GM.foeSecrets).has('w')).toBe(false)
  })

  it('hides a monster again mid-fight: out of the order, its truth in the roster, the GM’s words the GM’s', () => {
    const r = room('osr', 'none')
    r.ask({ kind: 'start-combat' })
    r.ask({ kind: 'roll-foes' })
    r.ask({ kind: 'hp', combatantId: 'a', delta: -3 })
    expect(r.ask({ kind: 'hide-combatant', combatantId: 'a' })).toEqual({ ok: true, logId: 'g4' })
    expect(r.ids()).toEqual(['b', 'c'])
    namesOnlyThoseThere(r)
    const kept = r.docs.gm.getMap<Y.Map<unknown>>(GM.hidden).get('a')
    expect(kept?.get('hp')).toBe(6)
    expect(kept?.has('health')).toBe(false)
    // Players read that it left; only the GM, that it waits in the roster.
    expect(r.entry('g4')?.detail).toBe('Goblin left the table.')
    expect(r.docs.gm.getMap<LogSecret>(GM.logSecrets).get('g4')?.detail).toBe(
      'The GM hid Goblin again, in the hidden roster.',
    )
    expect(r.ask({ kind: 'undo', entryId: 'g4' }).ok).toBe(true)
    expect(r.ids()).toEqual(['a', 'b', 'c'])
    expect(fighterOf(r.docs, 'a')?.hp).toBe(6)
    expect(r.hidden()).toEqual(['w'])
  })

  it('never hides a player’s character, and says why', () => {
    const r = room()
    r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get('a')?.set('side', 'pc')
    expect(r.ask({ kind: 'hide-combatant', combatantId: 'a' })).toEqual({
      ok: false,
      error: 'Goblin is a player’s character: only monsters wait in the hidden roster.',
    })
    expect(r.ids()).toEqual(['a', 'b', 'c'])
  })

  it('End combat says in which round, keeps it for New fight, and undo takes the fight on there', () => {
    const r = room()
    r.ask({ kind: 'start-combat' })
    r.ask({ kind: 'roll-foes' })
    const running = r.turn()
    expect(running.status).toBe('running')
    expect(r.ask({ kind: 'end-combat' })).toEqual({ ok: true, logId: 'g3' })
    expect(r.turn().status).toBe('idle')
    expect(r.entry('g3')).toMatchObject({
      kind: 'end-combat',
      rounds: 1,
      detail: 'The GM ended the combat in round 1.',
    })
    expect(r.ask({ kind: 'end-combat' })).toEqual({ ok: false, error: 'No combat is running.' })
    expect(r.ask({ kind: 'undo', entryId: 'g3' }).ok).toBe(true)
    expect(r.turn()).toMatchObject({ status: 'running', round: 1, order: running.order })
    // Ended again, then a New fight: the fight filed says it lasted its round.
    expect(r.ask({ kind: 'end-combat' }).ok).toBe(true)
    expect(r.ask({ kind: 'new-fight' }).ok).toBe(true)
    const filed = r.past[0]?.getArray<PastFight>(PAST.fights).get(0)
    expect(filed?.rounds).toBe(1)
    // The acts of a fight filed are undone no more: nothing is kept for them.
    expect(r.docs.gm.getMap(GM.undo).size).toBe(0)
  })

  it('End combat undone opens again the attacks that waited for their defender', () => {
    const r = room()
    r.ask({ kind: 'start-combat' })
    r.ask({ kind: 'roll-foes' })
    const prompt = {
      id: 'g9',
      attackerId: 'a',
      targetId: 'b',
      declared: { choice: 'weapon-0-melee', toggles: [] },
      options: [{ id: 'none', label: 'Take it', chance: null, effect: 'No defense' }],
      askedAt: 1000,
      gmAfter: 31_000,
    }
    r.docs.table.getMap(TABLE.prompts).set('p0', prompt)
    const ended = r.ask({ kind: 'end-combat' })
    expect(r.docs.table.getMap(TABLE.prompts).size).toBe(0)
    expect(r.ask({ kind: 'undo', entryId: ended.ok ? ended.logId : '' }).ok).toBe(true)
    expect([...r.docs.table.getMap(TABLE.prompts).values()]).toEqual([prompt])
  })

  it('New fight names the fight it files by who the party fought, not the monster kept hidden', () => {
    const r = room()
    const map = r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants)
    for (const [id, name] of [
      ['g2', 'Goblin 2'],
      ['g3', 'Goblin 3'],
      ['p', 'Mira'],
    ]) {
      const fields = new Y.Map<unknown>()
      map.set(id ?? '', fields)
      fields.set('name', name)
      fields.set('side', name === 'Mira' ? 'pc' : 'foe')
      fields.set('hp', 5)
      fields.set('maxHp', 5)
    }
    map.get('a')?.set('name', 'Goblin 1')
    expect(r.ask({ kind: 'start-combat' }).ok).toBe(true)
    r.docs.log.getArray<LogEntry>(LOG.entries).push([{ id: 'w', detail: 'A roll' } as LogEntry])
    expect(r.ask({ kind: 'new-fight' }).ok).toBe(true)
    const listed = r.docs.log.getArray<FiledFight>(LOG.filed).toArray()
    expect(listed).toEqual([expect.objectContaining({ foes: 'Goblin ×3, Ogre and Rat', rounds: 1 })])
    expect(r.past[0]?.getArray<PastFight>(PAST.fights).get(0)?.foes).toBe('Goblin ×3, Ogre and Rat')
    // A fight with no monster left names none; more than five kinds name four and count the rest.
    r.docs.log.getArray<LogEntry>(LOG.entries).push([{ id: 'x', detail: 'A roll' } as LogEntry])
    expect(r.ask({ kind: 'new-fight' }).ok).toBe(true)
    expect(r.docs.log.getArray<FiledFight>(LOG.filed).get(1)).not.toHaveProperty('foes')
    for (const name of ['Bat', 'Cat', 'Eel', 'Fox', 'Gnu', 'Hen']) {
      const fields = new Y.Map<unknown>()
      map.set(name, fields)
      fields.set('name', name)
      fields.set('side', 'foe')
    }
    r.docs.log.getArray<LogEntry>(LOG.entries).push([{ id: 'y', detail: 'A roll' } as LogEntry])
    expect(r.ask({ kind: 'new-fight' }).ok).toBe(true)
    expect(r.docs.log.getArray<FiledFight>(LOG.filed).get(2)?.foes).toBe('Bat, Cat, Eel, Fox and 2 more')
  })

  it('New fight starts clean: the fight’s conditions and timed events end with it, and the log says so', () => {
    const r = room()
    const map = r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants)
    const mira = new Y.Map<unknown>()
    map.set('p', mira)
    for (const [key, value] of Object.entries({ name: 'Mira', side: 'pc', hp: 8, maxHp: 8 }))
      mira.set(key, value)
    expect(r.ask({ kind: 'mark', combatantId: 'p', name: 'Poisoned', rounds: 1 }).ok).toBe(true)
    expect(r.ask({ kind: 'mark', combatantId: 'p', name: 'Cursed', rounds: null }).ok).toBe(true)
    const event = { kind: 'add-event', at: 'start', round: 1, every: true }
    expect(r.ask({ ...event, name: 'Lair action', secret: false }).ok).toBe(true)
    expect(r.ask({ ...event, name: 'The roof falls', secret: true }).ok).toBe(true)
    expect(r.ask({ kind: 'start-combat' }).ok).toBe(true)
    expect(r.ask({ kind: 'new-fight' })).toEqual({ ok: true, logId: 'g6' })
    // A condition until removed (a curse) outlives the fight; one that counts rounds does not.
    expect((mira.get('marks') as Array<{ name: string }>).map((m) => m.name)).toEqual(['Cursed'])
    expect(r.docs.gm.getMap(GM.events).size).toBe(0)
    // Said in the new fight's log, a secret event's name kept from the players.
    expect(r.log()).toEqual([
      expect.objectContaining({
        id: 'g6',
        kind: 'end-of-fight',
        by: 'The GM',
        detail:
          'New fight: ended with the last one: Mira’s Poisoned (1 round); the timed events “Lair action” and 1 secret one.',
      }),
    ])
    expect(JSON.stringify(r.docs.log.toJSON())).not.toContain('roof')
    // A second New fight with nothing left of the last one's setup logs nothing.
    expect(r.ask({ kind: 'new-fight' }).ok).toBe(true)
    expect(r.log()).toEqual([])
  })

  it('keeps what undoing takes for the latest acts only, and says so of an older one', () => {
    const r = room()
    const map = r.docs.table.getMap<Y.Map<unknown>>(TABLE.combatants)
    for (let i = 0; i <= LIMITS.undoableActs; i++) {
      const fields = new Y.Map<unknown>()
      map.set(`x${i}`, fields)
      fields.set('name', `Rat ${i}`)
      fields.set('side', 'foe')
      fields.set('hp', 2)
      fields.set('maxHp', 2)
      expect(r.ask({ kind: 'remove-combatant', combatantId: `x${i}` }).ok).toBe(true)
    }
    expect(r.docs.gm.getMap(GM.undo).size).toBe(LIMITS.undoableActs)
    expect(r.ask({ kind: 'undo', entryId: 'g1' })).toEqual({
      ok: false,
      error: 'That removal is too old to undo: add the combatant again.',
    })
    expect(r.ask({ kind: 'undo', entryId: 'g2' }).ok).toBe(true)
    expect(map.has('x1')).toBe(true)
  })
})
