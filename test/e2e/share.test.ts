import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { describe, expect, inject, it } from 'vitest'
import { TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('players joining from the GM’s screen', () => {
  it('shows a QR code that a camera reads as the player link', async () => {
    const room = await createTestRoom(baseUrl)
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    await gm.goto(room.gmUrl)
    const qr = gm.getByTestId('player-qr')
    await qr.waitFor()
    const box = await qr.boundingBox()
    // Big enough to scan from across a table: at least 200 CSS pixels a side on a tablet.
    expect(box?.width).toBeGreaterThanOrEqual(200)
    const png = PNG.sync.read(await qr.screenshot())
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
    expect(decoded?.data).toBe(room.playerUrl)
    expect(await gm.getByTestId('player-link').inputValue()).toBe(room.playerUrl)

    // Tapped, it fills the screen for a player at the far end of the table; Escape closes it.
    await gm.getByRole('button', { name: 'Show the QR code full screen' }).click()
    const dialog = gm.getByRole('dialog', { name: 'QR code of the player link' })
    await dialog.waitFor()
    expect((await dialog.getByRole('img').boundingBox())?.width).toBeGreaterThanOrEqual(500)
    await gm.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  })

  it('shows the GM’s own link as a code for another device of the GM’s, only once asked and warned', async () => {
    const room = await createTestRoom(baseUrl)
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    await gm.goto(room.gmUrl)
    expect(await gm.getByTestId('gm-qr').count()).toBe(0)
    await gm.getByRole('button', { name: 'Open as GM on another device…' }).click()
    const ask = gm.getByRole('group', { name: 'Open as GM on another device' })
    expect(await ask.textContent()).toContain('Whoever scans this code runs the room as GM')
    await ask.getByRole('button', { name: 'Show the GM code' }).click()
    const qr = gm.getByTestId('gm-qr')
    await qr.waitFor()
    const png = PNG.sync.read(await qr.screenshot())
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(room.gmUrl)
    await gm.getByRole('button', { name: 'Hide the GM code' }).click()
    await qr.waitFor({ state: 'detached' })
  })

  it('hands the link to the share sheet where there is one, and copies it where there is not', async () => {
    const room = await createTestRoom(baseUrl)
    const context = await chromium.browser.newContext(TABLET)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    const tablet = await context.newPage()
    await tablet.addInitScript(() => {
      // This chromium has no share sheet: stand one in on this page only.
      ;(window as unknown as { shared: ShareData[] }).shared = []
      navigator.share = async (data?: ShareData) => {
        ;(window as unknown as { shared: ShareData[] }).shared.push(data ?? {})
      }
    })
    await tablet.goto(room.gmUrl)
    await tablet.getByRole('heading', { name: 'Bridge ambush' }).waitFor()
    await tablet.getByRole('button', { name: 'Share player link' }).click()
    await expect
      .poll(() => tablet.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ url: room.playerUrl, title: 'Join Bridge ambush on Fray' }])

    const desktop = await context.newPage()
    await desktop.goto(room.gmUrl)
    await desktop.getByRole('button', { name: 'Copy player link' }).click()
    await desktop.getByText('Copied ✓').waitFor()
    expect(await desktop.evaluate(() => navigator.clipboard.readText())).toBe(room.playerUrl)
  })
})
