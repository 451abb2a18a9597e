/**
 * The room's CPU per attack inside workerd (`npm run bench` runs this file: BENCH_ONLY=cpu): the room's
 * own Durable Object resolves 1,000 GM attacks over its documents, each update stored in its SQLite, timed
 * with the runtime's clock. The attacks are test/bench/attacks.ts's, which attack-cpu.ts also times in Node.
 */
import { env, runInDurableObject } from 'cloudflare:test'
import type { DocName } from '@fray/protocol'
import { SYSTEM_IDS } from '@fray/rules'
import { expect, it } from 'vitest'
import type { EncounterRoom } from '../../worker/src/room/encounter-room.ts'
import type { YHost } from '../../worker/src/room/y-host.ts'
import { driveAttacks, WORKERD_LINE } from '../bench/attacks.ts'
import { createRoom } from './ws-client.ts'

/**
 * The runtime's clock moves in 1 ms steps while code runs; summed over a thousand attacks of a fraction
 * of a millisecond each, the steps even out.
 */
const clock = (work: () => void) => {
  const start = performance.now()
  work()
  return (performance.now() - start) * 1000
}

for (const system of SYSTEM_IDS) {
  it(`times the attacks of ${system} in the room's own Durable Object`, async () => {
    const { roomId } = await createRoom(system)
    const stub = env.ROOMS.get(env.ROOMS.idFromName(roomId))
    const run = await runInDurableObject(stub, (room: EncounterRoom) => {
      // The room's own parts, as a GM's accepted update reaches them (no socket in between).
      const inside = (room as unknown as { room: { host: YHost; changed(doc: DocName): void } }).room
      const { table, log, gm } = inside.host.docs()
      return driveAttacks(system, { table, log, gm }, () => inside.changed('gm'), clock)
    })
    expect(run.microsPerAttack).toBeGreaterThan(0)
    console.log(`${WORKERD_LINE} ${JSON.stringify(run)}`)
  }, 120_000)
}
