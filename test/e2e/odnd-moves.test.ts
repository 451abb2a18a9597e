/**
 * odnd's movement from a phone (#25, MISC COMBAT RULES): Mira charges the Ogre with her sword, the charge's
 * distances and its +2 on the sheet, then backs out of the melee in a fighting withdrawal, a move that rolls
 * no dice, so none of her own are offered; Elros the elf shoots his bow on the run.
 */
import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  firstTurnSheet,
  joinWithForm,
  openGmTablet,
  playUntil,
  seatPhone,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

const chipsOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: `${name}: status` })
    .locator('.chip')
    .allTextContents()

/** The GM lets a blow on the Ogre land when the rules give it a choice (a parry). */
async function ogreTakesIt(gm: Page, attacker: string) {
  const prompt = gm.getByRole('alertdialog', { name: `${attacker} attacks Ogre` })
  const logged = () => gm.locator('.log-entry.outcome').first().textContent()
  await expect
    .poll(async () => (await prompt.count()) > 0 || new RegExp(`^⚔${attacker} `).test((await logged()) ?? ''))
    .toBe(true)
  if ((await prompt.count()) > 0) await prompt.getByRole('button', { name: /^Take it/ }).click()
}

/**
 * The Ogre on the GM's table and `name` on their phone, of `className`, with one weapon (d6) of `kind`; the
 * fight started and played on to their first turn, their attack sheet open.
 */
async function armedAgainstTheOgre(name: string, className: string, weapon: string, kind: string) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  const phone = await joinWithForm(chromium.browser, room.playerUrl, name, async (form) => {
    // A select's name carries its chosen option ("Class fighter").
    await form.getByRole('combobox', { name: /^Class/ }).selectOption({ label: className })
    await form.getByRole('button', { name: 'Add to weapons' }).click()
    await form.getByLabel('Weapon', { exact: true }).first().fill(weapon)
    await form
      .getByRole('combobox', { name: /^Weapon kind/ })
      .first()
      .selectOption({ label: kind })
    await form.getByLabel('Damage', { exact: true }).first().fill('d6')
  })
  return { gm, phone, sheet: await firstTurnSheet(gm, phone, name) }
}

it('odnd: Mira charges the Ogre from her phone at +2, then makes a fighting withdrawal that asks for no dice of hers', {
  timeout: 180_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  const sheet = await firstTurnSheet(gm, mira, 'Mira')
  const chance = () => sheet.locator('.odds-chance').textContent()
  // THAC0 19 against the Ogre's AC 9 needs 10: 11 faces in 20; charging, +2: 13 in 20.
  await expect.poll(chance).toBe('55%')
  const charging = sheet.getByRole('checkbox', { name: /^Charging/ })
  // Her Turn move is 12": a charge is more than half of it, up to all of it (CHARGING ATTACKS).
  await expect
    .poll(() => sheet.locator('label.toggle', { hasText: /^Charging/ }).textContent())
    .toContain('moved more than 6" up to 12"')
  await charging.check()
  await expect.poll(chance).toBe('65%')
  await chromium.snap(mira, 'odnd-charge-sheet')
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  await ogreTakesIt(gm, 'Mira')
  for (const page of [gm, mira]) {
    await expect
      .poll(() => page.locator('.log-entry.outcome').first().textContent())
      .toContain('Mira charged: no DEX bonus to AC this round, no other charge this Turn')
    await expect.poll(() => chipsOf(page, 'Mira')).toContain('Charged (no DEX to AC) (1 round)')
    await expect.poll(() => chipsOf(page, 'Mira')).toContain('In melee with Ogre')
  }

  // The next round, in melee with the Ogre: she backs out. The move rolls nothing, so her own dice are not offered.
  await playUntil(
    gm,
    [mira],
    async () =>
      (await visible(mira, 'Attack')) && !(await chipsOf(mira, 'Mira')).some((c) => c.startsWith('Charged')),
  )
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  expect(await sheet.getByRole('checkbox', { name: 'I roll my own dice' }).count()).toBe(1)
  await withField.selectOption({ label: 'Fighting withdrawal · back out at half move, +2 AC, no attack' })
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toContain('Back out up to 6" this round: +2 to AC against every attack, still in melee.')
  expect(await sheet.getByRole('checkbox', { name: 'I roll my own dice' }).count()).toBe(0)
  await chromium.snap(mira, 'odnd-withdrawal-sheet')
  await sheet.getByRole('button', { name: 'Withdraw this round' }).click()
  for (const page of [gm, mira]) {
    await expect
      .poll(() => page.locator('.log-entry.outcome').first().textContent())
      .toContain(
        'Mira makes a fighting withdrawal: backs out up to 6" this round at +2 to AC (Fighting Withdrawal)',
      )
    await expect.poll(() => chipsOf(page, 'Mira')).toContain('Withdrawing (+2 AC) (1 round)')
  }
})

it('odnd: Elros the elf fires his bow on the run from his phone, at no penalty, and runs for the round', {
  timeout: 150_000,
}, async () => {
  const { gm, phone: elros, sheet } = await armedAgainstTheOgre('Elros', 'elf', 'Bow', 'bow')
  const chance = () => sheet.locator('.odds-chance').textContent()
  // THAC0 19 against AC 9 with DEX 10 (no bonus): 10 or more, 11 faces in 20.
  await expect.poll(chance).toBe('55%')
  await sheet.getByRole('button', { name: /^More situations/ }).click()
  await sheet.getByRole('checkbox', { name: /^Firing on the run/ }).check()
  // No penalty to hit: the odds stay as they were.
  await expect.poll(chance).toBe('55%')
  await chromium.snap(elros, 'odnd-fire-on-the-run-sheet')
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  await ogreTakesIt(gm, 'Elros')
  for (const page of [gm, elros])
    await expect.poll(() => chipsOf(page, 'Elros')).toContain('Ran: no other action (1 round)')
})

it('odnd: Mira shoots her crossbow from her phone; it reloads through the next round, left out of her choices', {
  timeout: 180_000,
}, async () => {
  const { gm, phone: mira, sheet } = await armedAgainstTheOgre('Mira', 'fighter', 'Crossbow', 'crossbow')
  const options = () =>
    sheet.locator('label.field', { hasText: /^With/ }).locator('select option').allTextContents()
  await expect.poll(options).toContain('Crossbow (d6)')
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  await ogreTakesIt(gm, 'Mira')
  for (const page of [gm, mira])
    await expect.poll(() => chipsOf(page, 'Mira')).toContain('Reloading (2 rounds)')
  // "Crossbows fire every other round": in the next round it is still loading, and not offered.
  await playUntil(
    gm,
    [mira],
    async () =>
      (await visible(mira, 'Attack')) && (await chipsOf(mira, 'Mira')).includes('Reloading (1 round)'),
  )
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  await expect.poll(options).toContain('Empty hands (d4)')
  expect(await options()).not.toContain('Crossbow (d6)')
})
