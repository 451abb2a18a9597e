/**
 * A weekly group over two evenings: a GM and two players fight in a room, the GM starts a new fight and
 * the party keeps its wounds; everyone closes their browser; next week each comes back from their own
 * home screen (the GM from the room list, the players to their seats) with the past fight readable.
 */
import { describe, expect, inject, it } from 'vitest'
import { PHONE, reopenDevice, TABLET, useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  hpOf,
  openGmTablet,
  playUntil,
  seatPhone,
  setHp,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('two evenings of one campaign', () => {
  it('carries the party over a new fight and brings all three back next week from their home screens', {
    timeout: 120_000,
  }, async () => {
    // Evening one: a goblin, two players, a real attack from a phone.
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '6')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [mira, tomas], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    const sheet = mira.getByRole('region', { name: 'Mira attacks' })
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const attack = gm.getByTestId('log-entry').filter({ hasText: /Mira (hits|misses)/ })
    await expect.poll(() => attack.count()).toBeGreaterThan(0)
    const attackText = ((await attack.first().textContent()) ?? '').split(' · ')[0] ?? ''
    // The goblin struck back: Tomas is down to 4 of his hit points.
    await setHp(gm, 'Tomas', 4)

    // A new fight: the goblin goes, the party stays as it is.
    await gm.getByRole('button', { name: 'New fight…' }).click()
    await gm
      .getByRole('group', { name: 'Start a new fight' })
      .getByRole('button', { name: 'Start a new fight' })
      .click()
    await expect.poll(() => gm.getByTestId('combatant').count()).toBe(2)
    await expect.poll(() => hpOf(tomas, 'Tomas')).toMatch(/^4\s*\//)

    // Next week: all three browsers were closed; each opens Fray's home screen.
    const tablet = await reopenDevice(chromium.browser, gm.context(), TABLET, baseUrl)
    const phones = [
      { name: 'Mira', page: await reopenDevice(chromium.browser, mira.context(), PHONE, baseUrl) },
      { name: 'Tomas', page: await reopenDevice(chromium.browser, tomas.context(), PHONE, baseUrl) },
    ]
    await tablet
      .getByRole('region', { name: 'Your tables' })
      .getByRole('link', { name: /Bridge ambush/ })
      .click()
    await tablet.getByRole('button', { name: 'Start combat' }).waitFor()
    await expect.poll(() => hpOf(tablet, 'Tomas')).toMatch(/^4\s*\//)
    expect(await tablet.getByTestId('combatant').filter({ hasText: 'Goblin' }).count()).toBe(0)
    for (const { name, page } of phones) {
      const seat = page
        .getByRole('region', { name: 'Your tables' })
        .getByRole('link', { name: /Bridge ambush/ })
      expect(await seat.textContent()).toMatch(new RegExp(`You play ${name}`))
      await seat.click()
      await page.getByRole('heading', { name, exact: true }).waitFor()
      await expect.poll(() => hpOf(page, 'Tomas')).toMatch(/^4\s*\//)
      // The first evening's fight, read-only.
      const past = page.getByTestId('past-fights')
      await past.getByText('Past fights (1)').click()
      await past.getByText(/^Fight 1 · Goblin.* · \d+ rounds? · /).click()
      await expect.poll(() => past.textContent()).toContain(attackText.replace(/^⚔/, ''))
    }
  })
})
