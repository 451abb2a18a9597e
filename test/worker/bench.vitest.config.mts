import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

// The bench's part that runs inside workerd (`npm run bench`, BENCH_ONLY=cpu): the room's CPU per attack.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('../../wrangler.toml', import.meta.url)) },
    }),
  ],
  test: {
    name: 'worker-bench',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.workerd.ts'],
  },
})
