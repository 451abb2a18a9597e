/**
 * The room screen at 1920x1080: opened from the GM's share card, it follows a fight (the turn, the
 * fighters, the last roll big) and opens only what a player's phone opens before joining.
 */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, quickRoll, useBrowser } from '../support/browser.ts'
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
    await quickRoll(phone)
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

  it('shows 20 fighters, the turn, the last roll and the log on a 1920x1080 TV without scrolling', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    // 16 monsters and four players, each with a chip or two once the fight runs.
    for (let i = 1; i <= 16; i++) await addCombatant(gm, `Goblin ${i}`, '7')
    await expect.poll(() => gm.getByTestId('combatant').count()).toBe(16)
    const players = []
    for (const name of ['Mira', 'Tomas', 'Wren', 'Sela'])
      players.push(await seatPhone(chromium.browser, room.playerUrl, name))
    const tv = await (
      await chromium.browser.newContext({ viewport: { width: 1920, height: 1080 } })
    ).newPage()
    tv.setDefaultTimeout(15_000)
    await openUrl(tv, `${room.playerUrl}/screen`)
    await expect.poll(() => tv.getByTestId('combatant').count()).toBe(20)
    await gm.getByRole('button', { name: 'Start combat' }).click()
    for (const phone of players) await phone.getByRole('button', { name: 'Roll initiative' }).click()
    await expect.poll(() => tv.getByTestId('screen-roll').textContent()).toMatch(/initiative: \d+/)
    await expect.poll(() => tv.locator('.screen-log .log-entry').count()).toBeGreaterThanOrEqual(3)
    await gm.getByRole('button', { name: 'Roll for monsters' }).click()
    await tv.getByTestId('turn-order').locator('li.current').waitFor()

    // Nothing below the fold or to the side: the page does not scroll, and every fighter, the turn,
    // the last roll and the newest log line lie inside the screen.
    const { scrollHeight, scrollWidth } = await tv.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
    }))
    expect(scrollHeight).toBeLessThanOrEqual(1080)
    expect(scrollWidth).toBeLessThanOrEqual(1920)
    const inside = async (
      what: string,
      box: { x: number; y: number; width: number; height: number } | null,
    ) => {
      expect(box, what).not.toBeNull()
      expect(box && box.y + box.height, what).toBeLessThanOrEqual(1080)
      expect(box && box.x + box.width, what).toBeLessThanOrEqual(1920)
    }
    for (const row of await tv.getByTestId('combatant').all())
      await inside('a fighter', await row.boundingBox())
    await inside('the turn', await tv.getByTestId('turn-banner').boundingBox())
    await inside('the order', await tv.getByTestId('turn-order').boundingBox())
    await inside('the last roll', await tv.getByTestId('screen-roll').boundingBox())
    await inside('the newest log line', await tv.locator('.screen-log .log-entry').first().boundingBox())
    // Read at three metres: a fighter's name is at least 24 px high.
    const size = await tv
      .locator('.combatant-name')
      .first()
      .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize))
    expect(size).toBeGreaterThanOrEqual(24)
    await chromium.snap(tv, 'room-screen-20-fighters-1920x1080')
    // A tablet across the table, landscape: two columns, nothing sideways.
    await tv.setViewportSize({ width: 1180, height: 820 })
    expect(await tv.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1180)
    const [turn, roll] = [
      await tv.getByTestId('turn-banner').boundingBox(),
      await tv.getByTestId('screen-roll').boundingBox(),
    ]
    expect(roll?.x).toBeGreaterThan((turn?.x ?? 0) + (turn?.width ?? 0))
    await chromium.snap(tv, 'room-screen-tablet-landscape')
  })
})
