import { afterAll, describe, expect, it } from 'vitest'
import { quickRoll, useBrowser } from '../support/browser.ts'
import { type DevServer, startDevServer } from '../support/dev-server.ts'
import { openGmTablet, seatPhone } from '../support/table-play.ts'

// A room of its own whose seats may write 30 requests a minute (a burst of 30, then one every 2 s), so a
// phone tapping fast meets the limit within seconds.
const PER_MINUTE = 30
let server: DevServer | undefined
afterAll(async () => {
  await server?.stop()
})
const chromium = useBrowser()

describe('a phone the room asked to slow down (4029)', () => {
  it('says so, connects again by itself, and every roll it made lands exactly once', {
    timeout: 90_000,
  }, async () => {
    server = await startDevServer({ vars: { REQUESTS_PER_SEAT_PER_MINUTE: String(PER_MINUTE) } })
    const { gm, room } = await openGmTablet(chromium.browser, server.url, 'osr')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await expect.poll(() => phone.getByTestId('connection').textContent()).toContain('Live')

    // Tap the quick roll until the room refuses this seat's pace.
    const slowDown = phone.getByText(/Trying again in \d+ s/)
    let taps = 0
    while (taps < PER_MINUTE + 10 && !(await slowDown.isVisible())) {
      await quickRoll(phone)
      taps++
    }
    await slowDown.waitFor({ timeout: 5000 })
    expect(taps, 'the limit was met').toBeGreaterThan(1)

    // The phone connects again on its own (1 s, 2 s, 4 s... apart), the words go, and what waited is sent.
    await expect.poll(() => slowDown.isVisible(), { timeout: 40_000, interval: 500 }).toBe(false)
    await expect
      .poll(() => phone.getByTestId('connection').textContent(), { timeout: 20_000 })
      .toContain('Live')
    await expect
      .poll(
        () =>
          gm
            .getByTestId('log-entry')
            .filter({ hasText: /Mira rolled 1d20/ })
            .count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(taps)
    await expect
      .poll(() =>
        phone
          .getByTestId('log-entry')
          .filter({ hasText: /Mira rolled 1d20/ })
          .count(),
      )
      .toBe(taps)
    await expect.poll(() => phone.locator('.thumb-bar').textContent()).not.toContain('waiting')
    // And it stays live: one more roll goes straight through.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    await quickRoll(phone)
    await expect
      .poll(() =>
        gm
          .getByTestId('log-entry')
          .filter({ hasText: /Mira rolled 1d20/ })
          .count(),
      )
      .toBe(taps + 1)
  })
})
