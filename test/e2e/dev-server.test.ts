import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { freePort } from '../support/dev-server.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Whether any process of a process group is still there. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0)
    return true
  } catch {
    return false
  }
}

describe('the dev server the tests and the bench start', () => {
  // An orphaned wrangler proxy retries its dead parent ~800 times a second and holds 75% of a core,
  // which every later bench on the machine pays for without a word (found after a throwaway script died).
  it('goes down with the script that started it when that script dies of an uncaught error', async () => {
    const script = spawn(
      `${ROOT}node_modules/.bin/tsx`,
      [fileURLToPath(new URL('../support/fixtures/crash-with-server.ts', import.meta.url))],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    script.stdout.on('data', (d: Buffer) => {
      output += d
    })
    script.stderr.on('data', (d: Buffer) => {
      output += d
    })
    const code = await new Promise<number | null>((resolve) => script.once('exit', resolve))
    const group = Number(/group (\d+)/.exec(output)?.[1])
    expect(code, output).not.toBe(0)
    expect(group, output).toBeGreaterThan(0)
    // The group's processes get SIGKILL as the script exits; give the kernel a moment to reap them.
    for (let i = 0; i < 20 && groupAlive(group); i++) await new Promise((r) => setTimeout(r, 100))
    const alive = groupAlive(group)
    if (alive) process.kill(-group, 'SIGKILL') // leave no orphan behind, even when failing
    expect(alive, 'a process of the dev server outlived the script').toBe(false)
  }, 60_000)
})

describe('npm start', () => {
  // A newcomer's first `npm start` (a build, then `npm run dev`) on a machine without internet printed
  // "Error: getaddrinfo ENOTFOUND workers.cloudflare.com" twice: wrangler fetching its `Request.cf` data.
  it('serves with no error line on a machine without internet', async () => {
    const port = await freePort()
    const state = mkdtempSync(join(tmpdir(), 'fray-start-'))
    // As a newcomer's shell runs it: not under the test runner's NODE_ENV=test, with which miniflare
    // never fetches the `cf` data in the first place.
    const shell = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
    )
    const dev = spawn('npm', ['run', 'dev', '--', '--persist-to', state], {
      cwd: ROOT,
      env: { ...shell, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    dev.stdout.on('data', (d: Buffer) => {
      output += d
    })
    dev.stderr.on('data', (d: Buffer) => {
      output += d
    })
    try {
      for (let i = 0; i < 300 && !/Ready on/.test(output) && dev.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100))
      expect(output, 'npm run dev did not start').toMatch(/Ready on/)
      // The first requests, as a browser's, and a moment for what wrangler does after it is ready.
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
      await new Promise((r) => setTimeout(r, 3000))
    } finally {
      if (dev.pid) process.kill(-dev.pid, 'SIGKILL')
      rmSync(state, { recursive: true, force: true })
    }
    const errors = output.split('\n').filter((line) => /\b(error|ENOTFOUND)\b|✘/i.test(line))
    expect(errors).toEqual([])
  }, 60_000)
})
