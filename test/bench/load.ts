/**
 * Load bench: R rooms x C stock Yjs providers against `wrangler dev`, one player per room rolling once a
 * second, timed from the request to the result on every client of the room; then the same traffic shape
 * against a bare y-websocket relay, and the ratio of the two.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { DevServer } from '../support/dev-server.ts'
import {
  type ClientJob,
  type ClientMessage,
  type ClientResult,
  type ControlMessage,
  type FrayRoom,
  runClients,
} from './load-clients.ts'
import { startRelay } from './relay.ts'
import { median, ms, percentile } from './stats.ts'
import { nextMessage, startTsWorker } from './threads.ts'

/** The acceptance targets of the load bench (issue 13). */
export const TARGETS = { p95Ms: 50, p99Ms: 100 } as const

export interface LoadOptions {
  rooms: number
  clients: number
  seconds: number
  /** Worker threads the clients run in; 0 runs them on the bench's main thread. */
  threads: number
  /** Whether the providers announce presence, as stock providers do (BENCH_PRESENCE=off clears it). */
  presence: boolean
  /**
   * Fray then the relay, this many times in turn (BENCH_ROUNDS), so that both see the machine as it is
   * at the time: one pair's p95 ratio swings with what else the VM does, the median of several less.
   */
  rounds: number
}

