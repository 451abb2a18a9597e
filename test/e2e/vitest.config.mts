import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser and protocol tests against a real `wrangler dev` (workerd) that global-setup.ts starts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    // What every device shows arrives over real sockets: a poll gets 10 s (not Vitest's 1 s) before it
    // fails, which a loaded two-core CI machine once needed. A poll that holds returns at once either way.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
