/** Playing a fight forward from the GM's tablet and the players' phones, whatever the system's turn model. */
import { TABLE } from '@fray/protocol'
import { defaultSheetFor, SYSTEM_INFO, type SystemId, type TurnWords, turnWordsOf } from '@fray/rules'
import type { Browser, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type * as Y from 'yjs'
import { joinWithCharacter, openUrl, PHONE, TABLET } from './browser.ts'
import { connectStock } from './provider.ts'
import { createTestRoom, type TestRoom } from './rooms.ts'

/**
 * What a system's turn is called: the phone's button ("Attack") and what the sheet and the GM's button
 * say one does ("Mira attacks"); zones' moves and actions have words of their own.
 */
export const turnWords = (system: string): TurnWords => turnWordsOf(SYSTEM_INFO[system as SystemId])

export const visible = async (page: Page, name: string | RegExp) =>
  (await page.getByRole('button', { name, exact: typeof name === 'string' }).count()) > 0

/**
 * Taps a button that the live table may take away at any moment (the round moved on by itself). A tap that
 * did not land is noted in `missed` with why (a button gone, or something of the page over it), for the
 * error of a fight that then never comes to its moment.
 */
const tap = (page: Page, name: string, missed?: string[]) =>
  page
    .getByRole('button', { name, exact: true })
    .first()
    .click({ timeout: 2000 })
    .catch((error: Error) => {
      const why = /\S.* intercepts pointer events?/.exec(error.message)?.[0] ?? error.message.split('\n')[0]
      missed?.push(`"${name}" on ${new URL(page.url()).pathname}: ${why}`)
    })

export interface PlayOptions {
  /** Faction play: the monster the GM acts with. The foes pass otherwise, since a monster activated for
   * nothing would spend its turn for the round. */
  activate?: string
  /** The player whose move `ready()` waits for: their turn is never ended nor skipped, and in faction
   * play they are the one who acts. */
  keep?: { phone: Page; name: string }
}

/**
 * Plays on until `name` may attack on their phone, and opens their attack sheet. A tap may land just before
 * the phone hears that the round moved on (the tablet saw the last attack first): then the sheet closes, or
 * says they cannot attack, and the round is played on to their next attack, as a player at the table would.
 * Each retry is logged with what the phone showed, so a run that needed one says why.
 */
export async function openAttackSheet(gm: Page, phone: Page, name: string): Promise<Locator> {
  const sheet = phone.getByRole('region', { name: `${name} attacks` })
  const roll = sheet.getByRole('button', { name: 'Roll the attack' })
  for (let tries = 0; tries < 3; tries++) {
    await playUntil(gm, [phone], () => visible(phone, 'Attack'), { keep: { phone, name } })
    await phone.getByRole('button', { name: 'Attack', exact: true }).click()
    const opened = await roll.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    )
    if (opened) return sheet
    const shows = (page: Page) => page.getByTestId('turn-banner').textContent()
    console.warn(
      `${name}'s attack sheet did not open within 5 s of the Attack tap (phone: "${await shows(phone)}"; sheet: ${await sheet.count()}; tablet: "${await shows(gm)}"); playing on`,
    )
    const close = phone.getByRole('button', { name: /^(Close|Cancel)$/ })
    if ((await close.count()) > 0) await close.first().click()
    // A sheet with no attack in it (osr: a fumble broke or dropped the weapon, no attack this round): the
    // turn is over for this round, the next one may offer the attack.
    const end = phone.getByRole('button', { name: 'End my turn' })
    if ((await end.count()) > 0) await end.first().click()
  }
  throw new Error(`${name}'s attack sheet did not open in three tries`)
}

/**
 * Whether the GM's banner is at round `n` or later. (Under load the tablet may be rounds further on by the
 * time it is read: a test that needs a round to have ended takes any later one.)
 */
export async function roundAtLeast(gm: Page, n: number): Promise<boolean> {
  const round = /^Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1]
  return Number(round ?? 0) >= n
}

/**
 * Moves the round on until `ready()` holds: players end their turns, the GM moves monsters on (or passes
 * for them), new rounds get their initiative, and in faction play the party's phones take turns.
 */
