/**
 * A new version deployed while this page is open. Its service worker takes over at once (`sw.ts` skips
 * waiting and claims every page), and this page, still the old version, says "A new version is ready" and
 * reloads at a safe moment: when the device is put away (the page hidden), or at the banner's tap, and
 * never while something of this page's is on its way (`pageBusy`). A page open all evening never
 * navigates, so it asks the server for a new service worker each time it comes back into view.
 */
import { signal } from '@preact/signals'

/** Set once a new service worker controls this page: a version this page's code is not. */
export const newVersionReady = signal(false)

/** No second check for a new version within this long of the last (a phone locked and unlocked often). */
export const CHECK_AGAIN_AFTER_MS = 60_000

type Page = Pick<Document, 'visibilityState' | 'addEventListener' | 'querySelector' | 'activeElement'>
type Workers = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>
const reloadPage = () => window.location.reload()

/**
 * Whether the page is in the middle of something: a screen marks what is on its way with `data-busy`
 * (seated.tsx: a request unanswered, a sheet open), and a text field with something typed in it counts.
 */
export function pageBusy(page: Page = document): boolean {
  const typing = page.activeElement as HTMLInputElement | null
  return (
    page.querySelector('[data-busy]') !== null ||
    Boolean(typing?.matches('textarea,input:not([type=checkbox],[type=radio])') && typing.value)
  )
}

/** Watches `registration`'s service worker for a new version (a first install is none). */
export function watchForNewVersion(
  registration: Pick<ServiceWorkerRegistration, 'update'>,
  workers: Workers = navigator.serviceWorker,
  page: Page = document,
  reload = reloadPage,
): void {
  let controlled = workers.controller !== null
  workers.addEventListener('controllerchange', () => {
    if (controlled) newVersionReady.value = true
    controlled = true
  })
  let checked = Date.now()
  page.addEventListener('visibilitychange', () => {
    if (page.visibilityState === 'hidden') {
      if (newVersionReady.value && !pageBusy(page)) reload()
    } else if (Date.now() - checked >= CHECK_AGAIN_AFTER_MS) {
      checked = Date.now()
      // Offline, or the server between versions: the next time the page is in view asks again.
      registration.update().catch(() => undefined)
    }
  })
}

/** The banner's tap: reloads now, or as soon as nothing is on its way. */
export function reloadWhenSafe(page: Page = document, reload = reloadPage): void {
  if (pageBusy(page)) setTimeout(() => reloadWhenSafe(page, reload), 500)
  else reload()
}
