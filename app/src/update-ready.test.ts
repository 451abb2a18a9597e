import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CHECK_AGAIN_AFTER_MS,
  newVersionReady,
  pageBusy,
  reloadWhenSafe,
  watchForNewVersion,
} from './update-ready.ts'

/** A page and its service workers, as far as the watcher sees them. */
function device(controlled: boolean) {
  const page = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    busy: false,
    activeElement: null as { value: string; matches: (s: string) => boolean } | null,
    querySelector(selector: string) {
      return selector === '[data-busy]' && page.busy ? {} : null
    },
  })
  const workers = Object.assign(new EventTarget(), { controller: controlled ? {} : null })
  const updates: number[] = []
  const reloads: number[] = []
  const registration = {
    update: () => {
      updates.push(Date.now())
      return Promise.resolve()
    },
  }
  const reload = () => void reloads.push(Date.now())
  const cast = page as unknown as Document
  watchForNewVersion(
    registration as unknown as ServiceWorkerRegistration,
    workers as unknown as ServiceWorkerContainer,
    cast,
    reload,
  )
  const show = (state: DocumentVisibilityState) => {
    page.visibilityState = state
    page.dispatchEvent(new Event('visibilitychange'))
  }
  const takeOver = () => workers.dispatchEvent(new Event('controllerchange'))
  return { page, cast, show, takeOver, updates, reloads, reload }
}

beforeEach(() => {
  vi.useFakeTimers()
  newVersionReady.value = false
})
afterEach(() => vi.useRealTimers())

describe('a new version while the page is open', () => {
  it('is not a first install: the service worker taking over an uncontrolled page is no new version', () => {
    const d = device(false)
    d.takeOver()
    expect(newVersionReady.value).toBe(false)
    // Its next version is.
    d.takeOver()
    expect(newVersionReady.value).toBe(true)
  })

  it('is announced when a new service worker takes over a controlled page, and reloads once the device is put away', () => {
    const d = device(true)
    d.show('hidden')
    expect(d.reloads).toEqual([])
    d.takeOver()
    expect(newVersionReady.value).toBe(true)
    expect(d.reloads).toEqual([])
    d.show('visible')
    d.show('hidden')
    expect(d.reloads.length).toBe(1)
  })

  it('does not reload mid-request: put away with something on its way, it waits for the next time', () => {
    const d = device(true)
    d.takeOver()
    d.page.busy = true
    d.show('hidden')
    expect(d.reloads).toEqual([])
    d.page.busy = false
    d.page.activeElement = { value: '13', matches: (s) => s.startsWith('textarea,input') }
    d.show('visible')
    d.show('hidden')
    expect(d.reloads).toEqual([])
    d.page.activeElement = null
    d.show('visible')
    d.show('hidden')
    expect(d.reloads.length).toBe(1)
  })

  it('asks the server for a new service worker when the page comes back into view, at most once a minute', () => {
    const d = device(true)
    d.show('hidden')
    d.show('visible')
    expect(d.updates).toEqual([])
    vi.advanceTimersByTime(CHECK_AGAIN_AFTER_MS)
    d.show('hidden')
    d.show('visible')
    expect(d.updates.length).toBe(1)
    vi.advanceTimersByTime(CHECK_AGAIN_AFTER_MS - 1)
    d.show('hidden')
    d.show('visible')
    expect(d.updates.length).toBe(1)
  })

  it('reloads at the banner’s tap, or once what is on its way has landed', () => {
    const d = device(true)
    d.page.busy = true
    reloadWhenSafe(d.cast, d.reload)
    vi.advanceTimersByTime(2000)
    expect(d.reloads).toEqual([])
    d.page.busy = false
    vi.advanceTimersByTime(500)
    expect(d.reloads.length).toBe(1)
  })
})

describe('a page in the middle of something', () => {
  it('is one with a busy mark, or a text field with something typed in it', () => {
    const d = device(true)
    expect(pageBusy(d.cast)).toBe(false)
    d.page.busy = true
    expect(pageBusy(d.cast)).toBe(true)
    d.page.busy = false
    const field = (value: string, isText: boolean) => ({ value, matches: () => isText })
    d.page.activeElement = field('', true)
    expect(pageBusy(d.cast)).toBe(false)
    d.page.activeElement = field('on', false)
    expect(pageBusy(d.cast)).toBe(false)
    d.page.activeElement = field('Goblin', true)
    expect(pageBusy(d.cast)).toBe(true)
  })
})
