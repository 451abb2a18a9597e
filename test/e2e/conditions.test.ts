/** The GM's conditions: put on from the tablet, counted down each round and ended on every device. */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/**
 * A fight in `system` with a Goblin on the tablet and Mira on a phone, the GM putting Held on the Goblin
 * for the option labelled `lasting`, its edit panel closed again.
 */
async function heldGoblin(system: string, lasting: string) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, system)
  await addCombatant(gm, 'Goblin', '7')
  const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  const row = gm.getByTestId('combatant').filter({ hasText: 'Goblin' })
  await row.getByRole('button', { name: 'Edit' }).click()
  const form = gm.getByRole('form', { name: 'Conditions on Goblin' })
  await form.getByLabel('Condition').fill('Held')
  await form.getByLabel('For').selectOption({ label: lasting })
  await chromium.snap(gm, `condition-picker-${system}`)
  await form.getByRole('button', { name: 'Put it on Goblin' }).click()
  await row.getByRole('button', { name: 'Edit' }).click()
  const chip = (page: Page) =>
    page.getByTestId('combatant').filter({ hasText: 'Goblin' }).locator('.chip.mark').allTextContents()
  const round = async () =>
    Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1] ?? 0)
  return { gm, phone, chip, round }
}

describe('the GM’s conditions', () => {
  it('osr: a 3-round condition counts down on every device and ends at the third round’s end, logged', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone, chip, round } = await heldGoblin('osr', '3 rounds')
    for (const page of [gm, phone]) await expect.poll(() => chip(page)).toEqual(['Held (3 rounds)'])
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

  it('spelljammer: a 3-round condition counts its 30 segments down on every device and ends with round 3', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone, chip, round } = await heldGoblin('spelljammer', '3 rounds (30 segments)')
    for (const page of [gm, phone]) await expect.poll(() => chip(page)).toEqual(['Held (30 segments)'])
    const left = async (page: Page) =>
      Number(/\((\d+) segments?\)/.exec((await chip(page))[0] ?? '')?.[1] ?? 0)
    // Each round's ten segments go as the round runs: 11 to 20 left in round 2, 1 to 10 in round 3.
    for (const [until, most, least] of [
      [2, 20, 11],
      [3, 10, 1],
    ] as const) {
      await playUntil(gm, [phone], async () => (await round()) >= until)
      for (const page of [gm, phone]) {
        await expect.poll(() => left(page)).toBeLessThanOrEqual(most)
        expect(await left(page)).toBeGreaterThanOrEqual(least)
      }
    }
    await playUntil(gm, [phone], async () => (await round()) >= 4)
    for (const page of [gm, phone]) await expect.poll(() => chip(page)).toEqual([])
    await expect
      .poll(() => phone.getByTestId('log').textContent())
      .toMatch(/Held ends on Goblin \(end of round 3\)/)
  })
})
