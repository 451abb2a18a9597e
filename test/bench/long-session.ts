/** Bench: a long game night (3,000 rolls, 2,000 edits) against wrangler dev; prints what the room stores and how fast it loads. */
import { GM, LOG, PAST, type PastFight, pastDocName, TABLE } from '@fray/protocol'
import * as Y from 'yjs'
import { answersOf } from '../support/answers.ts'
import { launchBrowser } from '../support/browser.ts'
import { startDevServer } from '../support/dev-server.ts'
import { LONG_SESSION, LONG_SESSION_MAX_BYTES, playLongSession } from '../support/long-session.ts'
import { connectStock } from '../support/provider.ts'
import { benchEveningPhone, printEveningPhone } from './evening-phone.ts'

const connect = connectStock

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

export async function benchLongSession(): Promise<void> {
  // 3,000 rolls from one seat in seconds: far past a seat's requests a minute at a real table.
  const server = await startDevServer({ vars: { REQUESTS_PER_SEAT_PER_MINUTE: '1000000' } })
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json())
    const { roomId, gmKey } = (await post('/api/rooms', { system: 'osr' })) as {
      roomId: string
      gmKey: string
    }
    const seat = (await post(`/api/rooms/${roomId}/seats`, { name: 'Mira' })) as {
      seatId: string
      seatKey: string
    }
    const gm = connect(server.url, roomId, 'table', gmKey)
    const player = connect(server.url, roomId, `seat:${seat.seatId}`, seat.seatKey)
    await Promise.all([gm.synced, player.synced])
    const results = answersOf(player.doc)
    const started = performance.now()
    await playLongSession({
      gmTable: gm.doc,
      seat: player.doc,
      answered: (id) => until(() => results.has(id), `the answer to ${id}`),
    })
    const played = performance.now() - started
    gm.provider.destroy()
    player.provider.destroy()

    const stats = (await (
      await fetch(`${server.url}/api/rooms/${roomId}/stats`, {
        headers: { Authorization: `Bearer ${gmKey}` },
      })
    ).json()) as {
      storedBytes: number
      largestRowBytes: number
      docs: Array<{ doc: string; bytes: number; loadMs: number }>
    }

    /**
     * New clients of a document one after another, as the phones of a table join: each one's time until
     * `ready` holds of its copy (synced means all is here: an answer may come in two frames, the whole
     * state the room encoded before, then what changed since), and the size of the last one's copy.
     */
    const joins = async (doc: string, ready: (copy: Y.Doc) => boolean, what: string, times = 5) => {
      const ms: number[] = []
      let bytes = 0
      for (let i = 0; i < times; i++) {
        const t0 = performance.now()
        const client = connect(server.url, roomId, doc)
        await client.synced
        await until(() => ready(client.doc), what, 5000)
        ms.push(performance.now() - t0)
        bytes = Y.encodeStateAsUpdate(client.doc).length
        client.provider.destroy()
      }
      return { first: ms[0] ?? 0, median: [...ms].sort((x, y) => x - y)[Math.floor(times / 2)] ?? 0, bytes }
    }
    const entries = LONG_SESSION.rolls
    const tonight = await joins(
      'log',
      (d) => d.getArray(LOG.entries).length >= entries,
      'every entry of the log',
    )

    const gmDoc = connect(server.url, roomId, 'gm', gmKey)
    await gmDoc.synced
    const gmAnswers = answersOf(gmDoc.doc)
    const gmAsks = async (id: string, request: Record<string, unknown>) => {
      gmDoc.doc.getArray(GM.requests).push([{ id, ...request }])
      await until(() => gmAnswers.has(id), `the answer to ${id}`)
    }

    // A phone at the table through the evening (chromium, 4x CPU): a Wi-Fi blip, then the GM's next rolls,
    // then the GM's tablet taking hit points off a goblin of the evening.
    const gmTable = connect(server.url, roomId, 'table', gmKey)
    await gmTable.synced
    const goblin = gmTable.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('c0')
    if (!goblin) throw new Error('the evening’s first goblin is not on the table')
    const browser = await launchBrowser()
    let late = 0
    const phone = await benchEveningPhone(browser, server.url, roomId, {
      logEntries: entries,
      roll: () => gmAsks(`late-${late++}`, { kind: 'roll', notation: '1d20' }),
      changeHp: () => goblin.set('hp', Number(goblin.get('hp')) - 1),
    }).finally(() => {
      gmTable.provider.destroy()
      return browser.close()
    })

    // Next week: the GM files the evening (New fight); phones joining then sync the log, which lists it,
    // and open the evening's own document (`past:0`) only to read it.
    await gmAsks('file-the-evening', { kind: 'new-fight' })
    const nextWeek = await joins('log', (d) => d.getArray(LOG.filed).length === 1, 'the filed evening listed')
    const filed = (d: Y.Doc) => d.getArray<PastFight>(PAST.fights).get(0)?.entries.length ?? 0
    const past = await joins(pastDocName(0), (d) => filed(d) >= entries, 'the evening in its document', 1)
    // Next week's fight, of ten rolls, filed in turn: reading it brings that fight, not the evening before.
    for (let i = 0; i < 10; i++) await gmAsks(`next-week-${i}`, { kind: 'roll', notation: '1d20' })
    await gmAsks('file-next-week', { kind: 'new-fight' })
    gmDoc.provider.destroy()
    const small = await joins(pastDocName(1), (d) => filed(d) >= 10, 'next week’s fight in its document', 1)

    console.log(
      `long session (${LONG_SESSION.rolls} rolls, ${LONG_SESSION.edits} edits, played in ${(played / 1000).toFixed(1)} s)`,
    )
    console.log(
      `  stored:        ${(stats.storedBytes / 1024).toFixed(0)} KiB (bound ${(LONG_SESSION_MAX_BYTES / 1024).toFixed(0)} KiB), largest row ${(stats.largestRowBytes / 1024).toFixed(0)} KiB`,
    )
    for (const d of stats.docs) {
      console.log(
        `  ${d.doc.padEnd(22)} ${(d.bytes / 1024).toFixed(0).padStart(5)} KiB, rebuilt from storage in ${d.loadMs.toFixed(0)} ms`,
      )
    }
    console.log(
      `  a new client syncs the ${entries}-entry log in ${tonight.first.toFixed(0)} ms (the first), ${tonight.median.toFixed(0)} ms (median of 5); target < 40 ms`,
    )
    printEveningPhone(phone, entries)
    console.log(
      `  the evening filed (New fight): a new client syncs the log in ${nextWeek.median.toFixed(0)} ms (median of 5), ${(nextWeek.bytes / 1024).toFixed(1)} KiB; the evening opened in Past fights: ${past.first.toFixed(0)} ms, ${(past.bytes / 1024).toFixed(0)} KiB`,
    )
    console.log(
      `  a fight of 10 rolls filed after it: opened in Past fights in ${small.first.toFixed(0)} ms, ${(small.bytes / 1024).toFixed(1)} KiB`,
    )
  } finally {
    await server.stop()
  }
}
