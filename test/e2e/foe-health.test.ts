/** What players see of monsters: the GM chooses exact hit points, a word, or nothing, on the tablet. */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone, setHp, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

const row = (page: Page, name: string) => page.getByTestId('combatant').filter({ hasText: name })

describe('what players see of monsters', () => {
  it('shows the phones a word for a monster’s health while the tablet keeps its hit points', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByLabel('What players see of monsters').selectOption('word')
    await addCombatant(gm, 'Ogre', '20')
    await expect.poll(() => row(gm, 'Ogre').locator('.hp-number').textContent()).toMatch(/^20\s*\/ 20 HP/)
    await expect.poll(() => row(phone, 'Ogre').locator('.hp-word').textContent()).toBe('Unhurt')

    // The GM's damage buttons move the hit points on the tablet; the phone only hears the word.
    await gm.getByRole('button', { name: 'Ogre: 5 damage' }).click()
    await expect.poll(() => row(gm, 'Ogre').locator('.hp-number').textContent()).toMatch(/^15\s*\/ 20 HP/)
    await expect.poll(() => row(phone, 'Ogre').locator('.hp-word').textContent()).toBe('Hurt')
    await setHp(gm, 'Ogre', 7)
    await expect.poll(() => row(phone, 'Ogre').locator('.hp-word').textContent()).toBe('Bloodied')
    // The tablet says which word the players see.
    await expect
      .poll(() => row(gm, 'Ogre').locator('.combatant-name').textContent())
      .toBe('Ogre · players see Bloodied')
    expect(await row(phone, 'Ogre').textContent()).not.toMatch(/\d+\s*\/\s*20/)
    expect(await row(phone, 'Ogre').getByRole('meter').isVisible()).toBe(false)
    // Mira's own hit points are hers to see.
    await expect.poll(() => row(phone, 'Mira').locator('.hp-number').textContent()).toMatch(/HP/)
    await chromium.snap(phone, 'foe-health-word-phone')

    // Nothing shown: no word until the Ogre is down, which everyone at the table sees.
    await gm.getByLabel('What players see of monsters').selectOption('none')
    await expect.poll(() => row(phone, 'Ogre').locator('.hp-word').textContent()).toBe('')
    await setHp(gm, 'Ogre', 0)
    await expect.poll(() => row(phone, 'Ogre').locator('.hp-word').textContent()).toBe('Down')

    // Exact again: the phone shows the hit points the GM set meanwhile.
    await gm.getByLabel('What players see of monsters').selectOption('exact')
    await expect.poll(() => row(phone, 'Ogre').locator('.hp-number').textContent()).toMatch(/^0\s*\/ 20 HP/)
  })

  it('leaves a monster’s AC out of a phone’s odds, unless the GM allows it', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByLabel('What players see of monsters').selectOption('word')
    await addCombatant(gm, 'Ogre', '20')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [phone], () => visible(phone, 'Attack'), { keep: { phone, name: 'Mira' } })
    await phone.getByRole('button', { name: 'Attack', exact: true }).click()
    const odds = phone.getByTestId('odds')
    const lines = phone.locator('.composer .odds-lines')
    await expect.poll(() => odds.textContent()).toMatch(/^\d+%to hit; Ogre’s defense is the GM’s secret\.$/)
    // How the odds add up: only Mira's side of the roll is left (here, nothing to list).
    if ((await lines.count()) > 0) expect(await lines.textContent()).not.toMatch(/AC/)
    await chromium.snap(phone, 'foe-defense-hidden-phone')

    // Allowed: the odds say what the d20 needs against the Ogre's AC again.
    await gm.getByLabel('Players’ odds show monsters’ defense (AC, DEF, armour)').check()
    await expect.poll(() => odds.textContent()).toMatch(/Hits on a natural \d+ or more/)
    expect(await lines.textContent()).toMatch(/Against AC \d+, the d20 needs/)
  })
})
