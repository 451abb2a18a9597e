import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, quickRoll, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Stands in for the wake lock and the vibration motor, recording what the page asks of them. */
function recordDevice() {
  const log: string[] = []
  ;(window as unknown as { device: string[] }).device = log
  Object.defineProperty(navigator, 'wakeLock', {
    value: {
      request: async () => {
        log.push('wake lock')
        const sentinel = {
          released: false,
          release: async () => {
            sentinel.released = true
            log.push('released')
          },
        }
        return sentinel
      },
    },
  })
  navigator.vibrate = ((pattern: VibratePattern) => {
    log.push(`vibrate ${String(pattern)}`)
    return true
  }) as Navigator['vibrate']
}

describe('at the table', () => {
  it('keeps the screen awake while the fight runs, and buzzes the phone when it is your move', async () => {
    const room = await createTestRoom(baseUrl)
    const gmContext = await chromium.browser.newContext(TABLET)
    await gmContext.addInitScript(recordDevice)
    const gm = await gmContext.newPage()
    await gm.goto(room.gmUrl)
    const phoneContext = await chromium.browser.newContext(PHONE)
    await phoneContext.addInitScript(recordDevice)
    const phone = await phoneContext.newPage()
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    const device = (page: typeof gm) =>
      page.evaluate(() => (window as unknown as { device: string[] }).device)
    expect(await device(phone)).toEqual([])

    await gm.getByRole('button', { name: 'Start combat' }).click()
    await expect
      .poll(() => device(phone))
      .toEqual(expect.arrayContaining(['wake lock', 'vibrate 120,60,120']))
    await expect.poll(() => device(gm)).toEqual(['wake lock'])

    await gm.getByRole('button', { name: 'End combat' }).click()
    await gm.getByRole('button', { name: 'End the combat' }).click()
    await expect.poll(() => device(gm)).toEqual(['wake lock', 'released'])
    await expect.poll(() => device(phone)).toContain('released')
  })

  it('announces each roll to screen readers, on the phone and on the tablet', async () => {
    const room = await createTestRoom(baseUrl)
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    await gm.goto(room.gmUrl)
    const phone = await (await chromium.browser.newContext(PHONE)).newPage()
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    for (const page of [gm, phone]) {
      expect(await page.getByTestId('roll-announcement').getAttribute('aria-live')).toBe('polite')
    }
    await quickRoll(phone)
    for (const page of [gm, phone]) {
      await expect
        .poll(() => page.getByTestId('roll-announcement').textContent())
        .toMatch(/^Mira rolled 1d20: \d+ \(\d+\)\.$/)
    }
  })

  it('is dark by default, light when the system asks until the user picks, and remembers the pick', async () => {
    const dark = await (await chromium.browser.newContext(PHONE)).newPage()
    await dark.goto(baseUrl)
    const theme = (page: typeof dark) => page.evaluate(() => document.documentElement.dataset.theme)
    expect(await theme(dark)).toBe('dark')

    const context = await chromium.browser.newContext({ ...PHONE, colorScheme: 'light' })
    const light = await context.newPage()
    await light.goto(baseUrl)
    expect(await theme(light)).toBe('light')
    const toggle = light.getByRole('button', { name: 'Light theme' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await toggle.click()
    expect(await theme(light)).toBe('dark')
    await light.reload()
    expect(await theme(light)).toBe('dark')
    expect(await light.getByRole('button', { name: 'Light theme' }).getAttribute('aria-pressed')).toBe(
      'false',
    )
  })

  it('works with a keyboard alone: create an encounter, join it, roll', async () => {
    const tablet = await (await chromium.browser.newContext({ ...TABLET, hasTouch: false })).newPage()
    await tablet.goto(baseUrl)
    const tabTo = async (page: typeof tablet, name: string) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab')
        const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
        if (focused.startsWith(name)) return
      }
      throw new Error(`Tab never reached "${name}"`)
    }
    await tabTo(tablet, 'Create encounter')
    await tablet.keyboard.press('Enter')
    await tablet.waitForURL(/#gm=/)
    const link = await tablet.getByTestId('player-link').inputValue()

    const phone = await (await chromium.browser.newContext({ ...TABLET, hasTouch: false })).newPage()
    await phone.goto(link)
    await phone.keyboard.press('Tab')
    await phone.keyboard.type('Mira')
    await phone.keyboard.press('Enter')
    await phone.getByRole('button', { name: 'Create my character' }).waitFor()
    await tabTo(phone, 'Create my character')
    await phone.keyboard.press('Enter')
    await phone.getByRole('region', { name: 'Your character' }).waitFor()
    await phone.getByRole('button', { name: 'Other dice…' }).waitFor()
    await tabTo(phone, 'Other dice…')
    await phone.keyboard.press('Enter')
    await tabTo(phone, 'Roll d20')
    await phone.keyboard.press('Enter')
    await tablet.getByTestId('log-entry').filter({ hasText: 'Mira rolled 1d20' }).waitFor()
  })
})
