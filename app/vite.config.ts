import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'
import { inlineStyles } from './inline-styles.ts'
import { pwa } from './pwa-plugin.ts'

// The app builds to app/dist, which wrangler.toml serves as static assets beside the API; the service
// worker (sw.js) and its precache list come from ./pwa-plugin.ts; ./inline-styles.ts puts the first load's
// stylesheet into index.html.
export default defineConfig({
  plugins: [preact(), inlineStyles(), pwa()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: { proxy: { '/api': { target: 'http://localhost:8787', ws: true } } },
})
