/**
 * brp 5.9 at the table: "Crossbows ... each takes a full combat round to reload, so they can only be fired
 * on every other round." Mira shoots her crossbow from her phone; the next round it is not offered, and
 * "Reload" is, as that round's one action; after it she has no other attack that round.
 */
import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, joinWithForm, openGmTablet, playUntil, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

const chipsOf = (page: Page, name: string) =>
  page.getByTestId('combatant').filter({ hasText: name }).first().locator('.chip').allTextContents()

it('brp: a crossbow fired from the phone is reloaded only as a later round’s action (5.9 *)', {
  timeout: 180_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  await addCombatant(gm, 'Ogre', '40')
  const mira = await joinWithForm(chromium.browser, room.playerUrl, 'Mira', async (phone) => {
    for (const weapon of ['Crossbow, Light (a full round to reload)', 'Sword, Short']) {
      await phone.getByRole('button', { name: 'Add to weapons' }).click()
      await phone
        .getByRole('combobox', { name: /^Weapon/ })
        .last()
        .selectOption({ label: weapon })
    }
  })
  const keep = { keep: { phone: mira, name: 'Mira' } }
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), keep)
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withSelect = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  const options = () => withSelect.locator('option').allTextContents()
  // Loaded, the crossbow is offered and no reload is.
  expect(await options()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Crossbow, Light · \d+% · 1D6\+2$/)]),
  )
  expect((await options()).some((o) => o.startsWith('Reload'))).toBe(false)
  await withSelect.selectOption('crossbow-light')
  // Unaware of it, the Ogre has no dodge to choose: the bolt lands or misses at once.
  await sheet.getByRole('checkbox', { name: /Target unaware/ }).check()
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  const card = mira.getByTestId('result-card')
  await expect.poll(() => card.count()).toBeGreaterThan(0)
  for (const page of [gm, mira])
    await expect.poll(() => chipsOf(page, 'Mira')).toContain('Crossbow, Light unloaded')

  // Round 2's Statement of Intent: no shot with it to state; "something else" (the reload) is.
  await playUntil(gm, [mira], () => visible(mira, 'State my intent'), keep)
  const statement = mira.getByRole('form', { name: 'Statement of Intent' })
  const action = statement.locator('label.field', { hasText: /^Action/ }).locator('select')
  const stated = () => action.locator('option').allTextContents()
  await expect.poll(stated).toContain('Something else (no attack)')
  expect(await stated()).toContain('Attack: Sword, Short (medium weapon)')
  expect((await stated()).some((o) => o.includes('Crossbow'))).toBe(false)
  await chromium.snap(mira, 'brp-reload-intent')
  // Then at her rank the crossbow is not offered; the reload is, about herself (no target list), with no dice.
  await playUntil(
    gm,
    [mira],
    async () =>
      /Round 2 /.test((await gm.getByTestId('turn-banner').textContent()) ?? '') &&
      (await visible(mira, 'Attack')),
    keep,
  )
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  await expect.poll(options).toContain('Reload Crossbow, Light · the whole round')
  expect((await options()).some((o) => o.startsWith('Crossbow'))).toBe(false)
  await withSelect.selectOption({ label: 'Reload Crossbow, Light · the whole round' })
  expect(await sheet.getByRole('group', { name: 'Target' }).isHidden()).toBe(true)
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toMatch(/Reloads the Crossbow, Light: the whole combat round\. It can fire next round\./)
  await chromium.snap(mira, 'brp-reload-sheet')
  await sheet.getByRole('button', { name: 'Reload', exact: true }).click()
  for (const page of [gm, mira]) {
    await expect
      .poll(() => page.locator('.log').textContent())
      .toContain('Mira reloads the Crossbow, Light (the whole combat round).')
    await expect.poll(() => chipsOf(page, 'Mira')).not.toContain('Crossbow, Light unloaded')
  }
  // The reload was the round's one action: Mira's turn is over, and the Ogre's comes.
  await expect.poll(() => mira.getByTestId('turn-banner').textContent()).toMatch(/^Ogre is acting/)
  expect(await visible(mira, 'Attack')).toBe(false)
  await chromium.snap(mira, 'brp-reloaded')
})
