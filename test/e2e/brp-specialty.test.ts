/**
 * Issue #54: "brp's weapon 'Specialty' must be the category word ('Sword'); every tester typed the weapon's
 * name and got half the chance (60% became 30%, a bow skill 5%) without a word". Build: "choices where the
 * text has a list (brp's weapon categories from its table), the chance shown as it will be used before
 * saving". On her phone Mira picks her skills' specialties from the table's list, sees under each weapon
 * the chance it will be used at, and her attack sheet offers the same chance.
 */
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, joinWithForm, openGmTablet, playUntil, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

it('brp: the specialty is picked from the table’s list, and the form shows the chance each weapon is used at', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await joinWithForm(chromium.browser, room.playerUrl, 'Mira', async (phone) => {
    const combo = (name: RegExp) => phone.getByRole('combobox', { name })
    const chance = (nth: number) => phone.getByLabel('Chance %', { exact: true }).nth(nth)
    // What the form says under a field: the words it is described by.
    const noteOf = async (field: ReturnType<typeof combo>) =>
      phone.locator(`[id="${await field.getAttribute('aria-describedby')}"]`)
    const weapon = combo(/^Weapon/).last()
    // Her bow, and no skill yet: its base chance, 5% (5.9).
    await phone.getByRole('button', { name: 'Add to weapons' }).click()
    await weapon.selectOption({ label: 'Bow, Long' })
    const weaponNote = await noteOf(weapon)
    await expect.poll(() => weaponNote.textContent()).toMatch(/^Attacks at 5%: Bow, Long base chance/)

    // A Missile Weapon skill of 60%, first on the Sword the form starts with: another skill's specialty.
    await phone.getByRole('button', { name: 'Add to weapon skills' }).click()
    const specialty = combo(/^Specialty/).last()
    expect(await specialty.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Sword (Melee Weapon)', 'Bow (Missile Weapon)', 'Crossbow (Missile Weapon)']),
    )
    await combo(/^Skill/)
      .last()
      .selectOption({ label: 'Missile Weapon' })
    await chance(0).fill('60')
    const specialtyNote = await noteOf(specialty)
    await expect
      .poll(() => specialtyNote.textContent())
      .toBe('Sword is a Melee Weapon specialty: choose Melee Weapon as the skill.')
    // Bow picked: no word against it, and the bow is used at the skill's own 60%.
    await specialty.selectOption({ label: 'Bow (Missile Weapon)' })
    await expect.poll(() => specialtyNote.textContent()).not.toMatch(/specialty:/)
    await expect.poll(() => weaponNote.textContent()).toBe('Attacks at 60%: Missile Weapon (Bow) skill.')
    await chromium.snap(phone, 'brp-specialty-form')
  })

  // The attack sheet offers the bow at the chance the form said.
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const options = sheet.locator('label.field', { hasText: /^With/ }).locator('option')
  await expect
    .poll(() => options.allTextContents())
    .toContainEqual(expect.stringMatching(/^Bow, Long · 60% · /))
})
