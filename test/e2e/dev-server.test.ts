import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

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
