/**
 * A phone at the table through a long evening: chromium with a Pixel 7 context joins a room whose log
 * holds the evening (kept on the device too), then, with its CPU slowed 4x:
 * - goes offline and online again (a Wi-Fi blip): timed from the `online` event to the badge saying
 *   "Live", with every task over 50 ms from then until two seconds after;
 * - sees the GM roll a few times: every task over 50 ms while each new entry arrives.
 * While it measures, the page is watched by its own small scripts (the Long Tasks API, a timer reading the
 * badge), not by Playwright's locators, whose selector engine would itself be a long task at 4x.
 */
import type { Browser, Page } from 'playwright-core'
import { PHONE } from '../support/browser.ts'
import { median } from './stats.ts'
import { LONG_TASK_MS } from './taps.ts'

export interface EveningPhone {
  /** From the network back to the connection badge saying "Live", ms, each blip. */
  liveMs: number[]
  /** Tasks over 50 ms from the network back until two seconds after "Live", all blips; ms each. */
  blipTasks: number[]
  /** Tasks over 50 ms while each of the GM's rolls arrives on the phone; ms each. */
  entryTasks: number[]
  rolls: number
}

type Watch = { tasks: number[]; online: number | null; live: number | null }

/** Starts watching the page: its long tasks, and when the badge reads "Live" after an `online` event. */
const watch = (page: Page) =>
  page.evaluate((longTask) => {
    const w: Watch = { tasks: [], online: null, live: null }
    const page = window as unknown as { __watch: Watch; __observer?: PerformanceObserver }
    page.__observer?.disconnect() // the last watch's
    page.__watch = w
    page.__observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.duration > longTask) w.tasks.push(e.duration)
    })
    page.__observer.observe({ type: 'longtask' })
    addEventListener(
      'online',
      () => {
        w.online = performance.now()
        const timer = setInterval(() => {
          if (!document.querySelector('[data-testid=connection]')?.textContent?.includes('Live')) return
          w.live = performance.now()
          clearInterval(timer)
        }, 10)
      },
      { once: true },
    )
  }, LONG_TASK_MS)

const watched = (page: Page) => page.evaluate(() => (window as unknown as { __watch: Watch }).__watch)

/** Waits, polling from the page a few times a second, until the first badge's words include `words`. */
const badgeSays = (page: Page, words: string) =>
  page.waitForFunction(
    (w) => document.querySelector('[data-testid=connection]')?.textContent?.includes(w) === true,
    words,
    { polling: 250, timeout: 30_000 },
  )

export async function benchEveningPhone(
  browser: Browser,
  url: string,
  roomId: string,
  options: { minLogBytes: number; roll: () => Promise<void>; blips?: number; rolls?: number },
): Promise<EveningPhone> {
  const { blips = 3, rolls = 5 } = options
  const context = await browser.newContext(PHONE)
  try {
    const phone = await context.newPage()
    phone.setDefaultTimeout(30_000)
    await phone.goto(`${url}/r/${roomId}`)
    await phone.getByLabel("Your character's name").fill('Blip')
    await phone.getByRole('button', { name: 'Join' }).click()
    await badgeSays(phone, 'Live')
    // The evening's log kept on the phone: what y-indexeddb stored of it, over `minLogBytes`.
    await phone.waitForFunction(
      async (min) => {
        const open = indexedDB.open(`fray:${location.pathname.split('/')[2]}:log`)
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        if (!db.objectStoreNames.contains('updates')) {
          db.close()
          return false
        }
        const rows = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction('updates').objectStore('updates').getAll()
          request.onsuccess = () => resolve(request.result)
        })
        db.close()
        return rows.reduce<number>((n, row) => n + ((row as Uint8Array).byteLength ?? 0), 0) > min
      },
      options.minLogBytes,
      { polling: 500 },
    )
    await phone.waitForTimeout(1000) // what the join started settles
    const cdp = await context.newCDPSession(phone)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const liveMs: number[] = []
    const blipTasks: number[] = []
    for (let i = 0; i < blips; i++) {
      await context.setOffline(true)
      await badgeSays(phone, 'Offline')
      await watch(phone)
      await context.setOffline(false)
      await phone.waitForFunction(
        () => (window as unknown as { __watch: Watch }).__watch.live !== null,
        null,
        {
          polling: 250,
        },
      )
      await phone.waitForTimeout(2000)
      const seen = await watched(phone)
      liveMs.push((seen.live ?? Number.NaN) - (seen.online ?? Number.NaN))
      blipTasks.push(...seen.tasks)
    }
    const entryTasks: number[] = []
    for (let i = 0; i < rolls; i++) {
      await watch(phone)
      await options.roll()
      await phone.waitForTimeout(1500) // the entry reaches the phone and is drawn
      entryTasks.push(...(await watched(phone)).tasks)
    }
    return { liveMs, blipTasks, entryTasks, rolls }
  } finally {
    await context.close()
  }
}

export function printEveningPhone(run: EveningPhone, logEntries: number): void {
  const tasks = (ms: number[]) =>
    ms.length === 0
      ? `no task over ${LONG_TASK_MS} ms`
      : `${ms.length} task(s) over ${LONG_TASK_MS} ms, the longest ${Math.max(...ms).toFixed(0)} ms`
  console.log(
    `  a phone (4x CPU) with the ${logEntries}-entry log: back from a Wi-Fi blip, "Live" in ` +
      `${median(run.liveMs).toFixed(0)} ms (median of ${run.liveMs.length}), ${tasks(run.blipTasks)}; ` +
      `the GM's next ${run.rolls} rolls arriving: ${tasks(run.entryTasks)}`,
  )
}
