import {
  GM,
  LOG,
  type LogEntry,
  type LogSecret,
  type PendingDefense,
  type RequestResult,
  SEAT,
  TABLE,
  type TurnState,
} from '@fray/protocol'
import { defaultSheetFor, type Fighter, SYSTEMS } from '@fray/rules'
import * as decoding from 'lib0/decoding'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, TestClient, takeSeat } from './ws-client.ts'

/** Every value (numbers, and numbers said in words) in the Yjs updates of the frames a client received. */
function valuesReceived(client: TestClient): { numbers: Set<number>; words: string[] } {
  const numbers = new Set<number>()
  const words: string[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'number') numbers.add(value)
    else if (typeof value === 'string') words.push(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  for (const frame of client.frames()) {
    const decoder = decoding.createDecoder(frame)
    if (decoding.readVarUint(decoder) !== 0) continue
    // Sync step 2 and updates both carry an update; step 1 carries a state vector.
    if (decoding.readVarUint(decoder) === 0) continue
    for (const struct of Y.decodeUpdate(decoding.readVarUint8Array(decoder)).structs) {
      const content = (struct as { content?: { arr?: unknown[]; str?: string; content?: unknown } }).content
      walk(content?.arr ?? content?.str ?? [])
    }
  }
  return { numbers, words }
}

/** The first way to attack of a fighter with this sheet (none: a quick-added monster). */
function firstChoice(sheet?: Record<string, unknown>) {
  const f: Fighter = {
    id: 'x',
    name: 'x',
    side: sheet ? 'pc' : 'foe',
    hp: 1,
    maxHp: 1,
    state: {},
    ...(sheet ? { sheet } : {}),
  }
  const choices = SYSTEMS.osr.combat.choices(f)
  if (!choices.ok) throw new Error(choices.error)
  return { choice: choices.value[0]?.id ?? '', toggles: [] }
}

/** A room in a system with two players on phones, each reading the table and the log as a phone does. */
async function room(system: 'osr') {
  const { roomId, gmKey } = await createRoom(system)
  const gmTable = await TestClient.connect(roomId, 'table', gmKey, 'protocol')
  const gm = await TestClient.connect(roomId, 'gm', gmKey, 'protocol')
  let n = 0
  const gmAsk = async (request: Record<string, unknown>) => {
    const id = `gm-${++n}`
    gm.doc.getArray(GM.requests).push([{ id, ...request }])
    await eventually(() => answersOf(gm.doc).has(id), String(request.kind), 3000)
    return answersOf(gm.doc).get(id) as RequestResult
  }
  const player = async (name: string) => {
    const seat = await takeSeat(roomId, name)
    const phone = {
      seat: await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey),
      table: await TestClient.connect(roomId, 'table'),
      log: await TestClient.connect(roomId, 'log'),
    }
    const results = answersOf(phone.seat.doc)
    const ask = async (request: Record<string, unknown>) => {
      const id = `${request.kind}-${++n}`
      phone.seat.doc.getArray(SEAT.requests).push([{ id, at: 0, ...request }])
      await eventually(() => results.has(id), `${name}: ${String(request.kind)}`, 3000)
      return results.get(id) as RequestResult
    }
    const created = await ask({ kind: 'create-character', sheet: defaultSheetFor(system, name) })
    if (!created.ok) throw new Error(created.error)
    return { ...phone, ask, id: created.logId, declared: firstChoice(defaultSheetFor(system, name)) }
  }
  return { gmTable, gm, gmAsk, player }
}

/** A monster the GM's tablet adds while players see no hit points: its hit points go to the gm document. */
function addHiddenFoe(gmTable: TestClient, gm: TestClient, id: string, name: string, hp: number) {
  gm.doc.transact(() => {
    const secret = new Y.Map<unknown>()
    gm.doc.getMap(GM.foeSecrets).set(id, secret)
    secret.set('hp', hp)
    secret.set('maxHp', hp)
  })
  gmTable.doc.transact(() => {
    const fields = new Y.Map<unknown>()
    gmTable.doc.getMap(TABLE.combatants).set(id, fields)
    fields.set('name', name)
    fields.set('side', 'foe')
  })
}

