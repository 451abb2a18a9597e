/** Debian's chromium driven by playwright-core, with the flags this closed network needs. */
import { existsSync, mkdirSync } from 'node:fs'
import { type Browser, chromium, devices } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'

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

/** A player on a phone page: joins the room under `name` and creates a character with the sheet's defaults. */
export async function joinWithCharacter(
  page: import('playwright-core').Page,
  link: string,
  name: string,
): Promise<void> {
  await page.goto(link)
  await page.getByLabel("Your character's name").fill(name)
  await page.getByRole('button', { name: 'Join' }).click()
  await page.getByRole('button', { name: 'Create my character' }).click()
  await page.getByRole('region', { name: 'Your character' }).getByText(name).waitFor()
}

/**
 * One chromium for a test file (launched before, closed after), and `snap` for screenshots that are kept
 * only when SCREENSHOTS=dir is set.
 */
export function useBrowser() {
  const state: { browser?: import('playwright-core').Browser } = {}
  const shots = process.env.SCREENSHOTS
  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true })
    state.browser = await launchBrowser()
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
