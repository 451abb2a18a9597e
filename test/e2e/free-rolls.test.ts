/** Free rolls: any dice from a phone or the tablet, rolled by the room, in every device's log with what they were for. */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { openGmTablet, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('free rolls', () => {
  it('rolls a phone’s "2d6+1" for Morale and the GM’s d100 on the room’s dice, logged on every device', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')

    await phone.getByRole('button', { name: 'Other dice…' }).click()
    const form = phone.getByRole('form', { name: 'Roll any dice' })
    // A typo is said at once, and what was typed stays to be fixed.
    await form.getByLabel('Dice').fill('2d6+')
    await form.getByRole('button', { name: 'Roll', exact: true }).click()
    expect(await form.getByRole('alert').textContent()).toMatch(/^That does not read as dice: /)
    expect(await form.getByLabel('Dice').inputValue()).toBe('2d6+')
    await form.getByLabel('Dice').fill('2d6+1')
    await form.getByLabel('For (optional)').fill('Morale')
    await chromium.snap(phone, 'free-roll-phone')
    await form.getByRole('button', { name: 'Roll', exact: true }).click()

    // "9 Mira rolled 2d6+1 [6, 2] · server dice · Morale: 2d6 (6, 2) + 1 = 9", the total first.
    const rolled = /(\d+)Mira rolled 2d6\+1 \[(\d), (\d)\].*Morale: 2d6 \(\d, \d\) \+ 1 = (\d+)/s
    for (const page of [phone, gm]) {
      await expect.poll(() => page.getByTestId('log').textContent()).toMatch(rolled)
      const [, total, a, b, sum] = rolled.exec((await page.getByTestId('log').textContent()) ?? '') ?? []
      expect(Number(total)).toBe(Number(a) + Number(b) + 1)
      expect(sum).toBe(total)
    }

    await gm.getByText('Roll any dice').click()
    const gmForm = gm.getByRole('form', { name: 'Roll any dice' })
    await gmForm.getByLabel('Dice').fill('d100')
    await gmForm.getByLabel('For (optional)').fill('Wandering monster')
    await gmForm.getByRole('button', { name: 'Roll', exact: true }).click()
    await expect
      .poll(() => phone.getByTestId('log').textContent())
      .toMatch(/The GM rolled 1d100 \[\d+\].*Wandering monster/s)
  })
})
