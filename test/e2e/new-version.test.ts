/**
 * A tablet open across a deploy: its lazy chunks are gone from the server, which now serves a page of
 * another version. The first tap that needs one reloads the page once, into the new version, instead of
 * failing at every tap; a chunk that fails while the server still serves this version reloads nothing.
 */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'
import { addCombatant, rowOf } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const EDIT_CHUNK = /\/assets\/combatant-edit-form-[^/]*\.js$/
const PROBE = /\/r\/version-probe$/

describe('a page open across a deploy', () => {
  it('reloads once into the new version when a chunk it asks for is gone, and not when one only failed', {
    timeout: 60_000,
  }, async () => {
    // Without its service worker, which would answer for the chunk from its cache (as it does until a
    // deploy's new worker takes over and drops the old version's files), out of the routes' reach.
    const room = await createTestRoom(baseUrl, 'osr')
    const gm = await (await chromium.browser.newContext({ ...TABLET, serviceWorkers: 'block' })).newPage()
    await openUrl(gm, room.gmUrl)
    await addCombatant(gm, 'Goblin', '7')
    await rowOf(gm, 'Goblin').waitFor()
    let loads = 0
    gm.on('load', () => loads++)
    const asked: string[] = []
    gm.on('request', (r) => {
      if (EDIT_CHUNK.test(r.url())) asked.push(r.url())
    })

    // The network fails the chunk, but the server still serves this version: no reload.
    await gm.route(EDIT_CHUNK, (route) => route.abort('failed'), { times: 1 })
    await rowOf(gm, 'Goblin').getByRole('button', { name: 'Edit' }).click()
    await expect.poll(() => asked.length).toBe(1)
    await gm.waitForTimeout(1500)
    expect(loads).toBe(0)
    // (Edit again closes the panel that had no form to show.)
    await rowOf(gm, 'Goblin').getByRole('button', { name: 'Edit' }).click()

    // Deployed meanwhile: the chunk is a 404, and the server's page names another script.
    await gm.route(EDIT_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }), { times: 1 })
    await gm.route(
      PROBE,
      async (route) => {
        const page = await route.fetch()
        const html = (await page.text()).replace(/\/assets\/index-[^"]*\.js/, '/assets/index-NEWVERSION.js')
        await route.fulfill({ response: page, body: html })
      },
      { times: 1 },
    )
    await rowOf(gm, 'Goblin').getByRole('button', { name: 'Edit' }).click()
    await expect.poll(() => loads).toBe(1)
    // The new version's page: the Edit form loads at the first tap, and nothing asks again and again.
    await rowOf(gm, 'Goblin').getByRole('button', { name: 'Edit' }).click()
    await rowOf(gm, 'Goblin').getByLabel('HP now').waitFor()
    await gm.waitForTimeout(1000)
    expect(loads).toBe(1)
    expect(asked.length).toBeLessThanOrEqual(4)
  })
})