/** R, C, seconds, threads and rounds from BENCH_ROOMS, BENCH_CLIENTS, BENCH_SECONDS, BENCH_THREADS and BENCH_ROUNDS. */
export function loadOptions(env = process.env): LoadOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name])
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`)
    return value
  }
  return {
    rooms: int('BENCH_ROOMS', 100, 1),
    clients: int('BENCH_CLIENTS', 6, 2),
    seconds: int('BENCH_SECONDS', 15, 1),
    threads: int('BENCH_THREADS', 1, 0),
    rounds: int('BENCH_ROUNDS', 3, 1),
    presence: env.BENCH_PRESENCE !== 'off',
  }
}

/** One run's figures (or several pooled): the clients' own, with the run's and the machine's around them. */
export interface LoadResult extends Omit<ClientResult, 'elu' | 'loopDelayMaxMs'> {
  label: string
  /** Seconds of traffic in one run, and how many runs these figures hold (more than one when pooled). */
  seconds: number
  runs: number
  /** Event-loop utilisation of each client thread during the traffic. */
  clientElu: number[]
  /** CPU use during the traffic, in cores (1 = one core fully busy), by process or thread. */
  cpu: Array<{ what: string; cores: number }>
  /** The whole machine's CPU use during the traffic, in cores. */
  machineCores: number
  /**
   * Milliseconds per second that runnable threads waited for a CPU: the server's processes (workerd,
   * wrangler) and the bench's own (clients, relay). High values mean the machine, not the code, set the pace.
   */
  waits: { server: number; bench: number }
  /** Times `wrangler dev` rebuilt and reloaded the worker during the run (a watched file changed). */
  reloads: number
}

// --- CPU accounting from /proc (Linux) -------------------------------------------------------

const TICKS_PER_SECOND = 100

/** CPU ticks used so far by each process of a process group, by command name. */
function groupTicks(group: number): Map<string, number> {
  const out = new Map<string, number>()
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    const close = stat.lastIndexOf(')')
    const comm = stat.slice(stat.indexOf('(') + 1, close)
    const fields = stat.slice(close + 2).split(' ')
    if (Number(fields[2]) !== group) continue
    const ticks = Number(fields[11]) + Number(fields[12])
    out.set(comm, (out.get(comm) ?? 0) + ticks)
  }
  return out
}

/** Busy and total ticks of the whole machine. */
function machineTicks(): { busy: number; total: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1)
  const values = cpu.map(Number)
  const total = values.reduce((a, b) => a + b, 0)
  const idle = (values[3] ?? 0) + (values[4] ?? 0)
  return { busy: total - idle, total }
}

/** Process ids of a process group. */
function groupPids(group: number): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group
      } catch {
        return false
      }
    })
}

/**
 * Nanoseconds the threads of these processes spent runnable but waiting for a CPU (schedstat): how much
 * the machine's other work held them up.
 */
function runQueueWaitNs(pids: string[]): number {
  let total = 0
  for (const pid of pids) {
    let tasks: string[] = []
    try {
      tasks = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue
    }
    for (const task of tasks) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1])
      } catch {
        // gone meanwhile
      }
    }
  }
  return total
}

function cpuMeter(group?: number) {
  const before = group ? groupTicks(group) : new Map<string, number>()
  const machine = machineTicks()
  const serverPids = group ? groupPids(group) : []
  const waits0 = { server: runQueueWaitNs(serverPids), bench: runQueueWaitNs([String(process.pid)]) }
  const t0 = performance.now()
  return () => {
    const seconds = (performance.now() - t0) / 1000
    const after = group ? groupTicks(group) : new Map<string, number>()
    const m = machineTicks()
    const waited = (ns: number) => ns / 1e6 / seconds
    const waits = {
      server: group ? waited(runQueueWaitNs(serverPids) - waits0.server) : Number.NaN,
      bench: waited(runQueueWaitNs([String(process.pid)]) - waits0.bench),
    }
    const perProcess = [...after]
      .map(([what, ticks]) => ({
        what,
        cores: (ticks - (before.get(what) ?? 0)) / TICKS_PER_SECOND / seconds,
      }))
      .filter((p) => p.cores >= 0.01)
      .sort((a, b) => b.cores - a.cores)
    const cores = availableParallelism()
    return {
      perProcess,
      machineCores: ((m.busy - machine.busy) / (m.total - machine.total)) * cores,
      waits,
    }
  }
}

// --- running the clients ---------------------------------------------------------------------

interface ClientRun {
  ready: Promise<void>
  go(startAtEpochMs: number): void
  result: Promise<ClientResult>
  /** Ends the thread (and its sockets) whatever state it is in. */
  stop(): Promise<void>
}

function clientRun(job: ClientJob, inThread: boolean): ClientRun {
  if (!inThread) {
    let go: (at: number) => void = () => {}
    const started = new Promise<number>((resolve) => {
      go = resolve
    })
    const result = runClients(job, started)
    // On the main thread there is no 'ready' message: the start is simply queued behind the connects.
    return { ready: Promise.resolve(), go, result, stop: async () => {} }
  }
  const worker: Worker = startTsWorker(new URL('./load-clients.ts', import.meta.url), 'load-clients', job)
  const ready = nextMessage<Extract<ClientMessage, { type: 'ready' }>>(worker, 'ready')
  const result = nextMessage<Extract<ClientMessage, { type: 'result' }>>(worker, 'result')
  result.catch(() => {}) // a failure is reported once, through `ready` or when the result is awaited
  return {
    ready: ready.then(() => {}),
    go: (startAtEpochMs) => worker.postMessage({ type: 'go', startAtEpochMs } satisfies ControlMessage),
    result: result.then(({ result }) => result),
    stop: async () => {
      await worker.terminate()
    },
  }
}

/** Splits the rooms round-robin over the client threads, runs the traffic and merges what they saw. */
async function drive(
  label: string,
  options: LoadOptions,
  jobFor: (share: number[]) => ClientJob,
  measureCpu: () => () => ReturnType<ReturnType<typeof cpuMeter>>,
  extraCpu?: { mark(): void; read(): Promise<Array<{ what: string; cores: number }>> },
): Promise<LoadResult> {
  const threads = Math.max(1, options.threads)
  const shares = Array.from({ length: threads }, (_, t) =>
    Array.from({ length: options.rooms }, (_, i) => i).filter((i) => i % threads === t),
  ).filter((share) => share.length > 0)
  const runs = shares.map((share) => clientRun(jobFor(share), options.threads > 0))
  let results: ClientResult[]
  let used: ReturnType<ReturnType<typeof cpuMeter>>
  try {
    await Promise.all(runs.map((r) => r.ready))
    const startAt = Date.now() + 500
    for (const r of runs) r.go(startAt)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const cpu = measureCpu()
    extraCpu?.mark()
    results = await Promise.all(runs.map((r) => r.result))
    used = cpu()
  } finally {
    await Promise.all(runs.map((r) => r.stop()))
  }
  const extra = (await extraCpu?.read()) ?? []
  const clientCpu = results.map((r, i) => ({
    what: options.threads > 0 ? `client thread ${i + 1}` : 'clients (main thread)',
    cores: r.elu,
  }))
  return {
    label,
    sent: sum(results.map((r) => r.sent)),
    latencies: results.flatMap((r) => r.latencies),
    sentAt: results.flatMap((r) => r.sentAt),
    toServer: results.flatMap((r) => r.toServer),
    fromServer: results.flatMap((r) => r.fromServer),
    lost: sum(results.map((r) => r.lost)),
    duplicates: sum(results.map((r) => r.duplicates)),
    errors: results.flatMap((r) => r.errors),
    connections: sum(results.map((r) => r.connections)),
    connectMs: Math.max(...results.map((r) => r.connectMs)),
    seconds: options.seconds,
    runs: 1,
    clientElu: results.map((r) => r.elu),
    loopDelayP99Ms: Math.max(...results.map((r) => r.loopDelayP99Ms)),
    cpu: [...used.perProcess, ...extra, ...clientCpu],
    machineCores: used.machineCores,
    waits: used.waits,
    reloads: 0,
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/**
 * Several runs of one kind as one: every result's latency, the counts summed, CPU and waits averaged
 * (each run is the same length), and each `sentAt` kept as it was (seconds into its own run).
 */
export function pooled(runs: LoadResult[]): LoadResult {
  const first = runs[0]
  if (!first) throw new Error('pooled: no runs')
  const mean = (values: number[]) => sum(values) / values.length
  const cpu = new Map<string, number[]>()
  for (const run of runs) for (const c of run.cpu) cpu.set(c.what, [...(cpu.get(c.what) ?? []), c.cores])
  return {
    label: first.label,
    sent: sum(runs.map((r) => r.sent)),
    latencies: runs.flatMap((r) => r.latencies),
    sentAt: runs.flatMap((r) => r.sentAt),
    toServer: runs.flatMap((r) => r.toServer),
    fromServer: runs.flatMap((r) => r.fromServer),
    lost: sum(runs.map((r) => r.lost)),
    duplicates: sum(runs.map((r) => r.duplicates)),
    errors: runs.flatMap((r) => r.errors),
    connections: Math.max(...runs.map((r) => r.connections)),
    connectMs: Math.max(...runs.map((r) => r.connectMs)),
    seconds: first.seconds,
    runs: sum(runs.map((r) => r.runs)),
    clientElu: first.clientElu.map((_, i) => mean(runs.map((r) => r.clientElu[i] ?? 0))),
    loopDelayP99Ms: Math.max(...runs.map((r) => r.loopDelayP99Ms)),
    // Summed over the runs then divided by their number: a process absent from a run counts as idle there.
    cpu: [...cpu].map(([what, cores]) => ({ what, cores: sum(cores) / runs.length })),
    machineCores: mean(runs.map((r) => r.machineCores)),
    waits: { server: mean(runs.map((r) => r.waits.server)), bench: mean(runs.map((r) => r.waits.bench)) },
    reloads: sum(runs.map((r) => r.reloads)),
  }
}

/** Creates R rooms with one seat each on the dev server, a few at a time. */
async function createRooms(url: string, count: number): Promise<FrayRoom[]> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const rooms: FrayRoom[] = []
  const one = async (index: number) => {
    const { roomId } = await post<{ roomId: string }>('/api/rooms', { system: 'osr', name: `Bench ${index}` })
    const seat = await post<{ seatId: string; seatKey: string }>(`/api/rooms/${roomId}/seats`, {
      name: `Player ${index}`,
    })
    rooms[index] = { index, roomId, ...seat }
  }
  for (let i = 0; i < count; i += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => one(i + j)))
  }
  return rooms
}

/** Fray: per room one player (seat + log provider) and C-1 more log providers, on `wrangler dev`. */
export async function loadFray(server: DevServer, options: LoadOptions): Promise<LoadResult> {
  // wrangler dev watches the sources: an edit under worker/ or packages/ during the run reloads the worker
  // and drops every socket (close 1006). Counted, so such a run is not mistaken for the server's figures.
  let reloads = 0
  const onOutput = (data: Buffer) => {
    reloads += data.toString().match(/Reloading local server/g)?.length ?? 0
  }
  server.process.stdout?.on('data', onOutput)
  server.process.stderr?.on('data', onOutput)
  const rooms = await createRooms(server.url, options.rooms)
  const wsBase = `${server.url.replace(/^http/, 'ws')}/api/rooms`
  const result = await drive(
    'fray',
    options,
    (share) => ({
      kind: 'fray',
      wsBase,
      fray: share.map((i) => rooms[i] as FrayRoom),
      relay: [],
      clientsPerRoom: options.clients,
      totalRooms: options.rooms,
      durationMs: options.seconds * 1000,
      drainMs: 10_000,
      presence: options.presence,
    }),
    () => cpuMeter(server.process.pid),
  )
  server.process.stdout?.off('data', onOutput)
  server.process.stderr?.off('data', onOutput)
  return { ...result, reloads }
}

/** The bare relay: C providers of one document per room, one of them writing once a second. */
export async function loadRelay(options: LoadOptions): Promise<LoadResult> {
  const relay = await startRelay()
  try {
    return await drive(
      'relay',
      options,
      (share) => ({
        kind: 'relay',
        wsBase: relay.wsBase,
        fray: [],
        relay: share,
        clientsPerRoom: options.clients,
        totalRooms: options.rooms,
        durationMs: options.seconds * 1000,
        drainMs: 10_000,
        presence: options.presence,
      }),
      () => cpuMeter(),
      {
        mark: () => relay.mark(),
        read: async () => [{ what: 'relay thread', cores: await relay.utilization() }],
      },
    )
  } finally {
    await relay.stop()
  }
}

// --- printing --------------------------------------------------------------------------------

export function printLoad(result: LoadResult, options: LoadOptions, what: string): void {
  const l = result.latencies
  console.log(`  ${what}`)
  console.log(
    `    ${result.connections} connections synced in ${(result.connectMs / 1000).toFixed(1)} s; ` +
      `${result.sent} results sent, ${l.length} seen by all ${options.clients} clients`,
  )
  console.log(
    `    latency  p50 ${ms(percentile(l, 50))}   p95 ${ms(percentile(l, 95))}   p99 ${ms(percentile(l, 99))}` +
      `   max ${ms(percentile(l, 100))}`,
  )
  console.log(
    `    throughput ${(l.length / (result.seconds * result.runs)).toFixed(0)} results/s to ${options.clients} clients each; ` +
      `errors ${result.errors.length}, lost ${result.lost}, duplicated ${result.duplicates}`,
  )
  if (result.toServer.length > 0) {
    const split = (values: number[]) =>
      `p50 ${ms(percentile(values, 50), 0)}, p99 ${ms(percentile(values, 99), 0)}`
    console.log(
      `    split by the server's timestamp: request -> resolved ${split(result.toServer)}; ` +
        `resolved -> on every client ${split(result.fromServer)}`,
    )
  }
  const seconds = Array.from({ length: result.seconds }, (_, s) =>
    result.latencies.filter((_, i) => Math.floor((result.sentAt[i] ?? 0) / 1000) === s),
  )
  console.log(
    `    p99 by second of traffic (ms): ${seconds.map((l) => percentile(l, 99).toFixed(0)).join(' ')}`,
  )
  const counts = new Map<string, number>()
  for (const error of result.errors) counts.set(error, (counts.get(error) ?? 0) + 1)
  for (const [error, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4)) {
    console.log(`    error x${n}: ${error}`)
  }
  if (result.reloads > 0) {
    console.log(
      `    WARNING: wrangler dev reloaded the worker ${result.reloads} time(s) during the run (a source file ` +
        'changed), dropping every connection: these figures are not the server at rest; run again',
    )
  }
  const cpu = result.cpu.map((c) => `${c.what} ${(c.cores * 100).toFixed(0)}%`).join(', ')
  console.log(
    `    cpu (100% = one core): ${cpu}; machine ${(result.machineCores * 100).toFixed(0)}% of ` +
      `${availableParallelism() * 100}%; client event-loop delay p99 ${ms(result.loopDelayP99Ms)}`,
  )
  const waited = [
    Number.isNaN(result.waits.server) ? '' : `server processes ${result.waits.server.toFixed(0)} ms/s, `,
    `bench process ${result.waits.bench.toFixed(0)} ms/s`,
  ].join('')
  console.log(`    waiting for a CPU while runnable (all threads summed): ${waited}`)
}

