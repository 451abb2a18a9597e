/** The GM's roster at the table: the numbers the GM typed stay, groups and hidden monsters are edited whole. */
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  hpOf,
  openGmTablet,
  openStats,
  playUntil,
  rowOf,
  seatPhone,
  setHp,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

describe('the GM’s roster', () => {
  it('keeps the hit points the GM typed, and edits a group’s stats at once', {
    timeout: 60_000,
  }, async () => {
    const { gm } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin x2', '5')
    await expect.poll(() => hpOf(gm, 'Goblin 2')).toMatch(/^5\s*\/ 5 HP/)

    // The sheet form opens on the 5 hit points typed, not the sheet's default of 8.
    const stats = await openStats(gm, 'Goblin 1')
    expect(await stats.getByLabel('Hit points', { exact: true }).inputValue()).toBe('5')
    const group = stats.getByLabel(/The same stats for all 2 of the Goblin group/)
    expect(await group.isChecked()).toBe(true)
    await stats.getByLabel('Armor worn').selectOption('leather')
    await stats.getByRole('button', { name: 'Save the stats of all 2' }).click()
    await stats.waitFor({ state: 'detached' })

    // Changing armour changed nobody's hit points, and Goblin 2 got the leather too.
    expect(await hpOf(gm, 'Goblin 1')).toMatch(/^5\s*\/ 5 HP/)
    expect(await hpOf(gm, 'Goblin 2')).toMatch(/^5\s*\/ 5 HP/)
    const second = await openStats(gm, 'Goblin 2')
    expect(await second.getByLabel('Armor worn').inputValue()).toBe('leather')
    // Only this one, with new hit points: Goblin 1 keeps its 5.
    await second.getByLabel(/The same stats for all 2/).uncheck()
    await second.getByLabel('Hit points', { exact: true }).fill('9')
    await second.getByRole('button', { name: 'Save Goblin 2’s stats' }).click()
    await expect.poll(() => hpOf(gm, 'Goblin 2')).toMatch(/^9\s*\/ 9 HP/)
    expect(await hpOf(gm, 'Goblin 1')).toMatch(/^5\s*\/ 5 HP/)
  })

  it('unticks "Hidden" after each add, and edits a hidden monster’s stats unseen', {
    timeout: 60_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await addCombatant(gm, 'Lurker', '9', { hidden: true })
    await gm.getByTestId('hidden').getByText('Lurker', { exact: true }).waitFor()
    expect(await gm.getByLabel('Hidden from players').isChecked()).toBe(false)

    // A monster's odnd sheet is a monster's, not a human fighter PC's.
    await gm.getByRole('button', { name: 'All stats of Lurker' }).click()
    const stats = gm.getByRole('region', { name: /^Lurker: .* stats$/ })
    expect(await stats.getByRole('combobox', { name: /^Role/ }).inputValue()).toBe('monster')
    expect(await stats.getByRole('combobox', { name: /^Class/ }).inputValue()).toBe('monster')
    expect(await stats.getByLabel('Hit points', { exact: true }).inputValue()).toBe('9')
    await stats.getByLabel('Level or hit dice').fill('3')
    await stats.getByRole('button', { name: 'Save Lurker’s stats' }).click()
    await stats.waitFor({ state: 'detached' })
    await gm.getByRole('button', { name: 'All stats of Lurker' }).click()
    expect(await stats.getByLabel('Level or hit dice').inputValue()).toBe('3')
    await stats.getByRole('button', { name: 'Close' }).click()

    // Still hidden: the player's phone never heard of the Lurker.
    await phone.waitForTimeout(500)
    expect(await phone.locator('main').textContent()).not.toContain('Lurker')
  })

  it('keeps a prepared character’s hit points, and an approved attack moves a goblin’s by its own damage', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '6')
    await gm.getByLabel('Players’ own dice need my approval').check()
    const phone = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')

    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [phone], () => visible(phone, 'Attack'), { keep: { phone, name: 'Tomas' } })
    await phone.getByRole('button', { name: 'Attack', exact: true }).click()
    const composer = phone.locator('.composer')
    await composer.getByRole('radio', { name: /Goblin/ }).check()
    // A natural 19 hits a goblin; the damage die shows 2.
    await typeOwnDice(composer, (i) => (i === 0 ? 19 : 2))
    await composer.getByRole('button', { name: 'Send my dice' }).click()
    const held = gm.getByTestId('log-entry').filter({ hasText: /Tomas hits Goblin/ })
    await expect.poll(() => held.first().textContent()).toMatch(/waiting for the GM/)
    // Held, it has changed nothing yet; meanwhile the GM sets the goblin at 3.
    expect(await hpOf(gm, 'Goblin')).toMatch(/^6\s*\/ 6 HP/)
    await setHp(gm, 'Goblin', 3)
    await held.first().getByRole('button', { name: 'Approve' }).click()
    // 3 less its 2 damage: 1, on every device (the roll's own 6 - 2 = 4 was written before the fix).
    await expect.poll(() => hpOf(gm, 'Goblin')).toMatch(/^1\s*\/ 6 HP/)
    await expect
      .poll(() => phone.getByTestId('combatant').filter({ hasText: 'Goblin' }).first().textContent())
      .toMatch(/(^|\D)1\s*\/ 6 HP/)

    // A character the GM prepares for a player keeps the 12 typed (the sheet's default gave 6).
    await addCombatant(gm, 'Sela', '12', { side: 'pc' })
    await expect.poll(() => hpOf(gm, 'Sela')).toMatch(/^12\s*\/ 12 HP/)
    // Not one more monster on the GM's list: a player character, waiting for its player.
    expect(await rowOf(gm, 'Sela').textContent()).toContain('player character, no player yet')
    expect(await rowOf(gm, 'Goblin').textContent()).not.toContain('player character')
    // The form is back on a monster for the next add.
    expect(await gm.getByLabel('Side', { exact: true }).inputValue()).toBe('foe')
  })
})
