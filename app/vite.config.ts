import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

// The app builds to app/dist, which wrangler.toml serves as static assets beside the API.
export default defineConfig({
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: { proxy: { '/api': { target: 'http://localhost:8787', ws: true } } },
})
