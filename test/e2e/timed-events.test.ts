/** The GM's timed events: entries in the turn order that come up at their moment and stop the round for the GM. */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

const bannerOf = (page: Page) => page.getByTestId('turn-banner').textContent()

describe('the GM’s timed events', () => {
  it('zones: “The ceiling falls” at the start of round 2 stops the round on every device until the GM is done', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones')
    await addCombatant(gm, 'Bandit', '5')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')

    const card = gm.getByRole('region', { name: 'Timed events' })
    const form = card.getByRole('form', { name: 'A new timed event' })
    // zones counts a round's faction turns: an event may come before one of them, or at the round's ends.
    expect(await form.getByLabel('When in the round').locator('option').allTextContents()).toEqual([
      'At its start',
      'On a faction turn',
      'At its end',
    ])
    await form.getByRole('button', { name: 'Put it in the turn order' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/Name the event/)
    await form.getByLabel('Event').fill('The ceiling falls')
    await form.getByLabel('In round').fill('2')
    await chromium.snap(gm, 'timed-event-form')
    await form.getByRole('button', { name: 'Put it in the turn order' }).click()
    await expect
      .poll(() => card.getByTestId('events').textContent())
      .toMatch(/The ceiling falls.*round 2, at the start of the round/)
    // A secret one every round: once put in, the form starts the next event as a plain one-off.
    await form.getByLabel('Event').fill('Drums')
    await form.getByLabel('In round').fill('9')
    await form.getByLabel('And every round after').check()
    await form.getByLabel('Secret: the players see only').check()
    await form.getByRole('button', { name: 'Put it in the turn order' }).click()
    await expect.poll(() => card.getByTestId('events').textContent()).toMatch(/Drums.*secret/)
    expect(await form.getByLabel('Secret: the players see only').isChecked()).toBe(false)
    expect(await form.getByLabel('And every round after').isChecked()).toBe(false)

    await gm.getByRole('button', { name: 'Start combat' }).click()
    // Not just "Waiting for the GM": before the start reaches the phone, its banner waits for the GM to start.
    const due = async () => /Waiting for the GM: The ceiling falls/.test((await bannerOf(phone)) ?? '')
    await playUntil(gm, [phone], due)

    // The GM is asked; the phone sees the wait, and no move of its side is offered.
    const prompt = gm.getByRole('alert').filter({ hasText: 'The ceiling falls comes up' })
    await expect.poll(() => prompt.textContent()).toMatch(/Round 2/)
    expect(await bannerOf(gm)).toMatch(/Waiting for the GM: The ceiling falls/)
    expect(await bannerOf(phone)).toMatch(/Waiting for the GM: The ceiling falls/)
    for (const name of ['I act now', 'We pass'])
      expect(await phone.getByRole('button', { name }).count()).toBe(0)
    expect(await gm.getByRole('button', { name: 'Foes pass' }).count()).toBe(0)
    await expect
      .poll(() => phone.getByTestId('log').textContent())
      .toMatch(/The ceiling falls comes up \(round 2, at the start of the round\)/)
    await chromium.snap(gm, 'timed-event-due')
    await chromium.snap(phone, 'timed-event-phone')

    await prompt.getByRole('button', { name: 'Done: The ceiling falls' }).click()
    await expect.poll(due).toBe(false)
    await expect.poll(() => bannerOf(phone)).toMatch(/Round 2/)
    await expect.poll(() => card.getByTestId('events').textContent()).toMatch(/came up in round 2/)
  })
})
