/** The GM's hit points by request, over real connections: two devices' taps both count, offline ones too. */
import { GM, TABLE } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { createRoom, eventually, TestClient } from './ws-client.ts'

/** A room with a 13 hit point bandit, put on the table as the GM's tablet does. */
async function roomWithBandit() {
  const { roomId, gmKey } = await createRoom('osr')
  const setup = await TestClient.connect(roomId, 'table', gmKey, 'protocol')
  setup.doc.transact(() => {
    const fields = new Y.Map<unknown>()
    setup.doc.getMap<Y.Map<unknown>>(TABLE.combatants).set('bandit', fields)
    for (const [k, v] of Object.entries({ name: 'Bandit', side: 'foe', hp: 13, maxHp: 13 })) fields.set(k, v)
  })
  /** One GM device: its table and its gm document, each on a connection of its own. */
  const device = async () => ({
    table: await TestClient.connect(roomId, 'table', gmKey, 'protocol'),
    gm: await TestClient.connect(roomId, 'gm', gmKey, 'protocol'),
  })
  const hpOn = (client: TestClient) =>
    client.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('bandit')?.get('hp')
  await eventually(() => hpOn(setup) === 13, 'the bandit on the table')
  return { roomId, gmKey, device, hpOn }
}

describe('the GM’s hit points by request', () => {
  it('two GM devices each taking 5 off 13 at once both see 3', async () => {
    const { device, hpOn } = await roomWithBandit()
    const [one, two] = [await device(), await device()]
    await eventually(() => hpOn(one.table) === 13 && hpOn(two.table) === 13, 'both devices hold the bandit')
    one.gm.doc.getArray(GM.requests).push([{ id: 'one', kind: 'hp', combatantId: 'bandit', delta: -5 }])
    two.gm.doc.getArray(GM.requests).push([{ id: 'two', kind: 'hp', combatantId: 'bandit', delta: -5 }])
    await eventually(() => hpOn(one.table) === 3 && hpOn(two.table) === 3, 'both devices at 3')
    await eventually(() => answersOf(one.gm.doc).has('two') && answersOf(two.gm.doc).has('one'), 'answers')
    expect(answersOf(one.gm.doc).get('one')).toEqual({ ok: true, logId: 'one' })
    expect(answersOf(two.gm.doc).get('two')).toEqual({ ok: true, logId: 'two' })
  })

  it('an offline GM’s edit survives another device’s edit made meanwhile', async () => {
    const { roomId, gmKey, device, hpOn } = await roomWithBandit()
    const online = await device()
    // The tablet held the gm document, lost the network and took 5 off while offline.
    const first = await TestClient.connect(roomId, 'gm', gmKey, 'protocol')
    const offline = new Y.Doc()
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(first.doc))
    first.close()
    offline.getArray(GM.requests).push([{ id: 'late', kind: 'hp', combatantId: 'bandit', delta: -5 }])
    // Meanwhile the other device takes 3.
    online.gm.doc.getArray(GM.requests).push([{ id: 'now', kind: 'hp', combatantId: 'bandit', delta: -3 }])
    await eventually(() => hpOn(online.table) === 10, 'the online device’s -3')
    // Back online: its queued request resolves once, against what the table holds then.
    const back = await TestClient.connect(roomId, 'gm', gmKey, 'protocol')
    Y.applyUpdate(back.doc, Y.encodeStateAsUpdate(offline))
    await eventually(() => hpOn(online.table) === 5, 'the offline -5 on top of the -3')
    await eventually(() => answersOf(back.doc).has('late'), 'the answer to the offline request')
    // Sent again (a second reconnect), it is not taken twice.
    const again = await TestClient.connect(roomId, 'gm', gmKey, 'protocol')
    Y.applyUpdate(again.doc, Y.encodeStateAsUpdate(offline))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(hpOn(online.table)).toBe(5)
  })
})
