import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

// Worker tests run inside workerd, the real Workers runtime, with the project's own wrangler.toml.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('../../wrangler.toml', import.meta.url)) },
      // The fuzzer's knobs reach the tests as bindings: `npm run fuzz` sets FUZZ_FRAMES=100000.
      miniflare: {
        bindings: { FUZZ_FRAMES: process.env.FUZZ_FRAMES ?? '', FUZZ_SEED: process.env.FUZZ_SEED ?? '' },
      },
    }),
  ],
  test: {
    name: 'worker',
    root: fileURLToPath(new URL('.', import.meta.url)),
    // FRAY_WORKERD_BENCH=1: the bench's part that runs in workerd instead (`npm run bench`, BENCH_ONLY=cpu).
    include: process.env.FRAY_WORKERD_BENCH === '1' ? ['**/*.workerd.ts'] : ['**/*.test.ts'],
    // The room's structured lines for Workers Logs (a refused write, a failed store): the tests refuse
    // thousands on purpose (the fuzzer, every quota). ROOM_LOG=1 shows them.
    onConsoleLog: (line) =>
      process.env.ROOM_LOG === '1' || !line.includes('{"source":"room"') ? undefined : false,
  },
})
