import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousViolations } from '../support/axe.ts'
import { PHONE, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom, type TestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** The pages one table has open: a GM tablet and two phones, one of them still making a character. */
interface Table {
  room: TestRoom
  gm: Page
  seated: Page
  choosing: Page
  joining: Page
}

/**
 * Every main view, as the page that shows it (brought to that view) and, for a part of a page, its selector.
 * A new view is one more line.
 */
const VIEWS: Array<[view: string, open: (t: Table) => Promise<Page>, include?: string]> = [
  ['home', async () => page(PHONE, baseUrl)],
  ['GM view, combat running', async (t) => t.gm],
  ['player view, before joining', async (t) => t.joining],
  ['player view, choosing a character (sheet form)', async (t) => t.choosing],
  ['player view, with a character', async (t) => t.seated],
  ['log on the GM view', async (t) => t.gm, '[data-testid=log]'],
  ['log on the phone', async (t) => t.seated, '[data-testid=log]'],
]

async function page(device: typeof PHONE | typeof TABLET, url: string): Promise<Page> {
  const p = await (await chromium.browser.newContext(device)).newPage()
  await p.goto(url)
  return p
}

async function join(url: string, name: string): Promise<Page> {
  const p = await page(PHONE, url)
  await p.getByLabel("Your character's name").fill(name)
  await p.getByRole('button', { name: 'Join' }).click()
  await p.getByRole('button', { name: 'Create my character' }).waitFor()
  return p
}

describe('every main view with axe-core', () => {
  let table: Table
  beforeAll(async () => {
    const room = await createTestRoom(baseUrl)
    const gm = await page(TABLET, room.gmUrl)
    for (const [name, hidden] of [
      ['Goblin x2', false],
      ['Lurker', true],
    ] as const) {
      await gm.getByLabel('Combatant name').fill(name)
      await gm.getByLabel('Hit points', { exact: true }).fill('7')
      await gm.getByLabel('Hidden from players').setChecked(hidden)
      await gm.getByRole('button', { name: 'Add', exact: true }).click()
    }
    const seated = await join(room.playerUrl, 'Mira')
    await seated.getByRole('button', { name: 'Create my character' }).click()
    await seated.getByRole('region', { name: 'Your character' }).waitFor()
    const choosing = await join(room.playerUrl, 'Brannoc')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await seated.getByRole('button', { name: 'Roll initiative' }).click()
    await gm.getByRole('button', { name: 'Roll for monsters' }).click()
    await seated.getByRole('button', { name: 'Roll d20' }).click()
    await gm.getByTestId('turn-order').waitFor()
    await gm.getByTestId('log-entry').first().waitFor()
    await seated.getByTestId('log-entry').first().waitFor()
    const joining = await page(PHONE, room.playerUrl)
    await joining.getByLabel("Your character's name").waitFor()
    table = { room, gm, seated, choosing, joining }
  }, 60_000)

  it.each(VIEWS)('%s has no serious or critical violations', async (_view, open, include) => {
    expect(await seriousViolations(await open(table), include)).toEqual([])
  })
})
