/**
 * A page left open across a deploy is an old version: the lazy chunks it names are gone from the server
 * (and from the new service worker's cache). A chunk that fails to load, when the server answers with a
 * page of another version, reloads the page once, into the new version, instead of failing at every tap
 * for the rest of the evening. Not when the network is down (nothing answers: the chunk was only never
 * kept here, and the next tap tries again), and not twice within a minute.
 */

const RELOADED_AT = 'fray:reloaded-for-new-version'
/** No second reload within this long of the first. */
export const RELOAD_AGAIN_AFTER_MS = 60_000
/**
 * Where the page asks the server for its current index.html: a path only the app's fallback answers, so
 * neither the service worker's cache nor the HTTP cache answers for it.
 */
export const VERSION_PROBE = '/r/version-probe'

export interface Page {
  now: number
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  /** The script this page runs (`/assets/index-<hash>.js`), or null when it cannot say. */
  script: string | null
  /** The server's index.html now, or null when the server does not answer. */
  served(): Promise<string | null>
  reload(): void
}

const thisPage = (): Page => ({
  now: Date.now(),
  storage: globalThis.sessionStorage,
  script: document.querySelector('script[type=module][src*="/assets/index-"]')?.getAttribute('src') ?? null,
  served: () =>
    fetch(VERSION_PROBE, { cache: 'no-store' }).then(
      (r) => (r.ok ? r.text() : null),
      () => null,
    ),
  reload: () => window.location.reload(),
})

/** After a chunk failed to load: reloads into the new version if the server has one (once a minute at most). */
export async function reloadIntoNewVersion(page: Page = thisPage()): Promise<boolean> {
  if (page.script === null) return false
  try {
    if (page.now - Number(page.storage?.getItem(RELOADED_AT) ?? 0) < RELOAD_AGAIN_AFTER_MS) return false
  } catch {
    // No session storage (a locked-down browser): the version check alone decides.
  }
  const html = await page.served()
  if (html === null || html.includes(page.script)) return false
  try {
    page.storage?.setItem(RELOADED_AT, String(page.now))
  } catch {
    // as above
  }
  page.reload()
  return true
}
