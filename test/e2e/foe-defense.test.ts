/** Monsters' defenses by the book: the room answers at once, and the log says which it chose and why. */
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  brpActionsBegin,
  miraHitsOgre,
  openGmTablet,
  playUntil,
  rowOf,
  seatPhone,
  turnWords,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

it('in brp, a player’s attack on a monster waits for nobody once the GM sets defenses by the book', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  await gm.getByLabel('Monsters’ defenses').selectOption('book')
  await addCombatant(gm, 'Ogre', '30')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await brpActionsBegin(gm, mira)
  // Her own dice: a hit on 05, the most on the damage.
  await miraHitsOgre(gm, [mira], mira)
  // No prompt for the GM: the room took the Ogre's best odds, a dodge at 20% (brp's default sheet), and
  // the log says so on every device. The room rolls the dodge, so the Ogre may dodge (1 time in 5).
  const logged = (page: typeof gm) => page.locator('.log-entry.outcome').first()
  await expect.poll(() => logged(gm).textContent()).toMatch(/^⚔.*(Mira (hits|misses)|Ogre dodges Mira)/)
  expect(await gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' }).count()).toBe(0)
  await logged(mira).getByText('How it adds up').click()
  await expect
    .poll(() => logged(mira).textContent())
    .toContain('The room chose “Dodge” for Ogre: the best odds by the book (20%)')
  await chromium.snap(mira, 'foe-defense-by-the-book-phone')
})

it('in odnd, the room parries for a monster that has not attacked yet, and says what it leaves the attack', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'odnd')
  await gm.getByLabel('Monsters’ defenses').selectOption('book')
  await addCombatant(gm, 'Ogre', '30')
  const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await tomas.getByRole('button', { name: 'Roll initiative' }).click()
  await gm.getByRole('button', { name: 'Roll for monsters' }).click()
  const { button, does } = turnWords('odnd')
  await playUntil(gm, [tomas], () => visible(tomas, button), { keep: { phone: tomas, name: 'Tomas' } })
  await tomas.getByRole('button', { name: button, exact: true }).click()
  const composer = tomas.getByRole('region', { name: `Tomas ${does}` })
  await composer.getByRole('radio', { name: /Ogre/ }).check()
  await typeOwnDice(composer, (i, sides) => (i === 0 ? 15 : sides))
  await composer.getByRole('button', { name: 'Send my dice' }).click()
  // No prompt for the GM: a parry (+2 AC) leaves Tomas the lower odds, so the room takes it, and the
  // log says so with those odds on every device.
  const logged = (page: typeof gm) => page.locator('.log-entry.outcome').first()
  await expect.poll(() => logged(gm).textContent()).toMatch(/^⚔Tomas (hits|misses) Ogre.*Ogre parries/)
  expect(await gm.getByRole('alertdialog', { name: 'Tomas attacks Ogre' }).count()).toBe(0)
  await logged(tomas).getByText('How it adds up').click()
  await expect
    .poll(() => logged(tomas).textContent())
    .toMatch(/The room chose “Parry” for Ogre: the best odds by the book \(Tomas hits \d+% of the time\)/)
  await chromium.snap(tomas, 'foe-defense-by-the-book-odnd-phone')
})

it('with monsters taking no defense, the GM takes the Ogre’s over from its Edit form and answers it', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'brp')
  await gm.getByLabel('Monsters’ defenses').selectOption('none')
  await addCombatant(gm, 'Ogre', '30')
  const ogre = rowOf(gm, 'Ogre')
  await ogre.getByRole('button', { name: 'Edit' }).click()
  const takeOver = ogre.getByLabel(
    /I answer Ogre’s defenses myself \(the room takes no defense for the others\)/,
  )
  await takeOver.check()
  await chromium.snap(gm, 'foe-defense-taken-over-tablet')
  await ogre.getByRole('button', { name: 'Save Ogre' }).click()
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await brpActionsBegin(gm, mira)
  await miraHitsOgre(gm, [mira], mira)
  // The room took no defense for the others; the Ogre's is the GM's, on the tablet.
  const prompt = gm.getByRole('alertdialog', { name: 'Mira attacks Ogre' })
  await prompt.getByRole('button', { name: /^No defense/ }).click()
  await expect.poll(() => gm.locator('.log-entry.outcome').first().textContent()).toMatch(/^⚔Mira hits Ogre/)
})
