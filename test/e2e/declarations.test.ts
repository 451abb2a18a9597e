/**
 * osr 17.0.1.4 at the table: on her turn Mira declares from her phone that she parries and dodges
 * instead of attacking. She has no attack left, and everyone sees her +2 AC.
 */
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, seatPhone, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

it('osr: parrying and dodging is declared from the phone, takes the attack, and raises AC by 2 (17.0.1.4)', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '6')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await gm.getByRole('button', { name: 'Start combat' }).click()

  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  await sheet
    .locator('label.field', { hasText: /^With/ })
    .locator('select')
    .selectOption({ label: 'Parry or dodge · +2 AC this round, no attack' })
  // A declaration about herself: no target to choose, the button says what it does.
  expect(await sheet.locator('.targets').isHidden()).toBe(true)
  await sheet.getByRole('button', { name: 'Parry and dodge this round' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toContain('Mira parries and dodges this round: +2 AC, no attack.')
  expect(await visible(mira, 'Attack')).toBe(false)
  const chips = gm.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.chip')
  await expect.poll(() => chips.allTextContents()).toContain('Parrying or dodging (+2 AC)')
  // Her card shows the AC a blow must beat now: the default character's 11, + 2.
  const glance = mira.getByRole('region', { name: 'Your character' }).getByTestId('glance')
  await expect.poll(() => glance.textContent()).toContain('AC 13')
})
