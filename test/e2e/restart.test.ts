import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOG, SEAT } from '@fray/protocol'
import { afterAll, describe, expect, it } from 'vitest'
import { type DevServer, freePort, startDevServer } from '../support/dev-server.ts'
import { connectStock } from '../support/provider.ts'

const persistDir = mkdtempSync(join(tmpdir(), 'fray-restart-'))
let server: DevServer | undefined
afterAll(async () => {
  await server?.stop('SIGKILL')
  rmSync(persistDir, { recursive: true, force: true })
})

const connect = connectStock

describe('a server killed with SIGKILL mid-session', () => {
  it('still has, after a restart, every update a client saw acknowledged before the kill', async () => {
    const port = await freePort()
    server = await startDevServer({ persistDir, port })
    const post = (path: string, body: unknown) =>
      fetch(`${server?.url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json())
    const { roomId, gmKey } = (await post('/api/rooms', { system: 'osr' })) as {
      roomId: string
      gmKey: string
    }
    const { seatId, seatKey } = (await post(`/api/rooms/${roomId}/seats`, { name: 'Mira' })) as {
      seatId: string
      seatKey: string
    }

    const gm = connect(server.url, roomId, 'table', gmKey)
    const seat = connect(server.url, roomId, `seat:${seatId}`, seatKey)
    const reader = connect(server.url, roomId, 'table')
    const logReader = connect(server.url, roomId, 'log')
    await Promise.all([gm.synced, seat.synced, reader.synced, logReader.synced])

    // The GM keeps editing and the player keeps rolling while the server is killed.
    let writing = true
    const edits = gm.doc.getMap<number>('edits')
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        edits.set(`e${i}`, i)
        if (i % 10 === 0)
          seat.doc.getArray(SEAT.requests).push([{ id: `r${i}`, kind: 'roll', notation: 'd20', at: i }])
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const seen = reader.doc.getMap<number>('edits')
    const seenLog = logReader.doc.getArray<{ id: string }>(LOG.entries)
    await expect.poll(() => seen.size > 60 && seenLog.length > 3, { timeout: 10_000 }).toBe(true)

    await server.stop('SIGKILL')
    writing = false
    await writer
    const acknowledged = [...seen.keys()]
    const acknowledgedRolls = seenLog.toArray().map((e) => e.id)
    for (const c of [gm, seat, reader, logReader]) c.provider.destroy()

    server = await startDevServer({ persistDir, port })
    const after = connect(server.url, roomId, 'table')
    const afterLog = connect(server.url, roomId, 'log')
    await Promise.all([after.synced, afterLog.synced])
    const keys = new Set(after.doc.getMap('edits').keys())
    expect(acknowledged.filter((k) => !keys.has(k))).toEqual([])
    const rolls = new Set(afterLog.doc.getArray<{ id: string }>(LOG.entries).map((e) => e.id))
    expect(acknowledgedRolls.filter((id) => !rolls.has(id))).toEqual([])
    console.log(
      `${acknowledged.length} edits and ${acknowledgedRolls.length} rolls seen before the kill, all present after`,
    )
    after.provider.destroy()
    afterLog.provider.destroy()
  }, 120_000)
})
