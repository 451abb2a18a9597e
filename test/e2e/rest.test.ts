/** brp between fights: the GM's "A week of rest" heals the party's wounds, and the phones see it (5.14). */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { openGmTablet, seatPhone, setHp } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('a week of rest', () => {
  it('heals a wounded character 1D3 on the GM’s one tap, or 3 in a hospital, and her phone shows it', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    const mira = phone.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.hp-number')
    const max = Number(/\/\s*(\d+)/.exec((await mira.textContent()) ?? '')?.[1])
    await setHp(gm, 'Mira', max - 4)

    const rest = gm.getByTestId('rest')
    await rest.getByText('Between fights: a week of rest').click()
    await rest.getByRole('button', { name: 'A week of rest' }).click()
    await expect
      .poll(() => phone.getByTestId('result-card').textContent())
      .toMatch(/A week of rest: Mira heals [123] hit points?\./)
    const healed = Number(/^(-?\d+)/.exec((await mira.textContent()) ?? '')?.[1])
    expect(healed - (max - 4)).toBeGreaterThanOrEqual(1)
    expect(healed - (max - 4)).toBeLessThanOrEqual(3)

    // In a hospital the GM allows the maximum, 3, up to her maximum hit points.
    await setHp(gm, 'Mira', max - 4)
    await rest.getByLabel(/Mira .* in a hospital: 3/).check()
    await rest.getByRole('button', { name: 'A week of rest' }).click()
    await expect.poll(() => mira.textContent()).toMatch(new RegExp(`^${max - 1}\\s*/`))
    await chromium.snap(gm, 'rest-gm-tablet')
  })
})
