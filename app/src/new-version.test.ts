import { describe, expect, it } from 'vitest'
import { type Page, RELOAD_AGAIN_AFTER_MS, reloadIntoNewVersion } from './new-version.ts'

const OLD = '/assets/index-OLD.js'
const page = (served: string | null, now = 1_000_000, stored = new Map<string, string>()) => {
  const reloads: number[] = []
  const p: Page = {
    now,
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    script: OLD,
    served: async () => served,
    reload: () => reloads.push(now),
  }
  return { p, reloads, stored }
}
const html = (script: string) => `<!doctype html><script type="module" src="${script}"></script>`

describe('a chunk that fails to load', () => {
  it('reloads the page once when the server serves another version', async () => {
    const { p, reloads } = page(html('/assets/index-NEW.js'))
    expect(await reloadIntoNewVersion(p)).toBe(true)
    expect(reloads).toEqual([1_000_000])
  })

  it('does not reload when the server serves this same version, or does not answer (the network is down)', async () => {
    for (const served of [html(OLD), null]) {
      const { p, reloads } = page(served)
      expect(await reloadIntoNewVersion(p)).toBe(false)
      expect(reloads).toEqual([])
    }
  })

  it('does not reload again within a minute: no loop on a chunk the new version lacks too', async () => {
    const first = page(html('/assets/index-NEW.js'))
    await reloadIntoNewVersion(first.p)
    const soon = page(html('/assets/index-NEWER.js'), 1_000_000 + RELOAD_AGAIN_AFTER_MS - 1, first.stored)
    expect(await reloadIntoNewVersion(soon.p)).toBe(false)
    const later = page(html('/assets/index-NEWER.js'), 1_000_000 + RELOAD_AGAIN_AFTER_MS, first.stored)
    expect(await reloadIntoNewVersion(later.p)).toBe(true)
  })
})
