/** One table in mid-fight, for tests and scripts that look at every view: a GM tablet and three phones. */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { openDice, openUrl } from './browser.ts'
import { createTestRoom, type TestRoom } from './rooms.ts'
import { playUntil, turnWords, typeOwnDice, visible } from './table-play.ts'

export interface TableScene {
  room: TestRoom
  /** The room's rule system. */
  system: string
  /** The GM's tablet: a visible group, a hidden monster, combat running, a roll in the log. */
  gm: Page
  /** A player with a character, who has rolled. */
  seated: Page
  /** A player at the character sheet form. */
  choosing: Page
  /** A player at the join form. */
  joining: Page
  /** A phone on the home page. */
  home: Page
  /** The room screen (a TV or a spare tablet), read-only. */
  screen: Page
}

export async function openPage(browser: Browser, device: BrowserContextOptions, url: string): Promise<Page> {
  const page = await (await browser.newContext(device)).newPage()
  await openUrl(page, url)
  return page
}

async function joinAs(browser: Browser, device: BrowserContextOptions, url: string, name: string) {
  const page = await openPage(browser, device, url)
  await page.getByLabel("Your character's name").fill(name)
  await page.getByRole('button', { name: 'Join' }).click()
  await page.getByRole('button', { name: 'Create my character' }).waitFor()
  return page
}

export async function setUpTable(
  browser: Browser,
  baseUrl: string,
  {
    system = 'osr',
    phone,
    tablet,
  }: { system?: string; phone: BrowserContextOptions; tablet: BrowserContextOptions },
): Promise<TableScene> {
  const room = await createTestRoom(baseUrl, system)
  const gm = await openPage(browser, tablet, room.gmUrl)
  for (const [name, hidden] of [
    ['Goblin x2', false],
    ['Lurker', true],
  ] as const) {
    await gm.getByLabel('Combatant name').fill(name)
    await gm.getByLabel('Hit points', { exact: true }).fill('7')
    await gm.getByLabel('Hidden from players').setChecked(hidden)
    await gm.getByRole('button', { name: 'Add', exact: true }).click()
  }
  const seated = await joinAs(browser, phone, room.playerUrl, 'Mira')
  await seated.getByRole('button', { name: 'Create my character' }).click()
  await seated.getByRole('region', { name: 'Your character' }).waitFor()
  const choosing = await joinAs(browser, phone, room.playerUrl, 'Brannoc')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  // brp states intents and counts DEX ranks, zones alternates sides: neither rolls initiative.
  if (system === 'brp') {
    await seated.getByRole('button', { name: 'State my intent' }).click()
    await gm.getByRole('button', { name: 'Begin actions' }).click()
  } else if (system !== 'zones') {
    await seated.getByRole('button', { name: 'Roll initiative' }).click()
    await gm.getByRole('button', { name: 'Roll for monsters' }).click()
  }
  await gm.getByTestId('turn-order').waitFor()
  // The quick roll throws the system's die: a d20, or the percentile dice in brp and spelljammer.
  await openDice(seated)
  await seated.getByRole('button', { name: /^Roll d(20|100)$/ }).click()
  await gm.getByTestId('log-entry').first().waitFor()
  await seated.getByTestId('log-entry').first().waitFor()
  const joining = await openPage(browser, phone, room.playerUrl)
  await joining.getByLabel("Your character's name").waitFor()
  const home = await openPage(browser, phone, baseUrl)
  const screen = await openPage(browser, tablet, `${room.playerUrl}/screen`)
  await screen.getByTestId('screen-roll').waitFor()
  return { room, system, gm, seated, choosing, joining, home, screen }
}

/** Moves the round on to Mira's turn and opens her action composer (once; later calls find it open). */
export async function openComposer(t: TableScene): Promise<Page> {
  const composer = t.seated.locator('.composer')
  if ((await composer.count()) > 0) return t.seated
  const { button } = turnWords(t.system)
  await playUntil(t.gm, [t.seated], () => visible(t.seated, button), {
    keep: { phone: t.seated, name: 'Mira' },
  })
  await t.seated.getByRole('button', { name: button, exact: true }).click()
  await composer.waitFor()
  return t.seated
}

/** Mira's composer with the situations past the first few folded (`unfolded` false) or shown. */
export async function openSituations(t: TableScene, unfolded: boolean): Promise<Page> {
  const page = await openComposer(t)
  const more = page.locator('.composer .more-button')
  if ((await more.count()) === 0) throw new Error('the composer folds no situations: nothing to show')
  if ((await more.getAttribute('aria-expanded')) !== String(unfolded)) await more.click()
  return page
}

/**
 * Mira attacks a goblin and her phone waits while the GM chooses its defense: the phone with the waiting
 * card up (in a system whose monsters choose a defense, odnd or brp).
 */
export async function openWaitingCard(t: TableScene): Promise<Page> {
  const page = await openComposer(t)
  const composer = page.locator('.composer')
  await composer.getByRole('radio', { name: /Goblin 1/ }).check()
  await composer.getByRole('button', { name: 'Roll the attack' }).click()
  await page.getByTestId('waiting-card').waitFor()
  return page
}

/**
 * A goblin attacks Mira, and her phone asks how she defends: the phone with the prompt up, or null where
 * the system gives her no choice (osr declares parrying as an action instead).
 */
export async function openDefensePrompt(t: TableScene): Promise<Page | null> {
  const prompt = t.seated.getByRole('alertdialog', { name: /attacks you!$/ })
  if ((await prompt.count()) > 0) return t.seated
  const cancel = t.seated.locator('.composer').getByRole('button', { name: 'Cancel' })
  if ((await cancel.count()) > 0) await cancel.click()
  const attacks = t.gm.getByRole('button', { name: new RegExp(`^Goblin \\d ${turnWords(t.system).does}$`) })
  await playUntil(t.gm, [t.seated], async () => (await attacks.count()) > 0, { activate: 'Goblin 1' })
  await attacks.first().click()
  const composer = t.gm.locator('.composer')
  await composer.getByRole('radio', { name: /Mira/ }).check()
  // brp asks for a parry or dodge only once the attack roll hits (5.6): the GM's own d100 shows a 10, a
  // success for any goblin's skill over 10% (and no critical below 200%).
  if (t.system === 'brp') await typeOwnDice(composer, (i, sides) => (i === 0 && sides === 100 ? 10 : 1))
  await composer.getByRole('button', { name: /Roll the attack|Send/ }).click()
  const asked = await prompt
    .waitFor({ timeout: 3000 })
    .then(() => true)
    .catch(() => false)
  return asked ? t.seated : null
}
