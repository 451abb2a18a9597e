/**
 * The client side of the load bench: stock y-websocket providers for a share of the rooms, one writer per
 * room sending one result a second, each result timed until every watching client of its room has it.
 * Runs in a worker thread, so the clients' CPU is measured apart from the rest of the bench.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { type Answer, LOG, type LogEntry, requestKey, SEAT, type SeatRequest } from '@fray/protocol'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import type { WorkerData } from './threads.ts'

export interface FrayRoom {
  index: number
  roomId: string
  seatId: string
  seatKey: string
}

export interface ClientJob {
  /**
   * `fray`: the player writes a roll request into `seat:<id>`; the result is the server's log entry, watched
   * on `clientsPerRoom` providers of the `log` document. `relay`: one of `clientsPerRoom` providers of one
   * shared document writes an entry itself; the other providers watch for it.
   */
  kind: 'fray' | 'relay'
  /** ws:// base: fray's `/api/rooms` (room id and `/docs` follow), or the relay's root. */
  wsBase: string
  fray: FrayRoom[]
  /** Indexes of the relay rooms this thread runs. */
  relay: number[]
  clientsPerRoom: number
  totalRooms: number
  durationMs: number
  /** How long to wait after the last send for results still on their way. */
  drainMs: number
  /**
   * True: every provider announces presence (`{}`, renewed every 15 s), as a stock provider does.
   * False: presence is cleared before connecting, so no awareness message is ever sent.
   */
  presence: boolean
}

export interface ClientResult {
  sent: number
  /** Milliseconds from the write to the last watching client seeing the result, one per complete result. */
  latencies: number[]
  /** When each complete result was written, in ms after the traffic started (same order as `latencies`). */
  sentAt: number[]
  /**
   * Fray only, from the server's timestamp in the log entry (same machine, same clock, 1 ms steps):
   * ms from the write to the server resolving it, and from there to the last client seeing it.
   */
  toServer: number[]
  fromServer: number[]
  /** Results some watching client had not seen by the end of the drain. */
  lost: number
  /** Entry ids held more than once by a watching client's document at the end. */
  duplicates: number
  errors: string[]
  connections: number
  connectMs: number
  /** Event-loop utilisation of this thread during the traffic, 0..1. */
  elu: number
  loopDelayP99Ms: number
  loopDelayMaxMs: number
}

export type ClientMessage =
  | { type: 'ready'; connections: number; connectMs: number }
  | { type: 'result'; result: ClientResult }

export type ControlMessage = { type: 'go'; startAtEpochMs: number }

interface Room {
  index: number
  providers: WebsocketProvider[]
  /** Documents on which every result must show up. */
  watchers: Y.Doc[]
  /** Writes result number `n`; returns the entry id to watch for. */
  send(n: number): string
}

interface Pending {
  at: number
  epoch: number
  seen: number
  done: boolean
}

// Each stock provider in Node adds a process 'exit' listener (to clear its presence): hundreds are expected.
process.setMaxListeners(0)

/** The state of this thread's run, which every provider reports into. */
const run = {
  presence: true,
  phase: 'connecting' as 'connecting' | 'traffic' | 'stopping',
  errors: [] as string[],
}

function provider(serverUrl: string, roomName: string, doc: Y.Doc, key?: string): WebsocketProvider {
  const p = new WebsocketProvider(serverUrl, roomName, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: key ? { key } : {},
    disableBc: true,
    connect: false,
  })
  if (!run.presence) p.awareness.setLocalState(null)
  const during = () => (run.phase === 'connecting' ? ' (while connecting)' : '')
  p.on('connection-close', (event: CloseEvent | null) => {
    if (run.phase === 'stopping') return
    run.errors.push(`connection closed ${event?.code ?? '?'} ${event?.reason ?? ''}${during()}`)
  })
  p.on('connection-error', () => {
    if (run.phase !== 'stopping') run.errors.push(`connection error${during()}`)
  })
  p.connect()
  return p
}

function frayRoom(job: ClientJob, room: FrayRoom, errors: string[]): Room {
  const serverUrl = `${job.wsBase}/${room.roomId}/docs`
  const seatDoc = new Y.Doc()
  const seat = provider(serverUrl, `seat:${room.seatId}`, seatDoc, room.seatKey)
  const watchers = Array.from({ length: job.clientsPerRoom }, () => new Y.Doc())
  const logs = watchers.map((doc) => provider(serverUrl, 'log', doc))
  seatDoc.getArray<Answer>(SEAT.answers).observe((event) => {
    for (const item of event.changes.added)
      for (const answer of item.content.getContent() as Answer[])
        if (!answer.result.ok) errors.push(`request refused: ${answer.result.error}`)
  })
  const requests = seatDoc.getArray<SeatRequest>(SEAT.requests)
  return {
    index: room.index,
    providers: [seat, ...logs],
    watchers,
    send(n) {
      // The log entry's id is the request item's: this phone's client id and the clock its push takes.
      const clock = Y.getState(seatDoc.store, seatDoc.clientID)
      requests.push([{ id: `r${n}`, kind: 'roll', notation: 'd20', at: Date.now() }])
      return requestKey(room.seatId, seatDoc.clientID, clock)
    },
  }
}

