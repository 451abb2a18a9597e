/**
 * First-load size of the player route: the JavaScript and CSS app/dist/index.html loads, gzipped.
 * `npm run test:size` fails when the JavaScript grows past the budget; `npm run bench` prints the figures.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** Gzipped bytes of JavaScript the player route may load. Lower it as the app shrinks, never raise it quietly. */
export const JS_BUDGET_BYTES = 16_000

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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = firstLoadSize()
  printFirstLoadSize(size)
  if (size.js > JS_BUDGET_BYTES) {
    console.error(
      `The player route loads ${kB(size.js)} of gzipped JavaScript, over its ${kB(JS_BUDGET_BYTES)} budget ` +
        '(test/bench/size-budget.ts). Split what the player does not need, or drop a dependency.',
    )
    process.exit(1)
  }
}
