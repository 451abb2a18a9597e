import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  openGmTablet,
  playUntil,
  seatPhone,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
/** The Ogre's attack, logged: it hits or misses, or Tomas's dodge or parry takes it (5.6, 5.7). */
const OGRE_ATTACKED = /^⚔(Ogre (hits|misses) Tomas|Tomas (partly )?(dodges|parries))/

/**
 * A brp room whose players have 10 seconds to defend, and the table rules' answer once that runs out;
 * in the round's actions, the GM's Ogre attacks Tomas, who is asked on his phone.
 */
async function ogreAttacksTomas(late: 'wait' | 'book') {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  await addCombatant(gm, 'Ogre', '30')
  await gm.getByLabel('Players choose their defense within').selectOption({ label: '10 seconds' })
  await gm.getByLabel('When a player’s time to defend runs out').selectOption(late)
  const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await tomas.getByRole('button', { name: 'State my intent' }).click()
  await gm.getByRole('button', { name: 'Begin actions' }).click()
  await playUntil(gm, [tomas], () => visible(gm, 'Ogre attacks'), { activate: 'Ogre' })
  await gm.getByRole('button', { name: 'Ogre attacks' }).click()
  const ogre = gm.getByRole('region', { name: 'Ogre attacks' })
  await ogre.getByRole('radio', { name: /Tomas/ }).check()
  // "A parry is determined after the attack roll is made. If an attack fails, it does not need to be
  // parried" (5.6): the GM's own dice make it a success (15 against the Brawl's 25%), so Tomas is asked.
  await typeOwnDice(ogre, (i, sides) => (i === 0 ? 15 : Math.ceil(sides / 2)))
  await ogre.getByRole('button', { name: 'Send my dice' }).click()
  return { gm, tomas }
}

describe('a defense prompt the player leaves unanswered', () => {
  it('waits for the player for the time the GM set, then lets the GM answer for them', {
    timeout: 90_000,
  }, async () => {
    const { gm, tomas } = await ogreAttacksTomas('wait')

    // Tomas's phone asks him, with the countdown; the GM sees the same prompt, not yet theirs to answer.
    const onPhone = tomas.getByRole('alertdialog', { name: 'Ogre attacks you!' })
    await expect.poll(() => onPhone.textContent()).toMatch(/the GM answers for you in ([1-9]|10) s/)
    // Asked after the roll, his phone says first what it came to, and the odds left given it.
    expect(await onPhone.locator('.rolled-first').textContent()).toBe(
      'Ogre’s attack succeeds: 15 against 25%, a success.',
    )
    expect(await onPhone.getByRole('button', { name: /^Dodge/ }).textContent()).toMatch(
      /the attack still lands/,
    )
    await chromium.snap(tomas, 'brp-defense-after-the-roll-phone')
    const onTablet = gm.getByRole('alertdialog', { name: 'Ogre attacks Tomas' })
    await expect.poll(() => onTablet.textContent()).toMatch(/Tomas is choosing on their phone/)
    const gmOptions = onTablet.getByRole('button')
    expect(await gmOptions.count()).toBeGreaterThan(1)
    for (const option of await gmOptions.all()) expect(await option.isDisabled()).toBe(true)

    // Time runs out: the GM answers for him, and the attack is resolved and gone from his phone.
    await expect
      .poll(() => onTablet.textContent(), { timeout: 15_000 })
      .toMatch(/Tomas has not answered: answer for them/)
    await expect.poll(() => onPhone.textContent()).toMatch(/the GM may now answer for you/)
    await gmOptions.first().click()
    for (const page of [gm, tomas]) {
      await expect.poll(() => page.locator('.log-entry.outcome').first().textContent()).toMatch(OGRE_ATTACKED)
    }
    await expect.poll(() => onPhone.count()).toBe(0)
    await expect.poll(() => onTablet.count()).toBe(0)
  })

  it('is answered by the room itself when its time runs out, where the GM set the table rules so', {
    timeout: 90_000,
  }, async () => {
    const { gm, tomas } = await ogreAttacksTomas('book')
    const onPhone = tomas.getByRole('alertdialog', { name: 'Ogre attacks you!' })
    await expect.poll(() => onPhone.textContent()).toMatch(/the room answers for you in ([1-9]|10) s/)
    // Nobody taps: at the deadline the room's alarm answers for him, by the book, on every device.
    for (const page of [gm, tomas]) {
      await expect
        .poll(() => page.locator('.log-entry.outcome').first().textContent(), { timeout: 20_000 })
        .toMatch(OGRE_ATTACKED)
    }
    await expect.poll(() => onPhone.count()).toBe(0)
    const entry = tomas.locator('.log-entry.outcome').first()
    await entry.getByText('How it adds up').click()
    await expect
      .poll(() => entry.textContent())
      .toMatch(/Tomas’s time to answer ran out: the room chose “.+”, the best odds by the book \(\d+%\)/)
    await chromium.snap(tomas, 'defense-out-of-time-room-answers-phone')
  })
})
