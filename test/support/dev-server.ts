/** Starts the project's own `wrangler dev` (workerd) on a free port with throwaway storage, for tests and the bench. */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface DevServer {
  url: string
  port: number
  persistDir: string
  process: ChildProcess
  stop(signal?: NodeJS.Signals): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts wrangler dev and resolves once it answers HTTP. `persistDir` lets a restart reuse storage; `vars`
 * are the Worker's variables (a bench raises REQUESTS_PER_SEAT_PER_MINUTE to play a night in seconds);
 * ROOMS_PER_ADDRESS_PER_MINUTE is raised unless `vars` say otherwise.
 */
export async function startDevServer(
  options: { persistDir?: string; port?: number; vars?: Record<string, string> } = {},
): Promise<DevServer> {
  const port = options.port ?? (await freePort())
  const persistDir = options.persistDir ?? mkdtempSync(join(tmpdir(), 'fray-state-'))
  // Tests and benches make hundreds of rooms a minute from 127.0.0.1: far past one address's 60 a minute.
  const all = { ROOMS_PER_ADDRESS_PER_MINUTE: '1000000', ...options.vars }
  const vars = Object.entries(all).flatMap(([name, value]) => ['--var', `${name}:${value}`])
  const child = spawn(
    join(ROOT, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persistDir,
      '--inspector-port',
      '0',
      ...vars,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        CI: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a stop (even SIGKILL) takes workerd down with wrangler.
      detached: true,
    },
  )
  // A script that dies (an uncaught error, process.exit) takes its server down with it: an orphaned
  // wrangler proxy retries its dead parent ~800 times a second, and holds 75% of a core until killed.
  const orphaned = () => killGroup(-(child.pid as number), 'SIGKILL')
  process.once('exit', orphaned)
  let output = ''
  child.stdout?.on('data', (d: Buffer) => {
    output += d
  })
  child.stderr?.on('data', (d: Buffer) => {
    output += d
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`)
    try {
      const response = await fetch(`${url}/api/rooms/none`)
      if (response.status === 404) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      process.off('exit', orphaned)
      orphaned()
      throw new Error(`wrangler dev did not answer within 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    port,
    persistDir,
    process: child,
    async stop(signal = 'SIGTERM') {
      const group = -(child.pid as number)
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        killGroup(group, signal)
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      }
      killGroup(group, 'SIGKILL') // whatever of the group is left, workerd included
      process.off('exit', orphaned)
      await waitForPortFree(port)
      if (!options.persistDir) rmSync(persistDir, { recursive: true, force: true })
    },
  }
}

function killGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal)
  } catch {
    // already gone
  }
}

async function waitForPortFree(port: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
