/**
 * Builds the service worker (app/src/sw.ts, a second entry) into /sw.js and writes into it the files to
 * keep offline, in parts: the shell (index.html as '/', the first load's script and styles and the chunks
 * its join form may load, the manifest and the SVG icon), then one part per screen (`player`, `gm`, `home`, `screen`: the chunks that screen
 * may load) and one per rule system. The worker installs the shell; a page asks it to keep its own
 * screen's part and its room's system (`keep-offline.ts`), so a phone never downloads the GM's view, the
 * QR code or another system. A few dozen lines instead of vite-plugin-pwa and Workbox, whose runtime the
 * app would not use.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Plugin, Rollup } from 'vite'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

const SW_ENTRY = 'sw'
/**
 * Not precached: source maps and hosting config, which no page loads (`.assetsignore` keeps the maps out
 * of a deploy), and the PNG icons, which only an install fetches (the browser keeps its own copy); they
 * would cost a phone on a slow link ~45 kB.
 */
const NOT_PRECACHED = /(\.map|^_headers|^_redirects|^\.assetsignore|\.png)$/

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  )
}

/** FNV-1a, enough to tell one build from the next (the built file names already carry content hashes). */
export function versionOf(parts: Array<string | Uint8Array>): string {
  let hash = 0x811c9dc5
  const encoder = new TextEncoder()
  for (const part of parts) {
    for (const byte of typeof part === 'string' ? encoder.encode(part) : part) {
      hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
    }
  }
  return hash.toString(36)
}

/**
 * The screens, each a lazily loaded view: the part of a screen is every chunk its view may load, but for
 * the few it fetches only on request (`onDemand`: a phone's seat handover and its QR code, past fights, the
 * check of a revealed secret roll), which a visit keeps once it has fetched them.
 */
const SCREENS: Record<string, { root: RegExp; onDemand?: RegExp }> = {
  player: {
    root: /\/views\/seated\.tsx$/,
    onDemand: /\/(qr\.ts|seat-handover\.tsx|past-fights\.tsx|combatant-edit-form\.tsx|seal\.ts)$/,
  },
  gm: { root: /\/views\/gm-view\.tsx$/ },
  home: { root: /\/views\/home\.tsx$/ },
  screen: { root: /\/views\/room-screen\.tsx$/, onDemand: /\/combatant-edit-form\.tsx$/ },
}
/** A rule system's chunk (`SYSTEM_LOADERS`): a part of its own, named by the system's id. */
const SYSTEM_ENTRY = /\/rules\/src\/systems\/([a-z0-9-]+)\/index\.ts$/

/** Every file a chunk loads with it (its static imports and their styles), and with `dynamic`, may load later. */
function closure(bundle: OutputBundle, root: OutputChunk, stop: Set<string>, dynamic: boolean): string[] {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (seen.has(fileName) || chunk?.type !== 'chunk') return
    seen.add(fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css)
    for (const next of chunk.imports) visit(next)
    if (dynamic) for (const next of chunk.dynamicImports) if (!stop.has(next)) visit(next)
  }
  visit(root.fileName)
  return [...seen]
}

/** The files of each part, as paths; a file in the shell is in no other part. */
export function partsOf(bundle: OutputBundle, publicFiles: string[]): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk')
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'))
  if (!entry) throw new Error('fray-pwa: no index.html entry in the bundle')
  const roots = new Map<string, OutputChunk>()
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId ?? ''
    const screen = Object.entries(SCREENS).find(([, s]) => s.root.test(id))?.[0]
    const system = SYSTEM_ENTRY.exec(id)?.[1]
    if (screen ?? system) roots.set(screen ?? (system as string), chunk)
  }
  for (const screen of Object.keys(SCREENS))
    if (!roots.has(screen)) throw new Error(`fray-pwa: the ${screen} screen is not a chunk of its own`)
  // A screen's part stops where another part starts: a system is kept for its room, not with a screen.
  const stop = new Set([...roots.values()].map((c) => c.fileName))
  const shell = new Set(['index.html', ...closure(bundle, entry, stop, true), ...publicFiles])
  const path = (f: string) => (f === 'index.html' ? '/' : `/${f}`)
  const parts: Record<string, string[]> = { shell: [...shell].map(path).sort() }
  for (const [name, root] of roots) {
    const onDemand = SCREENS[name]?.onDemand
    const skip = onDemand
      ? new Set([
          ...stop,
          ...chunks.filter((c) => c.moduleIds.some((id) => onDemand.test(id))).map((c) => c.fileName),
        ])
      : stop
    parts[name] = closure(bundle, root, skip, !SYSTEM_ENTRY.test(root.facadeModuleId ?? ''))
      .filter((f) => !shell.has(f))
      .map(path)
      .sort()
  }
  return parts
}

export function pwa(): Plugin {
  let publicDir = ''
  return {
    name: 'fray-pwa',
    apply: 'build',
    // After Vite's own plugins, so index.html is in the bundle by then.
    enforce: 'post',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', [SW_ENTRY]: 'src/sw.ts' },
          output: {
            entryFileNames: (chunk) => (chunk.name === SW_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js'),
          },
        },
      },
    }),
    configResolved(config) {
      publicDir = config.publicDir
    },
    generateBundle(_options, bundle) {
      const files: Array<{ path: string; content: string | Uint8Array }> = []
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName === 'sw.js' || NOT_PRECACHED.test(fileName)) continue
        files.push({ path: fileName, content: output.type === 'chunk' ? output.code : output.source })
      }
      const publicFiles: string[] = []
      for (const file of publicDir ? walk(publicDir) : []) {
        const path = relative(publicDir, file).split('\\').join('/')
        if (NOT_PRECACHED.test(path)) continue
        files.push({ path, content: readFileSync(file) })
        publicFiles.push(path)
      }
      const parts = partsOf(bundle, publicFiles)
      const version = versionOf(files.flatMap((f) => [f.path, f.content]))
      const sw = bundle['sw.js']
      if (sw?.type !== 'chunk') throw new Error('fray-pwa: the service worker entry was not built')
      sw.code = sw.code
        .replaceAll('__FRAY_PARTS__', JSON.stringify(parts))
        .replaceAll('__FRAY_VERSION__', JSON.stringify(version))
    },
  }
}
