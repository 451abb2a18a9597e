/**
 * A phone holds the room's documents on connections of their own: the answer to its attack (the seat's)
 * may arrive before what the attack did to the turn (the table's). The phone must not offer the attack
 * again meanwhile, and a sheet the turn no longer allows closes instead of waiting, hidden, for the next.
 * The other way round, a defense tapped is acknowledged at once, before the table takes the prompt away.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, openUrl, PHONE, TABLET, useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  firstTurnSheet,
  lagTable,
  openAttackSheet,
  openGmTablet,
  playUntil,
  seatPhone,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** A player's phone whose table connection lags by `lag.ms`. */
async function laggingTable(playerUrl: string, name: string, lag: { ms: number }): Promise<Page> {
  const phone = await (await chromium.browser.newContext(PHONE)).newPage()
  phone.setDefaultTimeout(15_000)
  await lagTable(phone, lag)
  await joinWithCharacter(phone, playerUrl, name)
  return phone
}

/** A started fight of `system` against a monster, with `name` at the table on a phone whose table lags. */
async function fightWithLaggingPhone(system: string, monster: string, name: string) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, system)
  await addCombatant(gm, monster, '30')
  const lag = { ms: 0 }
  const phone = await laggingTable(room.playerUrl, name, lag)
  await gm.getByRole('button', { name: 'Start combat' }).click()
  return { gm, phone, lag }
}

/** An odnd room against an Ogre, whose GM's tablet has a lagging table, and `name` on a phone. */
async function laggingTablet(name: string) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  const lag = { ms: 0 }
  await lagTable(gm, lag)
  await gm.reload()
  const phone = await seatPhone(chromium.browser, room.playerUrl, name)
  return { gm, phone, lag, room }
}

/**
 * Starts the fight and plays it to a round of two slots (the sides' initiative not tied), at its first:
 * one Next turn stays in the round, a second would end it. Initiative is rolled anew each round, so a tie
 * between the sides (one slot for both) does not last.
 */
async function atFirstOfTwoSlots(gm: Page, phones: Page[]) {
  await gm.getByLabel('Reroll initiative each round').check()
  await gm.getByRole('button', { name: 'Start combat' }).click()
  const slots = gm.getByTestId('turn-order').locator('li')
  await playUntil(
    gm,
    phones,
    async () =>
      /acting ?Round/.test(await bannerOf(gm)) &&
      (await slots.count()) === 2 &&
      /acting now/.test((await slots.first().textContent()) ?? ''),
  )
  return { slots, inRound: await roundOf(gm), before: await bannerOf(gm) }
}

const bannerOf = async (page: Page) => (await page.getByTestId('turn-banner').textContent()) ?? ''
const roundOf = async (page: Page) => /Round (\d+) · /.exec(await bannerOf(page))?.[1]

