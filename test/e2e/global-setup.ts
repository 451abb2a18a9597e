import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type DevServer, startDevServer } from '../support/dev-server.ts'

let server: DevServer | undefined
let stateDir: string | undefined

export async function setup(project: TestProject) {
  // The rooms' storage in memory where the machine has it (tmpfs): a page's load once waited 50 s here
  // on a VM with a busy disk, and workerd writes its SQLite storage on its one thread. Storage on disk
  // stays the restart test's and the bench's to measure.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
  stateDir = mkdtempSync(join(base, 'fray-e2e-'))
  server = await startDevServer({ persistDir: stateDir })
  project.provide('baseUrl', server.url)
}

export async function teardown() {
  await server?.stop()
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}
