import type { TestProject } from 'vitest/node'
import { type DevServer, startDevServer } from '../support/dev-server.ts'

let server: DevServer | undefined

export async function setup(project: TestProject) {
  server = await startDevServer()
  project.provide('baseUrl', server.url)
}

export async function teardown() {
  await server?.stop()
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}
