/**
 * odnd at the table from a phone (#25): Mira, in melee with the Ogre that swung at her, retreats from her
 * phone. The sheet says who she is in melee with and her exact chance of getting away clean; the room rolls
 * the contest and any parting shot, and every device sees her leave the melee.
 */
import { TABLE } from '@fray/protocol'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import { connectStock } from '../support/provider.ts'
import {
  addCombatant,
  joinWithForm,
  openGmTablet,
  playUntil,
  seatPhone,
  setHp,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

it('odnd: Mira retreats from the Ogre on her phone, with the odds of a clean getaway, and leaves the melee on every device', {
  timeout: 150_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await gm.getByRole('button', { name: 'Start combat' }).click()

  // The Ogre swings at Mira and misses (the GM's own 2): the two are in melee.
  await playUntil(gm, [mira], () => visible(gm, 'Ogre attacks'), { activate: 'Ogre' })
  await gm.getByRole('button', { name: 'Ogre attacks' }).click()
  const ogre = gm.getByRole('region', { name: 'Ogre attacks' })
  await ogre.getByRole('radio', { name: /Mira/ }).check()
  await typeOwnDice(ogre, () => 2)
  await ogre.getByRole('button', { name: 'Send my dice' }).click()
  await mira
    .getByRole('alertdialog', { name: 'Ogre attacks you!' })
    .getByRole('button', { name: /^Take it/ })
    .click()
  const chipsOf = (page: typeof gm, name: string) =>
    page
      .getByRole('list', { name: `${name}: status` })
      .locator('.chip')
      .allTextContents()
  for (const page of [gm, mira]) {
    await expect.poll(() => chipsOf(page, 'Mira')).toContain('In melee with Ogre')
    await expect.poll(() => chipsOf(page, 'Ogre')).toContain('In melee with Mira')
  }

  // Hit points enough to outlive any parting shot (d6 + 1): her retreat always ends in the pursuit roll.
  await setHp(gm, 'Mira', 20, 20)

  // On her turn: in melee, running is not offered; the retreat is, with her chance in view.
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  const options = () => withField.locator('option').allTextContents()
  await expect.poll(options).toContain('Fighting withdrawal · back out at half move, +2 AC, no attack')
  expect((await options()).some((o) => o.startsWith('Run'))).toBe(false)
  await withField.selectOption({ label: 'Retreat · turn and flee: d6 + DEX against each foe in melee' })
  // d6 against the Ogre's d6, both DEX 10: she must roll higher, 15 in 36.
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toContain('Away clean 41.7%; your d6 +0 against Ogre (d6 +0)')
  await chromium.snap(mira, 'odnd-retreat-sheet')
  // Her own die shows 6: only a 6 of the Ogre's (a tie) gives it a parting shot.
  await typeOwnDice(sheet, () => 6)
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toMatch(/Mira retreats: d6 \+ DEX 6: (Mira ducks away without a parting shot|Ogre gets a parting shot)/)
  await expect.poll(() => mira.getByTestId('log').textContent()).toContain('GM: 2d6 = ')
  for (const page of [gm, mira]) {
    await expect.poll(() => chipsOf(page, 'Ogre')).not.toContain('In melee with Mira')
    await expect
      .poll(async () => (await chipsOf(page, 'Mira')).some((c) => c.startsWith('In melee')))
      .toBe(false)
  }
  await chromium.snap(mira, 'odnd-retreated')
})

it('odnd: Ilse, a magic-user, casts her spell from her phone; the log says it goes off and asks the GM for its effect', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  // A select's name carries its chosen option ("Class fighter").
  const ilse = await joinWithForm(chromium.browser, room.playerUrl, 'Ilse', (form) =>
    form
      .getByRole('combobox', { name: /^Class/ })
      .selectOption({ label: 'magic user' })
      .then(() => undefined),
  )
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [ilse], () => visible(ilse, 'Attack'), { keep: { phone: ilse, name: 'Ilse' } })
  await ilse.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = ilse.getByRole('region', { name: 'Ilse attacks' })
  await sheet
    .locator('label.field', { hasText: /^With/ })
    .locator('select')
    .selectOption({ label: 'Cast a spell · up to 10 feet of movement, no attack' })
  await expect.poll(() => sheet.getByTestId('odds').textContent()).toContain('It goes off now')
  await chromium.snap(ilse, 'odnd-cast-sheet')
  await sheet.getByRole('button', { name: 'Cast the spell' }).click()
  await expect
    .poll(() => ilse.getByTestId('result-card').textContent())
    .toContain('Ilse casts a spell: it goes off as intended (ENCOUNTER ORDER: spellcasters); GM: its effect')
  await expect.poll(() => gm.getByTestId('log').textContent()).toContain('Ilse casts a spell')
  expect(await visible(ilse, 'Attack')).toBe(false)
})

