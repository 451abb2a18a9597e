/**
 * osr 17.0.10 at the table: Mira carries a flask of oil, throws it lit from her phone, and the Goblin
 * burns: 1d8 fire at once, "Burning" on every device, and another 1d8 at the end of the next round; and
 * Mira, set burning by the Goblin's flask, puts the flames out from her phone ("unless they spend the round
 * putting out the flames").
 */
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  hpOf,
  joinWithSheet,
  openGmTablet,
  openStats,
  playUntil,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

it('osr: a flask of oil thrown from the phone sets the Goblin burning on every device, and it burns again next round', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  // Mira's sheet: the default sword, and a flask of oil added on the form.
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', {}, [
    { name: 'Flask of oil', kind: 'Flask of oil (grenade-like)', damage: '1d8', ranges: [10, 30, 50] },
  ])

  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  const round = Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1])
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  const flask = (await withField.locator('option').allTextContents()).find((o) =>
    o.startsWith('Flask of oil'),
  )
  await withField.selectOption({ label: flask ?? 'Flask of oil' })
  // Lit on impact unless the fuse is ticked: the toggle says what a fuse adds.
  await sheet.getByRole('radio', { name: /^Short range/ }).check()
  await chromium.snap(mira, 'oil-sheet')
  // A sure hit (19), and the flask's 1d8 shows 6.
  await typeOwnDice(sheet, (i, sides) => (i === 0 ? 19 : sides === 8 ? 6 : 1))
  await sheet.getByRole('button', { name: 'Send my dice' }).click()

  const chips = (page: typeof gm) =>
    page.getByTestId('combatant').filter({ hasText: 'Goblin' }).locator('.chip').allTextContents()
  for (const page of [gm, mira]) {
    await expect.poll(() => chips(page)).toContain('Burning (next round)')
    await expect.poll(() => hpOf(page, 'Goblin')).toMatch(/^24\s*\//)
  }
  await expect
    .poll(() => mira.getByTestId('log').textContent())
    .toMatch(/Goblin takes 6 fire damage; Goblin is burning: another 1d8 next round/)

  // The next round's end: another 1d8, unless the Goblin had spent its round putting out the flames.
  const roundNow = async () =>
    Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1] ?? 0)
  await playUntil(gm, [mira], async () => (await roundNow()) > round + 1)
  await expect
    .poll(() => mira.getByTestId('log').textContent())
    .toMatch(new RegExp(`End of round ${round + 1}: Goblin burns for \\d`))
  for (const page of [gm, mira]) await expect.poll(() => chips(page)).not.toContain('Burning (next round)')
})

it('osr: the Goblin’s flask sets Mira burning; she puts out the flames from her phone, and no second burn comes (17.0.10)', {
  timeout: 150_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  // The GM arms the Goblin with a flask of oil.
  const stats = await openStats(gm, 'Goblin')
  await stats.getByLabel('Weapon', { exact: true }).fill('Flask of oil')
  // A select's name carries its chosen option ("Kind Melee").
  await stats.getByRole('combobox', { name: /^Kind/ }).selectOption({ label: 'Flask of oil (grenade-like)' })
  await stats.getByLabel('Damage', { exact: true }).fill('1d8')
  for (const [band, feet] of [
    ['Short', '10'],
    ['Medium', '30'],
    ['Long', '50'],
  ] as const)
    await stats.getByLabel(`${band} range (ft)`).fill(feet)
  await stats.getByRole('button', { name: 'Save Goblin’s stats' }).click()
  await stats.waitFor({ state: 'detached' })
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', { 'Hit points': '40' })

  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [mira], () => visible(gm, 'Goblin attacks'))
  await gm.getByRole('button', { name: 'Goblin attacks' }).click()
  const composer = gm.getByRole('region', { name: 'Goblin attacks' })
  await composer.getByRole('radio', { name: /Mira/ }).check()
  await composer.getByRole('radio', { name: /^Short range/ }).check()
  // The GM's own dice: a sure hit (19), and the flask's 1d8 shows 5.
  await composer.getByRole('checkbox', { name: 'I roll my own dice' }).check()
  await typeOwnDice(composer, (i, sides) => (i === 0 ? 19 : sides === 8 ? 5 : 1))
  await composer.getByRole('button', { name: /Send|Roll/ }).click()
  const chips = (page: typeof gm) =>
    page.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.chip').allTextContents()
  await expect.poll(() => chips(gm)).toContain('Burning (next round)')
  const burnt = Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1])

  // Her turn: the phone offers putting out the flames, which takes the round.
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  await withField.selectOption({ label: 'Put out the flames · roll on the ground, no attack' })
  await chromium.snap(mira, 'oil-put-out-sheet')
  await sheet.getByRole('button', { name: 'Put out the flames' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toContain('Mira spends the round putting out the flames: the burning oil does no more damage.')
  await expect.poll(() => chips(gm)).not.toContain('Burning (next round)')
  const roundNow = async () =>
    Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1] ?? 0)
  await playUntil(gm, [mira], async () => (await roundNow()) > burnt + 1)
  expect(await mira.getByTestId('log').textContent()).not.toMatch(/Mira burns for/)
})
