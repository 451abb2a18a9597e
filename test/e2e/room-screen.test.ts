/**
 * The room screen at 1920x1080: opened from the GM's share card, it follows a fight (the turn, the
 * fighters, the last roll big) and opens only what a player's phone opens before joining.
 */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('the room screen', () => {
  it('follows a fight on a 1920x1080 screen, with no more than a player connection receives', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '7')
    await addCombatant(gm, 'Lurker', '9', { hidden: true })
    await gm.getByRole('button', { name: 'A screen for the room (TV, tablet)…' }).click()
    const link = await gm.getByTestId('screen-link').textContent()
    expect(link).toBe(`${room.playerUrl}/screen`)
    await gm.getByTestId('screen-qr').waitFor()

    const tv = await (
      await chromium.browser.newContext({ viewport: { width: 1920, height: 1080 } })
    ).newPage()
    tv.setDefaultTimeout(15_000)
    const sockets: string[] = []
    tv.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname))
    await openUrl(tv, link ?? '')
    await tv.getByRole('heading', { name: 'Bridge ambush' }).waitFor()
    await tv.getByTestId('combatant').filter({ hasText: 'Goblin' }).waitFor()

    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await expect.poll(() => tv.getByTestId('turn-banner').textContent()).toMatch(/Round 1/)
    await phone.getByRole('button', { name: 'Roll initiative' }).click()
    const roll = tv.getByTestId('screen-roll')
    await expect.poll(() => roll.textContent()).toMatch(/Mira’s initiative: \d+/)
    await phone.getByRole('button', { name: 'Roll d20', exact: true }).click()
    await expect.poll(() => roll.textContent()).toMatch(/Mira rolled 1d20: \d+/)
    // The last roll is big and both columns fit the screen side by side.
    const card = await roll.boundingBox()
    expect(card?.x).toBeGreaterThan(1920 / 2)
    expect(await tv.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920)
    await chromium.snap(tv, 'room-screen-1920x1080')

    // Only the documents anyone may read: never the GM's, never a seat; the hidden Lurker never shows.
    expect(sockets.length).toBeGreaterThan(0)
    for (const path of sockets) expect(path).toMatch(/\/docs\/(table|log)$/)
    expect(await tv.locator('main').textContent()).not.toContain('Lurker')
    // Portrait (a tablet on its stand): one column, nothing sideways.
    await tv.setViewportSize({ width: 800, height: 1280 })
    expect(await tv.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
    await chromium.snap(tv, 'room-screen-portrait')
  })
})
