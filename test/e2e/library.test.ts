/**
 * The GM's monster library: a stat block saved in one room is added as "Orc x3" in another room of the
 * same system, each copy's hit points rolled by the room and logged; the copies share the stat block until
 * one is edited; a malformed library file is refused with its first bad field named.
 */
import { describe, expect, inject, it } from 'vitest'
import { openUrl, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'
import { addCombatant, hpOf, openGmTablet, openStats } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('the monster library', () => {
  it('adds "Orc x3" in another room from a saved stat block, each copy’s hit points rolled and logged', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Orc', '6')
    const stats = await openStats(gm, 'Orc')
    await stats.getByLabel('Armor Class').fill('14')
    await stats.getByLabel(/^Hit points of each one added from it/).fill('1d8+1')
    await stats.getByRole('button', { name: 'Save Orc to the library' }).click()
    await expect
      .poll(() => stats.getByRole('status').textContent())
      .toMatch(/Orc is in this device’s library/)
    await chromium.snap(gm, 'library-save-gm-tablet')
    await stats.getByRole('button', { name: 'Close' }).click()
    const library = gm.getByRole('region', { name: 'Monster library' })
    expect(await library.getByTestId('library').textContent()).toMatch(/Orc · HP 1d8\+1/)
    // A second GM device, with nothing of its own saved, lists it from the room; forgotten there, it goes
    // from the first too.
    const second = await (await chromium.browser.newContext(TABLET)).newPage()
    await openUrl(second, room.gmUrl)
    const theirs = second.getByRole('region', { name: 'Monster library' })
    await expect.poll(() => theirs.textContent()).toMatch(/Orc · HP 1d8\+1/)
    await chromium.snap(second, 'library-second-gm-device')
    await theirs.getByRole('button', { name: 'Forget Orc' }).click()
    await expect.poll(() => library.textContent()).not.toMatch(/Orc · HP/)
    // Saved again on the first, for the next room.
    const again = await openStats(gm, 'Orc')
    await again.getByLabel('Armor Class').fill('14')
    await again.getByLabel(/^Hit points of each one added from it/).fill('1d8+1')
    await again.getByRole('button', { name: 'Save Orc to the library' }).click()
    await expect.poll(() => theirs.textContent()).toMatch(/Orc · HP 1d8\+1/)
    await again.getByRole('button', { name: 'Close' }).click()

    // Next week, another room of the same system on the same tablet.
    const next = await createTestRoom(baseUrl, 'osr')
    await openUrl(gm, next.gmUrl)
    await gm.getByLabel('Combatant name').fill('Orc x3')
    await gm.getByRole('button', { name: 'Add', exact: true }).click()
    const logged = gm.getByTestId('log-entry').filter({ hasText: /rolled hit points/ })
    await expect.poll(() => logged.count()).toBe(1)
    const text = (await logged.textContent()) ?? ''
    const rolled = /Orc 1 (\d+), Orc 2 (\d+), Orc 3 (\d+)/.exec(text)?.slice(1).map(Number) ?? []
    expect(rolled).toHaveLength(3)
    for (const [i, hp] of rolled.entries()) {
      expect(hp).toBeGreaterThanOrEqual(2)
      expect(hp).toBeLessThanOrEqual(9)
      await expect.poll(() => hpOf(gm, `Orc ${i + 1}`)).toMatch(new RegExp(`^${hp}\\s*/ ${hp} HP`))
    }
    await chromium.snap(gm, 'library-added-gm-tablet')
    // Hit points typed on the line ("HP 5") go over the library's; the stat block still comes with them.
    await gm.getByLabel('Combatant name').fill('Orc x2 HP 5')
    await gm.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => hpOf(gm, 'Orc 5')).toMatch(/^5\s*\/ 5 HP/)
    expect(await logged.count()).toBe(1)
    const orc5 = await openStats(gm, 'Orc 5')
    expect(await orc5.getByLabel('Armor Class').inputValue()).toBe('14')
    await orc5.getByRole('button', { name: 'Close' }).click()

    // The saved stat block came with them.
    const orc1 = await openStats(gm, 'Orc 1')
    expect(await orc1.getByLabel('Armor Class').inputValue()).toBe('14')

    // Edited alone, Orc 1's stats leave Orc 2's as the library gave them.
    await orc1.getByRole('checkbox', { name: /The same stats for all 5/ }).uncheck()
    await orc1.getByLabel('Armor Class').fill('16')
    await orc1.getByRole('button', { name: 'Save Orc 1’s stats' }).click()
    await orc1.waitFor({ state: 'detached' })
    const orc2 = await openStats(gm, 'Orc 2')
    expect(await orc2.getByLabel('Armor Class').inputValue()).toBe('14')
    await orc2.getByRole('button', { name: 'Close' }).click()
    expect(await (await openStats(gm, 'Orc 1')).getByLabel('Armor Class').inputValue()).toBe('16')
  })

  it('refuses a malformed library file, naming its first bad field, and keeps the library as it was', {
    timeout: 60_000,
  }, async () => {
    const { gm } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const library = gm.getByRole('region', { name: 'Monster library' })
    const file = (monsters: unknown) => ({
      name: 'library.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ fray: 'library', version: 1, system: 'osr', monsters })),
    })
    await library.getByLabel('Import a library…').setInputFiles(
      file([
        { name: 'Goblin', hp: '1d6' },
        { name: 'Troll', hp: 'lots' },
      ]),
    )
    await expect
      .poll(() => library.getByRole('alert').textContent())
      .toMatch(/^Not imported: monsters\[1\]\.hp: /)
    expect(await library.getByTestId('library').count()).toBe(0)
    await library.getByLabel('Import a library…').setInputFiles(file([{ name: 'Goblin', hp: '1d6' }]))
    await expect.poll(() => library.getByRole('status').textContent()).toBe('Imported 1 monster.')
    expect(await library.getByTestId('library').textContent()).toMatch(/Goblin · HP 1d6/)
  })
})
