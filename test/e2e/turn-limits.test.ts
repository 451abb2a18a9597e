/** A turn allows what its rules allow, and no more, whatever a player taps (#19 item 3). */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  banditAttacksMira,
  openGmTablet,
  playUntil,
  seatPhone,
  setHp,
  startWithOwnInitiative,
  visible,
  writeSheet,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/**
 * odnd: Mira, seated against an Ogre, rolls the attack on her turn (her own d6 for initiative when `face`
 * is given, else the room's), with the toggle `toggle` checked when given.
 */
async function miraAttacksTheOgre(face?: string, toggle?: RegExp) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  if (face) await startWithOwnInitiative(gm, mira, face)
  else await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  if (toggle) await sheet.getByRole('checkbox', { name: toggle }).check()
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  return { gm, mira }
}

/**
 * Whether the Ogre acts now: alone after Mira ("Ogre is acting"), or with her when its d6 ties her 6
 * ("Mira and Ogre are acting", simultaneous), so still in the round of her attack, not the next.
 */
const ogreActs = async (gm: Page) =>
  /^[^·]*\bOgre\b[^·]*\bacting/.test((await gm.getByTestId('turn-banner').textContent()) ?? '')

/** Until `landed` shows, the defender's prompt is answered with its first choice whenever it comes. */
async function landsAnswering(prompt: Locator, landed: Locator): Promise<void> {
  await expect
    .poll(async () => {
      if ((await prompt.count()) > 0) await prompt.getByRole('button').first().click()
      return landed.count()
    })
    .toBeGreaterThan(0)
}

