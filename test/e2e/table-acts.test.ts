/**
 * The GM's acts on who is at the table, from the tablet: each asked once, seen on the player's phone,
 * undone from the log. A removed monster leaves no "?" in anyone's order; End combat keeps its round.
 */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, rowOf, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('the GM’s acts on the table', () => {
  it('remove, reveal and End combat: asked once, on every device, each undone from the log', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin x2', '5')
    await addCombatant(gm, 'Wyrm', '40', { hidden: true })
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [mira], async () => (await gm.getByTestId('turn-order').count()) > 0)
    const order = mira.getByTestId('turn-order')
    await expect.poll(() => order.textContent()).toContain('Goblin 2')
    const logEntry = (text: string) => gm.getByTestId('log-entry').filter({ hasText: text })

    // Remove: asked once, with what it does; Cancel leaves it.
    await rowOf(gm, 'Goblin 2').getByRole('button', { name: 'Remove' }).click()
    const ask = gm.getByRole('group', { name: 'Take Goblin 2 off the table' })
    expect(await ask.textContent()).toContain('leaves every device and the turn order')
    await chromium.snap(gm, 'table-acts-remove-ask')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    expect(await rowOf(gm, 'Goblin 2').count()).toBe(1)
    await rowOf(gm, 'Goblin 2').getByRole('button', { name: 'Remove' }).click()
    await gm.getByRole('button', { name: 'Remove Goblin 2' }).click()
    await expect.poll(() => rowOf(mira, 'Goblin 2').count()).toBe(0)
    await expect.poll(() => order.textContent()).not.toContain('Goblin 2')
    expect(await order.textContent()).not.toContain('?')
    await logEntry('The GM took Goblin 2 off the table.').getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => rowOf(mira, 'Goblin 2').count()).toBe(1)
    await expect.poll(() => rowOf(mira, 'Goblin 2').locator('.hp-number').textContent()).toMatch(/^5\s*\//)

    // Reveal: the phone sees the Wyrm; undone, it is hidden again, on the GM's list alone.
    await gm.getByRole('button', { name: 'Reveal Wyrm' }).click()
    await gm.getByRole('button', { name: 'Reveal to everyone' }).click()
    await expect.poll(() => rowOf(mira, 'Wyrm').count()).toBe(1)
    await logEntry('Wyrm steps out').getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => rowOf(mira, 'Wyrm').count()).toBe(0)
    await gm.getByTestId('hidden').getByRole('button', { name: 'Reveal Wyrm' }).waitFor()
    expect(await mira.content()).not.toContain('Wyrm 40')

    // End combat: asked once, says the round; undone, the fight goes on in that round.
    const round = /Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1]
    expect(round).toBeDefined()
    await gm.getByRole('button', { name: 'End combat' }).click()
    expect(await gm.getByRole('group', { name: 'End the combat' }).textContent()).toContain(
      `in round ${round}`,
    )
    await gm.getByRole('button', { name: 'End the combat' }).click()
    await expect
      .poll(() => mira.getByTestId('turn-banner').textContent())
      .toContain('Waiting for the GM to start the fight')
    await logEntry(`The GM ended the combat in round ${round}.`).getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => mira.getByTestId('turn-banner').textContent()).toContain(`Round ${round}`)
    await chromium.snap(mira, 'table-acts-phone')
  })
})
