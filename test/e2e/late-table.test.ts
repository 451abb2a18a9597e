/**
 * A phone holds the room's documents on connections of their own: the answer to its attack (the seat's)
 * may arrive before what the attack did to the turn (the table's). The phone must not offer the attack
 * again meanwhile, and a sheet the turn no longer allows closes instead of waiting, hidden, for the next.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, playUntil, visible } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Mira's phone, whose table connection hands on what the room sends `lag.ms` late (in order). */
async function miraWithLaggingTable(playerUrl: string, lag: { ms: number }): Promise<Page> {
  const phone = await (await chromium.browser.newContext(PHONE)).newPage()
  phone.setDefaultTimeout(15_000)
  await phone.routeWebSocket(/\/docs\/table$/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => server.send(message))
    server.onMessage((message) => {
      if (lag.ms === 0) ws.send(message)
      else setTimeout(() => ws.send(message), lag.ms)
    })
  })
  await joinWithCharacter(phone, playerUrl, 'Mira')
  return phone
}

describe('an attack’s answer ahead of the table', () => {
  it('osr: the phone shows the attack on its way until the turn has it, and never offers a second', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '40')
    const lag = { ms: 0 }
    const mira = await miraWithLaggingTable(room.playerUrl, lag)
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })

    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    const sheet = mira.getByRole('region', { name: 'Mira attacks' })
    lag.ms = 1500
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    // The tablet has the attack at once; the phone's table, 1.5 s later. Until then it is on its way.
    await gm
      .getByTestId('log-entry')
      .filter({ hasText: /Mira (hits|misses)/ })
      .waitFor()
    const seen = new Set<string>()
    for (const end = Date.now() + 2500; Date.now() < end; await mira.waitForTimeout(50)) {
      if (await visible(mira, 'Attack')) seen.add('Attack')
      if ((await mira.getByTestId('waiting-card').count()) > 0) seen.add('on its way')
    }
    expect([...seen]).toEqual(['on its way'])
    await expect.poll(() => mira.getByTestId('waiting-card').count()).toBe(0)
    expect(await visible(mira, 'Attack')).toBe(false)
    lag.ms = 0

    // The next round: her sheet open, the GM moves her turn on. The sheet goes with the turn, and
    // her next turn offers the attack again, not a sheet left open.
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    await sheet.getByRole('button', { name: 'Roll the attack' }).waitFor()
    await gm.getByRole('button', { name: 'Next turn' }).click()
    await sheet.waitFor({ state: 'detached' })
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    expect(await sheet.count()).toBe(0)
  })
})
