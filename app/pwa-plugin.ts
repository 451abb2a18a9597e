/**
 * Builds the service worker (app/src/sw.ts, a second entry) into /sw.js and writes into it the list of
 * files to precache: every built asset except source maps, the public files (manifest, the SVG icon), and
 * the shell ('/', i.e. index.html). A dozen lines instead of vite-plugin-pwa and Workbox, whose runtime the
 * app would not use: the worker only precaches and falls back to the shell.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Plugin } from 'vite'

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
      for (const file of publicDir ? walk(publicDir) : []) {
        const path = relative(publicDir, file).split('\\').join('/')
        if (!NOT_PRECACHED.test(path)) files.push({ path, content: readFileSync(file) })
      }
      const paths = [
        ...new Set(['/', ...files.map((f) => (f.path === 'index.html' ? '/' : `/${f.path}`))]),
      ].sort()
      const version = versionOf(files.flatMap((f) => [f.path, f.content]))
      const sw = bundle['sw.js']
      if (sw?.type !== 'chunk') throw new Error('fray-pwa: the service worker entry was not built')
      sw.code = sw.code
        .replaceAll('__FRAY_PRECACHE__', JSON.stringify(paths))
        .replaceAll('__FRAY_VERSION__', JSON.stringify(version))
    },
  }
}
