/**
 * A sealed GM roll: players see only that the GM rolled in secret; revealed, every phone checks the
 * result against the seal logged at the roll and says "verified"; a result changed in the GM's document
 * before the reveal (this test edits it with a stock Yjs client, as a dishonest GM could) is said not to match.
 */
import { createHash } from 'node:crypto'
import { GM, type SealedResult } from '@fray/protocol'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { connectStock } from '../support/provider.ts'
import { openGmTablet, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('sealed GM rolls', () => {
  it('stay secret until revealed, then are verified on a phone; a changed result is shown as not matching', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    const sealedRoll = async (notation: string, label: string) => {
      const open = await gm.locator('details.gm-roll').evaluate((d) => (d as HTMLDetailsElement).open)
      if (!open) await gm.getByText('Roll any dice').click()
      const form = gm.getByRole('form', { name: 'Roll any dice' })
      await form.getByLabel('Dice').fill(notation)
      await form.getByLabel('For (optional)').fill(label)
      await form.getByRole('checkbox', { name: /^In secret/ }).check()
      await form.getByRole('button', { name: 'Roll', exact: true }).click()
    }
    await sealedRoll('3d6', 'Ambush check')
    const onPhone = phone.getByTestId('log-entry').filter({ hasText: 'Ambush check' })
    await expect.poll(() => onPhone.textContent()).toMatch(/The GM rolled 3d6 in secret.*sealed/s)
    // The tablet shows the GM the result; the phone has nothing of it.
    const onTablet = gm.getByTestId('log-entry').filter({ hasText: 'Ambush check' })
    const secret = /Only you see it: (\d+)/.exec((await onTablet.textContent()) ?? '')?.[1]
    expect(Number(secret)).toBeGreaterThanOrEqual(3)
    expect(await onPhone.textContent()).not.toContain('Only you see it')
    await chromium.snap(gm, 'sealed-roll-gm-tablet')

    await onTablet.getByRole('button', { name: 'Reveal' }).click()
    await expect
      .poll(() => onPhone.getByTestId('seal').textContent())
      .toBe('✓ revealed, verified against its seal')
    expect(await onPhone.locator('.log-total').textContent()).toBe(secret)
    // What anyone can check it with, on the phone: the seal, the salt, the text hashed, one shell line.
    await onPhone.getByText('Check the seal yourself').click()
    const shown = async (page: Page, where: Locator) => {
      const read = async (id: string) => (await where.getByTestId(id).textContent()) ?? ''
      const [commitment, salt, text, command] = [
        await read('seal-commitment'),
        await read('seal-salt'),
        await read('seal-text'),
        await read('seal-command'),
      ]
      expect(createHash('sha256').update(text, 'utf8').digest('hex')).toBe(commitment)
      expect(text).toMatch(new RegExp(`^fray-seal-v1\\|${salt}\\|\\d+,\\d+,\\d+\\|${secret}\\|Ambush check`))
      expect(command).toBe(`printf '%s' '${text}' | sha256sum`)
      // Large enough to read on a phone, and selectable as a whole.
      const style = await where
        .getByTestId('seal-command')
        .evaluate((el) => [getComputedStyle(el).fontSize, getComputedStyle(el).userSelect])
      expect(parseFloat(style[0] ?? '0')).toBeGreaterThanOrEqual(16)
      expect(style[1]).toBe('all')
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      return commitment
    }
    const commitment = await shown(phone, onPhone)
    await onPhone.getByTestId('seal-command').scrollIntoViewIfNeeded()
    await chromium.snap(phone, 'sealed-roll-verified-phone')
    // The tablet shows the same; so does the room screen's last roll.
    await onTablet.getByText('Check the seal yourself').click()
    expect(await shown(gm, onTablet)).toBe(commitment)
    const screen = await (await chromium.browser.newContext()).newPage()
    await screen.goto(new URL(`/r/${room.roomId}/screen`, baseUrl).toString())
    const card = screen.getByTestId('screen-roll')
    await card.getByText('Check the seal yourself').click()
    expect(await shown(screen, card)).toBe(commitment)

    // A second secret roll, its result changed in the GM document before the reveal.
    await sealedRoll('1d20', 'Lie detection')
    const second = gm.getByTestId('log-entry').filter({ hasText: 'Lie detection' })
    await expect.poll(() => second.textContent()).toMatch(/Only you see it: \d+/)
    const stock = connectStock(baseUrl, room.roomId, 'gm', room.gmKey)
    await stock.synced
    const sealed = stock.doc.getMap<SealedResult>(GM.sealed)
    const [id, kept] = [...sealed.entries()].find(([, r]) => r.detail?.startsWith('Lie detection')) ?? []
    if (!id || !kept) throw new Error('the second roll is not in the GM document')
    const forged = kept.total === 20 ? 1 : 20
    sealed.set(id, { ...kept, faces: [forged], total: forged, detail: `Lie detection` })
    await expect.poll(() => second.textContent()).toMatch(new RegExp(`Only you see it: ${forged}`))
    await second.getByRole('button', { name: 'Reveal' }).click()
    const changed = phone.getByTestId('log-entry').filter({ hasText: 'Lie detection' })
    await expect
      .poll(() => changed.getByTestId('seal').textContent())
      .toBe('✗ revealed, and it does NOT match its seal: changed after the roll')
    stock.provider.destroy()
  })
})
