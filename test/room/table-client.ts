/**
 * A room for the workerd tests of attacks and turns: one player character (Mira, on her own seat), one
 * monster (the Ogre) and the GM, each request waited for until the room answers it.
 */
import { LOG, type LogEntry, type PendingDefense, TABLE } from '@fray/protocol'
import { defaultSheetFor, type Fighter, type SystemId, type TurnState } from '@fray/rules'
import * as Y from 'yjs'
import { createRoom, eventually, gmAsker, seatAsker, TestClient, takeSeat } from './ws-client.ts'

/**
 * A room of `system` with the table, the GM's tablet and the log connected, and Mira seated on her own
 * phone with a character of `sheet`: her id, and her requests and the GM's, each waited for.
 */
export async function seatedMira(system: SystemId, sheet: Record<string, unknown>) {
  const { roomId, gmKey } = await createRoom(system)
  const table = await TestClient.connect(roomId, 'table', gmKey)
  const gm = await TestClient.connect(roomId, 'gm', gmKey)
  const log = await TestClient.connect(roomId, 'log')
  const seat = await takeSeat(roomId, 'Mira')
  const phone = await TestClient.connect(roomId, `seat:${seat.seatId}`, seat.seatKey)
  const ask = seatAsker(phone)
  const gmAsk = gmAsker(gm)
  const created = await ask({ kind: 'create-character', sheet })
  if (!created.ok) throw new Error(created.error)
  return { roomId, table, gm, log, ask, gmAsk, mira: created.logId }
}

/** A room with one player character (Mira, on her own seat) and one monster, and a GM. */
export async function table(system: SystemId) {
  const {
    roomId,
    table: tableClient,
    gm,
    log,
    ask,
    gmAsk,
    mira,
  } = await seatedMira(system, defaultSheetFor(system, 'Mira'))
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
  return { mira, ask, gmAsk, fighter, entries, prompts, table: tableClient, gm, roomId }
}

/** Dice that replay the faces the room logged, in order. */
export const replay = (rolls: NonNullable<LogEntry['rolls']>) => {
  const queue = rolls.map((r) => r.face)
  return (sides: number) => {
    const face = queue.shift()
    if (face === undefined) throw new Error(`the room rolled fewer dice than a d${sides}`)
    return face
  }
}

/**
 * Plays the round on until `until` holds: Mira rolls her initiative and ends her turns, the GM rolls for
 * the monsters and moves the turn on (at most 100 steps).
 */
export async function playTo(t: Awaited<ReturnType<typeof table>>, until: () => boolean): Promise<void> {
  const turn = () => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState
  for (let i = 0; i < 100 && !until(); i++) {
    const waiting = turn().waiting ?? {}
    if (waiting[t.mira] === 'initiative') await t.ask({ kind: 'initiative' })
    else if (Object.keys(waiting).length > 0) await t.gmAsk({ kind: 'roll-foes' })
    else if ((turn().acting ?? []).includes(t.mira)) await t.ask({ kind: 'end-turn' })
    else await t.gmAsk({ kind: 'next-turn' })
  }
}

/** osr: a flask of oil as a sheet carries it (17.0.10). */
/**
 * The GM's Ogre strikes Mira with the GM's own dice until she is down: where she is asked, she answers
 * `answer` (no parry, letting it come). The log id of the blow.
 */
export async function ogreFellsMira(
  t: Awaited<ReturnType<typeof table>>,
  declared: { choice: string; toggles: string[] },
  faces: number[],
  answer: string,
): Promise<string> {
  const struck = await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared, faces })
  if (!struck.ok) throw new Error(struck.error)
  await eventually(
    () => t.prompts().some((p) => p.id === struck.logId) || t.fighter(t.mira).hp <= 0,
    'the blow or its prompt',
  )
  if (t.prompts().some((p) => p.id === struck.logId)) {
    const answered = await t.ask({ kind: 'defend', promptId: struck.logId, choice: answer })
    if (!answered.ok) throw new Error(answered.error)
  }
  await eventually(() => t.fighter(t.mira).hp <= 0, 'Mira felled')
  return struck.logId
}

export { OIL_FLASK } from '../../packages/rules/src/systems/osr/test-support.ts'
