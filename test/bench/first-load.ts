/**
 * Slow-network join: a fresh phone in chromium on an emulated 1.6 Mbps / 150 ms link opens a player link,
 * sees the join form with the room's name, joins, and sees the GM's combatant. Timed over a few runs.
 */
import { TABLE } from '@fray/protocol'
import type { Browser } from 'playwright-core'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { firstContentfulPaint, launchBrowser, PHONE } from '../support/browser.ts'
import { median, ms } from './stats.ts'

/** What #29 asks of the slow-network join, median (it was 3 s in #13). */
export const FIRST_LOAD_TARGET_MS = 1500

/** 1.6 Mbps each way is 200,000 bytes a second; 150 ms of latency on every request. */
export const SLOW_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 200_000,
}

export interface FirstLoadRun {
  /** From navigation to the join form's first paint (index.html's own, before the app's script). */
  paintMs: number
  /** From navigation to the join form showing the room's name. */
  formMs: number
  /** From the Join click to the GM's combatant on the phone: the seat, three sockets, their sync. */
  joinMs: number
  /** Link to synced encounter with the player's typing left out: `formMs + joinMs`. */
  encounterMs: number
  /** Bytes of JavaScript the page fetched over the wire. */
  jsBytes: number
  /** Bytes of everything the page fetched over the wire until the encounter showed. */
  totalBytes: number
}

/** A room with one combatant written by a GM provider, as the tablet would. */
async function roomWithCombatant(url: string, run: number) {
  const post = async <T>(path: string, body: unknown): Promise<T> =>
    (await (await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as T
  const roomName = `Bridge ambush ${run}`
  const { roomId, gmKey } = await post<{ roomId: string; gmKey: string }>('/api/rooms', {
    system: 'osr',
    name: roomName,
  })
  const doc = new Y.Doc()
  const gm = new WebsocketProvider(`${url.replace(/^http/, 'ws')}/api/rooms/${roomId}/docs`, 'table', doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { key: gmKey },
    disableBc: true,
  })
  await new Promise<void>((resolve) => gm.once('sync', () => resolve()))
  const combatantName = `Goblin chief ${run}`
  const combatant = new Y.Map<unknown>()
  doc.transact(() => {
    doc.getMap<Y.Map<unknown>>(TABLE.combatants).set(`c${run}`, combatant)
    combatant.set('name', combatantName)
    combatant.set('hp', 11)
    combatant.set('maxHp', 11)
  })
  return {
    playerLink: `${url}/r/${roomId}`,
    roomName,
    combatantName,
    stop: () => {
      gm.destroy()
      doc.destroy() // also stops the awareness timer, which would keep the bench process alive
    },
  }
}

async function oneRun(browser: Browser, url: string, run: number): Promise<FirstLoadRun> {
  const room = await roomWithCombatant(url, run)
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK)
    const bytes = { js: 0, total: 0 }
    const types = new Map<string, string>()
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
    cdp.on('Network.loadingFinished', (e) => {
      bytes.total += e.encodedDataLength
      if (types.get(e.requestId) === 'Script') bytes.js += e.encodedDataLength
    })
    const start = Date.now()
    await page.goto(room.playerLink, { waitUntil: 'commit' })
    await page.getByRole('heading', { level: 1, name: room.roomName }).waitFor({ timeout: 20_000 })
    const formMs = Date.now() - start
    const paintMs = await firstContentfulPaint(page)
    await page.getByLabel("Your character's name").fill('Mira')
    const join = page.getByRole('button', { name: 'Join' })
    await join.waitFor()
    const clicked = Date.now()
    await join.click()
    await page.getByText(room.combatantName).waitFor({ timeout: 20_000 })
    const joinMs = Date.now() - clicked
    return {
      paintMs,
      formMs,
      joinMs,
      encounterMs: formMs + joinMs,
      jsBytes: bytes.js,
      totalBytes: bytes.total,
    }
  } finally {
    await context.close()
    room.stop()
  }
}

export async function benchFirstLoad(url: string, runs = 5): Promise<FirstLoadRun[]> {
  const browser = await launchBrowser()
  try {
    await oneRun(browser, url, 0) // warms wrangler's asset serving and the Durable Object code
    const out: FirstLoadRun[] = []
    for (let run = 1; run <= runs; run++) out.push(await oneRun(browser, url, run))
    return out
  } finally {
    await browser.close()
  }
}

export function printFirstLoad(runs: FirstLoadRun[]): void {
  const form = median(runs.map((r) => r.formMs))
  const join = median(runs.map((r) => r.joinMs))
  const encounter = median(runs.map((r) => r.encounterMs))
  console.log(
    `slow-network join (chromium, Pixel 7, ${(SLOW_NETWORK.downloadThroughput * 8) / 1e6} Mbps, ` +
      `${SLOW_NETWORK.latency} ms latency, cold cache; median of ${runs.length})`,
  )
  console.log(
    `  player link -> join form painted (no room name):  ${ms(median(runs.map((r) => r.paintMs)), 0)}`,
  )
  console.log(`  player link -> join form with the room name:      ${ms(form, 0)}`)
  console.log(`  Join tapped -> the GM's combatant on the phone:    ${ms(join, 0)}`)
  console.log(
    `  player link -> synced encounter (typing left out): ${ms(encounter, 0)} ` +
      `(target < ${FIRST_LOAD_TARGET_MS} ms: ${encounter < FIRST_LOAD_TARGET_MS ? 'met' : 'MISSED'})`,
  )
  console.log(
    `  runs (form + join): ${runs.map((r) => `${r.formMs}+${r.joinMs}`).join(', ')} ms; over the wire ` +
      `${(median(runs.map((r) => r.jsBytes)) / 1000).toFixed(1)} kB of JavaScript, ` +
      `${(median(runs.map((r) => r.totalBytes)) / 1000).toFixed(1)} kB in all`,
  )
}
