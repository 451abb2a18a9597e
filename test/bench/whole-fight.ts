/**
 * A whole fight on a phone, counted in bytes: chromium opens the player link with a cold cache, joins,
 * creates a character, attacks the GM's monster, answers the monster's attack with a defense, sees the
 * result, and stays until the service worker has kept what the phone needs offline. Every response the
 * phone's page and its service worker received over the wire is counted, the service worker's own script
 * included (a copy the worker took from the browser's HTTP cache is not on the wire).
 */
import { get } from 'node:http'
import type { Browser, Page, Request } from 'playwright-core'
import { joinWithCharacter, PHONE } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, turnWords, visible } from '../support/table-play.ts'

/** What the issue asks: the JavaScript of a whole fight, service worker included. */
export const WHOLE_FIGHT_JS_TARGET_BYTES = 70_000

export interface WholeFight {
  system: string
  /** Bytes of JavaScript over the wire: the page's and the service worker's. */
  js: { page: number; worker: number }
  /** Bytes of everything over the wire (documents, styles, icons, API answers). */
  total: number
  /** The scripts fetched over the wire, with who fetched them. */
  scripts: Array<{ path: string; bytes: number; by: 'page' | 'worker' }>
}

/** Whether every script the page loaded is in the service worker's cache. */
const keptOffline = (page: Page) =>
  page.evaluate(async () => {
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/') && p.endsWith('.js'))
    const name = (await caches.keys()).find((k) => k.startsWith('fray-'))
    if (!name) return false
    const cache = await caches.open(name)
    for (const path of loaded) if (!(await cache.match(path))) return false
    return true
  })

async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await check()) return
  throw new Error(`whole fight: ${what} did not happen within ${ms / 1000} s`)
}

export async function benchWholeFight(browser: Browser, url: string, system: string): Promise<WholeFight> {
  const { gm } = await openGmTablet(browser, url, system).then(async (t) => {
    await addCombatant(t.gm, 'Ogre', '60')
    return t
  })
  const playerUrl = gm.url().replace(/#.*$/, '')
  const context = await browser.newContext(PHONE)
  const fetched: Array<{ request: Request; by: 'page' | 'worker' }> = []
  // The page's requests and (in chromium) its service worker's are both reported on the context.
  context.on('requestfinished', (request) =>
    fetched.push({ request, by: request.serviceWorker() ? 'worker' : 'page' }),
  )
  try {
    const phone = await context.newPage()
    phone.setDefaultTimeout(15_000)
    await joinWithCharacter(phone, playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    const keep = { phone, name: 'Mira' }
    // The turn's words are the system's ("Attack", or zones' "Act or move" on a side's move).
    const { button, does } = turnWords(system)
    await playUntil(gm, [phone], () => visible(phone, button), { keep })
    await phone.getByRole('button', { name: button, exact: true }).click()
    await phone.getByRole('button', { name: 'Roll the attack' }).click()
    // A monster's defense is the GM's to choose; the attack's card then lands on the phone.
    const gmPrompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
    const card = phone.getByTestId('result-card').filter({ hasText: 'Ogre' })
    // The GM lets the blow land (no defense, no reaction, or take it): a parry would leave the Ogre no
    // attack this round (odnd), and the fight below needs its attack.
    const noDefense = gmPrompt.getByRole('button', { name: /^(No defense|No reaction|Take it)/ })
    await waitFor('the attack answered', async () => {
      if ((await gmPrompt.count()) > 0)
        await ((await noDefense.count()) > 0 ? noDefense.first() : gmPrompt.getByRole('button').first())
          .click()
          .catch(() => undefined)
      return (await card.count()) > 0
    })
    // The Ogre strikes back; the phone answers with a defense where the system gives it one.
    const strike = gm.getByRole('button', { name: `Ogre ${does}` })
    await playUntil(gm, [phone], async () => (await strike.count()) > 0, { activate: 'Ogre' })
    await strike.click()
    const sheet = gm.locator('.composer')
    await sheet.getByRole('radio', { name: /Mira/ }).check()
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const prompt = phone.getByRole('alertdialog', { name: /attacks you!$/ })
    const struck = phone.getByTestId('result-card').filter({ hasText: /Ogre/ })
    await waitFor('the Ogre’s attack answered', async () => {
      if ((await prompt.count()) > 0)
        await prompt
          .getByRole('button')
          .first()
          .click()
          .catch(() => undefined)
      return (await struck.count()) > 0 && (await prompt.count()) === 0
    })
    await waitFor('the service worker keeping what the phone loaded', () => keptOffline(phone), 30_000)
    await phone.waitForTimeout(1000) // the last of the worker's copies settle
    const rows = await Promise.all(
      fetched.map(async ({ request, by }) => ({
        path: new URL(request.url()).pathname,
        bytes: await wireBytes(request),
        by,
        script: request.resourceType() === 'script' || /\.js$/.test(new URL(request.url()).pathname),
      })),
    )
    const scripts = rows.filter((r) => r.script && r.bytes > 0)
    const sum = (by: 'page' | 'worker') => scripts.filter((r) => r.by === by).reduce((n, r) => n + r.bytes, 0)
    return {
      system,
      js: { page: sum('page'), worker: sum('worker') },
      total: rows.reduce((n, r) => n + r.bytes, 0),
      scripts: scripts.map(({ path, bytes, by }) => ({ path, bytes, by })),
    }
  } finally {
    await context.close()
    await gm.context().close()
  }
}

/**
 * The bytes of a response's body as they came over the wire. Chromium reports no size for the service
 * worker's own script (fetched to register it, outside any page); that one is asked again of the same
 * server, with the encoding it was sent in, and counted as it comes.
 */
async function wireBytes(request: Request): Promise<number> {
  const reported = Math.max(0, (await request.sizes()).responseBodySize)
  if (reported > 0 || (await request.headerValue('service-worker')) !== 'script') return reported
  const response = await request.response()
  if (response?.status() !== 200) return reported
  const encoding = (await response.headerValue('content-encoding')) ?? 'identity'
  return new Promise((resolve, reject) => {
    get(request.url(), { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      res.on('end', () => resolve(bytes))
      res.on('error', reject)
    }).on('error', reject)
  })
}

export function printWholeFight(runs: WholeFight[]): void {
  console.log('whole fight on a phone (chromium, cold cache: join, create, attack, defend, result; kB)')
  for (const r of runs) {
    const js = r.js.page + r.js.worker
    console.log(
      `  ${r.system.padEnd(12)} JavaScript ${(js / 1000).toFixed(1)} (page ${(r.js.page / 1000).toFixed(1)}, ` +
        `service worker ${(r.js.worker / 1000).toFixed(1)}), everything ${(r.total / 1000).toFixed(1)}; ` +
        `target <= ${WHOLE_FIGHT_JS_TARGET_BYTES / 1000} kB of JavaScript: ` +
        `${js <= WHOLE_FIGHT_JS_TARGET_BYTES ? 'met' : 'MISSED'}`,
    )
  }
  const worst = runs.reduce((a, b) => (a.js.page + a.js.worker >= b.js.page + b.js.worker ? a : b))
  console.log(
    `  ${worst.system}'s scripts: ${worst.scripts
      .sort((a, b) => b.bytes - a.bytes)
      .map(
        (s) =>
          `${s.path.replace(/^\/assets\//, '')} ${(s.bytes / 1000).toFixed(1)}${s.by === 'worker' ? ' (sw)' : ''}`,
      )
      .join(', ')}`,
  )
}
