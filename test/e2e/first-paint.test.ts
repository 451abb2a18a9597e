/**
 * The join form paints before the app's script has run (index.html's first-paint script), and the app
 * takes it over: here the app's entry is held back, as a slow network would, to look at the page in between
 * (no service worker, which would serve the entry from its cache past the hold).
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { PHONE, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Holds the app's entry script until `release()`; what the page shows meanwhile is the HTML's alone. */
async function holdTheApp(page: Page): Promise<{ release: () => void; violations: string[] }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return { release: () => release(), violations }
}

/** Parsed and styled, the app's script not yet run. */
async function htmlOnly(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => document.readyState === 'interactive' && document.styleSheets.length > 0)
  expect(await page.locator('#app').innerHTML()).toBe('')
}

describe("a player's link, before the app has loaded", () => {
  it('paints the join form; a name typed and a Join tapped there seat the player once the app is in', {
    timeout: 60_000,
  }, async () => {
    const room = await createTestRoom(baseUrl, 'brp', 'Ford')
    const phone = await (await chromium.browser.newContext({ ...PHONE, serviceWorkers: 'block' })).newPage()
    phone.setDefaultTimeout(15_000)
    const app = await holdTheApp(phone)
    await htmlOnly(phone, room.playerUrl)
    await phone.getByLabel("Your character's name").fill('Mira')
    await phone.getByRole('button', { name: 'Join' }).click()
    expect(phone.url()).toBe(room.playerUrl) // held for the app, not sent as a page load

    app.release()
    await phone.getByRole('button', { name: 'Create my character' }).click()
    await phone.getByRole('region', { name: 'Your character' }).getByText('Mira').waitFor()
    expect(await phone.locator('#join-shell').count()).toBe(0)

    // Next time this phone opens the link it is seated: the app opens the fight, no join form in between.
    const again = await holdTheApp(phone)
    await htmlOnly(phone, room.playerUrl)
    expect(await phone.locator('#join-shell').isVisible()).toBe(false)
    again.release()
    await phone.getByRole('region', { name: 'Your character' }).getByText('Mira').waitFor()
    expect([...app.violations, ...again.violations]).toEqual([])
  })

  it('hands the app what was typed, with the keyboard still up, and the room’s name fills the heading', {
    timeout: 60_000,
  }, async () => {
    const room = await createTestRoom(baseUrl, 'osr', 'Bridge ambush')
    const phone = await (
      await chromium.browser.newContext({ ...PHONE, colorScheme: 'light', serviceWorkers: 'block' })
    ).newPage()
    phone.setDefaultTimeout(15_000)
    const app = await holdTheApp(phone)
    await htmlOnly(phone, room.playerUrl)
    // The system's light theme is there from the first paint, the browser's chrome too, not after the app.
    expect(await phone.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    const chrome = await phone.locator('meta[name="theme-color"]').getAttribute('content')
    expect(chrome).toBe('#f3f4f7') // the status bar's light colour (theme.ts's CHROME_COLORS)
    await expect.poll(() => phone.getByRole('heading', { name: 'Join the fight' }).isVisible()).toBe(true)
    await phone.getByLabel("Your character's name").fill('Ada')

    app.release()
    await phone.getByRole('heading', { name: 'Bridge ambush' }).waitFor()
    const field = phone.getByLabel("Your character's name")
    expect(await field.inputValue()).toBe('Ada')
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await phone.locator('#join-shell').count()).toBe(0)
    expect(app.violations).toEqual([])
  })
})

describe("the GM's link, before the app has loaded", () => {
  it('shows no join form', { timeout: 60_000 }, async () => {
    const room = await createTestRoom(baseUrl, 'zones')
    const gm = await (await chromium.browser.newContext({ ...TABLET, serviceWorkers: 'block' })).newPage()
    gm.setDefaultTimeout(15_000)
    const app = await holdTheApp(gm)
    await htmlOnly(gm, room.gmUrl)
    expect(await gm.locator('#join-shell').count()).toBe(1)
    expect(await gm.locator('#join-shell').isVisible()).toBe(false)
    app.release()
    await gm.getByLabel('Combatant name').waitFor()
    expect(await gm.locator('#join-shell').count()).toBe(0)
    expect(app.violations).toEqual([])
  })
})
