/**
 * A phone at the table through a long evening: chromium with a Pixel 7 context joins a room whose log
 * holds the evening (kept on the device too), then, with its CPU slowed 4x:
 * - goes offline and online again (a Wi-Fi blip): timed from the `online` event to the badge saying
 *   "Live", with every task over 50 ms from then until two seconds after;
 * - sees the GM roll a few times: every task over 50 ms while each new entry arrives;
 * - sees the GM change a foe's hit points a few times: the main thread's work while each change is drawn.
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
  /** The phone's main-thread work (chromium's `TaskDuration`) while each of the GM's rolls arrives, ms each. */
  entryWorkMs: number[]
  /** Of that, running script (`ScriptDuration`), ms each. */
  entryScriptMs: number[]
  rolls: number
  /** The main thread's work while each of the GM's hit-point changes is drawn (its bar moving included), ms each. */
  changeWorkMs: number[]
  /** Of that, running script, ms each. */
  changeScriptMs: number[]
  /** Another phone (4x CPU from the start) joining late: from the Join tap to the newest entry, numbered as the whole log, drawn. */
  lateJoinMs: number
  /** Tasks over 50 ms from that Join tap until two seconds after. */
  lateJoinTasks: number[]
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

/** Waits, polling from the page, until its log's newest entry is numbered `n` or more (all of it synced). */
const logHolds = (page: Page, n: number) =>
  page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid=log-entry]')?.getAttribute('value')) >= n,
    n,
    { polling: 250, timeout: 30_000 },
  )

export async function benchEveningPhone(
  browser: Browser,
  url: string,
  roomId: string,
  options: {
    logEntries: number
    roll: () => Promise<void>
    /** Changes a foe's hit points on the table, as the GM's tablet does (no log entry). */
    changeHp: () => void
    blips?: number
    rolls?: number
  },
): Promise<EveningPhone> {
  const { blips = 3, rolls = 5 } = options
  const context = await browser.newContext(PHONE)
  try {
    const phone = await context.newPage()
    phone.setDefaultTimeout(30_000)
    await phone.goto(`${url}/r/${roomId}`)
    await phone.getByLabel("Your character's name").fill('Blip')
    // Tapped, as a phone does: a click would leave a mouse pointer on the page, and chromium hit-tests it
    // again after every layout change (a few ms of each roll's work at 4x that no phone has).
    await phone.getByRole('button', { name: 'Join' }).tap()
    await badgeSays(phone, 'Live')
    // The whole evening on the phone: its newest entry drawn with its number in the whole log.
    await logHolds(phone, options.logEntries)
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
    const entryWorkMs: number[] = []
    const entryScriptMs: number[] = []
    // The renderer's own running totals, read over CDP: no script of the bench's in the page meanwhile.
    const busy = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000
      return { work: value('TaskDuration'), script: value('ScriptDuration') }
    }
    await cdp.send('Performance.enable')
    /** The renderer's work while `act` happens and is drawn (1.5 s). */
    const workOf = async (act: () => unknown) => {
      const before = await busy()
      await act()
      await phone.waitForTimeout(1500) // it reaches the phone and is drawn
      const after = await busy()
      return { work: after.work - before.work, script: after.script - before.script }
    }
    for (let i = 0; i < rolls; i++) {
      await watch(phone)
      const { work, script } = await workOf(options.roll)
      entryWorkMs.push(work)
      entryScriptMs.push(script)
      entryTasks.push(...(await watched(phone)).tasks)
    }
    const changeWorkMs: number[] = []
    const changeScriptMs: number[] = []
    for (let i = 0; i < rolls; i++) {
      const { work, script } = await workOf(options.changeHp)
      changeWorkMs.push(work)
      changeScriptMs.push(script)
    }
    await logHolds(phone, options.logEntries + rolls)
    const total = Number(await phone.getByTestId('log-entry').first().getAttribute('value'))
    const late = await lateJoin(browser, url, roomId, total)
    return {
      liveMs,
      blipTasks,
      entryTasks,
      entryWorkMs,
      entryScriptMs,
      rolls,
      changeWorkMs,
      changeScriptMs,
      ...late,
    }
  } finally {
    await context.close()
  }
}

/**
 * A phone that joins once the evening is played, its CPU slowed 4x from the start: timed from the Join
 * tap to the log drawn with its newest entry numbered as the whole log (all of it synced), by a timer in
 * the page; with every task over 50 ms from the tap until two seconds after.
 */
async function lateJoin(
  browser: Browser,
  url: string,
  roomId: string,
  /** Entries in the room's log, so the newest is numbered this. */
  total: number,
): Promise<{ lateJoinMs: number; lateJoinTasks: number[] }> {
  const context = await browser.newContext(PHONE)
  try {
    const phone = await context.newPage()
    phone.setDefaultTimeout(30_000)
    const cdp = await context.newCDPSession(phone)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await phone.goto(`${url}/r/${roomId}`, { waitUntil: 'load' })
    await phone.getByLabel("Your character's name").fill('Late')
    // Tapped by its place on screen, found before the watch starts: no selector engine while it runs.
    const join = await phone.getByRole('button', { name: 'Join' }).boundingBox()
    if (!join) throw new Error('evening phone: the Join button is not on screen')
    await watch(phone) // its long tasks from here
    await phone.evaluate((total) => {
      const w = { tapped: 0, drawn: null as number | null }
      ;(window as unknown as { __late: typeof w }).__late = w
      addEventListener(
        'click',
        () => {
          w.tapped = performance.now()
          const timer = setInterval(() => {
            const first = document.querySelector('[data-testid=log-entry]')
            if (first?.getAttribute('value') !== String(total)) return
            w.drawn = performance.now()
            clearInterval(timer)
          }, 10)
        },
        { capture: true, once: true },
      )
    }, total)
    await phone.touchscreen.tap(join.x + join.width / 2, join.y + join.height / 2)
    await phone.waitForFunction(
      () => (window as unknown as { __late: { drawn: number | null } }).__late.drawn !== null,
      null,
      {
        polling: 250,
      },
    )
    await phone.waitForTimeout(2000)
    const seen = await phone.evaluate(
      () => (window as unknown as { __late: { tapped: number; drawn: number } }).__late,
    )
    return { lateJoinMs: seen.drawn - seen.tapped, lateJoinTasks: (await watched(phone)).tasks }
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
      `the GM's next ${run.rolls} rolls arriving: ${tasks(run.entryTasks)}; main thread busy ` +
      `${median(run.entryWorkMs).toFixed(0)} ms per roll, script ${median(run.entryScriptMs).toFixed(0)} ms (medians)`,
  )
  console.log(
    `    the GM changing a foe's hit points ${run.changeWorkMs.length} times: main thread busy ` +
      `${median(run.changeWorkMs).toFixed(0)} ms per change, script ${median(run.changeScriptMs).toFixed(0)} ms (medians)`,
  )
  console.log(
    `  another phone (4x CPU) joining then: Join tapped -> the whole log there in ${run.lateJoinMs.toFixed(0)} ms, ` +
      `${tasks(run.lateJoinTasks)}`,
  )
}
