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
 * the few it fetches only on request (`onDemand`: a phone's seat handover and its QR code, the hint to
 * install after its first fight, past fights, the GM's Edit form and number pad (in the shared list), the
 * check of a revealed secret roll, a system's `resolve` and `own-dice.ts` for one's own dice), which a
 * visit keeps once it has fetched them.
 */
const SCREENS: Record<string, { root: RegExp; onDemand?: RegExp }> = {
  player: {
    root: /\/views\/seated\.tsx$/,
    onDemand:
      /\/(qr\.ts|seat-handover\.tsx|install-hint\.tsx|past-fights\.tsx|combatant-edit-form\.tsx|hit-point-pad\.tsx|seal\.ts|own-dice\.ts|systems\/[a-z0-9-]+\/resolve\.ts)$/,
  },
  gm: { root: /\/views\/gm-view\.tsx$/, onDemand: /\/(own-dice\.ts|systems\/[a-z0-9-]+\/resolve\.ts)$/ },
  home: { root: /\/views\/home\.tsx$/ },
  screen: { root: /\/views\/room-screen\.tsx$/, onDemand: /\/(combatant-edit-form|hit-point-pad)\.tsx$/ },
}
/** A rule system's chunk (`SYSTEM_LOADERS`: what a screen reads of it): a part of its own, named by the system's id. */
const SYSTEM_ENTRY = /\/rules\/src\/systems\/([a-z0-9-]+)\/screen\.ts$/
/** A system's resolving of an attack (`RESOLVE_LOADERS`), which only a player typing their own dice loads. */
const RESOLVE_ENTRY = /\/rules\/src\/systems\/([a-z0-9-]+)\/resolve\.ts$/
/** A module of one rule system's folder. */
const SYSTEM_FOLDER = /\/rules\/src\/systems\/([a-z0-9-]+)\//

/** Yjs and lib0 stay in a chunk of their own, which the home screen loads too. */
const OWN_CHUNK = /[\\/]node_modules[\\/](yjs|lib0)[\\/]/

interface ModuleGraph {
  ids: string[]
  info(id: string): {
    code?: string | null
    exports?: readonly string[]
    importedIds: readonly string[]
    dynamicallyImportedIds: readonly string[]
  } | null
}

/** A package's index file, which names every module of the package. */
const BARREL = /[\\/]packages[\\/][a-z]+[\\/]src[\\/]index\.ts$/

/** The names a module imports from the packages (`import { a, b as c } from '@fray/rules'`). */
function namesFromPackages(code: string): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@fray\/[a-z]+["']/g)].flatMap((m) =>
    (m[1] ?? '').split(',').map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0] ?? '',
    ),
  )
}

/**
 * The modules reachable from `roots`, by static imports and, with `dynamic`, lazy ones, up to `stop`. Through
 * a package's index file only to the modules that export a name the modules reached import from the
 * packages (all of them where a name is not found): the index names every module, but a screen uses few.
 */
function reach(graph: ModuleGraph, roots: string[], dynamic: boolean, stop: (id: string) => boolean) {
  let names = new Set<string>()
  for (;;) {
    const seen = new Set<string>()
    const visit = (id: string) => {
      if (seen.has(id) || stop(id)) return
      seen.add(id)
      const info = graph.info(id)
      let next = info?.importedIds ?? []
      if (BARREL.test(id)) {
        const exporting = next.filter((n) => graph.info(n)?.exports?.some((e) => names.has(e)))
        const found = new Set(exporting.flatMap((n) => graph.info(n)?.exports ?? []))
        const all = [...names].some((n) => !found.has(n) && info?.exports?.includes(n))
        next = all ? next : exporting
      }
      for (const n of next) visit(n)
      if (dynamic) for (const n of info?.dynamicallyImportedIds ?? []) visit(n)
    }
    for (const root of roots) visit(root)
    const more = new Set([...seen].flatMap((id) => namesFromPackages(graph.info(id)?.code ?? '')))
    if ([...more].every((n) => names.has(n))) return seen
    names = new Set([...names, ...more])
  }
}

/**
 * Where the player's screen would be split in many small chunks (one per lazy form), its modules go in one
 * chunk: the service worker keeps the whole player part anyway, and one file compresses better than two
 * dozen (gzip starts each file afresh; each file also names the hashed files it imports). Not in it: the
 * first load's modules (the entry, the service worker), Yjs (`OWN_CHUNK`), what the home screen and the
 * table's screen load (which share a chunk with the player's instead of loading its forms), the player's
 * on-demand parts and the rule systems.
 */
export function playerModules(graph: ModuleGraph): Set<string> {
  const find = (re: RegExp) => graph.ids.filter((id) => re.test(id))
  const player = SCREENS.player as { root: RegExp; onDemand: RegExp }
  const initial = reach(
    graph,
    [...find(/[\\/]src[\\/]main\.tsx$/), ...find(/[\\/]src[\\/]sw\.ts$/)],
    false,
    () => false,
  )
  const screens = [SCREENS.home, SCREENS.screen] as Array<{ root: RegExp; onDemand?: RegExp }>
  const elsewhere = reach(
    graph,
    screens.flatMap((s) => find(s.root)),
    true,
    (id) => SYSTEM_ENTRY.test(id) || screens.some((s) => s.onDemand?.test(id)),
  )
  const stop = (id: string) => SYSTEM_ENTRY.test(id) || player.onDemand.test(id) || OWN_CHUNK.test(id)
  const seated = reach(graph, find(player.root), true, stop)
  return new Set([...seated].filter((id) => !initial.has(id) && !elsewhere.has(id)))
}

