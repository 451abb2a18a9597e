/**
 * The room's CPU per attack (`BENCH_ONLY=cpu npm run bench`), on the attacks of attacks.ts:
 *
 * - in Node (`benchAttackCpu`): the table room the worker runs (worker/src/room/table-room.ts) over plain
 *   Yjs documents, as the simulator plays it, timed with the process's own CPU clock;
 * - in workerd (`benchAttackCpuInWorkerd`, test/worker/attack-cpu.workerd.ts through the Cloudflare Vitest
 *   integration): the room's own Durable Object resolving each request over its documents, every update
 *   stored in its SQLite, timed with the runtime's clock. Sockets are in neither (see the load bench).
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type SystemId, seededDice } from '@fray/rules'
import * as Y from 'yjs'
import { processedInMemory, TableRoom } from '../../worker/src/room/table-room.ts'
import { type AttackCpu, driveAttacks, WORKERD_LINE } from './attacks.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The table room in Node over plain Yjs documents, timed with the process's CPU clock. */
export function benchAttackCpu(system: SystemId, attacks = 1000): AttackCpu {
  const docs = { table: new Y.Doc(), log: new Y.Doc(), gm: new Y.Doc() }
  let ids = 0
  const room = new TableRoom({
    system,
    docs: { ...docs, seat: () => new Y.Doc(), past: () => new Y.Doc() },
    dice: seededDice(2026),
    processed: processedInMemory(),
    seatName: () => null,
    newId: () => `n${++ids}`,
  })
  const cpuTime = (work: () => void) => {
    const start = process.cpuUsage()
    work()
    const used = process.cpuUsage(start)
    return used.user + used.system
  }
  return driveAttacks(system, docs, () => room.resolveGm(), cpuTime, attacks)
}

export function printAttackCpu(runs: AttackCpu[], where = 'the table room in Node'): void {
  console.log(
    `room CPU per attack (${where}, ${runs[0]?.attacks ?? 0} GM attacks with their defenses): ${runs
      .map((r) => `${r.system} ${Math.round(r.microsPerAttack)} µs`)
      .join(', ')}`,
  )
}

/** Runs test/worker/attack-cpu.workerd.ts in workerd and reads the figures it prints. */
export function benchAttackCpuInWorkerd(): AttackCpu[] {
  const run = spawnSync(
    `${ROOT}node_modules/.bin/vitest`,
    ['run', '--config', 'test/worker/vitest.config.mts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        FRAY_WORKERD_BENCH: '1',
        WRANGLER_SEND_METRICS: 'false',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
    },
  )
  const runs = [...run.stdout.matchAll(new RegExp(`${WORKERD_LINE} (\\{[^\\n]*\\})`, 'g'))].map(
    (m) => JSON.parse(m[1] as string) as AttackCpu,
  )
  if (run.status !== 0 || runs.length === 0)
    throw new Error(
      `the room's attacks in workerd did not run (exit ${run.status}):\n${run.stdout}${run.stderr}`,
    )
  return runs
}
