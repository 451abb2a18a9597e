/** The GM's hit points by request, on two tablets of the GM's at once. */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, TABLET, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, rowOf } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('the GM’s hit points by request', () => {
  it('two GM tablets each taking 5 off a 13 hit point bandit at once both show 3, and one undoes', {
    timeout: 60_000,
  }, async () => {
    const { gm: one, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const two = await (await chromium.browser.newContext(TABLET)).newPage()
    two.setDefaultTimeout(15_000)
    await openUrl(two, room.gmUrl)
    await addCombatant(one, 'Bandit', '13')
    const hp = (page: typeof one) => rowOf(page, 'Bandit').locator('.hp-number').textContent()
    await expect.poll(() => hp(two)).toMatch(/^13\s*\/ 13 HP/)
    await Promise.all(
      [one, two].map((page) => page.getByRole('button', { name: 'Bandit: 5 damage' }).click()),
    )
    await expect.poll(() => hp(one)).toMatch(/^3\s*\/ 13 HP/)
    await expect.poll(() => hp(two)).toMatch(/^3\s*\/ 13 HP/)
    // Each tap is in the log, and undoing one gives its 5 back on both.
    await expect.poll(() => one.getByTestId('log-entry').filter({ hasText: 'Bandit' }).count()).toBe(2)
    await one
      .getByTestId('log-entry')
      .filter({ hasText: 'Bandit' })
      .first()
      .getByRole('button', { name: /Undo/ })
      .click()
    await expect.poll(() => hp(one)).toMatch(/^8\s*\/ 13 HP/)
    await expect.poll(() => hp(two)).toMatch(/^8\s*\/ 13 HP/)
  })
})
