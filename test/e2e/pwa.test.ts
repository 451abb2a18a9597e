import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, quickRoll, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Waits until the service worker controls the page, i.e. it has installed and precached the shell. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
}

/**
 * Waits until the service worker keeps every built script the page has loaded (its screen's part and its
 * room's system, asked for by the page), and says which it keeps that the page never loaded.
 */
async function keptByWorker(page: Page): Promise<string[]> {
  const kept = () =>
    page.evaluate(async () => {
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/assets/') && p.endsWith('.js'))
      const cache = await caches.open((await caches.keys()).find((k) => k.startsWith('fray-')) ?? 'none')
      const missing = []
      for (const path of loaded) if (!(await cache.match(path))) missing.push(path)
      const extra = (await cache.keys())
        .map((r) => new URL(r.url).pathname)
        .filter((p) => p.endsWith('.js') && !loaded.includes(p))
      return { missing, extra }
    })
  await expect.poll(async () => (await kept()).missing, { timeout: 15_000 }).toEqual([])
  return (await kept()).extra
}

/** Cuts the network, and checks it is cut for the service worker too (not only for the page). */
async function cutNetwork(context: BrowserContext, apiPath: string): Promise<void> {
  await context.setOffline(true)
  const [worker] = context.serviceWorkers()
  if (!worker) throw new Error('no service worker in this context')
  const reach = (path: string) =>
    fetch(path).then(
      () => 'reached',
      () => 'unreachable',
    )
  expect(await worker.evaluate(reach, apiPath)).toBe('unreachable')
}

describe('what a deploy uploads', () => {
  it('leaves the source maps out: built for local debugging, never served', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1]
    expect(entry).toBeDefined()
    const map = await fetch(`${baseUrl}${entry}.map`)
    expect((await map.text()).startsWith('{"version":3')).toBe(false)
  })
})

describe('an installable app', () => {
  it('serves a manifest, its icons and a service worker that is never cached for long', async () => {
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`)
    expect(manifest.ok).toBe(true)
    const { icons, start_url, display } = (await manifest.json()) as {
      icons: Array<{ src: string; sizes: string }>
      start_url: string
      display: string
    }
    expect([start_url, display]).toEqual(['/', 'standalone'])
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    for (const icon of icons) expect((await fetch(`${baseUrl}${icon.src}`)).status).toBe(200)
    const sw = await fetch(`${baseUrl}/sw.js`)
    expect(sw.headers.get('content-type')).toMatch(/javascript/)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    const code = await sw.text()
    expect(code).toContain('"/"')
    expect(code).not.toContain('__FRAY_PRECACHE__')
  })

  it('meets chromium’s own installability checks', async () => {
    const page = await (await chromium.browser.newContext(PHONE)).newPage()
    await page.goto(baseUrl)
    await controlled(page)
    const cdp = await page.context().newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>
    }
    // Every playwright context is an incognito profile, which chromium never offers to install from.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
  })

  it('reopens a room with the network cut after the first visit: the shell from the service worker, the fight from the device', async () => {
    const room = await createTestRoom(baseUrl)
    const gmContext = await chromium.browser.newContext(TABLET)
    const gm = await gmContext.newPage()
    await gm.goto(room.gmUrl)
    await gm.getByLabel('Combatant name').fill('Goblin')
    await gm.getByLabel('Hit points', { exact: true }).fill('7')
    await gm.getByRole('button', { name: 'Add', exact: true }).click()
    const phoneContext = await chromium.browser.newContext(PHONE)
    const phone = await phoneContext.newPage()
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    await quickRoll(phone)
    await phone.getByTestId('log-entry').waitFor()
    await phone.getByText('Goblin').waitFor()
    await controlled(phone)
    await controlled(gm)
    // Each keeps what it loaded, its own screen and its room's rules: the phone nothing of the GM's view,
    // the QR code or another system, the tablet nothing of the phone's view or another system.
    const phoneExtra = await keptByWorker(phone)
    for (const never of [/gm-view/, /\/qr-/, /\/(odnd|spelljammer|brp|zones)-/])
      expect(phoneExtra.filter((p) => never.test(p))).toEqual([])
    const gmExtra = await keptByWorker(gm)
    expect(gmExtra.filter((p) => /\/seated-|\/(odnd|spelljammer|brp|zones)-/.test(p))).toEqual([])

    for (const [context, page] of [
      [phoneContext, phone],
      [gmContext, gm],
    ] as const) {
      await cutNetwork(context, `/api/rooms/${room.roomId}`)
      const response = await page.reload()
      expect(response?.fromServiceWorker()).toBe(true)
      await expect.poll(() => page.getByTestId('connection').textContent()).toContain('Offline')
      await page
        .getByText(/Bridge ambush/)
        .first()
        .waitFor()
      await page.getByTestId('combatant').filter({ hasText: 'Goblin' }).waitFor()
      await page.getByTestId('log-entry').filter({ hasText: 'Mira rolled 1d20' }).waitFor()
    }
    await phone.getByRole('region', { name: 'Your character' }).getByText('Mira').waitFor()
  })
})
