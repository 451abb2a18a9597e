import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { openDice, useBrowser } from '../support/browser.ts'
import { addCombatant, openGmTablet, seatPhone } from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const snap = chromium.snap

const seatPlayer = (link: string, name: string) => seatPhone(chromium.browser, link, name)

describe.each(['osr', 'odnd', 'brp', 'spelljammer'] as const)(
  'one full round of %s at the table',
  (system) => {
    it('runs the turn order with a GM and two players, each acting from their own phone', {
      timeout: 90_000,
    }, async () => {
      const { gm, room } = await openGmTablet(chromium.browser, baseUrl, system)
      await addCombatant(gm, 'Goblin x2', '6')
      await addCombatant(gm, 'Lurker', '6', { hidden: true })

      const link = room.playerUrl
      const players = { Mira: await seatPlayer(link, 'Mira'), Tomas: await seatPlayer(link, 'Tomas') }
      // The quick roll throws the die the system's checks use.
      const quick = system === 'brp' || system === 'spelljammer' ? 'Roll d100' : 'Roll d20'
      await openDice(players.Mira)
      await players.Mira.getByRole('button', { name: quick, exact: true }).waitFor()
      await players.Mira.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Cancel' }).click()

      if (system === 'brp') {
        // The GM edits a monster's stats mid-setup with the system's sheet; bad input is refused, kept.
        const goblin = gm.getByTestId('combatant').filter({ hasText: 'Goblin 1' })
        await goblin.getByRole('button', { name: 'Edit' }).click()
        await goblin.getByRole('button', { name: 'All stats of Goblin 1' }).click()
        const stats = gm.getByRole('region', { name: /Goblin 1: .* stats/ })
        await stats.getByLabel('DEX', { exact: true }).fill('fast')
        // Goblin 1 and Goblin 2 came in as a group: these stats are Goblin 1's alone.
        await stats.getByLabel(/The same stats for all 2/).uncheck()
        const save = stats.getByRole('button', { name: 'Save Goblin 1’s stats' })
        await save.click()
        await expect.poll(() => stats.getByRole('alert').textContent()).toMatch(/DEX must be a whole number/)
        expect(await stats.getByLabel('DEX', { exact: true }).inputValue()).toBe('fast')
        await stats.getByLabel('DEX', { exact: true }).fill('16')
        await save.click()
        await stats.waitFor({ state: 'detached' })
      }
      await gm.getByRole('button', { name: 'Start combat' }).click()
      if (system === 'brp') {
        // Statement of Intent: Mira runs 10 meters (half her DEX rank), Tomas stands and fights.
        await expect
          .poll(() => players.Mira.getByTestId('turn-banner').textContent())
          .toContain('State your intent!')
        await players.Mira.getByLabel('Meters moved').fill('10')
        await expect.poll(() => players.Mira.locator('.intent-form').textContent()).toContain('DEX rank 5')
        await players.Mira.getByRole('button', { name: 'State my intent' }).click()
        await players.Tomas.getByRole('button', { name: 'State my intent' }).click()
        await expect.poll(() => gm.getByText('Waiting for the intent of Goblin 1, Goblin 2.').count()).toBe(1)
        // The four phases of 5.1: Mira stated a move, so the Movement phase comes before anyone acts.
        await gm.getByRole('button', { name: 'Begin movement' }).click()
        await expect
          .poll(() => players.Mira.getByTestId('turn-banner').textContent())
          .toContain('Move your 10 m now')
        await expect
          .poll(() => players.Tomas.getByTestId('turn-banner').textContent())
          .toMatch(/Round 1: moving.*Phase 2 of 4: Movement · Mira 10 m.*nobody attacks yet/)
        expect(await players.Tomas.getByRole('button', { name: 'Attack', exact: true }).count()).toBe(0)
        expect(await gm.getByRole('button', { name: 'Next turn' }).count()).toBe(0)
        await gm.getByRole('button', { name: 'Begin actions' }).click()
        await expect
          .poll(() => gm.getByTestId('turn-banner').textContent())
          .toContain('Phase 3 of 4: Actions')
        // What the phase allows, in the text's words, on every banner.
        for (const page of [gm, players.Mira, players.Tomas])
          await expect
            .poll(() => page.getByTestId('phase-allows').textContent())
            .toMatch(/^Each acts on their DEX rank/)
      } else {
        for (const phone of Object.values(players)) {
          await expect
            .poll(() => phone.getByTestId('turn-banner').textContent())
            .toContain('Roll initiative!')
          if (system === 'osr' && phone === players.Tomas) {
            // Tomas rolls his own d6 on a numeric keypad; an impossible face is refused with a reason, and
            // the field stays with what he typed, to be fixed in place.
            await phone.getByRole('button', { name: 'I rolled my own dice' }).click()
            const field = phone.getByLabel('Your d6 shows')
            expect(await field.getAttribute('inputmode')).toBe('numeric')
            await field.fill('9')
            await phone.getByRole('button', { name: 'Send my roll' }).click()
            await expect.poll(() => phone.getByRole('alert').textContent()).toMatch(/d6 shows 1 to 6, not 9/)
            expect(await field.inputValue()).toBe('9')
            await field.fill('4')
            await phone.getByRole('button', { name: 'Send my roll' }).click()
          } else {
            await phone.getByRole('button', { name: 'Roll initiative' }).click()
          }
        }
        await gm.getByRole('button', { name: 'Roll for monsters' }).click()
      }
      await gm.getByTestId('turn-order').waitFor()
      const slots = (await gm.getByTestId('turn-order').locator('li').allTextContents()).map((t) =>
        t
          .replace(' (acting now)', '')
          .replace(/Hold [^,]*?(?=Hold|$)/g, '')
          .replace(/[↑↓]/g, '')
          .trim(),
      )
      expect(slots.join(' ')).toMatch(/Mira/)
      expect(slots.join(' ')).toMatch(/Goblin 2/)
      if (system === 'brp') {
        // DEX 16 first; the default DEX 10 next, together; Mira's 10 meters halve her rank to 5.
        expect(slots[0]).toMatch(/^DEX rank 16 .*Goblin 1$/)
        expect(slots.at(-1)).toMatch(/^DEX rank 5 .*Mira$/)
      }
      await snap(gm, `round-${system}-gm-tablet`)

      // Play the round: each slot's players end their turn on their phones; the GM moves monsters on.
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i] as string
        const acting = Object.entries(players).filter(([name]) => slot.includes(name))
        for (const [name, phone] of acting) {
          await expect
            .poll(() => phone.getByTestId('turn-banner').textContent(), { message: name })
            .toContain('Your turn')
          if (i === 0) await snap(phone, `round-${system}-player-phone`)
          await phone.getByRole('button', { name: 'End my turn' }).click()
        }
        if (slot.includes('Goblin')) await gm.getByRole('button', { name: 'Next turn' }).click()
        if (i + 1 < slots.length) {
          await expect.poll(() => gm.locator('.turn-order li.current').textContent()).toContain(slots[i + 1])
        }
      }
      await expect.poll(() => gm.getByTestId('turn-banner').textContent()).toMatch(/Round 2/)
      for (const phone of Object.values(players)) {
        expect(await phone.content()).not.toContain('Lurker')
      }
    })
  },
)

