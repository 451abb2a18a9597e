/**
 * Screenshots of every main view, for each rule system, at phone (360x640) and tablet (1024x768 landscape)
 * size: `npm run screenshots` writes them to screenshots/ for a person to look at (SYSTEMS=osr for one system).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { launchBrowser } from './support/browser.ts'
import { startDevServer } from './support/dev-server.ts'
import { openComposer, openDefensePrompt, setUpTable, type TableScene } from './support/scene.ts'

const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url))
const SIZES = {
  phone: { width: 360, height: 640 },
  tablet: { width: 1024, height: 768 },
}
const PHONE = {
  viewport: SIZES.phone,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  colorScheme: 'dark' as const,
}
const TABLET = { viewport: SIZES.tablet, deviceScaleFactor: 1, hasTouch: true, colorScheme: 'dark' as const }
/** All five, or the ones named in SYSTEMS=osr,zones. */
const SYSTEMS = process.env.SYSTEMS?.split(',') ?? ['osr', 'odnd', 'spelljammer', 'brp', 'zones']
/** The views of a scene; the home page does not depend on the system, so it is shot once. */
const VIEWS: Array<[name: string, page: (s: TableScene) => Page]> = [
  ['gm', (s) => s.gm],
  ['player', (s) => s.seated],
  ['sheet', (s) => s.choosing],
  ['join', (s) => s.joining],
]

/** Shoots the page at each size, scrolled to the top or to the part `focus` selects. */
async function shoot(page: Page, name: string, focus?: string): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => window.scrollTo(0, 0))
    if (focus) await page.locator(focus).first().scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(OUT, `${name}-${size}.png`) })
    console.log(`  ${name}-${size}.png`)
  }
}

const server = await startDevServer()
const browser = await launchBrowser()
try {
  mkdirSync(OUT, { recursive: true })
  for (const system of SYSTEMS) {
    console.log(system)
    const scene = await setUpTable(browser, server.url, { system, phone: PHONE, tablet: TABLET })
    if (system === SYSTEMS[0]) await shoot(scene.home, 'home')
    for (const [name, page] of VIEWS) await shoot(page(scene), `${system}-${name}`)
    await shoot(scene.gm, `${system}-gm-log`, '[data-testid=log]')
    await shoot(scene.seated, `${system}-player-log`, '[data-testid=log]')
    if (system === SYSTEMS[0]) {
      // The light theme, once: the GM's and a player's view, then back to dark.
      for (const [name, page] of VIEWS.slice(0, 2)) {
        const setTheme = (theme: string) =>
          page(scene).evaluate((t) => {
            document.documentElement.dataset.theme = t
          }, theme)
        await setTheme('light')
        await shoot(page(scene), `${system}-${name}-light`)
        await setTheme('dark')
      }
    }
    // Then the fight moves on: Mira's attack composer, and a monster's attack on her phone.
    await shoot(await openComposer(scene), `${system}-composer`, '.composer')
    const defending = await openDefensePrompt(scene)
    if (defending) {
      await shoot(defending, `${system}-defense`, '[role=alertdialog]')
      await shoot(scene.gm, `${system}-gm-defense`, '[role=alertdialog]')
    }
  }
} finally {
  await browser.close()
  await server.stop()
}
