/**
 * The attack sheet chooses the target for the player: the last one attacked while it is a foe still in
 * the fight, else the first standing foe; never one on the player's own side (issue #54); the fallen are
 * not offered unless asked for.
 */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  hpOf,
  miraAndTomasFace,
  ogreStrikes,
  openAttackSheet,
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

describe('the attack sheet’s target', () => {
  it('osr: is the last one attacked while it stands, then the first standing foe; the fallen only on request', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin x2', '40')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Start combat' }).click()

    // The first attack: the first foe is chosen; she picks Goblin 2 herself.
    let sheet = await openAttackSheet(gm, mira, 'Mira')
    const tile = (name: string) => sheet.getByRole('radio', { name: new RegExp(`^${name}\\b`) })
    expect(await tile('Goblin 1').isChecked()).toBe(true)
    await tile('Goblin 2').check()
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const attacks = gm.getByTestId('log-entry').filter({ hasText: /Mira (hits|misses)/ })
    await expect.poll(() => attacks.count()).toBe(1)
    expect(await attacks.first().textContent()).toContain('Goblin 2')

    // Next round: Goblin 2 again, with no tap.
    sheet = await openAttackSheet(gm, mira, 'Mira')
    expect(await tile('Goblin 2').isChecked()).toBe(true)
    await chromium.snap(mira, 'last-target-phone')
    await sheet.getByRole('button', { name: 'Cancel' }).click()

    // Goblin 2 falls: the sheet no longer offers it, and chooses the one still standing.
    await setHp(gm, 'Goblin 2', 0)
    sheet = await openAttackSheet(gm, mira, 'Mira')
    expect(await tile('Goblin 1').isChecked()).toBe(true)
    expect(await tile('Goblin 2').count()).toBe(0)
    await sheet.getByRole('checkbox', { name: /Also the fallen/ }).check()
    expect(await tile('Goblin 2').count()).toBe(1)
  })
  // Issue #54: "after waking Jonas, Mara's next attack sheet opened with Jonas selected; two taps attacked
  // her friend". Build: "A target is never preselected on your own side".
  it('brp: after First Aid on an ally, the next attack sheet chooses the foe, not the ally', {
    timeout: 120_000,
  }, async () => {
    const { gm, mira, tomas } = await miraAndTomasFace(chromium.browser, baseUrl, 'brp', 'Ogre', '30')
    const phones = [mira, tomas]
    await gm.getByRole('button', { name: 'Start combat' }).click()
    // All at DEX 10 act on one rank: the Ogre's Brawl wounds Tomas (20 against 25%, 2 on its 1D3), and Mira
    // still has her action.
    const hale = Number((await hpOf(gm, 'Tomas'))?.split('/')[0])
    await playUntil(gm, phones, () => visible(gm, 'Ogre attacks'), { keep: { phone: mira, name: 'Mira' } })
    await ogreStrikes(gm, tomas, 'Tomas', (i) => (i === 0 ? 20 : 2))
    await expect.poll(async () => Number((await hpOf(gm, 'Tomas'))?.split('/')[0])).toBe(hale - 2)
    await playUntil(gm, phones, () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    const sheet = mira.getByRole('region', { name: 'Mira attacks' })
    const tile = (name: string) => sheet.getByRole('radio', { name: new RegExp(`^${name}\\b`) })
    // Her first sheet, on her weapon: the Ogre, the only foe.
    expect(await tile('Ogre').isChecked()).toBe(true)
    await sheet
      .locator('label.field', { hasText: /^With/ })
      .locator('select')
      .selectOption({ label: 'First Aid · 30% · heals 1D3' })
    expect(await tile('Tomas').isChecked()).toBe(true)
    await typeOwnDice(sheet, (i) => (i === 0 ? 5 : 2))
    await sheet.getByRole('button', { name: 'Send my dice' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toContain("Mira's First Aid on Tomas heals")

    // The next round: her attack sheet opens on the Ogre, Tomas (standing again) offered but not chosen.
    await playUntil(gm, phones, () => roundAtLeast(gm, 2))
    await playUntil(gm, phones, () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    await tile('Tomas').waitFor()
    expect(await tile('Tomas').isChecked()).toBe(false)
    expect(await tile('Ogre').isChecked()).toBe(true)
    await chromium.snap(mira, 'target-after-first-aid-phone')
  })

  // Build: "the last target is remembered only while it is a foe still in the fight".
  it('osr: once the foe last attacked falls and no foe stands, nobody is chosen, the ally least of all', {
    timeout: 120_000,
  }, async () => {
    const { gm, mira, tomas } = await miraAndTomasFace(chromium.browser, baseUrl, 'osr', 'Goblin', '40')
    const phones = [mira, tomas]
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, phones, () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    const sheet = mira.getByRole('region', { name: 'Mira attacks' })
    const tile = (name: string) => sheet.getByRole('radio', { name: new RegExp(`^${name}\\b`) })
    expect(await tile('Goblin').isChecked()).toBe(true)
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const attacks = gm.getByTestId('log-entry').filter({ hasText: /Mira (hits|misses)/ })
    await expect.poll(() => attacks.count()).toBe(1)

    // The Goblin falls: on her next turn the sheet offers Tomas and chooses nobody; no Roll until she taps.
    await setHp(gm, 'Goblin', 0)
    await playUntil(gm, phones, () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    await tile('Tomas').waitFor()
    expect(await tile('Tomas').isChecked()).toBe(false)
    expect(await sheet.getByRole('button', { name: 'Roll the attack' }).count()).toBe(0)
    expect(await sheet.textContent()).toContain('No foe stands: tap whom you mean.')
    await sheet.getByRole('checkbox', { name: /Also the fallen/ }).check()
    expect(await tile('Goblin').isChecked()).toBe(false)
    // What she taps is hers: the Goblin, fallen, then the attack's odds and Roll.
    await tile('Goblin').check()
    await sheet.getByRole('button', { name: 'Roll the attack' }).waitFor()
  })
})
