/**
 * The attack sheet chooses the target for the player: the last one attacked while it stands, else the
 * first standing foe; the fallen are not offered unless asked for.
 */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openAttackSheet, openGmTablet, seatPhone, setHp } from '../support/table-play.ts'

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
})
