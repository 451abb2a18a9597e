import { SYSTEM_IDS } from '@fray/rules'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousViolations } from '../support/axe.ts'
import { PHONE, TABLET, useBrowser } from '../support/browser.ts'
import {
  brokenShortNames,
  coveredPinnedControls,
  crowdedTapTargets,
  sidewaysOverflow,
  smallTapTargets,
} from '../support/layout.ts'
import {
  openDefensePrompt,
  openSituations,
  openWaitingCard,
  setUpTable,
  type TableScene,
} from '../support/scene.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser({ sharedPages: true })

/**
 * Every main view: the page of the scene that shows it (brought to that view) and, for a part of a page,
 * its selector. A new view is one more line.
 */
const VIEWS: Array<[view: string, open: (t: TableScene) => Promise<Page>, include?: string]> = [
  ['home', async (t) => t.home],
  ['room screen', async (t) => t.screen],
  ['GM view, combat running', async (t) => t.gm],
  ['player view, before joining', async (t) => t.joining],
  ['player view, choosing a character (sheet form)', async (t) => t.choosing],
  ['player view, with a character', async (t) => t.seated],
  ['log on the GM view', async (t) => t.gm, '[data-testid=log]'],
  ['log on the phone', async (t) => t.seated, '[data-testid=log]'],
  ['action composer on the phone', (t) => openSituations(t, false), '.composer'],
  ['action composer, every situation shown', (t) => openSituations(t, true), '.composer'],
]

describe('every main view with axe-core', () => {
  let scene: TableScene
  beforeAll(async () => {
    scene = await setUpTable(chromium.browser, baseUrl, { phone: PHONE, tablet: TABLET })
  }, 60_000)

  it.each(VIEWS)('%s has no serious or critical violations', async (_view, open, include) => {
    expect(await seriousViolations(await open(scene), include)).toEqual([])
  })

  it.each(VIEWS)('%s has none in the light theme either', async (_view, open, include) => {
    const page = await open(scene)
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light'
    })
    try {
      expect(await seriousViolations(page, include)).toEqual([])
    } finally {
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark'
      })
    }
  })

  it.each([
    // The GM's combatants on the left, the turn and the log beside them (UX.md); a player's turn and
    // character on the left, the log on the right.
    ['GM', (t: TableScene) => t.gm, (page: Page) => page.getByRole('heading', { name: 'Combatants' })],
    ['player', (t: TableScene) => t.seated, (page: Page) => page.getByTestId('turn-banner').first()],
  ])(
    'the %s view uses two columns on a 1024x768 tablet, the log on the right, its controls 8 px apart',
    async (_who, open, leftOf) => {
      const page = open(scene)
      const before = page.viewportSize()
      await page.setViewportSize({ width: 1024, height: 768 })
      try {
        const log = await page.getByRole('heading', { name: 'Log', exact: true }).boundingBox()
        const left = await leftOf(page).boundingBox()
        expect(log?.x).toBeGreaterThan(1024 / 2 - 40)
        expect(left?.x).toBeLessThan(100)
        expect(await crowdedTapTargets(page)).toEqual([])
      } finally {
        if (before) await page.setViewportSize(before)
      }
    },
  )

  it.each(VIEWS)('%s fits a 360x640 phone, one thumb, 44 px targets 8 px apart', async (_view, open) => {
    const page = await open(scene)
    const before = page.viewportSize()
    await page.setViewportSize({ width: 360, height: 640 })
    try {
      expect(await sidewaysOverflow(page)).toBe(0)
      expect(await smallTapTargets(page)).toEqual([])
      expect(await crowdedTapTargets(page)).toEqual([])
      // The composer's target tiles, two across: "Goblin 1" on one line, not "Goblin" over "1".
      expect(await brokenShortNames(page, '.target-name')).toEqual([])
      // The thumb bar's buttons stay tappable wherever the page is scrolled beneath them.
      expect(await coveredPinnedControls(page)).toEqual([])
    } finally {
      if (before) await page.setViewportSize(before)
    }
  })
})

/** Each theme, set as the theme toggle sets it. */
async function inTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t
  }, theme)
}

describe('the waiting card with axe-core', () => {
  it('has none while the GM chooses a goblin’s defense, in both themes, and fits the phone', {
    timeout: 90_000,
  }, async () => {
    const scene = await setUpTable(chromium.browser, baseUrl, {
      system: 'odnd',
      phone: PHONE,
      tablet: TABLET,
    })
    const phone = await openWaitingCard(scene)
    for (const theme of ['dark', 'light'] as const) {
      await inTheme(phone, theme)
      expect(await seriousViolations(phone, '[data-testid=waiting-card]'), theme).toEqual([])
    }
    await phone.setViewportSize({ width: 360, height: 640 })
    expect(await sidewaysOverflow(phone)).toBe(0)
    expect(await smallTapTargets(phone)).toEqual([])
    expect(await crowdedTapTargets(phone)).toEqual([])
  })
})

describe('a defense prompt with axe-core', () => {
  it('has no serious or critical violations on the defender’s phone or the GM’s tablet, and fits the phone', {
    timeout: 90_000,
  }, async () => {
    const scene = await setUpTable(chromium.browser, baseUrl, { system: 'brp', phone: PHONE, tablet: TABLET })
    const phone = await openDefensePrompt(scene)
    if (!phone) throw new Error('brp offers a dodge against a blow: the phone should have asked')
    expect(await seriousViolations(phone, '[role=alertdialog]')).toEqual([])
    expect(await seriousViolations(scene.gm, '[role=alertdialog]')).toEqual([])
    await phone.setViewportSize({ width: 360, height: 640 })
    expect(await sidewaysOverflow(phone)).toBe(0)
    expect(await smallTapTargets(phone)).toEqual([])
    expect(await crowdedTapTargets(phone)).toEqual([])
  })
})

describe('every system’s table with its controls apart', () => {
  // osr's table is the scene above.
  it.each(SYSTEM_IDS.filter((s) => s !== 'osr'))(
    '%s: the GM’s and the seated player’s controls are 8 px apart on a phone and a tablet',
    { timeout: 90_000 },
    async (system) => {
      const scene = await setUpTable(chromium.browser, baseUrl, { system, phone: PHONE, tablet: TABLET })
      for (const [who, page] of [
        ['GM', scene.gm],
        ['player', scene.seated],
      ] as const) {
        for (const size of [
          { width: 360, height: 640 },
          { width: 1024, height: 768 },
        ]) {
          await page.setViewportSize(size)
          expect(await crowdedTapTargets(page), `${who} at ${size.width}px`).toEqual([])
        }
      }
    },
  )
})