/** A module of the rules package outside the systems' folders: the engine's dice, odds and table-side code. */
const RULES_MODULE = /\/rules\/src\//

/**
 * Each system's modules a screen reads (reached from its `screen.ts`), in one chunk named by the system:
 * its `resolve` chunk then imports that chunk instead of splitting what both read into a third file. Not
 * in it: the system's modules the app reaches by another way (its `info.ts`, in the first load). The
 * engine's modules that one system alone reads (osr's mixtures) join that system's chunk too, ahead of the
 * engine's shared chunk (app/vite.config.ts), so the other four do not download them.
 */
export function systemModules(graph: ModuleGraph): Map<string, string> {
  const find = (re: RegExp) => graph.ids.filter((id) => re.test(id))
  const elsewhere = reach(
    graph,
    [...find(/[\\/]src[\\/]main\.tsx$/), ...find(/[\\/]src[\\/]sw\.ts$/)],
    true,
    (id) => SYSTEM_ENTRY.test(id) || RESOLVE_ENTRY.test(id),
  )
  const own = (n: string) => OWN_CHUNK.test(n)
  const read = new Map<string, Set<string>>()
  for (const entry of [...find(SYSTEM_ENTRY), ...find(RESOLVE_ENTRY)]) {
    const system = (SYSTEM_ENTRY.exec(entry) ?? RESOLVE_ENTRY.exec(entry))?.[1] as string
    for (const id of reach(graph, [entry], false, own)) read.set(id, (read.get(id) ?? new Set()).add(system))
  }
  const out = new Map<string, string>()
  for (const entry of find(SYSTEM_ENTRY)) {
    const system = SYSTEM_ENTRY.exec(entry)?.[1] as string
    for (const id of reach(graph, [entry], false, own)) {
      if (elsewhere.has(id)) continue
      const folder = SYSTEM_FOLDER.exec(id)?.[1]
      if (folder === system || (!folder && RULES_MODULE.test(id) && read.get(id)?.size === 1))
        out.set(id, system)
    }
  }
  return out
}

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
    // The player's screen is a chunk of modules (`playerModules`), with no one module as its facade.
    const screen = Object.entries(SCREENS).find(([, s]) => chunk.moduleIds.some((m) => s.root.test(m)))?.[0]
    // A system's screen part is a chunk of its modules (`systemModules`), its `screen.ts` among them.
    const system = chunk.moduleIds.map((m) => SYSTEM_ENTRY.exec(m)?.[1]).find(Boolean)
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
    parts[name] = closure(bundle, root, skip, name in SCREENS)
      .filter((f) => !shell.has(f))
      .map(path)
      .sort()
  }
  return parts
}

export function pwa(): Plugin {
  let publicDir = ''
  let player = new Set<string>()
  let systems = new Map<string, string>()
  return {
    name: 'fray-pwa',
    apply: 'build',
    // After Vite's own plugins, so index.html is in the bundle by then.
    enforce: 'post',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', [SW_ENTRY]: 'src/sw.ts' },
          // The player's lazy forms share the screen's one chunk (`playerModules`): that their imports no
          // longer split them off is the point, not something to warn of.
          checks: { ineffectiveDynamicImport: false },
          output: {
            entryFileNames: (chunk) => (chunk.name === SW_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js'),
            // A system's chunks are named by the system (`osr`, and `osr-resolve` for its own dice).
            chunkFileNames: (chunk) => {
              const resolve = RESOLVE_ENTRY.exec(chunk.facadeModuleId ?? '')?.[1]
              return `assets/${resolve ? `${resolve}-resolve` : '[name]'}-[hash].js`
            },
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => (player.has(id) ? 'seated' : null),
                  debugName: 'seated',
                  includeDependenciesRecursively: false,
                },
                {
                  name: (id: string) => systems.get(id) ?? null,
                  debugName: 'systems',
                  includeDependenciesRecursively: false,
                  // Ahead of app/vite.config.ts's 'engine' group, for the engine's modules one system alone reads.
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      publicDir = config.publicDir
    },
    buildEnd() {
      const ids = [...this.getModuleIds()]
      const graph = { ids, info: (id: string) => this.getModuleInfo(id) }
      player = playerModules(graph)
      systems = systemModules(graph)
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
      // The player's chunk holds no module of the first load (`playerModules`): were it to, the entry would
      // load it at once.
      for (const out of Object.values(bundle))
        if (out.type === 'chunk' && out.isEntry && out.imports.some((f) => f.startsWith('assets/seated-')))
          this.error(`fray-pwa: ${out.fileName} loads the player's chunk with it: see playerModules`)
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
