/**
 * osr 17.0.10 at the table: Mira carries a flask of oil, throws it lit from her phone, and the Goblin
 * burns: 1d8 fire at once, "Burning" on every device, and another 1d8 at the end of the next round; and
 * Mira, set burning by the Goblin's flask, puts the flames out from her phone ("unless they spend the round
 * putting out the flames"). Lit with a fuse, her flask also splashes the one hit for 1d6 with no save, and the
 * GM is asked for the others within 5 ft. And holy water (17.0.11): nothing to a living Goblin, 1d8 to a
 * Skeleton the GM marks Undead.
 */
import { osr } from '@fray/rules'
import type { Locator, Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  attackSheet,
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

/** Chooses the sheet's weapon named `name` in "With" (its option also says its kind and odds). */
async function chooseWeapon(sheet: Locator, name: string): Promise<void> {
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  const named = async () =>
    (await withField.locator('option').allTextContents()).find((o) => o.startsWith(name)) ?? ''
  await expect.poll(named, { message: `a "${name}" in "With"` }).not.toBe('')
  await withField.selectOption({ label: await named() })
}

/**
 * A Goblin of 30 hp on the tablet, and Mira (the default sword, and a flask of oil added on the form) on
 * her first turn with her attack sheet open on the flask at short range.
 */
async function miraAimsOilAtGoblin() {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', {}, [
    { name: 'Flask of oil', kind: 'Flask of oil (grenade-like)', damage: '1d8', ranges: [10, 30, 50] },
  ])
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  const sheet = await attackSheet(mira, 'Mira')
  await chooseWeapon(sheet, 'Flask of oil')
  await sheet.getByRole('radio', { name: /^Short range/ }).check()
  return { gm, mira, sheet }
}

/** The round on the tablet's banner. */
const roundOn = async (gm: Page) =>
  Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1] ?? 0)

/** A die's face as "How it adds up" shows it ("oil on Goblin: d8 → 6"), in an outcome's text. */
function faceIn(text: string, label: string, sides: number): number {
  const found = new RegExp(`${label}: d${sides} → (\\d+)`).exec(text)
  if (!found) throw new Error(`no "${label}" d${sides} in: ${text}`)
  return Number(found[1])
}

/** The faces of `labels`' dice on the phone's result card, the same on the tablet's log (newest first). */
async function facesShown(phone: Page, gm: Page, labels: ReadonlyArray<[string, number]>): Promise<number[]> {
  const card = (await phone.getByTestId('result-card').textContent()) ?? ''
  const log = (await gm.getByTestId('log').textContent()) ?? ''
  return labels.map(([label, sides]) => {
    const face = faceIn(card, label, sides)
    expect(faceIn(log, label, sides)).toBe(face)
    return face
  })
}

/** Mira's own dice for a throw: a sure hit (19), any face on each other die. */
const sureHitAnyDamage = (i: number, sides: number) => (i === 0 ? 19 : 1 + Math.floor(Math.random() * sides))

/** An osr sheet as the rules read it, or the test fails with the rules' words. */
function sheetOf(fields: Record<string, unknown>): osr.Sheet {
  const s = osr.parseSheet(fields)
  if (!s.ok) throw new Error(s.error)
  return s.value
}

it('osr: a flask of oil thrown from the phone sets the Goblin burning on every device, and it burns again next round', {
  timeout: 120_000,
}, async () => {
  const { gm, mira, sheet } = await miraAimsOilAtGoblin()
  const round = await roundOn(gm)
  // Lit on impact unless the fuse is ticked: the toggle says what a fuse adds.
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
  await playUntil(gm, [mira], async () => (await roundOn(gm)) > round + 1)
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
  const burnt = await roundOn(gm)

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
  await playUntil(gm, [mira], async () => (await roundOn(gm)) > burnt + 1)
  expect(await mira.getByTestId('log').textContent()).not.toMatch(/Mira burns for/)
})

