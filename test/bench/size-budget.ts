/**
 * First-load size of the player route: the JavaScript and CSS app/dist/index.html loads, gzipped.
 * `npm run test:size` fails when the JavaScript grows past the budget; `npm run bench` prints the figures.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { SYSTEM_IDS } from '@fray/rules'

/** Gzipped bytes of JavaScript the player route may load. Lower it as the app shrinks, never raise it quietly. */
export const JS_BUDGET_BYTES = 16_000
/**
 * Gzipped bytes of JavaScript a phone keeps for a fight: the service worker's shell, the player's screen
 * and one rule system (what `npm run bench`'s whole fight downloads, measured on the wire). 92-101 kB
 * before #29's second round, 82-90 kB once the player's screen was one chunk and a phone loaded only a
 * system's screen part (`ScreenRules`: no turn model, no end of round); then 0.4 kB more for the join
 * form's early table and log connections and the answers array (osr 90.3 kB); 80-86 kB once a system's
 * resolving of an attack left its screen part (`RESOLVE_LOADERS`: loaded only for one's own dice); 77-83
 * kB once Yjs's logger was lib0's plain one (app/vite.config.ts: no lib0 schema and DOM helpers). A
 * screen that imported every system at once (`SYSTEMS` instead of its room's rules) would add ~70 kB.
 * Raised from 85 to 86 kB for #56 (80.5-85.4 kB): the first load's "A new version is ready" notice and the
 * install offer it keeps, 0.4 kB on every screen (the hint itself is a chunk a phone fetches once).
 * For #51 (the engine's one sheet validator, plan of an attack and dice and odds code, shared by the five
 * systems in one chunk, app/vite.config.ts) it was 86.5 kB for a while (81.2-86.2 kB); back to 86 kB at
 * 80.4-85.4 kB, every system under its figure before #51 (81.1-85.9 kB): osr's mixtures in osr's chunk
 * (app/pwa-plugin.ts), its named dice in its resolve chunk, and the screens' small shared modules
 * (keep-offline, the sound, the theme toggle) in the engine's chunk, one file where there were four.
 * The engine's timed conditions and ordered rounds then came to 80.8-85.8 kB, zones 84.0 kB (83.2 before).
 * Then 81.0-85.9 kB, zones 83.1 kB: what only the four slot-ordered systems' screens read of the engine in
 * a chunk of theirs (app/vite.config.ts), and the built files without their source-map comments.
 * Raised to 86.5 kB for #54 (81.2-86.2 kB; spelljammer 85.8 before): what the phone now says and offers
 * on every screen, about 0.4 kB: the dice drawer and the signed-out card, an attack sheet that never
 * picks one's own side, the sheet form's choices with their notes (brp's specialties and the chance a
 * weapon is used at), the log's totals of dice rolled apart.
 */
export const FIGHT_BUDGET_BYTES = 86_500

const DIST = fileURLToPath(new URL('../../app/dist/', import.meta.url))

export interface Asset {
  path: string
  kind: 'js' | 'css'
  bytes: number
  gzipBytes: number
}

export interface FirstLoadSize {
  assets: Asset[]
  js: number
  css: number
}

/** The assets the entry HTML names: module scripts, module preloads and stylesheets. */
export function entryAssets(html: string): Array<{ path: string; kind: 'js' | 'css' }> {
  const out: Array<{ path: string; kind: 'js' | 'css' }> = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]
    if (tag.startsWith('<script')) {
      const src = attr('src')
      if (src) out.push({ path: src, kind: 'js' })
    } else {
      const rel = attr('rel')
      const href = attr('href')
      if (!href || href.startsWith('data:')) continue
      if (rel === 'stylesheet') out.push({ path: href, kind: 'css' })
      if (rel === 'modulepreload') out.push({ path: href, kind: 'js' })
    }
  }
  return out
}

