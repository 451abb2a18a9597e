/**
 * The obvious alternative to compare with: the y-websocket project's own Node relay
 * (`@y/websocket-server`, no persistence, no auth), in a worker thread of the bench, so it has its own event
 * loop as workerd has its own process.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads'
import { setupWSConnection } from '@y/websocket-server/utils'
import { WebSocketServer } from 'ws'
import { nextMessage, startTsWorker, type WorkerData } from './threads.ts'

type RelayMessage = { type: 'listening'; port: number } | { type: 'elu'; utilization: number }

export interface Relay {
  /** ws:// base for providers: the room name is the path. */
  wsBase: string
  /** Starts measuring the relay thread's event-loop utilisation. */
  mark(): void
  /** The relay thread's event-loop utilisation since `mark()`, 0..1. */
  utilization(): Promise<number>
  stop(): Promise<void>
}

export async function startRelay(): Promise<Relay> {
  const worker: Worker = startTsWorker(new URL(import.meta.url), 'relay', null)
  const { port } = await nextMessage<Extract<RelayMessage, { type: 'listening' }>>(worker, 'listening')
  return {
    wsBase: `ws://127.0.0.1:${port}`,
    mark: () => worker.postMessage('mark'),
    async utilization() {
      const reply = nextMessage<Extract<RelayMessage, { type: 'elu' }>>(worker, 'elu')
      worker.postMessage('elu')
      return (await reply).utilization
    },
    async stop() {
      await worker.terminate()
    },
  }
}

if (!isMainThread && (workerData as WorkerData<null> | undefined)?.role === 'relay') {
  const port = parentPort as NonNullable<typeof parentPort>
  const wss = new WebSocketServer({ noServer: true })
  wss.on('connection', (conn, request) => setupWSConnection(conn, request))
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' })
    response.end('okay')
  })
  server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
  })
  server.listen(0, '127.0.0.1', () => {
    port.postMessage({
      type: 'listening',
      port: (server.address() as AddressInfo).port,
    } satisfies RelayMessage)
  })
  let since = performance.eventLoopUtilization()
  port.on('message', (message: 'mark' | 'elu') => {
    if (message === 'mark') since = performance.eventLoopUtilization()
    else {
      const { utilization } = performance.eventLoopUtilization(since)
      port.postMessage({ type: 'elu', utilization } satisfies RelayMessage)
    }
  })
}
