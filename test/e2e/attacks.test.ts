import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  openGmTablet,
  playUntil,
  seatPhone,
  turnWords,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const snap = chromium.snap

/**
 * A first die that hits whatever the modifiers: a natural 19 on a d20 (a 20 would bring the critical
 * tables' extra dice), 5 or less on a d100 (under any chance the defaults give), 1 on zones' WIT save.
 */
const HIT_FACE = { osr: 19, odnd: 19, spelljammer: 5, brp: 5, zones: 1 } as const

describe.each(['osr', 'odnd', 'spelljammer', 'brp', 'zones'] as const)(
  'attacks at the table: %s',
  (system) => {
    it('a player attacks with the odds shown first, a monster attacks a player who defends on their phone, and the GM undoes it', {
      timeout: 120_000,
    }, async () => {
      const { gm, room } = await openGmTablet(chromium.browser, baseUrl, system)
      await addCombatant(gm, 'Ogre', '30')
      await addCombatant(gm, 'Rat', '1')
      const phones: Page[] = []
      for (const name of ['Mira', 'Tomas']) {
        phones.push(await seatPhone(chromium.browser, room.playerUrl, name))
      }
      const [mira, tomas] = phones as [Page, Page]
      await gm.getByRole('button', { name: 'Start combat' }).click()
      if (system === 'brp') {
        for (const phone of phones) await phone.getByRole('button', { name: 'State my intent' }).click()
        await gm.getByRole('button', { name: 'Begin actions' }).click()
      } else if (system !== 'zones') {
        for (const phone of phones) await phone.getByRole('button', { name: 'Roll initiative' }).click()
        await gm.getByRole('button', { name: 'Roll for monsters' }).click()
      }

      // Mira's turn: the composer, two modifiers, the odds before the roll, her own dice. (A turn is
      // called what the system calls it: zones' holds moves and actions as well as attacks.)
      const { button, does } = turnWords(system)
      await playUntil(gm, phones, () => visible(mira, button), { keep: { phone: mira, name: 'Mira' } })
      await mira.getByRole('button', { name: button, exact: true }).click()
      const composer = mira.getByRole('region', { name: `Mira ${does}` })
      await composer.getByRole('radio', { name: /Rat/ }).check()
      const situation = composer.locator('.toggles')
      // The situations past the first few are folded on the phone's sheet.
      const more = composer.getByRole('button', { name: /^More situations/ })
      if ((await more.count()) > 0) await more.click()
      // Non-lethal first where the rules have it (its knock-out carries into the end of the round).
      const toggles = [
        ...(await situation.getByRole('checkbox', { name: /non-lethal/i }).all()),
        ...(await situation.getByRole('checkbox').all()),
      ]
      let checked = 0
      for (const toggle of toggles) {
        if (checked === 2 || (await toggle.isChecked())) continue
        await toggle.check()
        // A modifier the rules refuse together with the others is switched off again.
        if ((await composer.getByRole('alert').count()) > 0) await toggle.uncheck()
        else checked++
      }
      expect(checked).toBe(2)
      const odds = (await composer.getByTestId('odds').textContent()) ?? ''
      expect(odds).toMatch(/\d+(\.\d)?%/)
      await snap(mira, `attack-${system}-composer`)
      // A sure hit on the first die (HIT_FACE, from each text), the highest face on every other die and on
      // damage (an attack on an unaware target hits by itself: its first die is the damage).
      await typeOwnDice(composer, (i, sides, label) =>
        i === 0 && !/damage/i.test(label) ? HIT_FACE[system] : sides,
      )
      await composer.getByRole('button', { name: 'Send my dice' }).click()
      // A monster's defense is the GM's to choose.
      const gmPrompt = gm.getByRole('alertdialog', { name: 'Mira attacks Rat' })
      const miraLogged = () => gm.locator('.log-entry.outcome').first().textContent()
      await expect
        .poll(async () => (await gmPrompt.count()) > 0 || /^⚔Mira /.test((await miraLogged()) ?? ''))
        .toBe(true)
      if ((await gmPrompt.count()) > 0) {
        // The GM lets the blow land, so the Ogre keeps its own turn (a reaction spends it in zones).
        const decline = gmPrompt.getByRole('button', {
          name: /^(No defense|Take it|No reaction|No special defense)/,
        })
        await ((await decline.count()) > 0 ? decline : gmPrompt.getByRole('button').last()).first().click()
      }
      for (const page of [gm, mira, tomas]) {
        await expect.poll(() => page.locator('.log-entry.outcome').first().textContent()).toMatch(/^⚔Mira /)
      }
      // The rat is down on every device, with the same status chips everywhere.
      const ratChips = (page: Page) =>
        page.getByTestId('combatant').filter({ hasText: 'Rat' }).locator('.chip').allTextContents()
      await expect.poll(() => ratChips(gm)).not.toEqual([])
      for (const page of [mira, tomas]) await expect.poll(() => ratChips(page)).toEqual(await ratChips(gm))
      expect(await gm.locator('.log-entry.outcome').first().textContent()).toContain('own dice')
      // Mira's phone shows her outcome as a card, with how it adds up.
      const logged = (await gm.locator('.log-entry.outcome').first().textContent()) ?? ''
      const outcome = logged.replace(/^⚔/, '').split(' · ')[0] ?? ''
      const card = mira.getByTestId('result-card')
      expect(outcome).toMatch(/^Mira /)
      expect(await card.textContent()).toContain(outcome)
      expect(await card.locator('.lines li').count()).toBeGreaterThan(0)

      // The Ogre's turn: it attacks Tomas, whose phone asks how to defend where the system has a choice.
      await playUntil(gm, phones, () => visible(gm, `Ogre ${does}`), { activate: 'Ogre' })
      await gm.getByRole('button', { name: `Ogre ${does}` }).click()
      const ogre = gm.getByRole('region', { name: `Ogre ${does}` })
      await ogre.getByRole('radio', { name: /Tomas/ }).check()
      const hpBefore = await tomas
        .getByRole('region', { name: 'Your character' })
        .locator('.hp-number')
        .textContent()
      // The GM rolls the Ogre's attack on the table's physical dice: middle faces, typed in.
      await typeOwnDice(ogre, (_i, sides) => Math.ceil(sides / 2))
      await ogre.getByRole('button', { name: 'Send my dice' }).click()
      // Where the system gives the defender a choice, Tomas's phone asks; otherwise the blow lands at once.
      const prompt = tomas.getByRole('alertdialog', { name: 'Ogre attacks you!' })
      const ogreLogged = () => gm.locator('.log-entry.outcome').first().textContent()
      await expect
        .poll(async () => (await prompt.count()) > 0 || /^⚔Ogre /.test((await ogreLogged()) ?? ''))
        .toBe(true)
      if ((await prompt.count()) > 0) {
        await snap(tomas, `attack-${system}-defense`)
        // Each choice says what it would change, with the odds it leaves the attack.
        const options = await prompt.getByRole('button').allTextContents()
        expect(options.length).toBeGreaterThan(1)
        expect(new Set(options).size).toBe(options.length)
        expect(options.join(' ')).toMatch(/\d+%/)
        // The GM sees the prompt too, but it is Tomas's to answer while his countdown runs.
        const onTablet = gm.getByRole('alertdialog', { name: 'Ogre attacks Tomas' })
        await expect.poll(() => onTablet.textContent()).toMatch(/Tomas is choosing on their phone/)
        expect(await onTablet.getByRole('button').first().isDisabled()).toBe(true)
        await prompt.getByRole('button').first().click()
      }
      // Its entry (in zones the round may end right after it: a reaction spends Tomas's turn, and a side
      // with nobody left passes by itself, so the end of the round can be logged above it).
      const ogreEntry = (page: Page) =>
        page
          .locator('.log-entry.outcome')
          .filter({ hasText: /^⚔[^·]*Ogre/ })
          .first()
      for (const page of [gm, mira, tomas]) await ogreEntry(page).waitFor()
      // The GM's typed faces stand for the Ogre's dice only: the entry says "own dice" exactly when one
      // of its dice came from them (a dodge that makes the attack miss leaves none: Tomas's save is the
      // room's die, never the GM's).
      const ogreOutcome = (await ogreEntry(gm).textContent()) ?? ''
      expect(ogreOutcome.includes('own dice')).toBe(ogreOutcome.includes('(own die)'))
      expect(ogreOutcome).not.toMatch(/(to dodge|counter damage d\d+): d\d+ → \d+ \(own die\)/i)

      // The GM undoes the Ogre's attack: Tomas is as he was on every device.
      await ogreEntry(gm).getByRole('button', { name: 'Undo' }).click()
      await expect.poll(() => ogreEntry(gm).getAttribute('class')).toContain('undone')
      await expect
        .poll(() => tomas.getByRole('region', { name: 'Your character' }).locator('.hp-number').textContent())
        .toBe(hpBefore)
      const tomasOnGm = gm.getByTestId('combatant').filter({ hasText: 'Tomas' }).locator('.hp-number')
      expect((await tomasOnGm.textContent())?.replace(/\s/g, '')).toBe(hpBefore?.replace(/\s/g, ''))

      // The round ends: its effects (a knock-out counting down, a turn's conditions expiring, death at
      // the end of the round...) are logged on every device.
      const endOfRound = (page: Page) => page.locator('.log-entry.outcome', { hasText: /^↻End of round/ })
      await playUntil(gm, phones, async () => (await endOfRound(gm).count()) > 0)
      for (const page of [mira, tomas]) await expect.poll(() => endOfRound(page).count()).toBeGreaterThan(0)
    })
  },
)
