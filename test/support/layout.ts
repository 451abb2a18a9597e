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

/** Space a thumb needs between two controls so that it does not hit the wrong one. */
export const MIN_TARGET_GAP = 8

/**
 * Pairs of visible controls (buttons, links, selects, summaries) closer than 8 px edge to edge, as
 * "A | B Npx": two buttons that touch invite the wrong tap. What a scrolling box clips away is left out,
 * and controls on a fixed or sticky bar are compared only with each other (the page scrolls beneath them).
 */
export function crowdedTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], select, summary')].filter(
      // checkVisibility: a closed <details> keeps its content laid out, only hidden (content-visibility).
      (el) => el.checkVisibility({ visibilityProperty: true }),
    )
    const pinned = (el: HTMLElement) => {
      for (let at: HTMLElement | null = el; at; at = at.parentElement) {
        const { position } = getComputedStyle(at)
        if (position === 'fixed' || position === 'sticky') return at
      }
      return null
    }
    // The part of a control its scrolling boxes show (null when they show none of it).
    const shown = (el: HTMLElement) => {
      let { left, top, right, bottom } = el.getBoundingClientRect()
      for (let at = el.parentElement; at; at = at.parentElement) {
        if (getComputedStyle(at).overflow === 'visible') continue
        const clip = at.getBoundingClientRect()
        left = Math.max(left, clip.left)
        top = Math.max(top, clip.top)
        right = Math.min(right, clip.right)
        bottom = Math.min(bottom, clip.bottom)
      }
      return right > left && bottom > top ? { left, top, right, bottom } : null
    }
    const name = (el: HTMLElement) =>
      (el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '') || el.tagName
    const seen = controls.flatMap((el) => {
      const box = shown(el)
      return box ? [{ el, box, pin: pinned(el) }] : []
    })
    const out: string[] = []
    seen.forEach((a, i) => {
      for (const b of seen.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el) || a.pin !== b.pin) continue
        const [p, q] = [a.box, b.box]
        const dx = Math.max(p.left - q.right, q.left - p.right)
        const dy = Math.max(p.top - q.bottom, q.top - p.bottom)
        // Side by side (their heights overlap) or one above the other (their widths overlap).
        const gap = dy < 0 ? dx : dx < 0 ? dy : Math.max(dx, dy)
        if (gap < min) out.push(`${name(a.el)} | ${name(b.el)} ${Math.round(gap)}px`)
      }
    })
    return out
  }, MIN_TARGET_GAP)
}

/**
 * Short names (up to 16 characters, such as "Goblin 1") that the layout breaks over more than one line,
 * among the visible elements `selector` finds, as "name: N lines". A tile too narrow for its name reads as
 * two names at arm's length.
 */
export function brokenShortNames(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const text = el.textContent?.trim() ?? ''
      if (text.length === 0 || text.length > 16 || !el.checkVisibility()) continue
      const range = document.createRange()
      range.selectNodeContents(el)
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
      if (lines > 1) out.push(`${text}: ${lines} lines`)
    }
    return out
  }, selector)
}

/**
 * Controls on a fixed or sticky bar that something of the page outside the bar covers at some point as the
 * page scrolls beneath them, as "name: under tag.class at scroll Y". The page is scrolled through in 20 px
 * steps and each control's centre is hit-tested at each; the scroll position is put back after. A box of
 * the page drawn in a layer of its own (a transform, an opacity below 1) paints above a bar without a
 * z-index and takes its taps.
 */
export function coveredPinnedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pinned = (el: HTMLElement) => {
      for (let at: HTMLElement | null = el; at; at = at.parentElement) {
        const { position } = getComputedStyle(at)
        if (position === 'fixed' || position === 'sticky') return at
      }
      return null
    }
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], select, summary')].flatMap(
      (el) => {
        const bar = el.checkVisibility({ visibilityProperty: true }) && pinned(el)
        return bar ? [{ el, bar }] : []
      },
    )
    const name = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '') || el.tagName
    const what = (el: Element) =>
      `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`
    const start = window.scrollY
    const end = document.documentElement.scrollHeight - window.innerHeight
    // One line per control and what covers it, at the first scroll position it happened at.
    const out = new Map<string, string>()
    try {
      for (let y = 0; y <= Math.max(end, 0); y += 20) {
        window.scrollTo(0, y)
        for (const { el, bar } of controls) {
          const box = el.getBoundingClientRect()
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          // What the bar itself lays over its own controls (a sheet's sticky footer over its scrolling
          // body) is the bar's to scroll; only the page's boxes are counted.
          const line = `${name(el)}: under ${what(hit ?? el)}`
          if (hit && !bar.contains(hit) && !out.has(line))
            out.set(line, `${line} at scroll ${window.scrollY}`)
        }
      }
    } finally {
      window.scrollTo(0, start)
    }
    return [...out.values()]
  })
}
