/**
 * A deploy while pages are open: the server's service worker changes (here, the build's own with a line
 * added, on the disk the dev server serves from), the new worker takes over, every open page says "A new
 * version is ready" and reloads into it at a safe moment: the phone once it is put away with nothing on
 * its way, the tablet at its tap.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, openUrl, PHONE, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const READY = 'A new version of Fray is ready'

const SW = fileURLToPath(new URL('../../app/dist/sw.js', import.meta.url))
const built = readFileSync(SW, 'utf8')

/** The server serves `body` as /sw.js (wrangler dev serves the build's files as they are on disk). */
async function serve(body: string): Promise<void> {
  writeFileSync(SW, body)
  await expect.poll(async () => (await fetch(`${baseUrl}/sw.js`)).text(), { timeout: 20_000 }).toBe(body)
}

/**
 * A deploy: the server's /sw.js is another version from now on (the build's own with a line added), and
 * the page's registration finds it, as it does each time the page comes back into view.
 */
async function deploy(page: Page, version: string): Promise<void> {
  await serve(`${built}\n// deploy ${version}\n`)
  // Asked again until found: an update check while the dev server reloads for the new file finds nothing.
  const found = () =>
    page.evaluate(async (ready) => {
      if (document.body.textContent?.includes(ready)) return true
      const registration = await navigator.serviceWorker.getRegistration()
      await registration?.update()
      return false
    }, READY)
  await expect.poll(found, { timeout: 20_000, interval: 500 }).toBe(true)
}

// The build as it was, served again before the next file's tests start (the dev server reloads for it).
afterAll(async () => {
  writeFileSync(SW, built)
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
    if ((await (await fetch(`${baseUrl}/sw.js`)).text()) === built) return
  throw new Error('the dev server never served the restored sw.js')
})

/** The page as it is when the phone is locked or another app comes to the front. */
async function putAway(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

/** Back in front (undoes `putAway`). */
async function inView(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null)

describe('a new version deployed while the table is open', () => {
  it('is announced on the phone, which reloads into it once put away with nothing on its way', {
    timeout: 90_000,
  }, async () => {
    const room = await createTestRoom(baseUrl, 'osr')
    const phone = await (await chromium.browser.newContext(PHONE)).newPage()
    phone.setDefaultTimeout(15_000)
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    await expect.poll(() => controlled(phone), { timeout: 15_000 }).toBe(true)
    let loads = 0
    phone.on('load', () => loads++)

    // Put away before any new version: nothing reloads. (Back in view for the rest.)
    await putAway(phone)
    await phone.waitForTimeout(300)
    expect(loads).toBe(0)
    await inView(phone)

    await deploy(phone, '2')
    expect(await phone.getByRole('status').filter({ hasText: READY }).count()).toBe(1)
    await chromium.snap(phone, 'update-ready-phone')

    // Mid-roll (the Other dice form open): put away, it does not reload.
    await phone.getByRole('button', { name: 'Other dice…' }).click()
    await putAway(phone)
    await phone.waitForTimeout(1000)
    expect(loads).toBe(0)
    await inView(phone)
    await phone.getByRole('button', { name: 'Cancel' }).click()
    await putAway(phone)
    await expect.poll(() => loads).toBe(1)

    // The new version: the seat as it was, and no banner (its worker is the server's).
    await phone.getByRole('region', { name: 'Your character' }).getByText('Mira').waitFor()
    await phone.waitForTimeout(1000)
    expect(await phone.getByText(READY).count()).toBe(0)
  })

  it('is announced on the tablet, which reloads into it at “Reload now”', { timeout: 60_000 }, async () => {
    const room = await createTestRoom(baseUrl, 'osr')
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    gm.setDefaultTimeout(15_000)
    await openUrl(gm, room.gmUrl)
    await expect.poll(() => controlled(gm), { timeout: 15_000 }).toBe(true)
    let loads = 0
    gm.on('load', () => loads++)
    await deploy(gm, '3')
    expect(await gm.getByRole('status').filter({ hasText: READY }).count()).toBe(1)
    await chromium.snap(gm, 'update-ready-tablet')
    await gm.getByRole('button', { name: 'Reload now' }).click()
    await expect.poll(() => loads).toBe(1)
    await gm.getByRole('button', { name: 'Start combat' }).waitFor()
    await gm.waitForTimeout(1000)
    expect(await gm.getByText(READY).count()).toBe(0)
  })
})
