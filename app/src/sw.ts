/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell so an open room loads with no network. Built as its own
 * entry to /sw.js; app/pwa-plugin.ts writes the list of built files and a version into it.
 * The API and the sync WebSockets (/api/*) are live and never touch the cache.
 */
export {}

declare const self: ServiceWorkerGlobalScope
/** Replaced at build time: the paths to precache ('/' for the shell) and a hash of their contents. */
declare const __FRAY_PRECACHE__: string[]
declare const __FRAY_VERSION__: string

const CACHE = `fray-${__FRAY_VERSION__}`
const PRECACHE = __FRAY_PRECACHE__
/** A navigation that gets no answer in this long is served the cached shell (a Wi-Fi that hangs). */
const NAVIGATION_TIMEOUT_MS = 4000

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  )
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

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return
  if (request.mode === 'navigate') event.respondWith(navigate(request))
  else if (PRECACHE.includes(url.pathname)) event.respondWith(precached(request))
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

/** Built files carry a content hash in their name, so a cached copy is never stale. */
async function precached(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request)
}