describe('one full round of zones at the table', () => {
  it('alternates the sides from the phones and the tablet until all pass in a row', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones')
    await addCombatant(gm, 'Bandit x2', '8')
    await addCombatant(gm, 'Lurker', '8', { hidden: true })
    const link = room.playerUrl
    const phones = [await seatPlayer(link, 'Mira'), await seatPlayer(link, 'Tomas')]
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await expect.poll(() => gm.getByTestId('turn-banner').textContent()).toMatch(/choose who acts/)

    const acted = new Set<number>()
    for (let step = 0; step < 16; step++) {
      const banner = (await gm.getByTestId('turn-banner').textContent()) ?? ''
      if (/Round 2/.test(banner)) break
      // Whose move the banner's headline says (its detail may say "The foes pass: ..." on the players' move).
      if (banner.startsWith('The foes')) {
        const acts = gm.getByRole('button', { name: / acts$/ })
        if ((await acts.count()) > 0) await acts.first().click()
        else await gm.getByRole('button', { name: 'Foes pass' }).click()
      } else {
        const index = phones.findIndex((_, i) => !acted.has(i))
        const phone = phones[index === -1 ? 0 : index] as Page
        await phone.getByRole('button', { name: 'We pass' }).waitFor()
        if (index !== -1) {
          expect(await phone.getByTestId('turn-banner').textContent()).toContain('Your side’s move')
          acted.add(index)
          await phone.getByRole('button', { name: 'I act now' }).click()
        } else {
          await phone.getByRole('button', { name: 'We pass' }).click()
        }
      }
      await expect.poll(() => gm.getByTestId('turn-banner').textContent()).not.toBe(banner)
    }
    await expect.poll(() => gm.getByTestId('turn-banner').textContent()).toMatch(/Round 2/)
    expect(acted.size).toBe(2)
    // A fresh round: nobody has acted yet.
    expect(await gm.getByTestId('turn-order').textContent()).not.toMatch(/has acted/)
    for (const phone of phones) expect(await phone.content()).not.toContain('Lurker')
  })
})