describe('an attack’s answer ahead of the table', () => {
  it('osr: the phone shows the attack on its way until the turn has it, and never offers a second', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone: mira, lag } = await fightWithLaggingPhone('osr', 'Goblin', 'Mira')
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
    await openAttackSheet(gm, mira, 'Mira')
    await gm.getByRole('button', { name: 'Next turn' }).click()
    await sheet.waitFor({ state: 'detached' })
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    expect(await sheet.count()).toBe(0)
  })

  it('odnd: a defense tapped is taken at once, and a second tap sends nothing more', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone: tomas, lag } = await fightWithLaggingPhone('odnd', 'Ogre', 'Tomas')
    await playUntil(gm, [tomas], () => visible(gm, 'Ogre attacks'), { activate: 'Ogre' })
    await gm.getByRole('button', { name: 'Ogre attacks' }).click()
    const composer = gm.getByRole('region', { name: 'Ogre attacks' })
    await composer.getByRole('radio', { name: /Tomas/ }).check()
    await composer.getByRole('button', { name: 'Roll the attack' }).click()

    const prompt = tomas.getByRole('alertdialog', { name: 'Ogre attacks you!' })
    const parry = prompt.getByRole('button', { name: /^Parry/ })
    await parry.waitFor()
    // The prompt goes with the table's next frame, 1.5 s late: meanwhile the tap is shown taken.
    lag.ms = 1500
    await parry.click()
    await expect.poll(() => parry.isDisabled(), { timeout: 500 }).toBe(true)
    expect(await prompt.getByRole('status').textContent()).toMatch(/Parry/)
    await chromium.snap(tomas, 'defense-sent-phone')
    await parry.click({ force: true })
    await prompt.waitFor({ state: 'detached' })
    lag.ms = 0
    await expect.poll(() => tomas.locator('.log-entry.outcome').first().textContent()).toMatch(/^⚔Ogre /)
    // One answer, so no refusal of a second.
    expect(await tomas.getByRole('alert').allTextContents()).toEqual([])
  })

  it('odnd: the GM’s answer for a monster is taken at once too', { timeout: 120_000 }, async () => {
    const { gm, phone: mira, lag } = await laggingTablet('Mira')
    const sheet = await firstTurnSheet(gm, mira, 'Mira')
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()

    const prompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
    const takeIt = prompt.getByRole('button', { name: /^Take it/ })
    await takeIt.waitFor()
    lag.ms = 1500
    await takeIt.click()
    await expect.poll(() => takeIt.isDisabled(), { timeout: 500 }).toBe(true)
    expect(await prompt.getByRole('status').textContent()).toMatch(/Take it/)
    await chromium.snap(gm, 'defense-sent-tablet')
    await takeIt.click({ force: true })
    await prompt.waitFor({ state: 'detached' })
    lag.ms = 0
    await expect.poll(() => gm.locator('.log-entry.outcome').first().textContent()).toMatch(/^⚔Mira /)
    expect((await gm.getByRole('alert').allTextContents()).join(' ')).not.toMatch(/already/)
  })

  it('odnd: initiative and the end of a turn, tapped, wait for the table instead of asking twice', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone: tomas, lag } = await fightWithLaggingPhone('odnd', 'Ogre', 'Tomas')
    // Each button, tapped with the table 1.5 s late, is locked until the table has what it did.
    for (const name of ['Roll initiative', 'End my turn']) {
      if (name === 'End my turn')
        await playUntil(gm, [tomas], () => visible(tomas, name), { keep: { phone: tomas, name: 'Tomas' } })
      const button = tomas.getByRole('button', { name, exact: true })
      await button.waitFor()
      lag.ms = 1500
      await button.click()
      await expect.poll(() => button.isDisabled(), { timeout: 500 }).toBe(true)
      // Nothing else of the turn meanwhile: the turn it would act in may be over already.
      if (name === 'End my turn')
        expect(await tomas.getByRole('button', { name: 'Attack', exact: true }).isDisabled()).toBe(true)
      await button.waitFor({ state: 'detached' })
      lag.ms = 0
      expect(await tomas.getByRole('alert').allTextContents()).toEqual([])
    }
    const initiative = tomas.getByTestId('log-entry').filter({ hasText: /Initiative: .* for the party/ })
    expect(await initiative.count()).toBe(1)
  })

  it('odnd: the GM’s Next turn, tapped twice on a late table, moves the turn on once', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone: tomas, lag } = await laggingTablet('Tomas')
    const { slots, inRound, before } = await atFirstOfTwoSlots(gm, [tomas])
    lag.ms = 1500
    const next = gm.getByRole('button', { name: 'Next turn' })
    await next.click()
    await next.click({ force: true })
    await expect.poll(() => bannerOf(gm), { timeout: 5000 }).not.toBe(before)
    lag.ms = 0
    await gm.waitForTimeout(1000)
    // One slot on, still in the same round: the second tap asked nothing of the room.
    expect(await roundOf(gm)).toBe(inRound)
    expect(/acting now/.test((await slots.last().textContent()) ?? '')).toBe(true)
    expect(await gm.getByRole('alert').allTextContents()).toEqual([])
  })

  it('odnd: Next turn tapped on two of the GM’s tablets at once moves the turn on once, and says so', {
    timeout: 120_000,
  }, async () => {
    const { gm, phone: tomas, lag, room } = await laggingTablet('Tomas')
    // The GM's second device, its table as late as the first's.
    const other = await (await chromium.browser.newContext(TABLET)).newPage()
    other.setDefaultTimeout(15_000)
    await lagTable(other, lag)
    await openUrl(other, room.gmUrl)
    const { slots, inRound, before } = await atFirstOfTwoSlots(gm, [tomas])
    await expect.poll(() => bannerOf(other)).toBe(before)
    lag.ms = 1500
    // Each taps Next turn from the turn it shows: the same one, as neither has the other's move yet.
    await gm.getByRole('button', { name: 'Next turn' }).click()
    await other.getByRole('button', { name: 'Next turn' }).click()
    await expect
      .poll(() => other.getByRole('alert').allTextContents(), { timeout: 5000 })
      .toEqual([expect.stringMatching(/The turn had already moved on/)])
    await chromium.snap(other, 'gm-second-tablet-next-turn-refused')
    lag.ms = 0
    await expect.poll(() => bannerOf(gm), { timeout: 5000 }).not.toBe(before)
    await gm.waitForTimeout(1000)
    // One slot on, still in the same round, on both tablets.
    for (const tablet of [gm, other]) expect(await roundOf(tablet)).toBe(inRound)
    expect(/acting now/.test((await slots.last().textContent()) ?? '')).toBe(true)
    expect(await gm.getByRole('alert').allTextContents()).toEqual([])
    // The second tablet's GM has read it: OK puts it away, and the first tablet's next move does not bring
    // it back.
    await other.getByRole('alert').getByRole('button', { name: 'OK' }).click()
    expect(await other.getByRole('alert').count()).toBe(0)
    const now = await bannerOf(other)
    await gm.getByRole('button', { name: 'Next turn' }).click()
    await expect.poll(() => bannerOf(other), { timeout: 5000 }).not.toBe(now)
    expect(await other.getByRole('alert').count()).toBe(0)
  })
})