export async function playUntil(
  gm: Page,
  phones: Page[],
  ready: () => Promise<boolean>,
  { activate, keep }: PlayOptions = {},
): Promise<void> {
  const banner = () => gm.getByTestId('turn-banner').textContent()
  let patience = 0
  const missed: string[] = []
  const deadline = Date.now() + 60_000
  for (let step = 0; step < 40 && Date.now() < deadline; step++) {
    if (await ready()) return
    const before = await banner()
    const ending = []
    for (const phone of phones)
      if (phone !== keep?.phone && (await visible(phone, 'End my turn'))) ending.push(phone)
    if (ending.length > 0) {
      for (const phone of ending) await tap(phone, 'End my turn', missed)
      // Each phone's button goes, unless the round moved on and gave the same player the next turn.
      for (const phone of ending)
        await until(
          phone,
          async () =>
            !(await visible(phone, 'End my turn')) || (await ready()) || (await banner()) !== before,
          3000,
        )
      continue
    }
    if (await visible(gm, 'Next turn')) {
      // The tablet may have moved on between reading its banner and finding this button (a round's
      // actions just began, its first fighter's buttons with them): look again before skipping anyone.
      if ((await banner()) !== before) continue
      // A player's slot is theirs to end from their phone, which may still be catching up.
      // (Once the players in a shared slot have ended their turns, the GM moves the monsters' part on.)
      const kept = Boolean(keep && before?.includes(keep.name))
      if (kept || (/Mira|Tomas/.test(before ?? '') && patience < 5)) {
        patience++
        await gm.waitForTimeout(300)
        continue
      }
      patience = 0
      await tap(gm, 'Next turn', missed)
    } else if (await visible(gm, 'Roll for monsters')) {
      for (const phone of phones)
        if (await visible(phone, 'Roll initiative')) await tap(phone, 'Roll initiative', missed)
      await tap(gm, 'Roll for monsters', missed)
    } else if ((await visible(gm, 'Begin actions')) || (await visible(gm, 'Begin movement'))) {
      // A phone may still be catching up to the Statement of Intent: give it the form before the GM
      // moves the round past it (the moment asked for may be that form).
      const behind = []
      for (const phone of phones) if (!(await visible(phone, 'State my intent'))) behind.push(phone)
      if (behind.length > 0 && patience < 5) {
        patience++
        await gm.waitForTimeout(300)
        continue
      }
      patience = 0
      for (const phone of phones)
        if (await visible(phone, 'State my intent')) await tap(phone, 'State my intent', missed)
      // brp: the statements end in the Movement phase when someone stated a move, then the Actions.
      await tap(gm, 'Begin movement', missed)
      await tap(gm, 'Begin actions', missed)
    } else if (activate && (await visible(gm, `${activate} acts`))) await tap(gm, `${activate} acts`, missed)
    else if (await visible(gm, 'Foes pass')) await tap(gm, 'Foes pass', missed)
    else {
      const acting = []
      for (const phone of keep ? [keep.phone, ...phones] : phones)
        if (await visible(phone, 'I act now')) acting.push(phone)
      if (acting[0]) await tap(acting[0], 'I act now', missed)
      else if (await visible(phones[0] as Page, 'We pass')) await tap(phones[0] as Page, 'We pass', missed)
    }
    await until(gm, async () => (await ready()) || (await banner()) !== before, 3000)
  }
  const screens = await Promise.all(
    [gm, ...phones].map(async (page) => (await page.locator('main').textContent()) ?? ''),
  )
  const taps =
    missed.length > 0 ? `Taps that did not land (the last 5):\n${missed.slice(-5).join('\n')}\n` : ''
  throw new Error(`the round never came to the expected moment:\n${taps}${screens.join('\n---\n')}`)
}

/**
 * Faction play: the monster takes the foes' move while nobody of the party takes a turn first (one who
 * did could no longer react); `passer` passes the party's move if it has it. Ends with the monster's
 * turn open on the tablet ("<monster> acts or moves", in the system's words).
 */
export async function monsterActsFirst(
  gm: Page,
  passer: Page,
  monster: string,
  system: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await visible(gm, `${monster} ${turnWords(system).does}`)) return true
        if (await visible(gm, `${monster} acts`)) await tap(gm, `${monster} acts`)
        else if (await visible(passer, 'We pass')) await tap(passer, 'We pass')
        return false
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(true)
}

/** A room of `system` with the GM's tablet, one monster of `hp` on it, and Mira and Tomas on their phones. */
export async function miraAndTomasFace(
  browser: Browser,
  baseUrl: string,
  system: string,
  monster: string,
  hp: string,
): Promise<{ gm: Page; room: TestRoom; mira: Page; tomas: Page }> {
  const { gm, room } = await openGmTablet(browser, baseUrl, system)
  await addCombatant(gm, monster, hp)
  const mira = await seatPhone(browser, room.playerUrl, 'Mira')
  const tomas = await seatPhone(browser, room.playerUrl, 'Tomas')
  return { gm, room, mira, tomas }
}