describe('a turn’s limits at the table', () => {
  it('zones: one who countered has spent the turn, so "I act now" is not offered', {
    timeout: 90_000,
  }, async () => {
    // Nobody of the party takes a turn before the Bandit's: one who did could not react.
    const { gm, mira, tomas, prompt } = await banditAttacksMira(chromium.browser, baseUrl)
    await prompt
      .getByRole('button', { name: /^Counter/ })
      .first()
      .click()
    await gm.locator('.log-entry.outcome').first().waitFor()
    // The party's move: Tomas may act; Mira's reaction took her whole turn.
    await expect.poll(() => visible(tomas, 'I act now')).toBe(true)
    expect(await visible(mira, 'I act now')).toBe(false)
    expect(await gm.getByTestId('turn-order').textContent()).toMatch(/Mira · has acted/)
  })

  // #54: "odnd's Attack stays after every attack is used ('has made all 1 attacks' after 3)". A 3rd-level
  // fighter has three attacks "against 'Normal Men'" (MISC COMBAT RULES), which a 4HD ogre is not: one.
  it('odnd: a 3rd-level fighter against a 4HD ogre is offered her one attack, then no Attack, and the turn ends by itself', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
    await addCombatant(gm, 'Ogre', '30')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    const sword = { name: 'Sword', kind: 'one-handed', damage: 'd6+1', reach: 3, size: 'medium' }
    await writeSheet(
      baseUrl,
      room,
      { system: 'odnd', name: 'Mira', side: 'pc' },
      { level: 3, weapons: [sword] },
    )
    await writeSheet(baseUrl, room, { system: 'odnd', name: 'Ogre', side: 'foe' }, { level: 4 })
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    const banner = mira.getByTestId('turn-banner')
    expect(await banner.textContent()).toMatch(/^Your turn/)
    // One attack, not yet made: the banner says nothing of three.
    expect(await banner.textContent()).not.toMatch(/attacks left/)
    await mira.getByRole('button', { name: 'Attack', exact: true }).click()
    await mira
      .getByRole('region', { name: 'Mira attacks' })
      .getByRole('button', { name: 'Roll the attack' })
      .click()
    const gmPrompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
    const card = mira.getByTestId('result-card').filter({ hasText: 'Ogre' })
    await landsAnswering(gmPrompt, card)
    // Her one attack made: the phone no longer offers Attack (a tap would only be refused), the banner
    // says nothing is left, and the turn ends by itself after the window to move.
    await expect.poll(() => mira.getByTestId('turn-ends').textContent()).toMatch(/it ends in \d s/)
    expect(await visible(mira, 'Attack')).toBe(false)
    expect(await banner.textContent()).toMatch(/no attack left/)
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).not.toMatch(/^Your turn/)
  })

  // #54: "the GM's 'Orc 2 attacks' stays for monsters that may not attack; monsters' slots never end by
  // themselves as players' do". A 3HD monster attacks "'Normal Men' multiple times depending upon their
  // HD" (MISC COMBAT RULES): Mira, a fighter, is no normal man, so it has one attack.
  it('odnd: a 3HD ogre against a fighter has one attack: no second "Ogre attacks", and its slot ends by itself', {
    timeout: 120_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
    await addCombatant(gm, 'Ogre', '30')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await writeSheet(baseUrl, room, { system: 'odnd', name: 'Ogre', side: 'foe' }, { level: 3 })
    // Mira lasts the blow, so the round goes on past the Ogre's slot.
    await setHp(gm, 'Mira', 60, 60)
    await gm.getByRole('button', { name: 'Start combat' }).click()
    const ogreAttacks = gm.getByRole('button', { name: 'Ogre attacks', exact: true })
    await playUntil(gm, [mira], async () => (await ogreAttacks.count()) > 0)
    await ogreAttacks.click()
    const composer = gm.getByRole('region', { name: 'Ogre attacks' })
    await composer.getByRole('radio', { name: /Mira/ }).check()
    await composer.getByRole('button', { name: 'Roll the attack' }).click()
    const prompt = mira.getByRole('alertdialog', { name: 'Ogre attacks you!' })
    const landed = gm.locator('.log-entry.outcome').filter({ hasText: 'Ogre' })
    await landsAnswering(prompt, landed)
    // Its one attack made: no second button to a refusal, and its part of the turn ends by itself (Mira
    // on the same number acts with it: her part is hers to end).
    const note = gm.getByTestId('monsters-end')
    await expect
      .poll(async () => {
        if (await visible(mira, 'End my turn'))
          await mira.getByRole('button', { name: 'End my turn' }).click()
        return (await note.count()) > 0 ? note.textContent() : ''
      })
      .toMatch(/Ogre’s turn: it ends in \d s/)
    expect(await ogreAttacks.count()).toBe(0)
    const banner = gm.getByTestId('turn-banner')
    const before = await banner.textContent()
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).not.toBe(before)
  })

  it('odnd: ending a turn while the GM has not answered its attack does not end the round', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraAttacksTheOgre()
    const prompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
    await prompt.waitFor()
    const banner = () => gm.getByTestId('turn-banner').textContent()
    await mira.getByRole('button', { name: 'End my turn' }).click()
    // The round waits for the Ogre's answer: it does not end (the slot's own banner may still settle, as
    // the room counts Mira's attack and her end of turn), and the GM is told why.
    await gm.waitForTimeout(500)
    expect(await banner()).toMatch(/Round 1 · /)
    expect(await banner()).not.toMatch(/rolling initiative|Round 2/)
    await gm.getByRole('button', { name: 'Next turn' }).click()
    await expect
      .poll(() => gm.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringMatching(/Ogre has not answered Mira’s attack yet/))
    // Answered, the attack resolves in its own round, and only then may the round end.
    await prompt.getByRole('button', { name: /^Take it/ }).click()
    const outcomes = gm.locator('.log-entry.outcome')
    await outcomes
      .filter({ hasText: /^⚔[^·]*Mira/ })
      .first()
      .waitFor()
    const texts = await outcomes.allTextContents() // newest first
    const attack = texts.findIndex((t) => /^⚔[^·]*Mira/.test(t))
    const ended = texts.findIndex((t) => t.includes('End of round 1'))
    if (ended >= 0) expect(ended).toBeLessThan(attack)
  })
  it('odnd: a monster that parried has no attack on its turn, only the moves of melee, and makes one', {
    timeout: 90_000,
  }, async () => {
    // Her own 6 for initiative: she acts before the Ogre, or with it, never after.
    const { gm, mira } = await miraAttacksTheOgre('6')
    // The GM parries for the Ogre: +2 AC this round, "but no attacks are possible".
    await gm
      .getByRole('alertdialog', { name: 'Mira attacks Ogre' })
      .getByRole('button', { name: /^Parry/ })
      .click()
    await expect.poll(() => mira.getByTestId('result-card').textContent()).toContain('Ogre parries')
    await playUntil(gm, [mira], () => ogreActs(gm), {})
    // No attack is offered: backing out of the fight or fleeing it is.
    await gm.getByRole('button', { name: 'Ogre attacks' }).click()
    const sheet = gm.getByRole('region', { name: 'Ogre attacks' })
    await expect
      .poll(() => sheet.locator('label.field', { hasText: /^With/ }).locator('option').allTextContents())
      .toEqual([
        'Fighting withdrawal · back out at half move, +2 AC, no attack',
        'Retreat · turn and flee: d6 + DEX against each foe in melee',
      ])
    await chromium.snap(gm, 'odnd-parried-ogre-moves')
    await sheet.getByRole('button', { name: 'Withdraw this round' }).click()
    for (const page of [gm, mira])
      await expect
        .poll(() => page.locator('.log-entry.outcome').first().textContent())
        .toContain('Ogre makes a fighting withdrawal')
  })

  it('odnd: a monster attacked from behind has nothing to do on its turn: the tablet says why instead of offering it', {
    timeout: 90_000,
  }, async () => {
    // "SURPRISED and unable to return the attack on the first round".
    const { gm, mira } = await miraAttacksTheOgre('6', /^From behind or by surprise/)
    // Surprised by it, the Ogre is asked for no parry: the blow resolves at once.
    await mira.getByTestId('result-card').waitFor()
    expect(await gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' }).count()).toBe(0)
    await playUntil(gm, [mira], () => ogreActs(gm), {})
    await expect
      .poll(() => gm.locator('.barred-foe').allTextContents())
      .toEqual(['Ogre is surprised and cannot act this round.'])
    expect(await gm.getByRole('button', { name: 'Ogre attacks' }).count()).toBe(0)
    // Nor is its action offered to hold: it has none.
    expect(await gm.getByRole('button', { name: 'Hold Ogre' }).count()).toBe(0)
    await chromium.snap(gm, 'odnd-surprised-ogre')
  })
})
