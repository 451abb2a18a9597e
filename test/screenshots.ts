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
import { openStats, setHp } from './support/table-play.ts'

const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url))
const SIZES = {
  phone: { width: 360, height: 640 },
  tablet: { width: 1024, height: 768 },
}
/** The two phones the player's turn is checked on: a small Android and a recent iPhone. */
const PHONES = {
  phone: SIZES.phone,
  'phone-390': { width: 390, height: 844 },
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
async function shoot(
  page: Page,
  name: string,
  focus?: string,
  sizes: Record<string, { width: number; height: number }> = SIZES,
): Promise<void> {
  for (const [size, viewport] of Object.entries(sizes)) {
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
    // The GM's three columns on a big tablet (UX.md), beside the two of 1024x768.
    await shoot(scene.gm, `${system}-gm`, undefined, { 'tablet-1366': { width: 1366, height: 1024 } })
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
    // The GM's sheet of a group, on the hit points typed; then Goblin 2 falls (an empty bar everywhere).
    const stats = await openStats(scene.gm, 'Goblin 1')
    await shoot(scene.gm, `${system}-gm-stats`, '#stats-h')
    await stats.getByRole('button', { name: 'Close' }).click()
    // Below 0: an empty bar (it once showed 86% of one at -2), on the tablet and on the phone.
    await setHp(scene.gm, 'Goblin 2', -2)
    await shoot(scene.gm, `${system}-fallen-bar`, '[data-testid=combatant]')
    await shoot(scene.seated, `${system}-player-fallen-bar`, '[data-testid=combatant]')
    if (system === SYSTEMS[0]) {
      // A seat moves to another phone: the player's code, and the GM's named seats with a confirmed free.
      await scene.seated.getByRole('button', { name: 'Use on another phone' }).click()
      await shoot(scene.seated, 'seat-handover', '#this-seat-h')
      await scene.seated.keyboard.press('Escape')
      await scene.seated.reload()
      await scene.seated.getByRole('region', { name: 'Your character' }).waitFor()
      await scene.gm.getByRole('button', { name: 'Free seat of Mira' }).click()
      await shoot(scene.gm, 'gm-seats', '#seats-h')
      await scene.gm.getByRole('button', { name: 'Keep seat' }).click()
    }
    // Then the fight moves on: Mira's attack composer (the fallen listed on request), and a monster's
    // attack on her phone.
    const composer = await openComposer(scene)
    await shoot(composer, `${system}-composer`, '.composer')
    const fallen = composer.getByRole('checkbox', { name: /Also the fallen/ })
    await fallen.check()
    await shoot(composer, `${system}-composer-fallen`, '.composer .targets')
    await fallen.uncheck()
    // The phone's sheet: the few situations, then every one unfolded and scrolled to the end.
    await shoot(composer, `${system}-sheet-short`, undefined, PHONES)
    const more = composer.getByRole('button', { name: /^More situations/ })
    if ((await more.count()) > 0) {
      await more.click()
      await composer.locator('.sheet-body').evaluate((el) => el.scrollTo(0, el.scrollHeight))
      await shoot(composer, `${system}-sheet-long`, undefined, PHONES)
      await composer.getByRole('button', { name: 'Fewer situations' }).click()
    }
    // Roll: the waiting card while the GM decides a monster's defense, then the result card, in view.
    await composer.setViewportSize(SIZES.phone)
    await composer.getByRole('button', { name: 'Roll the attack' }).click()
    const gmPrompt = scene.gm.getByRole('alertdialog', { name: /^Mira attacks/ })
    const card = composer.getByTestId('result-card')
    const waiting = composer.getByTestId('waiting-card')
    for (
      let i = 0;
      i < 50 && (await gmPrompt.count()) === 0 && !(await card.allTextContents()).join().includes('Mira');
      i++
    )
      await composer.waitForTimeout(100)
    if ((await gmPrompt.count()) > 0) {
      await waiting.waitFor()
      await composer.screenshot({ path: join(OUT, `${system}-waiting-phone.png`) })
      await composer.setViewportSize(PHONES['phone-390'])
      await composer.waitForTimeout(300)
      await composer.screenshot({ path: join(OUT, `${system}-waiting-phone-390.png`) })
      await composer.setViewportSize(SIZES.phone)
      console.log(`  ${system}-waiting-phone.png, -390.png`)
      await gmPrompt.getByRole('button').first().click()
    }
    await card.filter({ hasText: 'Mira' }).waitFor()
    await composer.waitForTimeout(300)
    // As the phone shows it right after the roll (scrolled by the app, not by this script).
    await composer.screenshot({ path: join(OUT, `${system}-result-phone.png`) })
    await composer.setViewportSize(PHONES['phone-390'])
    await composer.waitForTimeout(300)
    await composer.screenshot({ path: join(OUT, `${system}-result-phone-390.png`) })
    console.log(`  ${system}-result-phone.png, -390.png`)
    // After Mira's attack the round may have moved past the goblins' turn: no defense to show then.
    const defending = await openDefensePrompt(scene).catch((error: unknown) => {
      console.log(`  no defense prompt: ${String(error).split('\n')[0]}`)
      return null
    })
    if (defending) {
      await shoot(defending, `${system}-defense`, '[role=alertdialog]')
      await shoot(scene.gm, `${system}-gm-defense`, '[role=alertdialog]')
    }
  }
} finally {
  await browser.close()
  await server.stop()
}