/**
 * zones: Mira and Tomas at the table, the Bandit's turn first (nobody of the party has taken one, so both
 * may still react), and his attack on Mira: her phone's prompt.
 */
export async function banditAttacksMira(browser: Browser, baseUrl: string) {
  const { gm, mira, tomas } = await miraAndTomasFace(browser, baseUrl, 'zones', 'Bandit', '8')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await monsterActsFirst(gm, tomas, 'Bandit', 'zones')
  // zones' own words for a turn: its moves and actions are more than attacks.
  const { does } = turnWords('zones')
  await gm.getByRole('button', { name: `Bandit ${does}` }).click()
  const composer = gm.getByRole('region', { name: `Bandit ${does}` })
  await composer.getByRole('radio', { name: /Mira/ }).check()
  await composer.getByRole('button', { name: 'Roll the attack' }).click()
  const prompt = mira.getByRole('alertdialog', { name: 'Bandit attacks you!' })
  await prompt.waitFor()
  return { gm, mira, tomas, prompt }
}

/** Checks `done` every 100 ms for up to `ms`; whether it came true (plain code, so scripts can use it too). */
async function until(page: Page, done: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(100))
    if (await done()) return true
  return done()
}

/** A new room of `system` with the GM's tablet open on it (15 s patience for each step: a loaded CI machine answers slowly). */
export async function openGmTablet(
  browser: Browser,
  baseUrl: string,
  system: string,
  /**
   * zones: the room asks the GM after each blow that leaves one standing whether it incapacitated them
   * (the README's default); the tests of other rules set it to 0 health, unless they ask for the question.
   */
  { asksIncapacitation = false }: { asksIncapacitation?: boolean } = {},
): Promise<{ gm: Page; room: TestRoom }> {
  const room = await createTestRoom(baseUrl, system)
  const gm = await (await browser.newContext(TABLET)).newPage()
  gm.setDefaultTimeout(15_000)
  await openUrl(gm, room.gmUrl)
  if (system === 'zones' && !asksIncapacitation)
    await gm.getByLabel(/^When a blow incapacitates/).selectOption('at-zero')
  return { gm, room }
}

/**
 * The GM starts the fight; the player types their own d6 for initiative (the sheet's DEX decides where it
 * stands), and the GM rolls the monsters'.
 */
export async function startWithOwnInitiative(gm: Page, phone: Page, face: string): Promise<void> {
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await phone.getByRole('button', { name: 'I rolled my own dice' }).click()
  await phone.getByLabel('Your d6 shows').fill(face)
  await phone.getByRole('button', { name: 'Send my roll' }).click()
  await gm.getByRole('button', { name: 'Roll for monsters' }).click()
}

/** A player's phone on the room's link, seated under `name` with a character made from the sheet's defaults. */
export async function seatPhone(browser: Browser, playerUrl: string, name: string): Promise<Page> {
  const phone = await (await browser.newContext(PHONE)).newPage()
  phone.setDefaultTimeout(15_000)
  await joinWithCharacter(phone, playerUrl, name)
  return phone
}

/** Opens `name`'s attack sheet on their phone, with `choice` chosen in "With" when given. */
export async function attackSheet(phone: Page, name: string, choice?: string): Promise<Locator> {
  await phone.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = phone.getByRole('region', { name: `${name} attacks` })
  if (choice)
    await sheet.locator('label.field', { hasText: /^With/ }).locator('select').selectOption({ label: choice })
  return sheet
}

/** The GM starts the fight and plays it on to `name`'s first turn; their attack sheet, open on their phone. */
export async function firstTurnSheet(gm: Page, phone: Page, name: string, choice?: string): Promise<Locator> {
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await playUntil(gm, [phone], () => visible(phone, 'Attack'), { keep: { phone, name } })
  return attackSheet(phone, name, choice)
}

