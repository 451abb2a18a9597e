/** A second fight in the same room: the party keeps its wounds, the monsters go, the first fight's log stays readable. */
import { describe, expect, inject, it } from 'vitest'
import { quickRoll, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, seatPhone, setHp } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('a new fight', () => {
  it('keeps the party as it is, clears the monsters, and files the log under Past fights on every device', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    // The documents the phone opens: a past fight's only once someone opens that fight to read it.
    const opened: string[] = []
    phone.on('websocket', (ws) => opened.push(new URL(ws.url()).pathname.split('/').at(-1) ?? ''))
    await addCombatant(gm, 'Goblin x2', '5')
    await setHp(gm, 'Mira', 3)
    await quickRoll(phone)
    await expect.poll(() => phone.getByTestId('log').textContent()).toMatch(/Mira rolled 1d20/)

    // Asked twice: the GM sees what goes and what stays.
    await gm.getByRole('button', { name: 'New fight…' }).click()
    const confirm = gm.getByRole('group', { name: 'Start a new fight' })
    expect(await confirm.textContent()).toContain('The 2 monsters on the table go')
    await chromium.snap(gm, 'new-fight-gm-tablet')
    await confirm.getByRole('button', { name: 'Start a new fight' }).click()

    await expect.poll(() => gm.getByTestId('combatant').count()).toBe(1)
    await expect
      .poll(() =>
        phone.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.hp-number').textContent(),
      )
      .toMatch(/^3\s*\//)
    await expect.poll(() => phone.getByText('No rolls yet.').count()).toBe(1)
    // The first fight's roll, read-only, on the phone, loaded when that fight is opened.
    const past = phone.getByTestId('past-fights')
    await past.getByText('Past fights (1)').waitFor()
    await past.getByText('Past fights (1)').click()
    // Named by who the party fought, and dated.
    await past.getByText(/^Fight 1 · Goblin ×2 · \D+\d{1,2}\D.*\d{2}:\d{2}/).waitFor()
    expect(opened.filter((doc) => doc.startsWith('past'))).toEqual([])
    await past.getByText(/^Fight 1 · Goblin ×2 · /).click()
    await expect.poll(() => past.textContent()).toMatch(/Mira rolled 1d20/)
    expect(opened.filter((doc) => doc.startsWith('past'))).toEqual(['past:0'])
    expect(await past.getByRole('button', { name: 'Undo' }).count()).toBe(0)
    await chromium.snap(phone, 'new-fight-past-phone')
  })
})
