/**
 * `npm run bench`: runs every bench in this folder and prints its figures. BENCH_ONLY=dice,size,cpu,join,fight,taps,load,long
 * picks some (taps: a phone slowed 4x); BENCH_SYSTEMS=brp,zones the systems of the whole-fight and taps benches; BENCH_ROOMS, BENCH_CLIENTS, BENCH_SECONDS, BENCH_THREADS and BENCH_ROUNDS shape the load bench.
 * BENCH_STATE=/dev/shm keeps the dev server's storage there; BENCH_DIRECT=1 runs the load once more on the app's
 * own workerd port (past wrangler's dev proxy).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { SYSTEM_IDS } from '@fray/rules'
import { launchBrowser } from '../support/browser.ts'
import { startDevServer } from '../support/dev-server.ts'
import { benchAttackCpu, benchAttackCpuInWorkerd, printAttackCpu } from './attack-cpu.ts'
import { benchAttackCpuBeforeAfter, printBeforeAfter } from './attack-cpu-base.ts'
import { runDiceBench } from './dice.bench.ts'
import { benchFirstLoad, printFirstLoad } from './first-load.ts'
import { appOwnUrl } from './inside.ts'
import {
  type LoadResult,
  loadFray,
  loadOptions,
  loadRelay,
  pooled,
  printLoad,
  printRatio,
  printRounds,
  printTargets,
} from './load.ts'
import { benchLongSession } from './long-session.ts'
import { fightSizes, firstLoadSize, printFightSizes, printFirstLoadSize } from './size-budget.ts'
import { benchTaps, paintFloor, printTaps, type TapRun } from './taps.ts'
import { benchWholeFight, printWholeFight, type WholeFight } from './whole-fight.ts'

/** Waits (up to a minute) until the dev server answers again, e.g. after it rebuilt the worker. */
async function serverAnswers(url: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const status = await fetch(`${url}/api/rooms/none`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 404) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer for a minute`)
}

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wants = (name: string) => !only || only.includes(name)

if (wants('dice')) runDiceBench()
if (wants('cpu')) {
  printAttackCpu(SYSTEM_IDS.map((system) => benchAttackCpu(system)))
  printAttackCpu(benchAttackCpuInWorkerd(), "the room's own Durable Object in workerd, its SQLite included")
  // BENCH_BASE=<git ref>: the same attacks on a build of that commit too, before and after in one run.
  const base = process.env.BENCH_BASE
  if (base) printBeforeAfter(base, benchAttackCpuBeforeAfter(base))
}
if (wants('size')) {
  printFirstLoadSize(firstLoadSize())
  printFightSizes(fightSizes())
}

if (wants('join') || wants('fight') || wants('taps') || wants('load')) {
  const options = loadOptions()
  firstLoadSize() // the dev server serves app/dist: fail early, with the command, when it is not built
  const stateDir = process.env.BENCH_STATE ? mkdtempSync(join(process.env.BENCH_STATE, 'fray-state-')) : null
  const server = await startDevServer(stateDir ? { persistDir: stateDir } : {})
  const rounds: Array<{ fray: LoadResult; relay: LoadResult }> = []
  // BENCH_DIRECT=1: in each round, Fray once more on the app's own port, paired with that round's relay.
  const directRounds: Array<{ fray: LoadResult; relay: LoadResult }> = []
  try {
    if (wants('join')) printFirstLoad(await benchFirstLoad(server.url))
    if (wants('fight')) {
      const browser = await launchBrowser()
      const runs: WholeFight[] = []
      try {
        for (const system of process.env.BENCH_SYSTEMS?.split(',') ?? SYSTEM_IDS)
          runs.push(await benchWholeFight(browser, server.url, system))
      } finally {
        await browser.close()
      }
      printWholeFight(runs)
    }
    if (wants('taps')) {
      const browser = await launchBrowser()
      const runs: TapRun[] = []
      let floor: number[] = []
      try {
        floor = await paintFloor(browser)
        for (const system of process.env.BENCH_SYSTEMS?.split(',') ?? SYSTEM_IDS)
          runs.push(await benchTaps(browser, server.url, system))
      } finally {
        await browser.close()
      }
      printTaps(runs, floor)
    }
    // Fray then the relay, in turn: the dev server stays up (idle) while the relay runs, so both see the
    // machine alike.
    for (let round = 1; wants('load') && round <= options.rounds; round++) {
      let fray: LoadResult | undefined
      // A reload of the worker mid-run (someone saved a source file) drops every socket: run again, twice at most.
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          fray = await loadFray(server, options)
          if (fray.reloads === 0) break
          console.log(
            `load: wrangler dev reloaded the worker during attempt ${attempt} (a source file changed)`,
          )
        } catch (error) {
          if (attempt === 3) throw error
          console.log(`load: attempt ${attempt} failed (${(error as Error).message}); once more`)
        }
        await serverAnswers(server.url)
      }
      if (!fray) continue
      const direct =
        process.env.BENCH_DIRECT === '1'
          ? await loadFray({ ...server, url: await appOwnUrl(server.port) }, options)
          : null
      const relay = await loadRelay(options)
      rounds.push({ fray, relay })
      if (direct) directRounds.push({ fray: direct, relay })
    }
  } finally {
    await server.stop()
    if (stateDir) rmSync(stateDir, { recursive: true, force: true })
  }
  if (rounds.length > 0) {
    const fray = pooled(rounds.map((r) => r.fray))
    const relay = pooled(rounds.map((r) => r.relay))
    const threads = options.threads === 0 ? 'on the main thread' : `in ${options.threads} worker thread(s)`
    console.log(
      `load: ${options.rooms} rooms x ${options.clients} clients, one result a second per room for ` +
        `${options.seconds} s, stock y-websocket providers in Node ${threads}, presence ` +
        `${options.presence ? 'on (as stock)' : 'off'}; ` +
        (rounds.length > 1 ? `${rounds.length} rounds of each, pooled` : 'one round of each'),
    )
    printLoad(
      fray,
      options,
      'fray (wrangler dev): roll request in seat:<id> -> server log entry on all log clients',
    )
    printLoad(
      relay,
      options,
      'bare relay (@y/websocket-server 0.1.1): one update -> all other clients of the doc',
    )
    printRatio(fray, relay)
    if (rounds.length > 1) printRounds(rounds)
    printTargets(fray)
    if (directRounds.length > 0) {
      const direct = pooled(directRounds.map((r) => r.fray))
      printLoad(
        direct,
        options,
        'fray on the app’s own workerd port (past wrangler’s dev proxy), same traffic',
      )
      printRatio(direct, relay)
      if (directRounds.length > 1) printRounds(directRounds, 'Fray on its own port')
    }
  }
}

if (wants('long')) await benchLongSession()

// Every figure is printed: end here, rather than wait on a handle some client library keeps open (the
// long-session bench otherwise left the process running for good).
process.exit(0)
