/**
 * A long evening's log: every device draws its newest entries, and the earlier ones a tap at a time, so a
 * phone with thousands of entries is not redrawing them all on every roll or reconnect.
 */
import { GM, LOG } from '@fray/protocol'
import { describe, expect, inject, it } from 'vitest'
import { openDice, TABLET, useBrowser } from '../support/browser.ts'
import { connectStock } from '../support/provider.ts'
import { createTestRoom } from '../support/rooms.ts'
import { seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

const ROLLS = 120

describe('a long log', () => {
  it('shows the newest 50 entries, and 50 earlier ones on each "Show earlier entries"', {
    timeout: 90_000,
  }, async () => {
    const room = await createTestRoom(baseUrl)
    const gm = connectStock(baseUrl, room.roomId, 'gm', room.gmKey)
    const log = connectStock(baseUrl, room.roomId, 'log')
    try {
      await Promise.all([gm.synced, log.synced])
      gm.doc.transact(() => {
        for (let i = 1; i <= ROLLS; i++)
          gm.doc
            .getArray(GM.requests)
            .push([{ id: `r${i}`, kind: 'roll', notation: '1d20', label: `Roll ${i}` }])
      })
      await expect.poll(() => log.doc.getArray(LOG.entries).length, { timeout: 30_000 }).toBe(ROLLS)

      const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
      const entries = phone.getByTestId('log-entry')
      const earlier = phone.getByRole('button', { name: /^Show earlier entries/ })
      await expect.poll(() => entries.count()).toBe(50)
      // Newest first, each item numbered as in the whole log (the first drawn is number 120).
      await expect.poll(() => entries.first().textContent()).toMatch(/Roll 120\b/)
      expect(await entries.first().getAttribute('value')).toBe(String(ROLLS))
      expect(await entries.last().getAttribute('value')).toBe(String(ROLLS - 49))
      expect(await earlier.textContent()).toBe('Show earlier entries (70 more)')
      await earlier.scrollIntoViewIfNeeded()
      await chromium.snap(phone, 'long-log-phone')

      // Each tap takes the focus to the first entry it drew, so a keyboard or a screen reader reads on
      // from there, and the focus is not lost when the button goes with the last of them.
      const focused = () => phone.evaluate(() => document.activeElement?.getAttribute('value') ?? null)
      await earlier.click()
      await expect.poll(() => entries.count()).toBe(100)
      expect(await earlier.textContent()).toBe('Show earlier entries (20 more)')
      await expect.poll(focused).toBe('70')
      await earlier.click()
      await expect.poll(() => entries.count()).toBe(ROLLS)
      expect(await entries.last().textContent()).toMatch(/Roll 1\b/)
      expect(await earlier.count()).toBe(0)
      await expect.poll(focused).toBe('20')

      // A new roll still lands on top, and what was opened stays open.
      gm.doc.getArray(GM.requests).push([{ id: 'r121', kind: 'roll', notation: '1d20', label: 'Roll 121' }])
      await expect.poll(() => entries.first().textContent()).toMatch(/Roll 121\b/)
      expect(await entries.count()).toBe(ROLLS + 1)
    } finally {
      gm.provider.destroy()
      log.provider.destroy()
    }
  })

  it('keeps a roll that waits for the GM’s verdict on the GM’s log, however many came after it', {
    timeout: 90_000,
  }, async () => {
    const room = await createTestRoom(baseUrl)
    const tablet = await (await chromium.browser.newContext(TABLET)).newPage()
    await tablet.goto(room.gmUrl)
    await tablet.getByLabel('Players’ own dice need my approval').check()
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
    await openDice(phone)
    await phone.getByRole('button', { name: 'I rolled my own dice' }).click()
    await phone.getByLabel('Your d20 shows').fill('17')
    await phone.getByRole('button', { name: 'Send my roll' }).click()
    await tablet.getByRole('button', { name: 'Approve' }).waitFor()

    const gm = connectStock(baseUrl, room.roomId, 'gm', room.gmKey)
    try {
      await gm.synced
      gm.doc.transact(() => {
        for (let i = 1; i <= 60; i++)
          gm.doc
            .getArray(GM.requests)
            .push([{ id: `r${i}`, kind: 'roll', notation: '1d20', label: `Roll ${i}` }])
      })
      const onTablet = tablet.getByTestId('log-entry')
      await expect.poll(() => onTablet.first().textContent(), { timeout: 30_000 }).toMatch(/Roll 60\b/)
      // The 50 newest, and the roll waiting for its verdict, with its number in the log (the first).
      expect(await onTablet.count()).toBe(51)
      expect(await onTablet.last().textContent()).toMatch(/Tomas rolled 1d20.*waiting for the GM/)
      expect(await onTablet.last().getAttribute('value')).toBe('1')
      expect(await tablet.getByRole('button', { name: /^Show earlier entries/ }).textContent()).toBe(
        'Show earlier entries (10 more)',
      )
      // A phone has no verdict to give: its log is the 50 newest.
      await expect.poll(() => phone.getByTestId('log-entry').first().textContent()).toMatch(/Roll 60\b/)
      expect(await phone.getByTestId('log-entry').count()).toBe(50)

      await tablet.getByRole('button', { name: 'Approve' }).click()
      await expect.poll(() => onTablet.count()).toBe(50)
      expect(await tablet.getByRole('button', { name: /^Show earlier entries/ }).textContent()).toBe(
        'Show earlier entries (11 more)',
      )
    } finally {
      gm.provider.destroy()
    }
  })
})