/** Reads the built app; throws with the command to run when there is no build. */
export function firstLoadSize(dist = DIST): FirstLoadSize {
  const index = `${dist}index.html`
  if (!existsSync(index)) throw new Error(`No build at ${index}: run \`npm run build\` first.`)
  const assets = entryAssets(readFileSync(index, 'utf8')).map(({ path, kind }) => {
    if (/^[a-z]+:\/\//i.test(path))
      throw new Error(`${path} is loaded from another origin; serve it from /assets.`)
    const bytes = readFileSync(`${dist}${path.replace(/^\//, '')}`)
    return { path, kind, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length }
  })
  const total = (kind: 'js' | 'css') =>
    assets.filter((a) => a.kind === kind).reduce((n, a) => n + a.gzipBytes, 0)
  return { assets, js: total('js'), css: total('css') }
}

/** The JavaScript a phone keeps for a fight in each system, from the parts the build wrote into sw.js. */
export function fightSizes(dist = DIST): Record<string, number> {
  const sw = readFileSync(`${dist}sw.js`, 'utf8')
  const found = /(\{"shell":.*?\]\})/.exec(sw)?.[1]
  if (!found) throw new Error(`No parts in ${dist}sw.js: app/pwa-plugin.ts writes them at build time.`)
  const parts = JSON.parse(found) as Record<string, string[]>
  const gz = (path: string) =>
    gzipSync(readFileSync(`${dist}${path.replace(/^\//, '')}`), { level: 9 }).length
  const out: Record<string, number> = {}
  for (const system of SYSTEM_IDS) {
    if (!parts[system])
      throw new Error(
        `The ${system} rules are not a chunk of their own (no part in sw.js): does a screen import every ` +
          'system (SYSTEMS) instead of the rules of its room (app/src/models/rules.ts)?',
      )
    const files = new Set([
      ...(parts.shell ?? []),
      ...(parts.player ?? []),
      ...(parts[system] ?? []),
      '/sw.js',
    ])
    out[system] = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0)
  }
  return out
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

export function printFirstLoadSize(size: FirstLoadSize): void {
  console.log('first load of the player route (app/dist, gzip -9)')
  for (const a of size.assets) {
    console.log(`  ${a.path.padEnd(34)} ${kB(a.bytes).padStart(9)}  gzipped ${kB(a.gzipBytes).padStart(8)}`)
  }
  const left = JS_BUDGET_BYTES - size.js
  console.log(
    `  JavaScript ${kB(size.js)} gzipped of a ${kB(JS_BUDGET_BYTES)} budget (${left >= 0 ? `${kB(left)} left` : `${kB(-left)} OVER`}); CSS ${kB(size.css)} gzipped`,
  )
}

export function printFightSizes(sizes: Record<string, number>): void {
  console.log(
    `what a phone keeps for a fight (shell + player + one system, gzip -9): ${Object.entries(sizes)
      .map(([system, bytes]) => `${system} ${kB(bytes)}`)
      .join(', ')}; budget ${kB(FIGHT_BUDGET_BYTES)}`,
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = firstLoadSize()
  printFirstLoadSize(size)
  const fights = fightSizes()
  printFightSizes(fights)
  for (const [system, bytes] of Object.entries(fights))
    if (bytes > FIGHT_BUDGET_BYTES) {
      console.error(
        `A phone keeps ${kB(bytes)} of gzipped JavaScript for a fight in ${system}, over its ` +
          `${kB(FIGHT_BUDGET_BYTES)} budget (test/bench/size-budget.ts): does a screen load every system?`,
      )
      process.exit(1)
    }
  if (size.js > JS_BUDGET_BYTES) {
    console.error(
      `The player route loads ${kB(size.js)} of gzipped JavaScript, over its ${kB(JS_BUDGET_BYTES)} budget ` +
        '(test/bench/size-budget.ts). Split what the player does not need, or drop a dependency.',
    )
    process.exit(1)
  }
}