function relayRoom(job: ClientJob, index: number): Room {
  const name = `bench-${index}`
  const docs = Array.from({ length: job.clientsPerRoom }, () => new Y.Doc())
  const providers = docs.map((doc) => provider(job.wsBase, name, doc))
  const writer = docs[0] as Y.Doc
  const entries = writer.getArray<{ id: string; at: number }>(LOG.entries)
  return {
    index,
    providers,
    watchers: docs.slice(1),
    send(n) {
      const id = `${name}/r${n}`
      entries.push([{ id, at: Date.now() }])
      return id
    },
  }
}

function whenSynced(p: WebsocketProvider, timeoutMs: number): Promise<void> {
  if (p.synced) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no sync within ${timeoutMs} ms (${p.url})`)), timeoutMs)
    p.once('sync', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** Connects every provider of the job, a few rooms at a time; resolves once all are synced. */
async function connect(job: ClientJob, errors: string[]): Promise<Room[]> {
  const rooms: Room[] = []
  const make =
    job.kind === 'fray'
      ? job.fray.map((room) => () => frayRoom(job, room, errors))
      : job.relay.map((index) => () => relayRoom(job, index))
  const batch = 10
  for (let i = 0; i < make.length; i += batch) {
    const made = make.slice(i, i + batch).map((f) => f())
    rooms.push(...made)
    await Promise.all(made.flatMap((room) => room.providers.map((p) => whenSynced(p, 30_000))))
  }
  return rooms
}

export async function runClients(job: ClientJob, started: Promise<number>): Promise<ClientResult> {
  const errors = run.errors
  run.presence = job.presence
  const t0 = performance.now()
  const rooms = await connect(job, errors)
  const connectMs = performance.now() - t0
  const connections = rooms.reduce((n, r) => n + r.providers.length, 0)

  const pending = new Map<string, Pending>()
  const latencies: number[] = []
  const sentAt: number[] = []
  const toServer: number[] = []
  const fromServer: number[] = []
  let start = 0
  for (const room of rooms) {
    for (const doc of room.watchers) {
      doc.getArray<LogEntry>(LOG.entries).observe((event) => {
        const now = performance.now()
        for (const change of event.changes.delta) {
          for (const entry of (change.insert as LogEntry[] | undefined) ?? []) {
            const p = pending.get(entry.id)
            if (!p || p.done) continue
            p.seen++
            if (p.seen === room.watchers.length) {
              p.done = true
              latencies.push(now - p.at)
              sentAt.push(p.at - start)
              if (job.kind === 'fray') {
                toServer.push(entry.at - p.epoch)
                fromServer.push(Date.now() - entry.at)
              }
            }
          }
        }
      })
    }
  }
  parentPort?.postMessage({ type: 'ready', connections, connectMs } satisfies ClientMessage)

  const startAtEpochMs = await started
  run.phase = 'traffic'
  await sleep(startAtEpochMs - Date.now())
  start = performance.now()
  const elu0 = performance.eventLoopUtilization()
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  let sent = 0
  const senders = rooms.map(async (room) => {
    const offset = (room.index / job.totalRooms) * 1000
    for (let n = 0; offset + n * 1000 < job.durationMs; n++) {
      await sleep(start + offset + n * 1000 - performance.now())
      const at = performance.now()
      pending.set(room.send(n), { at, epoch: Date.now(), seen: 0, done: false })
      sent++
    }
  })
  await Promise.all(senders)
  const drainUntil = performance.now() + job.drainMs
  while (latencies.length < sent && performance.now() < drainUntil) await sleep(20)
  const elu = performance.eventLoopUtilization(elu0).utilization
  loop.disable()

  let duplicates = 0
  for (const room of rooms) {
    for (const doc of room.watchers) {
      const ids = doc.getArray<LogEntry>(LOG.entries).map((e) => e.id)
      duplicates += ids.length - new Set(ids).size
    }
  }
  run.phase = 'stopping'
  for (const room of rooms) {
    for (const p of room.providers) {
      p.destroy()
      p.doc.destroy()
    }
  }
  return {
    sent,
    latencies,
    sentAt,
    toServer,
    fromServer,
    lost: sent - latencies.length,
    duplicates,
    errors,
    connections,
    connectMs,
    elu,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    loopDelayMaxMs: loop.max / 1e6,
  }
}

if (!isMainThread && (workerData as WorkerData<ClientJob> | undefined)?.role === 'load-clients') {
  const port = parentPort as NonNullable<typeof parentPort>
  const started = new Promise<number>((resolve) => {
    port.on('message', (message: ControlMessage) => {
      if (message.type === 'go') resolve(message.startAtEpochMs)
    })
  })
  const result = await runClients((workerData as WorkerData<ClientJob>).data, started)
  port.postMessage({ type: 'result', result } satisfies ClientMessage) // the bench then ends this thread
}