it("odnd: the GM rolls a pursuit check of the rules from the tablet, with the text's words beside it, and every device logs it", {
  timeout: 90_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  const card = gm.getByRole('region', { name: 'Rolls of the rules' })
  await card.getByText("Distance, reaction, pursuit: the GM's dice").click()
  await expect.poll(() => card.textContent()).toContain('monsters will continue pursuit on 1-2 (D6)')
  await chromium.snap(gm, 'odnd-gm-rolls')
  await card.getByRole('button', { name: 'Corner, stairs or door: 1-2 chase on' }).click()
  for (const page of [gm, mira])
    await expect
      .poll(() => page.getByTestId('log').textContent())
      .toMatch(/The GM rolled 1d6 \[[1-6]\] · server dice\s*Corner, stairs or door: 1-2 chase on/)
})

it('odnd: "anyone killed in that round still gets their attack": Mira, felled on the Ogre’s number, still strikes from her phone, then is out', {
  timeout: 150_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await setHp(gm, 'Mira', 1)
  await gm.getByRole('button', { name: 'Start combat' }).click()
  // The Ogre's d6 first, then Mira types the same: "If two or more roll the same, movement/combat is
  // simultaneous" (ENCOUNTER ORDER 6).
  await gm.getByRole('button', { name: 'Roll for monsters' }).click()
  const table = connectStock(baseUrl, room.roomId, 'table', room.gmKey)
  await table.synced
  const ogreRolled = () =>
    (table.doc.getMap(TABLE.turn).get('initiative') as Record<string, { total: number }> | undefined) ?? {}
  await expect.poll(() => Object.keys(ogreRolled()).length).toBeGreaterThan(0)
  const ogreFace = Object.values(ogreRolled())[0]?.total ?? 0
  table.provider.destroy()
  await mira.getByRole('button', { name: 'I rolled my own dice' }).click()
  await mira.getByLabel('Your d6 shows').fill(String(ogreFace))
  await mira.getByRole('button', { name: 'Send my roll' }).click()

  // The Ogre's club fells her on their shared number: the GM's own 20, and the damage die's highest.
  await expect.poll(() => visible(gm, 'Ogre attacks')).toBe(true)
  await gm.getByRole('button', { name: 'Ogre attacks' }).click()
  const ogre = gm.getByRole('region', { name: 'Ogre attacks' })
  await ogre.getByRole('radio', { name: /Mira/ }).check()
  await typeOwnDice(ogre, (i, sides) => (i === 0 ? 20 : sides))
  await ogre.getByRole('button', { name: 'Send my dice' }).click()
  const prompt = mira.getByRole('alertdialog', { name: 'Ogre attacks you!' })
  const logged = () => gm.locator('.log-entry.outcome').first().textContent()
  await expect
    .poll(async () => (await prompt.count()) > 0 || /^⚔Ogre /.test((await logged()) ?? ''))
    .toBe(true)
  if ((await prompt.count()) > 0) await prompt.getByRole('button', { name: /^Take it/ }).click()
  await expect.poll(logged).toMatch(/Mira acts at the same initiative and still gets its attack this round/)

  // Dead, she still has her attack on her phone, and takes it; then she is out of the order.
  await expect.poll(() => visible(mira, 'Attack')).toBe(true)
  await chromium.snap(mira, 'odnd-fallen-still-strikes-phone')
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  await sheet.getByRole('radio', { name: /Ogre/ }).check()
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  await expect.poll(logged).toMatch(/^⚔Mira /)
  await expect.poll(() => visible(mira, 'Attack')).toBe(false)
  await expect.poll(() => gm.getByTestId('turn-order').textContent()).not.toMatch(/Mira · acting/)
})
