/**
 * A phone with its CPU slowed 4x (chromium's own throttling) on loopback: when the join form paints, and
 * how long each tap of the turn loop takes to answer on screen. A tap's time is the browser's own Event
 * Timing: from the finger down to the next frame painted after its handlers ran (what INP measures).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { firstContentfulPaint, PHONE } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, turnWords, visible } from '../support/table-play.ts'
import { median } from './stats.ts'

export const JOIN_FORM_TARGET_MS = 300
export const TAP_TARGET_MS = 100

export interface TapRun {
  system: string
  /**
   * Navigation to the first paint of the join form (first contentful paint: the form is the first content),
   * the median of `joinFormLoads`: one load swings by 200 ms and more on a busy 2-vCPU machine.
   */
  joinFormMs: number
  /** Each cold load's paint of the join form, in ms, in order. */
  joinFormLoads: number[]
  /** Each tap, in order, with the time it took to answer on screen. */
  taps: Array<{ name: string; ms: number }>
  /** The first load's tasks over 50 ms (Long Tasks API), from navigation to the Join tap, in ms. */
  loadTasks: number[]
}

export const LONG_TASK_MS = 50

/** Cold loads of the player link whose join-form paints make the figure (the last one goes on to play). */
export const JOIN_FORM_LOADS = 5

/** Installs an Event Timing observer before the page's scripts run; `taps()` reads what it saw. */
const observeTaps = (page: Page) =>
  page.addInitScript(() => {
    const seen: Array<{ name: string; ms: number; target: string }> = []
    ;(window as unknown as { __taps: typeof seen }).__taps = seen
    const long: Array<{ at: number; ms: number }> = []
    ;(window as unknown as { __long: typeof long }).__long = long
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) long.push({ at: e.startTime, ms: e.duration })
    }).observe({ type: 'longtask', buffered: true })
    // What was tapped, named as the click happens (a sheet that closes takes its button with it).
    const labels = new Map<number, string>()
    addEventListener(
      'click',
      (event) => {
        const el = (event.target as HTMLElement | null)?.closest('button, label, a')
        labels.set(event.timeStamp, el?.textContent?.trim().slice(0, 40) ?? '?')
      },
      { capture: true },
    )
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (e.name !== 'click') continue
        seen.push({ name: e.name, ms: e.duration, target: labels.get(e.startTime) ?? '?' })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  })

/** The slowest event of each interaction, by what was tapped. */
async function tapsOf(page: Page): Promise<Array<{ name: string; ms: number }>> {
  await page.waitForTimeout(500) // the observer reports an interaction after its frame
  const seen = await page.evaluate(
    () => (window as unknown as { __taps: Array<{ name: string; ms: number; target: string }> }).__taps,
  )
  return seen.filter((e) => e.name === 'click').map((e) => ({ name: e.target, ms: e.ms }))
}

/** A phone slowed 4x opens the player link cold: when its join form painted, and the page to go on with. */
async function openThrottled(
  context: BrowserContext,
  url: string,
): Promise<{ phone: Page; joinFormMs: number }> {
  const phone = await context.newPage()
  phone.setDefaultTimeout(30_000)
  const cdp = await context.newCDPSession(phone)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await observeTaps(phone)
  // The page's own load event, not a locator, says when to look: a locator injects Playwright's selector
  // engine into the page, a script that took 30-60 ms of the slowed main thread while the page loaded
  // (a chromium trace of the load), and so slowed the very paint timed here: `BENCH_ONLY=taps`, this
  // bench against its locator-polling self (7d4e531^), interleaved, 50 cold loads each: median 350 -> 316
  // ms. A phone at the table has no such script.
  await phone.goto(url, { waitUntil: 'load' })
  const joinFormMs = await firstContentfulPaint(phone)
  await phone.getByLabel("Your character's name").waitFor() // what painted was the join form
  return { phone, joinFormMs }
}

