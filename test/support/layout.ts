/** Checks of a view's layout that axe does not make: tap targets a thumb can hit, no sideways scrolling. */
import type { Page } from 'playwright-core'

/** Apple's and WCAG 2.5.5's minimum: 44 CSS pixels a side. */
export const MIN_TARGET = 44

/**
 * Every visible control smaller than 44x44 px, as "label WxH". A checkbox or radio counts with the label
 * around it (the label is what a thumb taps); links inside running text are exempt, as WCAG allows.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, summary',
    )) {
      if (el.closest('[hidden], dialog:not([open])') || el.getClientRects().length === 0) continue
      if (el.matches('a') && el.closest('p')) continue
      const target = el.matches('input[type=checkbox], input[type=radio], input[type=file]')
        ? (el.closest('label') ?? el)
        : el
      const box = target.getBoundingClientRect()
      if (box.width < min || box.height < min) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName
        out.push(`${name || el.tagName} ${Math.round(box.width)}x${Math.round(box.height)}`)
      }
    }
    return out
  }, MIN_TARGET)
}

/** How far the page scrolls sideways at its current size (0 when everything fits the width). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}
