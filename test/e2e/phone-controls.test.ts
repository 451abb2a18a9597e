/**
 * The phone's controls are what the moment asks for, and nothing else (#54): no dice bar when there is
 * nothing to roll, the controls within a quarter of a landscape phone's height, and a phone signed out of
 * its seat says so and offers the way back in.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { openUrl, PHONE, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** The height of the controls pinned at the bottom of the phone, in CSS pixels. */
const barHeight = (phone: Page) =>
  phone.locator('.thumb-bar').evaluate((bar) => bar.getBoundingClientRect().height)

describe('the phone’s controls', () => {
  it('before the fight nothing asks for dice: no Roll d20 leads the screen; “Other dice…” opens the quick roll', {
    timeout: 60_000,
  }, async () => {
    // "its yellow 'Roll d20' is the biggest button on the screen" when nothing is asked of the player.
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '6')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    expect(await mira.getByRole('button', { name: 'Roll d20', exact: true }).count()).toBe(0)
    expect(await mira.getByRole('button', { name: 'I rolled my own dice' }).count()).toBe(0)
    await chromium.snap(mira, 'phone-controls-idle')
    // One tap away: the quick roll, the table's own dice and any dice, in one place.
    await mira.getByRole('button', { name: 'Other dice…' }).click()
    await mira.getByRole('button', { name: 'Roll d20', exact: true }).click()
    await expect.poll(() => mira.getByTestId('log').textContent()).toMatch(/Mira rolled 1d20/)
    // The roll sent, the drawer closes again.
    await expect.poll(() => mira.getByRole('button', { name: 'Roll d20', exact: true }).count()).toBe(0)
  })

  it('in landscape (844x390) on her turn, the controls take at most a quarter of the height', {
    timeout: 120_000,
  }, async () => {
    // "in landscape (844x390) it stacks into three rows and takes 196 of 390 px"
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '60')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await chromium.snap(mira, 'phone-controls-portrait-turn')
    await mira.setViewportSize({ width: 844, height: 390 })
    await expect.poll(() => visible(mira, 'End my turn')).toBe(true)
    await chromium.snap(mira, 'phone-controls-landscape-turn')
    const height = await barHeight(mira)
    console.log(`controls on her turn, 844x390: ${Math.round(height)} of 390 px`)
    expect(height).toBeLessThanOrEqual(390 / 4)
    // And nothing of the page is lost under them: scrolled to the end, the last card ends above the bar.
    const hidden = await mira.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight)
      const bar = document.querySelector('.thumb-bar')?.getBoundingClientRect()
      const cards = [...document.querySelectorAll('.player-side > .card')]
      const last = cards.at(-1)?.getBoundingClientRect()
      return bar && last ? last.bottom - bar.top : 0
    })
    expect(hidden).toBeLessThanOrEqual(0)
  })

  it('signed out of its seat (the GM let the seat in on another phone), the phone says so and offers the way back', {
    timeout: 60_000,
  }, async () => {
    // "on a signed-out phone a tap does nothing and says nothing"; "a signed-out phone's pill says only 'Refused'"
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
    const row = gm.getByTestId('seats').locator('li', { hasText: 'Tomas' })
    await row.getByRole('button', { name: 'Let back in Tomas', exact: true }).click()
    const letIn = gm.getByRole('dialog', { name: 'Let Tomas back in' })
    const code = (await letIn.getByTestId('seat-code').textContent()) ?? ''
    const borrowed = await (await chromium.browser.newContext(PHONE)).newPage()
    await openUrl(borrowed, room.playerUrl)
    await borrowed.getByLabel('Seat code').fill(code)
    await borrowed.getByRole('button', { name: 'Take my seat' }).click()
    await borrowed.getByRole('region', { name: 'Your character' }).getByText('Tomas').waitFor()

    const out = tomas.getByRole('region', { name: 'Signed out' })
    await out.waitFor()
    expect(await tomas.getByTestId('connection').textContent()).toBe('Signed out')
    expect(await out.textContent()).toMatch(/another phone/)
    // Nothing offered that the room would not take from this phone.
    expect(await tomas.getByRole('button', { name: 'Other dice…' }).count()).toBe(0)
    await chromium.snap(tomas, 'phone-signed-out')
    // The way back in: the join screen, where a seat code from the GM takes the seat again.
    await out.getByRole('button', { name: 'Join again' }).click()
    await tomas.getByLabel('Seat code').waitFor()
  })
})
