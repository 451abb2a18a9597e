/**
 * brp 5.12 and 5.14 at the table: Tomas, hit to below 0, dies at the end of the round unless First Aid
 * brings him to 1 within it. Mira gives it from her phone, on her own dice, and he lives; next round she
 * wakes him up. Between fights, she bandages a fresh wound with no turn to wait for.
 */
import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  ogreStrikes,
  openGmTablet,
  playUntil,
  roundAtLeast,
  seatPhone,
  setHp,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

const hpOf = async (page: Page, name: string) =>
  Number(
    (
      await page.getByTestId('combatant').filter({ hasText: name }).locator('.hp-number').textContent()
    )?.split('/')[0],
  )

/** A brp table: the GM's tablet with the Ogre (30 hit points), and Mira and Tomas seated on their phones. */
async function ogreAndTwo() {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
  return { gm, mira, tomas, phones: [mira, tomas] }
}

it('brp: First Aid from a phone saves a fighter dying below 0 within the round (5.12, 5.14)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira, tomas, phones } = await ogreAndTwo()
  await setHp(gm, 'Tomas', 2)
  await gm.getByRole('button', { name: 'Start combat' }).click()
  // Everyone at DEX 10 acts on the same rank: the Ogre strikes, and Mira still has her action after it.
  await playUntil(gm, phones, () => visible(gm, 'Ogre attacks'), { keep: { phone: mira, name: 'Mira' } })
  // 20 against Brawl 25%: a plain success (a special would add damage); the 1D3 at 3, more than his 2.
  await ogreStrikes(gm, tomas, 'Tomas', (i, sides) => (i === 0 ? 20 : sides))
  await expect.poll(() => hpOf(gm, 'Tomas')).toBeLessThan(1)
  const dying = await hpOf(gm, 'Tomas')

  // Mira's First Aid: Tomas, who is down, is the one offered; her own dice: 05 on d100, 3 on the 1D3.
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  await sheet
    .locator('label.field', { hasText: /^With/ })
    .locator('select')
    .selectOption({ label: 'First Aid · 30% · heals 1D3' })
  expect(await sheet.getByRole('radio', { name: /Tomas/ }).isChecked()).toBe(true)
  expect(await sheet.getByTestId('odds').textContent()).toMatch(/30%/)
  await typeOwnDice(sheet, (i) => (i === 0 ? 5 : 3))
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  const healed = Math.min(3, 2 - dying)
  const saved = dying + healed
  const card = mira.getByTestId('result-card')
  await expect
    .poll(() => card.textContent())
    .toContain(`Mira's First Aid on Tomas heals ${healed} hit point${healed === 1 ? '' : 's'}`)
  await expect.poll(() => hpOf(tomas, 'Tomas')).toBe(saved)

  // Brawl's 1D3 took him to -1 at worst: the 3 healed bring him to 1 or more, so he lives the round's end.
  expect(saved).toBeGreaterThanOrEqual(1)
  // (An end of round that changes nothing logs nothing: a later round is the sign it has passed. Under
  // load the tablet may be past round 2 by the time it is read: any later round will do.)
  await playUntil(gm, phones, () => roundAtLeast(gm, 2))
  expect(await gm.locator('.log').textContent()).not.toMatch(/Tomas dies/)
  const chips = tomas.getByTestId('combatant').filter({ hasText: 'Tomas' }).first().locator('.chip')
  expect(await chips.allTextContents()).not.toContain('Dead')

  // Still knocked out, Tomas has no turn; Mira wakes him, with no roll ("until awakened by another
  // character", 5.12), and he is in the fight again.
  expect(await chips.allTextContents()).toContainEqual(expect.stringMatching(/^Unconscious/))
  await playUntil(gm, phones, () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  await sheet
    .locator('label.field', { hasText: /^With/ })
    .locator('select')
    .selectOption({ label: 'Wake them up' })
  expect(await sheet.getByRole('radio', { name: /Tomas/ }).isChecked()).toBe(true)
  await sheet.getByRole('button', { name: 'Wake them up' }).click()
  await expect.poll(() => card.textContent()).toContain('Mira wakes Tomas up.')
  await expect.poll(() => chips.allTextContents()).not.toContainEqual(expect.stringMatching(/^Unconscious/))
})

it('brp: between fights, First Aid from a phone treats the last fight’s wound, with no turn to wait for (5.14)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira, tomas, phones } = await ogreAndTwo()
  const hale = await hpOf(gm, 'Tomas')
  // The fight: the Ogre's Brawl (20 against 25%, a plain hit) wounds Tomas for 2 on its 1D3.
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, phones, () => visible(gm, 'Ogre attacks'))
  // Nobody helps anyone during the fight but on their own turn: no such button on the phones.
  expect(await mira.getByRole('button', { name: /^Tend the wounded/ }).count()).toBe(0)
  await ogreStrikes(gm, tomas, 'Tomas', (i) => (i === 0 ? 20 : 2))
  await expect.poll(() => hpOf(gm, 'Tomas')).toBe(hale - 2)
  await gm.getByRole('button', { name: 'End combat' }).click()
  await gm.getByRole('button', { name: 'End the combat' }).click()

  // After the fight, Mira bandages him: 05 on her d100, 2 on the 1D3.
  await mira.getByRole('button', { name: /^Tend the wounded: First Aid, Wake them up/ }).click()
  const sheet = mira.getByRole('region', { name: 'Mira helps' })
  // The sheet's choices come with its lazily loaded parts: looked at once they are there.
  const options = sheet.locator('label.field', { hasText: /^With/ }).locator('option')
  await expect.poll(() => options.allTextContents()).toEqual(['First Aid · 30% · heals 1D3', 'Wake them up'])
  expect(await sheet.getByRole('radio', { name: /Tomas/ }).isChecked()).toBe(true)
  expect(await sheet.getByTestId('odds').textContent()).toMatch(/30%/)
  await chromium.snap(mira, 'first-aid-between-fights-phone')
  await typeOwnDice(sheet, (i) => (i === 0 ? 5 : 2))
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toContain("Mira's First Aid on Tomas heals 2 hit points.")
  await expect.poll(() => hpOf(tomas, 'Tomas')).toBe(hale)
})
