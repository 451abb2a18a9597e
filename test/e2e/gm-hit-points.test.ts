/** The GM's hit points by request, on two tablets of the GM's at once. */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, TABLET, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, rowOf, seatPhone } from '../support/table-play.ts'

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

  it('takes 13 off a monster with the number pad in four taps, and undoes it', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await addCombatant(gm, 'Ogre', '20')
    const hp = () => rowOf(gm, 'Ogre').locator('.hp-number').textContent()
    await gm.getByRole('button', { name: 'Ogre: type an amount' }).click()
    const pad = gm.getByRole('region', { name: 'Damage or heal Ogre' })
    await pad.getByRole('button', { name: '1', exact: true }).click()
    await pad.getByRole('button', { name: '3', exact: true }).click()
    expect(await pad.getByTestId('hp-pad-amount').textContent()).toBe('13')
    await chromium.snap(gm, 'gm-hp-pad')
    await pad.getByRole('button', { name: 'Damage 13' }).click()
    await expect.poll(hp).toMatch(/^7\s*\/ 20 HP/)
    expect(await pad.count()).toBe(0)
    // Said in the log as any hit-point change, undone the same way.
    const entry = gm.getByTestId('log-entry').filter({ hasText: 'Ogre' }).first()
    await expect.poll(() => entry.textContent()).toMatch(/20 to 7/)
    await entry.getByRole('button', { name: /Undo/ }).click()
    await expect.poll(hp).toMatch(/^20\s*\/ 20 HP/)
    // Healing with the pad; a player's phone, which sees the Ogre, has no pad at all.
    await rowOf(gm, 'Ogre').getByRole('button', { name: 'Ogre: 5 damage' }).click()
    await expect.poll(hp).toMatch(/^15\s*\/ 20 HP/)
    await gm.getByRole('button', { name: 'Ogre: type an amount' }).click()
    await pad.getByRole('button', { name: '3', exact: true }).click()
    await pad.getByRole('button', { name: 'Heal 3' }).click()
    await expect.poll(hp).toMatch(/^18\s*\/ 20 HP/)
    await phone.getByTestId('combatant').filter({ hasText: 'Ogre' }).waitFor()
    expect(await phone.getByRole('button', { name: 'Ogre: type an amount' }).count()).toBe(0)
  })
})
