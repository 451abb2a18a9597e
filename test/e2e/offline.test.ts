import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, quickRoll, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('a phone that loses the Wi-Fi', () => {
  it('keeps a roll made offline, sends it on reconnect, and it is resolved exactly once everywhere', async () => {
    const { roomId, gmKey } = await createTestRoom(baseUrl, 'osr')
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    await gm.goto(`${baseUrl}/r/${roomId}#gm=${gmKey}`)
    const phoneContext = await chromium.browser.newContext(PHONE)
    // Counts the cross-tab channels the page opens: the room is the one way documents travel (y-websocket's
    // channel copied each whole document to other tabs on every reconnect).
    await phoneContext.addInitScript(() => {
      const Channel = BroadcastChannel
      const opened: string[] = []
      ;(window as unknown as { channels: string[] }).channels = opened
      window.BroadcastChannel = class extends Channel {
        constructor(name: string) {
          super(name)
          opened.push(name)
        }
      }
    })
    const phone = await phoneContext.newPage()
    await joinWithCharacter(phone, `${baseUrl}/r/${roomId}`, 'Mira')
    await expect.poll(() => phone.getByTestId('connection').textContent()).toContain('Live')

    await phoneContext.setOffline(true)
    await expect.poll(() => phone.getByTestId('connection').textContent()).toContain('Offline')
    await quickRoll(phone)
    await expect.poll(() => phone.locator('.thumb-bar').textContent()).toContain('1 waiting to send')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await gm.getByTestId('log-entry').count()).toBe(0)

    await phoneContext.setOffline(false)
    await gm.getByTestId('log-entry').first().waitFor({ timeout: 5000 })
    await phone.getByTestId('log-entry').first().waitFor({ timeout: 5000 })
    await expect.poll(() => phone.locator('.thumb-bar').textContent()).not.toContain('waiting')
    // Reconnecting again (and reloading) does not roll it a second time.
    await phone.reload()
    await expect.poll(() => phone.getByTestId('connection').textContent()).toContain('Live')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await gm.getByTestId('log-entry').count()).toBe(1)
    expect(await phone.getByTestId('log-entry').count()).toBe(1)
    expect(await gm.getByTestId('log-entry').textContent()).toMatch(/Mira rolled 1d20/)
    expect(await phone.evaluate(() => (window as unknown as { channels: string[] }).channels)).toEqual([])
  })
})
