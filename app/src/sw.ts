/// <reference lib="webworker" />
/**
 * The service worker: keeps what this device's screens need, so an open room loads with no network. Built
 * as its own entry to /sw.js; app/pwa-plugin.ts writes the files into it, in parts (the shell, each
 * screen's chunks, each rule system's) with a version. Installing keeps the shell; a page asks for its
 * screen's part and its room's system (`keep-offline.ts`), so a phone never downloads the GM's view or
 * another system. Files already in the browser's HTTP cache (the page just fetched them; built files are
 * immutable) are copied from it, not downloaded again. The API and the sync WebSockets (/api/*) are live
 * and never touch the cache.
 */
export {}

declare const self: ServiceWorkerGlobalScope
/** Replaced at build time: the paths of each part ('/' for the shell) and a hash of their contents. */
declare const __FRAY_PARTS__: Record<string, string[]>
declare const __FRAY_VERSION__: string

const CACHE = `fray-${__FRAY_VERSION__}`
const PARTS = __FRAY_PARTS__
const BUILT = new Set(Object.values(PARTS).flat())
/** A navigation that gets no answer in this long is served the cached shell (a Wi-Fi that hangs). */
const NAVIGATION_TIMEOUT_MS = 4000

/** Keeps these paths in the cache, skipping those already there. The shell page is revalidated. */
async function keep(paths: readonly string[]): Promise<void> {
  const cache = await caches.open(CACHE)
  const missing = []
  for (const path of new Set(paths)) if (!(await cache.match(path))) missing.push(path)
  await cache.addAll(missing.map((path) => new Request(path, path === '/' ? { cache: 'no-cache' } : {})))
}

self.addEventListener('install', (event) => {
  event.waitUntil(keep(PARTS.shell ?? []).then(() => self.skipWaiting()))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('fray-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  )
})

/** A page's `{ keep: ['player', <its room's system>] }`: those parts, answered on the message's port once kept. */
self.addEventListener('message', (event) => {
  const names: unknown = event.data?.keep
  if (!Array.isArray(names)) return
  const paths = names.flatMap((name) => (typeof name === 'string' ? (PARTS[name] ?? []) : []))
  const done = keep(paths).then(
    () => event.ports[0]?.postMessage({ kept: true }),
    (error: unknown) => event.ports[0]?.postMessage({ kept: false, error: String(error) }),
  )
  event.waitUntil(done)
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return
  if (request.mode === 'navigate') event.respondWith(navigate(request))
  else if (BUILT.has(url.pathname)) event.respondWith(built(request))
})

/** Every page (/, /r/<room>) is the same index.html: the network's when it answers, else the cached one. */
async function navigate(request: Request): Promise<Response> {
  try {
    return await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS),
      ),
    ])
  } catch (error) {
    const shell = await caches.match('/', { cacheName: CACHE })
    if (shell) return shell
    throw error
  }
}

/**
 * Built files carry a content hash in their name, so a cached copy is never stale; one fetched here for
 * the first time is kept for next time.
 */
async function built(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}
