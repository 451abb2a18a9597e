/**
 * Screenshots of every main view, for each rule system, at phone (360x640) and tablet (1024x768) size:
 * `npm run screenshots` writes them to screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from './support/browser.ts'
import { startDevServer } from './support/dev-server.ts'

const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url))
const PHONE = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  colorScheme: 'dark' as const,
}
const TABLET = {
  viewport: { width: 1024, height: 768 },
  deviceScaleFactor: 1,
  hasTouch: true,
  colorScheme: 'dark' as const,
}
const SYSTEMS = ['osr', 'odnd', 'spelljammer', 'brp', 'zones'] as const

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300)
  await page.screenshot({ path: join(OUT, `${name}.png`) })
  console.log(`  ${name}.png`)
}

async function system(browser: Browser, url: string, id: (typeof SYSTEMS)[number]): Promise<void> {
  const response = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    body: JSON.stringify({ system: id, name: 'Bridge ambush' }),
  })
  const { roomId, gmKey } = (await response.json()) as { roomId: string; gmKey: string }
  const gm = await (await browser.newContext(TABLET)).newPage()
  await gm.goto(`${url}/r/${roomId}#gm=${gmKey}`)
  for (const [name, hidden] of [
    ['Goblin x2', false],
    ['Lurker', true],
  ] as const) {
    await gm.getByLabel('Combatant name').fill(name)
    await gm.getByLabel('Hit points', { exact: true }).fill('7')
    await gm.getByLabel('Hidden from players').setChecked(hidden)
    await gm.getByRole('button', { name: 'Add', exact: true }).click()
  }
  const phone = await (await browser.newContext(PHONE)).newPage()
  await phone.goto(`${url}/r/${roomId}`)
  await phone.getByLabel("Your character's name").fill('Mira')
  await phone.getByRole('button', { name: 'Join' }).click()
  await phone.getByRole('button', { name: 'Create my character' }).waitFor()
  await shoot(phone, `${id}-phone-sheet`)
  await phone.getByRole('button', { name: 'Create my character' }).click()
  await phone.getByRole('region', { name: 'Your character' }).waitFor()
  await gm.getByRole('button', { name: 'Start combat' }).click()
  if (id === 'brp') {
    // The Statement of Intent: the phone's form, the GM's list of monsters still to state.
    await phone.getByLabel('Meters moved').fill('10')
    await shoot(phone, `${id}-phone-intent`)
    await phone.getByRole('button', { name: 'State my intent' }).click()
    await shoot(gm, `${id}-tablet-intent`)
    await gm.getByRole('button', { name: 'Begin actions' }).click()
  }
  if (id !== 'brp' && id !== 'zones') {
    await phone.getByRole('button', { name: 'Roll initiative' }).click()
    await gm.getByRole('button', { name: 'Roll for monsters' }).click()
  }
  await gm.getByTestId('turn-order').waitFor()
  await phone.getByRole('button', { name: 'Roll d20' }).click()
  await shoot(gm, `${id}-tablet-gm`)
  await shoot(phone, `${id}-phone-player`)
}

const server = await startDevServer()
const browser = await launchBrowser()
try {
  mkdirSync(OUT, { recursive: true })
  const home = await (await browser.newContext(PHONE)).newPage()
  await home.goto(server.url)
  await shoot(home, 'home-phone')
  for (const id of SYSTEMS) {
    console.log(id)
    await system(browser, server.url, id)
  }
} finally {
  await browser.close()
  await server.stop()
}
