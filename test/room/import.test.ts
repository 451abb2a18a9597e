/**
 * A new room built from an exported encounter (#52): in Node, the same room the Durable Object runs. The
 * room reads the file field by field, builds its documents itself, keeps the GM's secrets in the gm
 * document, files the past fights as imported, and stores nothing of a file it refuses.
 */
import {
  DEFAULT_SETTINGS,
  type EncounterFile,
  type FiledFight,
  GM,
  LOG,
  type LogEntry,
  PAST,
  type PastFight,
  TABLE,
} from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { hashSecret, newRoomId, newSecret } from '../../worker/src/ids.ts'
import { MAX_IMPORTED_BYTES } from '../../worker/src/room/imports.ts'
import { SeatLimiter } from '../../worker/src/room/rate-limit.ts'
import { Room } from '../../worker/src/room/room.ts'
import { NodePorts } from '../support/node-ports.ts'
import { rooms, TestClient } from './ws-client.ts'

const entry = (id: string, total: number, more: Partial<LogEntry> = {}): LogEntry => ({
  id,
  at: 1,
  by: 'Ogre',
  notation: '1d20',
  faces: [total],
  total,
  source: 'crypto',
  ...more,
})

/** An evening's export: a hero, an ogre whose hit points players do not see, a hidden wolf, two fights. */
function exported(): EncounterFile {
  return {
    fray: 'encounter',
    version: 2,
    system: 'osr',
    name: 'Cave',
    exportedAt: '2026-01-01T00:00:00.000Z',
    settings: { ...DEFAULT_SETTINGS, defenseSeconds: 45, foeHealth: 'word' },
    combatants: [
      { name: 'Aldo', side: 'pc', hp: 7, maxHp: 9 },
      {
        name: 'Ogre',
        side: 'foe',
        hp: 423,
        maxHp: 431,
        sheet: { name: 'Ogre', ac: 14, hitPoints: 431 },
        gmDefends: true,
      },
      { name: 'Wolf mother', side: 'foe', hp: 5, maxHp: 5, hidden: true },
    ],
    library: [{ name: 'Goblin', hp: '1d6' }],
    pastFights: [
      { endedAt: 5, rounds: 3, foes: 'Rat ×2', entries: [entry('gm/a.1', 17)] },
      {
        endedAt: 9,
        rounds: 1,
        entries: [entry('gm/a.2', 4), entry('gm/a.3', 0, { detail: 'Rolled in secret' })],
      },
    ],
    log: [],
  }
}

/** A room made as `POST /api/rooms` makes one, from `encounter`; its id and GM key, or the refusal. */
async function importRoom(encounter: unknown) {
  const runtime = await NodePorts.make()
  const room = new Room(runtime.ports(), SeatLimiter.configured({}))
  const roomId = newRoomId()
  const gmKey = newSecret()
  const meta = {
    roomId,
    system: 'osr' as const,
    name: 'Cave',
    gmKeyHash: await hashSecret(gmKey),
    createdAt: 0,
  }
  const created = await room.init(meta, encounter)
  rooms.set(roomId, { room, runtime })
  return { roomId, gmKey, created, room }
}

/** Every text and number a client's copy of a document holds, deleted items' too. */
function everythingIn(doc: Y.Doc): string {
  const contents = Y.decodeUpdate(Y.encodeStateAsUpdate(doc)).structs.map((s) => {
    const content = (s as { content?: { arr?: unknown[]; str?: string } }).content
    return content?.arr ?? content?.str ?? null
  })
  return JSON.stringify(contents)
}

