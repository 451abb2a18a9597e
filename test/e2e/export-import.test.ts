/**
 * The GM's library and setups live with the GM (#52): a room exported as JSON, with a monster in its
 * library, a combatant on the table, a hidden one and a past fight, imports on another device's home
 * screen into a new room that has all of them, the past fight marked as imported, not rolled there.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, inject, it } from 'vitest'
import { openUrl, TABLET, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, rowOf, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('an exported encounter', () => {
  it('imports into a new room with its library, its combatants and its past fight marked imported', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const library = gm.getByRole('region', { name: 'Monster library' })
    await library.getByLabel('Import a library…').setInputFiles({
      name: 'library.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          fray: 'library',
          version: 1,
          system: 'osr',
          monsters: [{ name: 'Troll', hp: '3d8' }],
        }),
      ),
    })
    await expect.poll(() => library.getByTestId('library').textContent()).toMatch(/Troll · HP 3d8/)
    // A fight: goblins whose hit points the room rolls and logs, then filed at New fight.
    await addCombatant(gm, 'Goblin x2', '1d6')
    await expect.poll(() => gm.getByTestId('log').textContent()).toMatch(/rolled hit points/)
    await gm.getByRole('button', { name: 'New fight…' }).click()
    await gm
      .getByRole('group', { name: 'Start a new fight' })
      .getByRole('button', { name: 'Start a new fight' })
      .click()
    await gm.getByTestId('past-fights').getByText('Past fights (1)').waitFor()
    await addCombatant(gm, 'Ogre', '30')
    await addCombatant(gm, 'Wolf mother', '9', { hidden: true })
    await rowOf(gm, 'Ogre').waitFor()

    const downloading = gm.waitForEvent('download')
    await gm.getByRole('button', { name: 'Export as JSON' }).click()
    const path = await (await downloading).path()
    const text = await readFile(path, 'utf8')
    const file = JSON.parse(text)
    expect(file).toMatchObject({ fray: 'encounter', version: 2, system: 'osr', library: [{ name: 'Troll' }] })
    expect(file.pastFights).toHaveLength(1)

    // Another tablet, with nothing of this GM's on it: the library it shows comes with the file.
    const other = await (await chromium.browser.newContext(TABLET)).newPage()
    other.setDefaultTimeout(15_000)
    await openUrl(other, baseUrl)
    await other.getByLabel('Import an exported encounter…').setInputFiles({
      name: 'fray-encounter.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    })
    await other.waitForURL((url) => url.pathname.startsWith('/r/') && !url.pathname.includes(room.roomId))
    await rowOf(other, 'Ogre').waitFor()
    expect(await rowOf(other, 'Goblin 1').count()).toBe(0)
    await expect
      .poll(() => other.getByRole('region', { name: 'Monster library' }).getByTestId('library').textContent())
      .toMatch(/Troll · HP 3d8/)
    const past = other.getByTestId('past-fights')
    await past.getByText('Past fights (1)').click()
    const heading = past.getByText(/^Fight 1 · Goblin ×2 · .* · imported$/)
    await heading.click()
    await expect
      .poll(() => past.textContent())
      .toMatch(/Imported from an export: rolled elsewhere, not in this room\./)
    await expect.poll(() => past.textContent()).toMatch(/rolled hit points/)
    await chromium.snap(other, 'imported-encounter-gm-tablet')

    // A player's phone in the new room sees the Ogre and the imported fight, never the hidden Wolf mother.
    const playerUrl = other.url().replace(/#.*$/, '')
    const phone = await seatPhone(chromium.browser, playerUrl, 'Mira')
    await phone.getByTestId('past-fights').getByText('Past fights (1)').click()
    await phone.getByText(/^Fight 1 · Goblin ×2 · .* · imported$/).waitFor()
    expect(await phone.content()).not.toContain('Wolf mother')
  })
})
