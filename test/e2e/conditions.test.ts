/** The GM's conditions: put on from the tablet, counted down each round and ended on every device. */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('the GM’s conditions', () => {
  it('osr: a 3-round condition counts down on every device and ends at the third round’s end, logged', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '7')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Start combat' }).click()

    const row = gm.getByTestId('combatant').filter({ hasText: 'Goblin' })
    await row.getByRole('button', { name: 'Edit' }).click()
    const form = gm.getByRole('form', { name: 'Conditions on Goblin' })
    await form.getByLabel('Condition').fill('Held')
    await form.getByLabel('For').selectOption('3')
    await chromium.snap(gm, 'condition-picker')
    await form.getByRole('button', { name: 'Put it on Goblin' }).click()
    const chip = (page: typeof gm) =>
      page.getByTestId('combatant').filter({ hasText: 'Goblin' }).locator('.chip.mark').allTextContents()
    for (const page of [gm, phone]) await expect.poll(() => chip(page)).toEqual(['Held (3 rounds)'])
    await row.getByRole('button', { name: 'Edit' }).click()

    const round = async () =>
      Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1] ?? 0)
    for (const [until, left] of [
      [2, ['Held (2 rounds)']],
      [3, ['Held (1 round)']],
      [4, []],
    ] as const) {
      await playUntil(gm, [phone], async () => (await round()) >= until)
      for (const page of [gm, phone]) await expect.poll(() => chip(page)).toEqual(left)
    }
    await expect
      .poll(() => phone.getByTestId('log').textContent())
      .toMatch(/Held ends on Goblin \(end of round 3\)/)
  })
})
