/**
 * Seeded fuzzing of a live room: thousands of malformed, truncated, oversized and random frames from
 * hostile connections, while an honest GM and player keep working. Re-run one seed with FUZZ_SEED=<n>.
 */
import { env } from 'cloudflare:test'
import { TABLE } from '@fray/protocol'
import { seededDice } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { MAX_MESSAGE_BYTES } from '../../worker/src/room/y-host.ts'
import { createRoom, eventually, TestClient, takeSeat, varUint } from './ws-client.ts'

const knobs = env as unknown as { FUZZ_FRAMES?: string; FUZZ_SEED?: string }
/** `npm test` sends 2,000 frames; `npm run fuzz` 100,000 (FUZZ_FRAMES). */
const framesFromEnv = Number(knobs.FUZZ_FRAMES || Number.NaN)
const FRAMES = Number.isInteger(framesFromEnv) && framesFromEnv > 0 ? framesFromEnv : 2000
const seedFromEnv = Number(knobs.FUZZ_SEED || Number.NaN)
const SEED = Number.isInteger(seedFromEnv) ? seedFromEnv : 20261122

describe(`fuzzing a live room (seed ${SEED})`, () => {
  it(
    'keeps serving its honest clients and keeps every update accepted before the fuzzing',
    async () => {
      console.log(`fuzz seed ${SEED} (re-run with FUZZ_SEED=${SEED})`)
      const rng = seededDice(SEED)
      const int = (max: number) => rng.roll(max) - 1 // 0..max-1
      const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256))

      const { roomId, gmKey } = await createRoom()
      const seat = await takeSeat(roomId, 'Mira')
      const gm = await TestClient.connect(roomId, 'table', gmKey)
      const combatants = gm.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
      for (let i = 0; i < 20; i++) {
        const fields = new Y.Map<unknown>()
        combatants.set(`before-${i}`, fields)
        fields.set('hp', i)
      }
      const honestReader = await TestClient.connect(roomId, 'table')
      await eventually(
        () => honestReader.doc.getMap(TABLE.combatants).size === 20,
        'the updates before the fuzzing',
      )
      const validUpdate = Y.encodeStateAsUpdate(gm.doc)

      const makeFrame = (): Uint8Array => {
        switch (int(8)) {
          case 0:
            return bytes(1 + int(64)) // random bytes
          case 1:
            return Uint8Array.of(0, int(4), ...bytes(int(32))) // sync header, random body
          case 2:
            return Uint8Array.of(0, 2, 200, 1, ...validUpdate.slice(0, int(validUpdate.length))) // truncated update
          case 3:
            return Uint8Array.of(1, ...bytes(int(48))) // garbage awareness
          case 4:
            return Uint8Array.of(int(256), ...bytes(int(8))) // unknown message type
          case 5:
            return new Uint8Array(0) // empty
          case 6:
            return int(20) === 0 ? new Uint8Array(MAX_MESSAGE_BYTES + 1 + int(1000)) : Uint8Array.of(3) // oversized, rarely
          default: {
            // A valid-looking update with flipped bytes.
            const copy = validUpdate.slice()
            for (let k = 0; k < 3; k++) copy[int(copy.length)] = int(256)
            return Uint8Array.of(0, 2, ...varUint(copy.length), ...copy)
          }
        }
      }

      // A GM key may rightly change or delete anything on the table (a bit-flipped update can carry a
      // delete set: 100,000 frames once emptied a combatant that way), so hostile frames under the GM key
      // go to the gm document; no key and a seat key try every document.
      const keys = [undefined, seat.seatKey]
      const docs = ['table', 'log', 'gm', `seat:${seat.seatId}`]
      let attacker: TestClient | null = null
      let closedWith4xxx = 0
      for (let sent = 0; sent < FRAMES; ) {
        if (!attacker) {
          const doc = docs[int(docs.length)] as string
          const key = doc === 'gm' ? gmKey : keys[int(keys.length)]
          const response = await TestClient.open(roomId, doc, key)
          if (response.status !== 101) continue // refused at the door: fine, pick another
          const ws = response.webSocket as WebSocket
          ws.accept()
          attacker = TestClient.wrap(ws)
          const current = attacker
          current.closed.then(({ code }) => {
            if (code >= 4000) closedWith4xxx++
            if (attacker === current) attacker = null
          })
        }
        try {
          attacker.send(makeFrame())
        } catch {
          attacker = null
        }
        sent++
        // Then a query the room always answers: the next frame meets a live connection, or a closed one.
        if (attacker) {
          const current: TestClient = attacker
          const answered = current.nextMessage()
          try {
            current.send(Uint8Array.of(3))
          } catch {
            attacker = null
          }
          await Promise.race([current.closed, answered, new Promise((resolve) => setTimeout(resolve, 1000))])
        }
      }

      // The honest GM still writes, and the honest player still sees it.
      const after = new Y.Map<unknown>()
      combatants.set('after', after)
      after.set('hp', 99)
      await eventually(
        () => honestReader.doc.getMap(TABLE.combatants).has('after'),
        'an update after the fuzzing',
        3000,
      )
      const fresh = await TestClient.connect(roomId, 'table')
      const state = fresh.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
      const seen = (map: Y.Map<Y.Map<unknown>>, key: string) => {
        const v = map.get(key) as unknown
        return v instanceof Y.Map ? JSON.stringify(v.toJSON()) : String(v)
      }
      for (let i = 0; i < 20; i++) {
        const key = `before-${i}`
        const honest = seen(honestReader.doc.getMap<Y.Map<unknown>>(TABLE.combatants), key)
        expect(
          state.get(key)?.get('hp'),
          `${key}: a new client has ${seen(state, key)}, the honest reader ${honest}`,
        ).toBe(i)
      }
      expect(state.get('after')?.get('hp')).toBe(99)
      console.log(`${FRAMES} frames, ${closedWith4xxx} hostile connections closed with a 4xxx code`)
      expect(closedWith4xxx).toBeGreaterThan(100)
    },
    Math.max(120_000, FRAMES * 50),
  )
})