/** The GM adds a combatant, or a numbered group ("Goblin x2"), from the roster form. */
export async function addCombatant(
  gm: Page,
  name: string,
  hp: string,
  options: { hidden?: boolean; side?: 'pc' | 'foe' } = {},
): Promise<void> {
  // Mid-fight the form is folded under "Add a combatant…".
  const folded = gm.locator('details.add-fold:not([open]) > summary')
  if ((await folded.count()) > 0) await folded.click()
  await gm.getByLabel('Combatant name').fill(name)
  await gm.getByLabel('Hit points', { exact: true }).fill(hp)
  await gm.getByLabel('Hidden from players').setChecked(options.hidden === true)
  if (options.side) await gm.getByLabel('Side', { exact: true }).selectOption(options.side)
  await gm.getByRole('button', { name: 'Add', exact: true }).click()
}

/**
 * A combatant's row, by its own name: not another's row that names it ("in melee with Goblin 2"), nor
 * Goblin 12's.
 */
export const rowOf = (page: Page, name: string) =>
  page.getByTestId('combatant').filter({
    has: page.locator('.combatant-name', {
      hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( ·|$)`),
    }),
  })

/** A combatant's hit points as the page's list shows them ("5 / 7 HP"). */
export const hpOf = (page: Page, name: string) =>
  rowOf(page, name).locator('.hp-number').first().textContent()

/**
 * The GM types a combatant's hit points now (and, given `max`, its maximum) from its Edit form, and waits
 * to see them.
 */
export async function setHp(gm: Page, name: string, hp: number, max?: number): Promise<void> {
  const row = rowOf(gm, name)
  await row.getByRole('button', { name: 'Edit' }).click()
  await row.getByLabel('HP now').fill(String(hp))
  if (max !== undefined) await row.getByLabel('Max HP').fill(String(max))
  await row.getByRole('button', { name: `Save ${name}` }).click()
  await row.locator('.hp-number', { hasText: new RegExp(`^${hp}\\s*/`) }).waitFor()
}

/** The GM opens a shown combatant's full sheet of the room's system; the form's region. */
export async function openStats(gm: Page, name: string) {
  const row = rowOf(gm, name)
  await row.getByRole('button', { name: 'Edit' }).click()
  await row.getByRole('button', { name: `All stats of ${name}` }).click()
  const stats = gm.getByRole('region', { name: new RegExp(`^${name}: .* stats$`) })
  await stats.waitFor()
  return stats
}

/**
 * Types in physical dice on an attack composer, die by die as it asks for them, until it says what they
 * would do: `face(i, sides)` is the face of the i-th die.
 */
export async function typeOwnDice(
  composer: Locator,
  face: (i: number, sides: number, label: string) => number,
): Promise<void> {
  await composer.getByRole('checkbox', { name: 'I roll my own dice' }).check()
  // The first die is asked once the system's `resolve` has loaded (on the first tick, on this device).
  await composer.locator('.own-dice input').first().waitFor()
  for (let i = 0; i < 12; i++) {
    const inputs = await composer.locator('.own-dice input').all()
    const last = inputs.at(-1)
    if (!last || (await last.inputValue()) !== '') break
    const label =
      (await composer
        .locator('.own-dice label')
        .nth(inputs.length - 1)
        .textContent()) ?? ''
    const sides = Number(/Your d(\d+)/.exec(label)?.[1])
    await last.fill(String(face(inputs.length - 1, sides, label)))
  }
  await expect.poll(() => composer.locator('.own-dice').textContent()).toMatch(/With these dice: /)
}

/** A weapon added on the sheet form after the first: its kind by the option's label, range bands in feet. */
export interface FormWeapon {
  name: string
  kind: string
  damage: string
  ranges: readonly [number, number, number]
  firesEvery?: number
}

/**
 * A phone that joins as `name` with the sheet form filled in: `fields` typed (or ticked: true) by their
 * labels, and `weapons` added after the first.
 */
export async function joinWithSheet(
  browser: Browser,
  playerUrl: string,
  name: string,
  fields: Record<string, string | true> = {},
  weapons: readonly FormWeapon[] = [],
): Promise<Page> {
  return joinWithForm(browser, playerUrl, name, async (phone) => {
    for (const [label, value] of Object.entries(fields)) {
      const field = phone.getByLabel(label, { exact: true })
      if (value === true) await field.check()
      else await field.fill(value)
    }
    for (const [i, w] of weapons.entries()) {
      const nth = i + 1
      await phone.getByRole('button', { name: 'Add to weapons' }).click()
      await phone.getByLabel('Weapon', { exact: true }).nth(nth).fill(w.name)
      // A select's name carries its chosen option ("Kind Melee").
      await phone.getByRole('combobox', { name: /^Kind/ }).nth(nth).selectOption({ label: w.kind })
      await phone.getByLabel('Damage', { exact: true }).nth(nth).fill(w.damage)
      for (const [j, band] of (['Short', 'Medium', 'Long'] as const).entries())
        await phone.getByLabel(`${band} range (ft)`).nth(nth).fill(String(w.ranges[j]))
      if (w.firesEvery) await phone.getByLabel('Fires every N rounds').nth(nth).fill(String(w.firesEvery))
    }
  })
}

/** A phone that joins as `name` and fills the sheet form with `fill` before creating the character. */
export async function joinWithForm(
  browser: Browser,
  playerUrl: string,
  name: string,
  fill: (phone: Page) => Promise<void>,
): Promise<Page> {
  const phone = await (await browser.newContext(PHONE)).newPage()
  phone.setDefaultTimeout(15_000)
  await openUrl(phone, playerUrl)
  await phone.getByLabel("Your character's name").fill(name)
  await phone.getByRole('button', { name: 'Join' }).click()
  await fill(phone)
  await phone.getByRole('button', { name: 'Create my character' }).click()
  await phone.getByRole('region', { name: 'Your character' }).getByText(name).waitFor()
  return phone
}

/** Makes the page's table connections (from now on) hand on what the room sends `lag.ms` late, in order. */
export function lagTable(page: Page, lag: { ms: number }) {
  return page.routeWebSocket(/\/docs\/table$/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => server.send(message))
    // Never before what came earlier: once the lag drops, later frames wait for those still held.
    let due = 0
    server.onMessage((message) => {
      due = Math.max(Date.now() + lag.ms, due)
      const wait = due - Date.now()
      if (wait <= 0) ws.send(message)
      else setTimeout(() => ws.send(message), wait)
    })
  })
}

/**
 * brp, the round's actions begun: plays on to Mira's turn, and Mira attacks the Ogre with her own dice,
 * a hit on 05 and the most on the damage (the Ogre's defense is then the GM's or the room's).
 */
export async function miraHitsOgre(gm: Page, phones: Page[], mira: Page): Promise<void> {
  const { button, does } = turnWords('brp')
  await playUntil(gm, phones, () => visible(mira, button), { keep: { phone: mira, name: 'Mira' } })
  await mira.getByRole('button', { name: button, exact: true }).click()
  const composer = mira.getByRole('region', { name: `Mira ${does}` })
  await composer.getByRole('radio', { name: /Ogre/ }).check()
  await typeOwnDice(composer, (i, sides) => (i === 0 ? 5 : sides))
  await composer.getByRole('button', { name: 'Send my dice' }).click()
}

/** brp: the GM starts the fight, Mira states her intent, and the actions begin. */
export async function brpActionsBegin(gm: Page, mira: Page): Promise<void> {
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await mira.getByRole('button', { name: 'State my intent' }).click()
  await gm.getByRole('button', { name: 'Begin actions' }).click()
}

/**
 * brp: the GM's Ogre attacks `name` with the GM's own dice (`face` as in `typeOwnDice`), and they take it
 * with no defense from their phone.
 */
export async function ogreStrikes(
  gm: Page,
  victim: Page,
  name: string,
  face: (i: number, sides: number) => number,
): Promise<void> {
  await gm.getByRole('button', { name: 'Ogre attacks' }).click()
  const ogre = gm.getByRole('region', { name: 'Ogre attacks' })
  await ogre.getByRole('radio', { name: new RegExp(name) }).check()
  await typeOwnDice(ogre, face)
  await ogre.getByRole('button', { name: 'Send my dice' }).click()
  await victim
    .getByRole('alertdialog', { name: 'Ogre attacks you!' })
    .getByRole('button', { name: /^No defense/ })
    .click()
}

/** The GM writes these fields over a combatant's default sheet on the table, as the tablet may. */
export async function writeSheet(
  baseUrl: string,
  room: TestRoom,
  target: { system: SystemId; name: string; side: 'pc' | 'foe' },
  sheet: Record<string, unknown>,
): Promise<void> {
  const table = connectStock(baseUrl, room.roomId, 'table', room.gmKey)
  await table.synced
  const combatants = table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
  const one = [...combatants.values()].find((c) => c.get('name') === target.name)
  one?.set('sheet', { ...defaultSheetFor(target.system, target.name, target.side), ...sheet })
  table.provider.destroy()
}
