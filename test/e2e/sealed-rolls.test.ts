/**
 * A sealed GM roll: players see only that the GM rolled in secret; revealed, every phone checks the
 * result against the seal logged at the roll and says "verified"; a result changed in the GM's document
 * before the reveal (this test edits it with a stock Yjs client, as a dishonest GM could) is said not to match.
 */
import { GM, type SealedResult } from '@fray/protocol'
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
    await chromium.snap(phone, 'sealed-roll-verified-phone')

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
