/**
 * osr's blows out of turn and stray shots, from a player's phone (#24): a long reach striking one who
 * closes (17.0.1.6), a spear set against a charge (17.0.1.9), and a shot that misses into a melee with
 * allies, whom the GM taps on the tablet and the room rolls against (17.0.12).
 */
import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  type FormWeapon,
  joinWithSheet,
  openGmTablet,
  openStats,
  playUntil,
  seatPhone,
  startWithOwnInitiative,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** The GM attacks Mira with the Goblin, charging or not. */
async function goblinAttacksMira(gm: Page, charging: boolean): Promise<void> {
  await gm.getByRole('button', { name: 'Goblin attacks' }).click()
  const composer = gm.getByRole('region', { name: 'Goblin attacks' })
  await composer.getByRole('radio', { name: /Mira/ }).check()
  if (charging) await composer.getByRole('checkbox', { name: /^Charging/ }).check()
  await composer.getByRole('button', { name: 'Roll the attack' }).click()
}

it('osr: the Goblin closes on Mira, who rolled lower: her phone offers her long reach first, with its odds, and she strikes on its number (17.0.1.6)', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', {
    Weapon: 'Spear',
    Damage: '1d6',
    'Long reach': true,
    'DEX bonus': '-3',
    'Hit points': '40',
  })
  // Her own 1 - 3 is below any Goblin's d6: it acts first.
  await startWithOwnInitiative(gm, mira, '1')
  await goblinAttacksMira(gm, false)

  // The prompt takes over her phone: the Goblin's d20 + 1 against her spear's reach, and its odds.
  const prompt = mira.getByRole('alertdialog')
  const reach = prompt.getByRole('button', { name: /Strike first with the Spear/ })
  // d20 + 1 against the Goblin's AC 11: 10 to 20, 11 faces in 20.
  await expect.poll(() => reach.textContent()).toContain('55%')
  await expect.poll(() => reach.textContent()).toContain('it spends your action this round')
  await chromium.snap(mira, 'osr-reach-prompt')
  await reach.click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toMatch(/at the same time Mira strikes first with the Spear: Mira (hits|misses) Goblin/)
  // Her own, later number is spent: the round moves on to its end without her turn.
  await expect.poll(() => visible(mira, 'Attack')).toBe(false)
  await chromium.snap(mira, 'osr-reach-result')
})

it('osr: the Goblin charges Mira, who waits for it with the better initiative: she sets her spear from the phone, for double damage on its number (17.0.1.9)', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  // The GM arms the Goblin with a spear it may charge with.
  const stats = await openStats(gm, 'Goblin')
  await stats.getByLabel('Weapon', { exact: true }).fill('Spear')
  await stats.getByLabel('Damage', { exact: true }).fill('1d6')
  await stats.getByLabel('Usable in a charge', { exact: true }).check()
  await stats.getByRole('button', { name: 'Save Goblin’s stats' }).click()
  await stats.waitFor({ state: 'detached' })
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', {
    Weapon: 'Spear',
    Damage: '1d6',
    'Can be set against a charge': true,
    'DEX bonus': '3',
    'Hit points': '40',
  })
  // 6 + 3 = 9: above any Goblin's d6. She holds her action for it (17.0.1.6): both act on its number.
  await startWithOwnInitiative(gm, mira, '6')
  await expect.poll(() => visible(mira, 'Attack')).toBe(true)
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  // The sheet's choices come with its lazily loaded parts: waited for, not read at once.
  const holdOf = async () =>
    (await withField.locator('option').allTextContents()).find((o) => o.startsWith('Hold'))
  await expect.poll(holdOf).toBeDefined()
  await withField.selectOption({ label: (await holdOf()) as string })
  await sheet.getByRole('button', { name: 'Wait for them' }).click()
  await expect.poll(() => gm.getByRole('button', { name: 'Goblin attacks' }).count()).toBe(1)
  await goblinAttacksMira(gm, true)

  const set = mira.getByRole('alertdialog').getByRole('button', { name: /Set the Spear against the charge/ })
  // The charging Goblin's AC 11 - 2 = 9: d20 + 1 hits on 8 to 20, 13 faces in 20.
  await expect.poll(() => set.textContent()).toContain('65%')
  await expect.poll(() => set.textContent()).toContain('double damage')
  await chromium.snap(mira, 'osr-set-prompt')
  await set.click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toMatch(/at the same time Mira sets the Spear against the charge: Mira (hits|misses) Goblin/)
  // Setting it was her action for the round.
  await expect.poll(() => visible(mira, 'Attack')).toBe(false)
  await chromium.snap(mira, 'osr-set-result')
})

it('osr: Mira’s shot misses into a melee with Bryn: the GM taps Bryn on the tablet and the room rolls the stray shot (17.0.12)', {
  timeout: 150_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  const bow: FormWeapon = { name: 'Short bow', kind: 'Bow', damage: '1d6', ranges: [50, 100, 150] }
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', { 'DEX bonus': '3' }, [bow])
  const bryn = await seatPhone(chromium.browser, room.playerUrl, 'Bryn')
  await startWithOwnInitiative(gm, mira, '6')
  await bryn.getByRole('button', { name: 'Roll initiative' }).click()
  await playUntil(gm, [mira, bryn], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })

  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  await withField.selectOption({ label: 'Short bow (1d6)' })
  await sheet.getByRole('radio', { name: /Goblin/ }).check()
  await sheet.getByRole('radio', { name: /^Short range/ }).check()
  const more = sheet.getByRole('button', { name: /More situations/ })
  if (await more.count()) await more.click()
  await sheet.getByRole('checkbox', { name: /^Into a melee with allies/ }).check()
  // Her own d20 shows 2: 2 + 1 + 3 + 1 = 7 misses the Goblin's AC 11.
  await typeOwnDice(sheet, () => 2)
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  // While the GM decides, her phone says so, with the question asked.
  const waiting = mira.getByTestId('waiting-card')
  await expect.poll(() => waiting.textContent()).toContain('The GM decides')
  await expect.poll(() => waiting.textContent()).toContain('Mira’s shot missed Goblin into a melee')
  await chromium.snap(mira, 'osr-stray-waiting')

  // The GM's tablet asks whom it could hit, each with the odds of the GM's roll against them.
  const ask = gm.getByRole('alertdialog').filter({ hasText: 'The GM decides' })
  await expect.poll(() => ask.textContent()).toContain('tap the allies it could hit')
  const brynOption = ask.locator('button.defense-option', { hasText: 'Bryn' })
  // d20 + 1 + DEX 3 against Bryn's AC 11: 7 to 20, 14 faces in 20.
  await expect.poll(() => brynOption.textContent()).toContain('70%')
  await brynOption.click()
  await expect.poll(() => brynOption.getAttribute('aria-pressed')).toBe('true')
  await chromium.snap(gm, 'osr-stray-prompt')
  // Her phone never answers it: the GM does.
  expect(await mira.getByRole('alertdialog').count()).toBe(0)
  await ask.getByRole('button', { name: /Roll the stray shot/ }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toMatch(/Mira’s missed shot strays into the melee: \d+ against Bryn’s AC 11: a (hit|miss)/)
  await chromium.snap(mira, 'osr-stray-result')
})
