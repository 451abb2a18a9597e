/** Debian's chromium driven by playwright-core, with the flags this closed network needs. */
import { existsSync, mkdirSync } from 'node:fs'
import { type Browser, chromium, devices } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  )
  const found = candidates.find((p) => existsSync(p))
  if (!found)
    throw new Error(`No chromium found (tried ${candidates.join(', ')}); run: apt-get install -y chromium`)
  return found
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A phone held in portrait: touch, small screen. */
export const PHONE = { ...devices['Pixel 7'], colorScheme: 'dark' as const }
/** A tablet on its side. */
export const TABLET = {
  viewport: { width: 1180, height: 820 },
  deviceScaleFactor: 2,
  hasTouch: true,
  colorScheme: 'dark' as const,
}

/**
 * Opens `url` once its document is parsed, trying a second time if the first try hangs: the fresh-clone
 * CI once waited 30 s for a tablet's load event that never came, a page that opened at once on retry is
 * what a person does too. Only the first page of a run may need the long wait (the dev server's first build).
 * A later CI run hung on both tries (a GM tablet on /r/<room>, 2adf105); the log now says what a hung try
 * waited for, so the next one tells the server from the browser.
 */
export async function openUrl(page: import('playwright-core').Page, url: string): Promise<void> {
  const pending = unfinishedRequests(page)
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 20_000 })
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error
    console.log(`opening ${new URL(url).pathname} again after a ${error.message.split('\n')[0]}`)
    console.log(await pending.report(url))
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 })
  } finally {
    pending.stop()
  }
}

/**
 * What a hung load was waiting for, to say in the log: the page's requests that got no answer yet (and
 * whether the service worker had them), and whether the dev server answers a request of its own at all.
 */
function unfinishedRequests(page: import('playwright-core').Page) {
  const open = new Map<import('playwright-core').Request, number>()
  const started = (request: import('playwright-core').Request) => open.set(request, Date.now())
  const ended = (request: import('playwright-core').Request) => open.delete(request)
  // The context's events, not the page's: they also have the requests the service worker makes.
  const context = page.context()
  context.on('request', started)
  context.on('requestfinished', ended)
  context.on('requestfailed', ended)
  return {
    async report(url: string): Promise<string> {
      const now = Date.now()
      const requests = [...open].map(
        ([r, at]) =>
          `  ${r.method()} ${new URL(r.url()).pathname} (${r.resourceType()}${r.serviceWorker() ? ", the service worker's" : ''}), ${now - at} ms`,
      )
      const server = await fetch(new URL('/api/rooms/none', url), { signal: AbortSignal.timeout(5000) }).then(
        (response) => `answers (${response.status}) in ${Date.now() - now} ms`,
        (error: unknown) => `does not answer (${error instanceof Error ? error.message : error})`,
      )
      const workers = context.serviceWorkers().map((w) => new URL(w.url()).pathname)
      return [
        `unanswered requests:${requests.length === 0 ? ' none' : ''}`,
        ...requests,
        `the dev server ${server}; service workers: ${workers.join(', ') || 'none'}`,
      ].join('\n')
    },
    stop() {
      context.off('request', started)
      context.off('requestfinished', ended)
      context.off('requestfailed', ended)
    },
  }
}

/**
 * The same device next week: its browser closed, a new session with what the last one kept (storage,
 * cookies), opened on the home screen.
 */
export async function reopenDevice(
  browser: Browser,
  context: import('playwright-core').BrowserContext,
  device: typeof PHONE | typeof TABLET,
  baseUrl: string,
): Promise<import('playwright-core').Page> {
  const storageState = await context.storageState()
  await context.close()
  const page = await (await browser.newContext({ ...device, storageState })).newPage()
  page.setDefaultTimeout(15_000)
  await openUrl(page, `${baseUrl}/`)
  return page
}

/**
 * The phone's dice, out of the way until wanted (#54: no dice bar when there is nothing to roll): "Other
 * dice…" opens the quick roll, the table's own dice and any dice.
 */
export async function openDice(page: import('playwright-core').Page): Promise<void> {
  const open = page.getByRole('button', { name: 'Other dice…' })
  if (await open.isVisible()) await open.click()
}

/** The phone's quick roll: the system's check die (d20, or d100), from its dice. */
export async function quickRoll(page: import('playwright-core').Page, die = 'd20'): Promise<void> {
  await openDice(page)
  await page.getByRole('button', { name: `Roll ${die}`, exact: true }).click()
}

/** A player on a phone page: joins the room under `name` and creates a character with the sheet's defaults. */
export async function joinWithCharacter(
  page: import('playwright-core').Page,
  link: string,
  name: string,
): Promise<void> {
  await openUrl(page, link)
  await page.getByLabel("Your character's name").fill(name)
  await page.getByRole('button', { name: 'Join' }).click()
  await page.getByRole('button', { name: 'Create my character' }).click()
  await page.getByRole('region', { name: 'Your character' }).getByText(name).waitFor()
}

/**
 * One chromium for a test file (launched before, closed after), and `snap` for screenshots that are kept
 * only when SCREENSHOTS=dir is set.
 */
export function useBrowser({ sharedPages = false }: { sharedPages?: boolean } = {}) {
  const state: { browser?: import('playwright-core').Browser } = {}
  const shots = process.env.SCREENSHOTS
  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true })
    state.browser = await launchBrowser()
  })
  // Each test's pages close after it (unless the file's tests share them): a table left live keeps its
  // sockets, timers and renders running, and a loaded two-core CI machine then answers the next test late.
  afterEach(async () => {
    if (!sharedPages) for (const context of state.browser?.contexts() ?? []) await context.close()
  })
  afterAll(async () => {
    await state.browser?.close()
  })
  return {
    get browser(): import('playwright-core').Browser {
      if (!state.browser) throw new Error('the browser starts in beforeAll')
      return state.browser
    },
    async snap(page: import('playwright-core').Page, name: string): Promise<void> {
      if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
    },
  }
}

/**
 * The page's first contentful paint, in ms from navigation (waits up to 5 s for it); NaN if none came.
 * Read through the Paint Timing API, so nothing is injected into the page while it loads.
 */
export function firstContentfulPaint(page: import('playwright-core').Page): Promise<number> {
  return page.evaluate(async () => {
    for (let i = 0; i < 50; i++) {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      if (paint) return paint.startTime
      await new Promise((r) => setTimeout(r, 100))
    }
    return Number.NaN
  })
}
