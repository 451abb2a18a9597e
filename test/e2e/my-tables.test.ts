/**
 * Next week, from the home screen: the GM's tablet lists the rooms it ran, a phone lists its seats, and
 * each opens in one tap, in a new browser session restored from the same device storage.
 */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, PHONE, reopenDevice, TABLET, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('your tables', () => {
  it('brings the GM back to the room and the player back to the seat from the home screen', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '5')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByTestId('combatant').filter({ hasText: 'Mira' }).waitFor()

    const tablet = await reopenDevice(chromium.browser, gm.context(), TABLET, baseUrl)
    const mine = tablet.getByRole('region', { name: 'Your tables' })
    const entry = mine.getByRole('link', { name: /Bridge ambush/ })
    expect(await entry.textContent()).toMatch(
      /You are the GM · Old-school d20 · opened .* · kept until .* unless used/,
    )
    // Kept as long as the room says now that it has a party (180 days), not as the tablet read it when
    // the room was new (30 days).
    const { keptUntil } = (await (await fetch(`${baseUrl}/api/rooms/${room.roomId}`)).json()) as {
      keptUntil: number
    }
    const day = await tablet.evaluate(
      (at) => new Date(at).toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' }),
      keptUntil,
    )
    await expect.poll(() => entry.textContent()).toContain(`kept until ${day} unless used`)
    await chromium.snap(tablet, 'my-tables-gm-home')
    await entry.click()
    await tablet.getByTestId('combatant').filter({ hasText: 'Goblin' }).waitFor()
    await tablet.getByRole('button', { name: 'Start combat' }).waitFor()

    const next = await reopenDevice(chromium.browser, phone.context(), PHONE, baseUrl)
    const seat = next
      .getByRole('region', { name: 'Your tables' })
      .getByRole('link', { name: /Bridge ambush/ })
    expect(await seat.textContent()).toMatch(/You play Mira/)
    await seat.click()
    await next.getByRole('heading', { name: 'Mira', exact: true }).waitFor()
    await next.getByRole('button', { name: 'Other dice…' }).waitFor()

    // Forgetting asks twice, then the home screen no longer lists it.
    await next.goto(`${baseUrl}/`)
    const forget = next.getByRole('button', { name: 'Forget Bridge ambush' })
    await forget.click()
    expect(await forget.textContent()).toBe('Forget this seat?')
    await forget.click()
    await expect.poll(() => next.getByRole('region', { name: 'Your tables' }).count()).toBe(0)
  })

  it('says a GM link cut short is not this room’s, offers no controls, and keeps the key that works', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '5')
    // The same tablet opens the link as a chat app cut it: the key a few characters short.
    const wrong = await gm.context().newPage()
    await openUrl(wrong, room.gmUrl.slice(0, -5))
    await wrong.getByRole('alert').filter({ hasText: 'not this room’s' }).waitFor()
    await chromium.snap(wrong, 'gm-key-cut-short')
    expect(await wrong.getByRole('button', { name: 'Start combat' }).count()).toBe(0)
    expect(await wrong.getByText('Connecting…').count()).toBe(0)
    // "Your tables" still opens the room with the key that works.
    const home = await gm.context().newPage()
    await openUrl(home, `${baseUrl}/`)
    await home
      .getByRole('region', { name: 'Your tables' })
      .getByRole('link', { name: /Bridge ambush/ })
      .click()
    await home.getByTestId('combatant').filter({ hasText: 'Goblin' }).waitFor()
    await home.getByRole('button', { name: 'Start combat' }).waitFor()
    expect(home.url()).toBe(room.gmUrl)
  })
})