it('osr: a flask lit with a fuse, thrown from the phone: 1d8 fire and the 1d6 splash with no save on the Goblin, the GM asked for the others within 5 ft (17.0.10)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira, sheet } = await miraAimsOilAtGoblin()
  // The toggle says what a fuse adds, in the rule's words.
  const fuse = sheet.getByRole('checkbox', { name: /^Lit with a fuse or wick/ })
  await expect.poll(() => sheet.textContent()).toContain('all within 5 ft of the impact take 1d6 splash')
  if (!(await fuse.isVisible())) await sheet.getByRole('button', { name: /^More situations/ }).click()
  await fuse.check()
  await typeOwnDice(sheet, sureHitAnyDamage)
  await sheet.getByRole('button', { name: 'Send my dice' }).click()

  // The phone's card and the tablet's log show the same dice; the damage is the rules' for those faces.
  await expect.poll(() => mira.getByTestId('result-card').textContent()).toMatch(/splash on Goblin: d6/)
  await expect.poll(() => gm.getByTestId('log').textContent()).toMatch(/splash on Goblin: d6/)
  const [d8 = 0, d6 = 0] = await facesShown(mira, gm, [
    ['oil on Goblin', 8],
    ['splash on Goblin', 6],
  ])
  const goblin = sheetOf({ name: 'Goblin' })
  const fire = osr.oilDirectHit(goblin, 'on-impact', d8)
  const splash = osr.oilSplash(goblin, { ignition: 'fuse', directlyHit: true }, { d6 })
  if (!fire.ok || !splash.ok) throw new Error('the rules refused the flask')
  const dealt = fire.value.total + splash.value.total
  expect(dealt).toBe(d8 + d6)
  const chips = (page: Page) =>
    page.getByTestId('combatant').filter({ hasText: 'Goblin' }).locator('.chip').allTextContents()
  for (const page of [gm, mira]) {
    await expect.poll(() => hpOf(page, 'Goblin')).toMatch(new RegExp(`^${30 - dealt}\\s*/`))
    await expect.poll(() => chips(page)).toContain('Burning (next round)')
    await expect
      .poll(() => page.getByTestId('log').textContent())
      .toMatch(new RegExp(`Goblin takes ${dealt} fire damage; Goblin is burning`))
    // The others within 5 ft are the GM's (Fray keeps no positions), with their save.
    await expect
      .poll(() => page.getByTestId('log').textContent())
      .toContain(
        '(GM: The oil splashes: all others within 5 feet of the impact take 1d6, a save vs Death Ray avoids it.',
      )
  }
})

it('osr: holy water thrown from the phone does nothing to a living Goblin and 1d8 to a Skeleton the GM marks Undead (17.0.11)', {
  timeout: 180_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  await addCombatant(gm, 'Skeleton', '30')
  // The GM marks the Skeleton undead on its sheet.
  const stats = await openStats(gm, 'Skeleton')
  await stats.getByRole('checkbox', { name: 'Undead' }).check()
  await stats.getByRole('button', { name: 'Save Skeleton’s stats' }).click()
  await stats.waitFor({ state: 'detached' })
  const mira = await joinWithSheet(chromium.browser, room.playerUrl, 'Mira', {}, [
    { name: 'Holy water', kind: 'Holy water (grenade-like)', damage: '1d8', ranges: [10, 30, 50] },
  ])
  await gm.getByRole('button', { name: 'Start combat' }).click()

  /** Mira's turn: she throws the holy water at `target` with a sure hit; the outcome's sentence. */
  const throwAt = async (target: string) => {
    await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
    const sheet = await attackSheet(mira, 'Mira')
    await chooseWeapon(sheet, 'Holy water')
    await sheet.getByRole('radio', { name: new RegExp(`^${target}`) }).check()
    await sheet.getByRole('radio', { name: /^Short range/ }).check()
    await typeOwnDice(sheet, sureHitAnyDamage)
    await sheet.getByRole('button', { name: 'Send my dice' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toContain(`Mira hits ${target} with the Holy water`)
  }
  const splashPrompt = '(GM: Each undead within 5 feet of the impact takes 1d6 holy water splash.'

  await throwAt('Goblin')
  const living = osr.holyWater(sheetOf({ name: 'Goblin' }), 'direct', undefined)
  if (!living.ok) throw new Error(living.error)
  expect(living.value.total).toBe(0)
  for (const page of [gm, mira]) {
    await expect
      .poll(() => page.getByTestId('log').textContent())
      .toContain('Holy water only harms undead creatures')
    await expect.poll(() => page.getByTestId('log').textContent()).toContain(splashPrompt)
    await expect.poll(() => hpOf(page, 'Goblin')).toMatch(/^30\s*\//)
  }
  const round = await roundOn(gm)
  await playUntil(gm, [mira], async () => (await roundOn(gm)) > round)

  await throwAt('Skeleton')
  await expect.poll(() => gm.getByTestId('log').textContent()).toMatch(/holy water on Skeleton: d8/)
  const [d8 = 0] = await facesShown(mira, gm, [['holy water on Skeleton', 8]])
  const undead = osr.holyWater(sheetOf({ name: 'Skeleton', undead: true }), 'direct', d8)
  if (!undead.ok) throw new Error(undead.error)
  expect(undead.value.total).toBe(d8)
  for (const page of [gm, mira]) {
    await expect.poll(() => hpOf(page, 'Skeleton')).toMatch(new RegExp(`^${30 - undead.value.total}\\s*/`))
    await expect
      .poll(() => page.getByTestId('log-entry').first().textContent())
      .toContain(`Skeleton takes ${undead.value.total} damage`)
    await expect.poll(() => page.getByTestId('log-entry').first().textContent()).toContain(splashPrompt)
  }
})