describe('a room imported from an export', () => {
  it('has the combatants, the table rules and the library, and its GM’s secrets in the gm document only', async () => {
    const { roomId, gmKey, created } = await importRoom(exported())
    expect(created).toEqual({ ok: true, value: true })
    const table = await TestClient.connect(roomId, 'table')
    const onTable = [...table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).values()].map((f) => f.toJSON())
    expect(onTable).toEqual([
      { name: 'Aldo', side: 'pc', hp: 7, maxHp: 9 },
      // Players see a word for the ogre's health, and its sheet without its hit points.
      { name: 'Ogre', side: 'foe', health: 'Hurt', sheet: { name: 'Ogre', ac: 14 }, state: {} },
    ])
    expect(table.doc.getMap(TABLE.settings).get('defenseSeconds')).toBe(45)
    const seen = everythingIn(table.doc)
    expect(seen).not.toMatch(/Wolf mother|423|431/)

    const gm = await TestClient.connect(roomId, 'gm', gmKey)
    const secret = [...gm.doc.getMap<Y.Map<unknown>>(GM.foeSecrets).values()][0]?.toJSON()
    expect(secret).toMatchObject({ hp: 423, maxHp: 431, sheet: { hitPoints: 431 } })
    const hidden = [...gm.doc.getMap<Y.Map<unknown>>(GM.hidden).values()].map((f) => f.toJSON())
    expect(hidden).toEqual([{ name: 'Wolf mother', side: 'foe', hp: 5, maxHp: 5 }])
    expect(gm.doc.getMap(GM.library).toJSON()).toEqual({ Goblin: { name: 'Goblin', hp: '1d6' } })
    // The GM answers the ogre's defenses, in the gm document: the table's ogre is the one taken over.
    const ogreId = [...table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].find(
      ([, f]) => f.get('name') === 'Ogre',
    )?.[0]
    expect(gm.doc.getMap(GM.byHand).toJSON()).toEqual({ [ogreId ?? '?']: true })
  })

  it('lists its past fights as imported, each in a document of its own, read by any phone', async () => {
    const { roomId } = await importRoom(exported())
    const log = await TestClient.connect(roomId, 'log')
    expect(log.doc.getArray<LogEntry>(LOG.entries).length).toBe(0)
    expect(log.doc.getArray<FiledFight>(LOG.filed).toArray()).toEqual([
      { id: 'imported-0', endedAt: 5, rounds: 3, foes: 'Rat ×2', entries: 1, imported: true },
      { id: 'imported-1', endedAt: 9, rounds: 1, entries: 2, imported: true },
    ])
    const second = await TestClient.connect(roomId, 'past:1')
    const fight = second.doc.getArray<PastFight>(PAST.fights).get(0)
    expect(fight).toMatchObject({ imported: true, entries: [{ total: 4 }, { detail: 'Rolled in secret' }] })
    await expect(TestClient.connect(roomId, 'past:2')).rejects.toThrow(/404|no such|not/i)
  })

  it('takes no seal, undo or combatant link of an imported entry: what the log shows only', async () => {
    const file = exported()
    const forged = entry('gm/x.1', 0, {
      sealed: { commitment: 'f'.repeat(64), revealed: { faces: [20], total: 20, salt: '00' } },
      changes: { c2: { before: { hp: 5 }, after: { hp: 0 } } },
      attack: { attackerId: 'a', targetId: 'b', declared: { choice: 'x', toggles: [] }, defense: null },
    })
    file.pastFights[0]?.entries.push(forged)
    const { roomId } = await importRoom(file)
    const past = await TestClient.connect(roomId, 'past:0')
    expect(past.doc.getArray<PastFight>(PAST.fights).get(0)?.entries[1]).toEqual(entry('gm/x.1', 0))
  })

  it('refuses a wrong field by name, and stores nothing', async () => {
    const file = exported() as unknown as { combatants: Array<Record<string, unknown>> }
    const wrong = file.combatants[1]
    if (wrong) wrong.hp = 'plenty'
    const { created, room } = await importRoom(file)
    expect(created).toEqual({
      ok: false,
      status: 400,
      error: 'combatants[1].hp: must be a whole number from -999 to 9999; nothing was imported.',
    })
    expect(room.info()).toBeNull()
    const other = await importRoom({ ...exported(), system: 'brp' })
    expect(other.created).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^system: the file is for brp/),
    })
  })

  it('refuses what is over a room’s bounds with 413, saying which bound', async () => {
    const crowd = {
      ...exported(),
      combatants: Array(201).fill({ name: 'Rat', side: 'foe', hp: 1, maxHp: 1 }),
    }
    const crowded = await importRoom(crowd)
    expect(crowded.created).toMatchObject({
      status: 413,
      error: expect.stringMatching(/^combatants: holds 201.*at most 200/),
    })
    expect(crowded.room.info()).toBeNull()
    // One past fight's log over what one document of an import takes.
    const long = Array.from({ length: 2000 }, (_, i) => entry(`e${i}`, 1, { detail: 'x'.repeat(900) }))
    const big = { ...exported(), pastFights: [{ endedAt: 1, rounds: 1, entries: long }] }
    const refused = await importRoom(big)
    expect(refused.created).toMatchObject({
      status: 413,
      error: expect.stringMatching(
        new RegExp(`^pastFights\\[0\\]: \\d+ bytes, over the ${MAX_IMPORTED_BYTES}`),
      ),
    })
    expect(refused.room.info()).toBeNull()
    // Seven fights of a megabyte each: each fits, together over the 8 MiB one import takes.
    const mb = Array.from({ length: 1100 }, (_, i) => entry(`e${i}`, 1, { detail: 'y'.repeat(900) }))
    const many = { ...exported(), pastFights: Array(9).fill({ endedAt: 1, rounds: 1, entries: mb }) }
    const over = await importRoom(many)
    expect(over.created).toMatchObject({
      status: 413,
      error: expect.stringMatching(/over the 8388608 one import takes/),
    })
  })
})