export async function benchTaps(browser: Browser, url: string, system: string): Promise<TapRun> {
  const { gm } = await openGmTablet(browser, url, system)
  await addCombatant(gm, 'Ogre', '60')
  const playerUrl = gm.url().replace(/#.*$/, '')
  const joinFormLoads: number[] = []
  for (let i = 1; i < JOIN_FORM_LOADS; i++) {
    const cold = await browser.newContext(PHONE)
    try {
      joinFormLoads.push((await openThrottled(cold, playerUrl)).joinFormMs)
    } finally {
      await cold.close()
    }
  }
  const context = await browser.newContext(PHONE)
  try {
    const { phone, joinFormMs } = await openThrottled(context, playerUrl)
    joinFormLoads.push(joinFormMs)
    await phone.getByLabel("Your character's name").fill('Mira')
    // The first load: navigation until the Join tap (the app has taken the form over, or takes it then).
    await phone.waitForTimeout(1000)
    const loadTasks = await phone.evaluate(() => {
      const long = (window as unknown as { __long: Array<{ at: number; ms: number }> }).__long
      return long.map((t) => t.ms)
    })
    await phone.getByRole('button', { name: 'Join' }).click()
    await phone.getByRole('button', { name: 'Create my character' }).click()
    await phone.getByRole('region', { name: 'Your character' }).getByText('Mira').waitFor()
    await gm.getByRole('button', { name: 'Start combat' }).click()
    // The turn's words are the system's ("Attack", or zones' "Act or move" on a side's move).
    const { button, does } = turnWords(system)
    await playUntil(gm, [phone], () => visible(phone, button), { keep: { phone, name: 'Mira' } })
    await phone.getByRole('button', { name: button, exact: true }).click()
    const sheet = phone.getByRole('region', { name: `Mira ${does}` })
    const toggle = sheet.locator('.toggle input[type=checkbox]').first()
    if ((await toggle.count()) > 0) {
      await toggle.check()
      await toggle.uncheck()
    }
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const card = phone.getByTestId('result-card').filter({ hasText: 'Ogre' })
    const gmPrompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
    for (const end = Date.now() + 30_000; Date.now() < end && (await card.count()) === 0; ) {
      if ((await gmPrompt.count()) > 0) await gmPrompt.getByRole('button').first().click()
      await phone.waitForTimeout(200)
    }
    return { system, joinFormMs: median(joinFormLoads), joinFormLoads, taps: await tapsOf(phone), loadTasks }
  } finally {
    await context.close()
    await gm.context().close()
  }
}

/**
 * A page with the join form's words and no script or style, as its first paint: what this machine's chromium
 * takes at 4x before any app is in it. The join form's target is judged against it: on a VM where this
 * floor is itself near 300 ms, no app can paint under 300 ms.
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  "<title>Join</title></head><body><h1>Join the table</h1><form><label>Your character's name <input></label>" +
  '<button>Join</button></form></body></html>'

/** The floor page's paint, cold, at 4x, `JOIN_FORM_LOADS` times, served from a loopback server of its own. */
export async function paintFloor(browser: Browser): Promise<number[]> {
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(FLOOR_PAGE))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const loads: number[] = []
  try {
    for (let i = 0; i < JOIN_FORM_LOADS; i++) {
      const context = await browser.newContext(PHONE)
      try {
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' })
        loads.push(await firstContentfulPaint(page))
      } finally {
        await context.close()
      }
    }
  } finally {
    server.close()
  }
  return loads
}

export function printTaps(runs: TapRun[], floor: number[] = []): void {
  console.log('a phone with its CPU slowed 4x, on loopback (chromium Event Timing: tap to next paint)')
  if (floor.length > 0)
    console.log(
      `  floor: a page with no script or style paints at ${Math.round(median(floor))} ms on this machine, ` +
        `median of ${floor.length} cold loads (${floor.map(Math.round).join(', ')})`,
    )
  for (const r of runs) {
    const slowest = r.taps.reduce((a, b) => (b.ms > a.ms ? b : a), { name: 'none', ms: 0 })
    console.log(
      `  ${r.system.padEnd(12)} join form painted ${Math.round(r.joinFormMs)} ms, median of ` +
        `${r.joinFormLoads.length} cold loads (${r.joinFormLoads.map(Math.round).join(', ')}) (target < ${JOIN_FORM_TARGET_MS}: ` +
        `${r.joinFormMs < JOIN_FORM_TARGET_MS ? 'met' : 'MISSED'}); ${r.taps.length} taps, median ` +
        `${Math.round(median(r.taps.map((t) => t.ms)))} ms, slowest ${Math.round(slowest.ms)} ms ` +
        `("${slowest.name}") (target < ${TAP_TARGET_MS}: ${slowest.ms < TAP_TARGET_MS ? 'met' : 'MISSED'})`,
    )
    console.log(`    ${r.taps.map((t) => `${t.name} ${Math.round(t.ms)}`).join(', ')}`)
    const longest = Math.max(0, ...r.loadTasks)
    console.log(
      `    first load: ${r.loadTasks.length} tasks over ${LONG_TASK_MS} ms, the longest ${Math.round(longest)} ms ` +
        `(${r.loadTasks.map(Math.round).join(', ') || 'none'})`,
    )
  }
  // One system's five loads swing 200-500 ms on a shared VM; every load of the run together says more.
  const loads = runs.flatMap((r) => r.joinFormLoads)
  if (runs.length > 1) {
    const all = median(loads)
    console.log(
      `  every system: join form painted ${Math.round(all)} ms, median of ${loads.length} cold loads, ` +
        `${loads.filter((ms) => ms < JOIN_FORM_TARGET_MS).length} under ${JOIN_FORM_TARGET_MS} ` +
        `(target < ${JOIN_FORM_TARGET_MS}: ${all < JOIN_FORM_TARGET_MS ? 'met' : 'MISSED'})`,
    )
  }
}
