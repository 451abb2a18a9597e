/** Area damage from the tablet: three goblins hit by one roll, one saving for half, and one undo for all three. */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, hpOf, openGmTablet, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('area damage', () => {
  it('hits three goblins on the number pad, one saving for half, on every device; one undo restores all three', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin x3', '12')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Area damage or healing…' }).click()
    const panel = gm.getByRole('form', { name: 'Area damage or healing' })
    for (const n of [1, 2, 3]) await panel.getByRole('checkbox', { name: `Goblin ${n}`, exact: true }).check()
    await panel.getByRole('checkbox', { name: 'Goblin 2 saved: half' }).check()
    // 7 on the pad (a slip corrected with the delete key).
    for (const key of ['7', '3', 'Delete a digit'])
      await panel.getByRole('button', { name: key, exact: true }).click()
    expect(await panel.getByTestId('area-amount').textContent()).toBe('7')
    await panel.getByLabel('What (optional)').fill('Fireball')
    await chromium.snap(gm, 'area-damage-pad')
    await panel.getByRole('button', { name: 'Apply to 3' }).click()

    for (const page of [gm, phone]) {
      await expect.poll(() => hpOf(page, 'Goblin 1')).toMatch(/^5\s*\/ 12 HP/)
      await expect.poll(() => hpOf(page, 'Goblin 2')).toMatch(/^9\s*\/ 12 HP/)
      await expect.poll(() => hpOf(page, 'Goblin 3')).toMatch(/^5\s*\/ 12 HP/)
    }
    await expect
      .poll(() => phone.getByTestId('log').textContent())
      .toMatch(/Fireball: Goblin 2 takes 3 \(saved for half\)/)

    // One Undo, on any of the three entries.
    await gm
      .getByTestId('log-entry')
      .filter({ hasText: 'Goblin 2 takes 3' })
      .getByRole('button', { name: 'Undo' })
      .click()
    for (const n of [1, 2, 3]) await expect.poll(() => hpOf(phone, `Goblin ${n}`)).toMatch(/^12\s*\/ 12 HP/)
  })
})
