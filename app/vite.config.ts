import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'
import { pwa } from './pwa-plugin.ts'

// The app builds to app/dist, which wrangler.toml serves as static assets beside the API; the service
// worker (sw.js) and its precache list come from ./pwa-plugin.ts.
export default defineConfig({
  plugins: [preact(), pwa()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: { proxy: { '/api': { target: 'http://localhost:8787', ws: true } } },
})
