/**
 * The GM's tablet in landscape (UX.md): a round of 8 combatants played without scrolling at 1024x768 and
 * 1366x1024. The GM takes 13 off a monster with the number pad, answers a monster's defense prompt and
 * undoes from the log: each control is inside the screen when the GM needs it, and the page never scrolls.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { openUrl, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'
import { addCombatant, hpOf, miraHitsOgre, rowOf, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/**
 * Whether the whole of `target` is shown as the screen stands, without scrolling anything to it: inside
 * the viewport and inside every box around it that clips (a column that scrolls on its own).
 */
async function onScreen(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false
  return target.first().evaluate((el) => {
    const box = el.getBoundingClientRect()
    let [left, top, right, bottom] = [0, 0, window.innerWidth, window.innerHeight]
    // A box fixed to the screen (the number pad) is clipped by none of the boxes around it.
    for (let at = el.parentElement; at; at = at.parentElement) {
      if (getComputedStyle(at).position === 'fixed') break
      if (getComputedStyle(at).overflow === 'visible') continue
      const clip = at.getBoundingClientRect()
      left = Math.max(left, clip.left)
      top = Math.max(top, clip.top)
      right = Math.min(right, clip.right)
      bottom = Math.min(bottom, clip.bottom)
    }
    const edge = 0.5
    return (
      box.width > 0 &&
      box.left >= left - edge &&
      box.top >= top - edge &&
      box.right <= right + edge &&
      box.bottom <= bottom + edge
    )
  })
}

/** Taps `target` as a GM would: only once it is in view, and the page has not scrolled for it. */
async function tapInView(page: Page, target: Locator, what: string): Promise<void> {
  await target.waitFor()
  expect(await onScreen(target), `${what} is inside the screen`).toBe(true)
  await target.click()
  expect(await page.evaluate(() => window.scrollY), `the page did not scroll for ${what}`).toBe(0)
}

/** The screen as the GM sees it (not the whole page: the columns scroll, the page does not). */
async function shoot(page: Page, name: string): Promise<void> {
  const shots = process.env.SCREENSHOTS
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` })
}

describe('the GM’s tablet in landscape', () => {
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1366, height: 1024 },
  ]) {
    it(`plays a round of 8 combatants without scrolling at ${viewport.width}x${viewport.height}`, {
      timeout: 180_000,
    }, async () => {
      const room = await createTestRoom(baseUrl, 'brp')
      const gm = await (await chromium.browser.newContext({ ...TABLET, viewport })).newPage()
      gm.setDefaultTimeout(15_000)
      await openUrl(gm, room.gmUrl)
      await addCombatant(gm, 'Goblin x5', '9')
      await addCombatant(gm, 'Ogre', '30')
      const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
      const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
      await expect.poll(() => gm.getByTestId('combatant').count()).toBe(8)
      await gm.evaluate(() => window.scrollTo(0, 0))

      await tapInView(gm, gm.getByRole('button', { name: 'Start combat' }), 'Start combat')
      for (const phone of [mira, tomas]) await phone.getByRole('button', { name: 'State my intent' }).click()
      await tapInView(gm, gm.getByRole('button', { name: 'Begin actions' }), 'Begin actions')

      await shoot(gm, `gm-tablet-${viewport.width}x${viewport.height}`)
      // Every combatant's hit points are in view at once, beside the turn.
      for (const name of ['Goblin 1', 'Goblin 5', 'Ogre', 'Mira', 'Tomas'])
        expect(await onScreen(rowOf(gm, name).locator('.hp-number')), `${name}'s hit points`).toBe(true)
      expect(await onScreen(gm.getByTestId('turn-banner')), 'the turn').toBe(true)
      // With three columns nothing of the turn's column is below its foot: the turn, the way on, every
      // monster's attack and the order with its holds (brp's DEX rank 10 holds all eight). At 1024x768
      // the turn shares its column with the log, and those eight Hold buttons are below it (a scroll).
      if (viewport.width >= 1280) {
        const turnCard = gm.getByRole('region', { name: 'Turn order' })
        expect(await turnCard.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1)
      }
      // brp's DEX rank 10 holds all six monsters: each one's attack, and the way on, are in view.
      for (const name of ['Goblin 1 attacks', 'Ogre attacks', 'Next turn'])
        expect(await onScreen(gm.getByRole('button', { name, exact: true })), name).toBe(true)

      // 13 off the Ogre with the number pad: its row's pad, 1, 3, Damage.
      const ogre = rowOf(gm, 'Ogre')
      await tapInView(gm, ogre.getByRole('button', { name: 'Ogre: type an amount' }), 'the Ogre’s pad')
      const pad = gm.getByRole('region', { name: 'Damage or heal Ogre' })
      for (const key of ['1', '3'])
        await tapInView(gm, pad.getByRole('button', { name: key, exact: true }), `the pad's ${key}`)
      await shoot(gm, `gm-tablet-pad-${viewport.width}x${viewport.height}`)
      await tapInView(gm, pad.getByRole('button', { name: 'Damage 13' }), 'Damage 13')
      await expect.poll(() => hpOf(gm, 'Ogre')).toMatch(/^17\s*\/\s*30/)

      // Mira attacks the Ogre; the GM answers its defense from the tablet, in view.
      await miraHitsOgre(gm, [mira, tomas], mira)
      const prompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
      await prompt.waitFor()
      await shoot(gm, `gm-tablet-prompt-${viewport.width}x${viewport.height}`)
      await tapInView(gm, prompt.getByRole('button', { name: /^No defense/ }), 'the Ogre’s “No defense”')
      const logged = gm.locator('.log-entry.outcome').first()
      await expect.poll(() => logged.textContent()).toMatch(/^⚔Mira hits Ogre/)
      const afterHit = (await hpOf(gm, 'Ogre')) ?? ''
      expect(afterHit).not.toMatch(/^17\s*\//)

      // Undo Mira's hit from the log: the Ogre is back at 17.
      await tapInView(gm, logged.getByRole('button', { name: /^Undo/ }), 'Undo on the newest outcome')
      await expect.poll(() => hpOf(gm, 'Ogre')).toMatch(/^17\s*\/\s*30/)
      expect(await gm.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0)
    })
  }
})
