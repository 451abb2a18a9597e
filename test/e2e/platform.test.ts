/**
 * What a phone's own settings ask of the app: less motion, and larger text. A device asking for reduced
 * motion gets no transition or animation at all; a phone set to 200% text at 360 px wide has every control
 * within the width (the layout check of a11y.test.ts).
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, quickRoll, useBrowser } from '../support/browser.ts'
import { sidewaysOverflow } from '../support/layout.ts'
import { addCombatant, openGmTablet, setHp } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Every element's transitions and animations that take time, as "selector: duration". */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const timed = (list: string) => list.split(',').some((d) => Number.parseFloat(d) > 0)
    for (const el of document.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el)
      if (timed(style.transitionDuration) || timed(style.animationDuration))
        out.push(
          `${el.tagName.toLowerCase()}.${el.className}: ${style.transitionDuration} ${style.animationDuration}`,
        )
    }
    return out
  })
}

describe('the device’s own settings', () => {
  it('reduced motion: no transition or animation longer than 0 ms, on the phone and the tablet', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '7')
    const phone = await (await chromium.browser.newContext({ ...PHONE, reducedMotion: 'reduce' })).newPage()
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    await gm.emulateMedia({ reducedMotion: 'reduce' })
    await setHp(gm, 'Goblin', 3)
    await phone.getByTestId('combatant').filter({ hasText: 'Goblin' }).waitFor()
    expect(await moving(phone)).toEqual([])
    expect(await moving(gm)).toEqual([])
    // The same page without the setting does move: the check reads what it is meant to.
    await gm.emulateMedia({ reducedMotion: 'no-preference' })
    expect((await moving(gm)).length).toBeGreaterThan(0)
  })

  it('200% text at 360 px: the type follows the phone’s setting, and nothing runs off the side', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin x2', '7')
    const context = await chromium.browser.newContext({ ...PHONE, viewport: { width: 360, height: 740 } })
    const phone = await context.newPage()
    // The phone's text size, as Chrome's own setting sets it: the default font size, twice 16 px.
    const cdp = await context.newCDPSession(phone)
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } })
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    const root = await phone.evaluate(() => getComputedStyle(document.documentElement).fontSize)
    expect(root).toBe('36px')
    await chromium.snap(phone, 'text-200-phone')
    expect(await sidewaysOverflow(phone)).toBe(0)
    // A roll's result card and the log, the widest things a phone shows before its turn.
    await quickRoll(phone)
    await expect.poll(() => phone.getByTestId('log').textContent()).toMatch(/Mira rolled 1d20/)
    await chromium.snap(phone, 'text-200-rolled')
    expect(await sidewaysOverflow(phone)).toBe(0)
  })

  it('after the first fight, once: the quiet offer to install, at a tap', { timeout: 90_000 }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '7')
    const phone = await (await chromium.browser.newContext(PHONE)).newPage()
    phone.setDefaultTimeout(15_000)
    await joinWithCharacter(phone, room.playerUrl, 'Mira')
    // The browser's offer to install, as Chromium makes it to an installable app outside incognito.
    await phone.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          ;(window as unknown as { prompted: number }).prompted = 1
        },
      })
      window.dispatchEvent(offer)
      ;(window as unknown as { kept: boolean }).kept = offer.defaultPrevented
    })
    expect(await phone.evaluate(() => (window as unknown as { kept: boolean }).kept)).toBe(true)
    const hint = phone.getByRole('region', { name: 'Keep Fray on this phone' })
    const fight = async () => {
      await gm.getByRole('button', { name: 'Start combat' }).click()
      await phone.getByTestId('turn-banner').filter({ hasNotText: 'Waiting for the GM to start' }).waitFor()
      expect(await hint.count()).toBe(0)
      await gm.getByRole('button', { name: 'End combat' }).click()
      await gm.getByRole('button', { name: 'End the combat' }).click()
      await phone.getByTestId('turn-banner').filter({ hasText: 'Waiting for the GM to start' }).waitFor()
    }
    expect(await hint.count()).toBe(0)
    await fight()
    await hint.waitFor()
    await chromium.snap(phone, 'install-hint')
    await hint.getByRole('button', { name: 'Add to home screen' }).click()
    await expect
      .poll(() => phone.evaluate(() => (window as unknown as { prompted?: number }).prompted))
      .toBe(1)
    expect(await hint.count()).toBe(0)
    // The next fight's end: shown once on a device, never again.
    await fight()
    await phone.waitForTimeout(1000)
    expect(await hint.count()).toBe(0)
  })
})