/** Each round's pair (Fray, then the relay), and the median of their p95 ratios. */
export function printRounds(rounds: Array<{ fray: LoadResult; relay: LoadResult }>, fray = 'Fray'): void {
  const line = (r: LoadResult) =>
    `p50 ${ms(percentile(r.latencies, 50))} p95 ${ms(percentile(r.latencies, 95))} p99 ${ms(percentile(r.latencies, 99))}`
  const ratios = rounds.map(
    ({ fray, relay }) => percentile(fray.latencies, 95) / percentile(relay.latencies, 95),
  )
  console.log(`  ${rounds.length} rounds, each ${fray} then the relay (the figures above pool them):`)
  rounds.forEach(({ fray, relay }, i) => {
    console.log(
      `    round ${i + 1}: fray ${line(fray)}; relay ${line(relay)}; p95 ratio x${(ratios[i] ?? 0).toFixed(1)}`,
    )
  })
  console.log(`    p95 ratio, median of the rounds: x${median(ratios).toFixed(1)} (target: within x2)`)
}

export function printRatio(fray: LoadResult, relay: LoadResult): void {
  const ratio = (p: number) => percentile(fray.latencies, p) / percentile(relay.latencies, p)
  console.log(
    `  ratio fray / bare relay: p50 x${ratio(50).toFixed(1)}, p95 x${ratio(95).toFixed(1)}, p99 x${ratio(99).toFixed(1)}`,
  )
  console.log(
    '  (how many times longer a roll takes to reach everyone than a bare relay takes to fan out one update: ' +
      'per roll Fray checks the seat key, stores the request in SQLite before broadcasting it, rolls server ' +
      'dice, then stores and broadcasts a second document, the log; the relay only forwards bytes)',
  )
}

export function printTargets(fray: LoadResult): void {
  const p95 = percentile(fray.latencies, 95)
  const p99 = percentile(fray.latencies, 99)
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
  console.log(
    `  targets: p95 <= ${TARGETS.p95Ms} ms ${check(p95 <= TARGETS.p95Ms)}; p99 <= ${TARGETS.p99Ms} ms ` +
      `${check(p99 <= TARGETS.p99Ms)}; no lost or duplicated result ${check(fray.lost === 0 && fray.duplicates === 0)}`,
  )
}