describe('what players see of monsters: a word, not hit points', () => {
  // 'word': players read Unhurt, then Hurt; 'none': nothing at all until the monster is down.
  it.each([
    { shown: 'word', before: 'Unhurt', after: 'Hurt' },
    { shown: 'none', before: undefined, after: undefined },
  ] as const)(
    'sends two players no byte holding a monster’s hit points through a whole fight, and the GM all of them ($shown)',
    {
      timeout: 30_000,
    },
    async ({ shown, before, after }) => {
      const { gmTable, gm, gmAsk, player } = await room('osr')
      gmTable.doc.getMap(TABLE.settings).set('foeHealth', shown)
      const phones = [await player('Mira'), await player('Tomas')]
      // Hit points no die, sheet or clock of this fight comes near: any of them in a frame is a leak.
      addHiddenFoe(gmTable, gm, 'ogre', 'Ogre', 4711)
      const truth = () => gm.doc.getMap<Y.Map<unknown>>(GM.foeSecrets).get('ogre')?.get('hp') as number
      const seen = new Set<number>([4711])
      gm.doc.getMap(GM.foeSecrets).observeDeep(() => seen.add(truth()))
      const health = (c: TestClient) =>
        c.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')?.get('health') as string | undefined
      const onTable = (c: TestClient) => c.doc.getMap(TABLE.combatants).has('ogre')
      for (const phone of phones)
        await eventually(() => onTable(phone.table) && health(phone.table) === before, 'the word')

      const turn = () => Object.fromEntries(gmTable.doc.getMap(TABLE.turn).entries()) as unknown as TurnState
      const answerPrompts = async () => {
        for (const prompt of [...gmTable.doc.getMap<PendingDefense>(TABLE.prompts).values()]) {
          const phone = phones.find((p) => p.id === prompt.targetId)
          const choice = prompt.options[0]?.id ?? ''
          if (phone) await phone.ask({ kind: 'defend', promptId: prompt.id, choice })
        }
      }
      expect((await gmAsk({ kind: 'start-combat' })).ok).toBe(true)
      for (const phone of phones) await phone.ask({ kind: 'initiative' })
      await gmAsk({ kind: 'roll-foes' })
      // Two rounds or more, until the Ogre is hurt: each player attacks it on their turn, and once hurt it
      // attacks each player on its own (not before: two players it felled first could never hurt it).
      for (let step = 0; step < 120 && (turn().round < 3 || seen.size < 2); step++) {
        const t = turn()
        if (t.status === 'initiative') {
          for (const phone of phones) await phone.ask({ kind: 'initiative' })
          await gmAsk({ kind: 'roll-foes' })
          continue
        }
        const acting = t.acting ?? []
        const phone = phones.find((p) => acting.includes(p.id))
        if (phone) {
          await phone.ask({ kind: 'attack', targetId: 'ogre', declared: phone.declared })
          await answerPrompts()
          await phone.ask({ kind: 'end-turn' })
        } else {
          for (const target of seen.size < 2 ? [] : phones)
            await gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: target.id, declared: firstChoice() })
          await answerPrompts()
          await gmAsk({ kind: 'next-turn' })
        }
      }
      // The GM heals the Ogre on the tablet: the hit points change in the gm document only.
      gm.doc.getMap<Y.Map<unknown>>(GM.foeSecrets).get('ogre')?.set('hp', 4700)
      await eventually(() => seen.has(4700), 'the heal')

      expect(seen.size, 'the Ogre was hurt, then healed').toBeGreaterThan(2)
      const log = phones[0]?.log.doc.getArray<LogEntry>(LOG.entries).toArray() ?? []
      expect(log.some((e) => e.kind === 'attack' && e.attack?.targetId === 'ogre')).toBe(true)
      for (const phone of phones) {
        await eventually(() => health(phone.table) === after, 'the Ogre hurt, in words')
        // The reading works: the player's own hit points are in the frames, as they should be.
        const own = phone.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(phone.id)?.get('maxHp')
        expect(valuesReceived(phone.table).numbers.has(own as number)).toBe(true)
        for (const client of [phone.table, phone.log, phone.seat]) {
          const { numbers, words } = valuesReceived(client)
          for (const hp of seen) {
            expect(numbers.has(hp), `${hp} in a frame`).toBe(false)
            expect(words.filter((w) => new RegExp(`\\b${hp}\\b`).test(w))).toEqual([])
          }
        }
      }
      // The GM's tablet has every figure: the Ogre's hit points, and the log's lines and changes for it.
      expect(truth()).toBe(4700)
      const secrets = [...gm.doc.getMap<LogSecret>(GM.logSecrets).values()]
      expect(secrets.some((s) => s.changes.ogre?.after.hp !== undefined)).toBe(true)
    },
  )

  it('moves hit points off the table when the GM hides them, and back when the GM shows them', async () => {
    const { gmTable, gm, player } = await room('osr')
    const phone = await player('Mira')
    const ogre = new Y.Map<unknown>()
    gmTable.doc.getMap(TABLE.combatants).set('ogre', ogre)
    for (const [k, v] of Object.entries({ name: 'Ogre', side: 'foe', hp: 12, maxHp: 30 })) ogre.set(k, v)
    const fields = () => phone.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')
    await eventually(() => fields()?.get('hp') === 12, 'the Ogre on the phone')

    gmTable.doc.getMap(TABLE.settings).set('foeHealth', 'none')
    await eventually(() => fields()?.has('hp') === false, 'hit points gone from the table')
    expect(fields()?.has('maxHp')).toBe(false)
    expect(fields()?.has('health')).toBe(false)
    expect(gm.doc.getMap<Y.Map<unknown>>(GM.foeSecrets).get('ogre')?.toJSON()).toMatchObject({
      hp: 12,
      maxHp: 30,
    })
    // Mira's own hit points stay on the table: only monsters' are hidden.
    expect(fields()?.doc?.getMap<Y.Map<unknown>>(TABLE.combatants).get(phone.id)?.get('hp')).toBeGreaterThan(
      0,
    )

    // Down is what a table sees anyway: it shows, even with nothing else shown.
    gm.doc.getMap<Y.Map<unknown>>(GM.foeSecrets).get('ogre')?.set('hp', 0)
    await eventually(() => fields()?.get('health') === 'Down', 'Down')
    // And what the rules say of him at 0 in osr, on every phone, though no attack put him there.
    await eventually(() => JSON.stringify(fields()?.get('status')) === '["Dead"]', 'his Dead chip')

    gmTable.doc.getMap(TABLE.settings).set('foeHealth', 'exact')
    await eventually(() => fields()?.get('hp') === 0 && fields()?.get('maxHp') === 30, 'hit points back')
    expect(fields()?.has('health')).toBe(false)
    await eventually(() => !gm.doc.getMap(GM.foeSecrets).has('ogre'), 'the gm document forgets them')
  })
})
