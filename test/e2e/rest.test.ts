/** brp between fights: the GM's "A week of rest" heals the party's wounds, and the phones see it (5.14). */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { lagTable, openGmTablet, seatPhone, setHp } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** A brp room with Mira on her phone: her hit points as her phone shows them, and her maximum. */
async function miraAtTable() {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  const mira = phone.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.hp-number')
  const max = Number(/\/\s*(\d+)/.exec((await mira.textContent()) ?? '')?.[1])
  return { gm, phone, mira, max }
}

describe('a week of rest', () => {
  it('heals a wounded character 1D3 on the GM’s one tap, or 3 in a hospital, and her phone shows it', {
    timeout: 60_000,
  }, async () => {
    const { gm, phone, mira, max } = await miraAtTable()
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

  it('tapped twice on a slow link rests once: the button waits for the healing', {
    timeout: 60_000,
  }, async () => {
    const { gm, phone, mira, max } = await miraAtTable()
    await setHp(gm, 'Mira', max - 6)
    // The tablet's table comes 1.5 s late: the healing is not on it when the second tap lands.
    const lag = { ms: 0 }
    await lagTable(gm, lag)
    await gm.reload()
    const rest = gm.getByTestId('rest')
    await rest.getByText('Between fights: a week of rest').click()
    lag.ms = 1500
    const button = rest.getByRole('button', { name: 'A week of rest' })
    await button.click()
    await expect.poll(() => button.isDisabled(), { timeout: 500 }).toBe(true)
    await button.click({ force: true })
    await expect
      .poll(() => phone.getByTestId('result-card').textContent())
      .toMatch(/A week of rest: Mira heals/)
    lag.ms = 0
    await gm.waitForTimeout(2000)
    // One week, one roll: one entry in the log, and her hit points up by 1D3 only.
    expect(await gm.getByTestId('log-entry').filter({ hasText: 'A week of rest' }).count()).toBe(1)
    const healed = Number(/^(-?\d+)/.exec((await mira.textContent()) ?? '')?.[1])
    expect(healed - (max - 6)).toBeLessThanOrEqual(3)
  })
})
