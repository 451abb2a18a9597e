import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'
import { pwa } from './pwa-plugin.ts'

/**
 * Yjs prints its rare warnings through `lib0/logging`, whose browser build styles them with lib0's DOM
 * helpers and so brings lib0's schema library along (module-level calls no bundler can drop): 2.5 kB
 * gzipped on every page that syncs. lib0's plain logger (its Node and Deno build, console only) prints the
 * same words. `npm run test:size` holds the saving.
 */
const lib0 = dirname(createRequire(import.meta.url).resolve('lib0/package.json'))

// No modulepreload polyfill: every browser with the module scripts and dynamic imports the app needs
// has <link rel=modulepreload> but Safari before 17, which only fetches the seated view's chunks a round
// trip later without it. The polyfill was 0.2 kB gzipped of every first load (`npm run test:size`).
// The app builds to app/dist, which wrangler.toml serves as static assets beside the API; the service
// worker (sw.js) and its precache list come from ./pwa-plugin.ts.
export default defineConfig({
  plugins: [preact(), pwa()],
  resolve: { alias: [{ find: /^lib0\/logging$/, replacement: join(lib0, 'logging.node.js') }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The five systems' facts (their names, moments, clocks) in one chunk of the first load: left to
        // itself the bundler split them in five, and the rules modules they share with the GM's export
        // into six more, 1.8 kB gzipped more of every phone's fight (`npm run test:size`). The engine's
        // pieces every system's screen reads (the sheet validator, the plan, dice and exact odds, what a
        // slot-ordered round says of itself, a fighter's state and timed conditions) in one more: apart,
        // they were seven chunks, 0.8 kB gzipped more of a fight. Not in it: the named dice only osr's
        // resolving checks (dice/named-dice.ts), which stay in its resolve chunk, off every screen; what
        // one system's screen alone reads goes in that system's chunk (app/pwa-plugin.ts). With them, the
        // small app modules the screens share outside the first load (keep-offline, the sound, the theme
        // toggle), files of 0.3-0.4 kB gzipped each before: gzip starts each file afresh, and in this one
        // they were 0.5 kB less of every fight (a home screen gets the 0.3 kB sound with them). The
        // chunk's modules are named, not their dependencies, which would pull preact out of the first load.
        codeSplitting: {
          groups: [
            { name: 'systems-info', test: /packages\/rules\/src\/systems\/[a-z]+\/info\.ts$/ },
            {
              name: 'engine',
              test: /(packages\/rules\/src\/(assert|outcome|system|engine\/(sheet|sheet-fields|plan|words|turn|ordered-round|fighter|conditions)|dice\/(?!named-dice\.)[a-z0-9-]+)\.ts|app\/src\/(keep-offline\.ts|sound\.ts|components\/theme-toggle\.tsx))$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8787', ws: true } } },
})
