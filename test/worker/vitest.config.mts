import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

// Worker tests run inside workerd, the real Workers runtime, with the project's own wrangler.toml.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('../../wrangler.toml', import.meta.url)) },
    }),
  ],
  test: {
    name: 'worker',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
  },
})
