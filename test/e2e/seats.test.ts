import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { PHONE, TABLET, useBrowser } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const snap = chromium.snap

async function join(name: string, link: string): Promise<Page> {
  const page = await (await chromium.browser.newContext(PHONE)).newPage()
  page.setDefaultTimeout(8000)
  await page.goto(link)
  await page.getByLabel("Your character's name").fill(name)
  await page.getByRole('button', { name: 'Join' }).click()
  return page
}

describe('setting up a fight', () => {
  it('seats two players (one claims, one creates), keeps a hidden monster off their phones until revealed', {
    timeout: 60_000,
  }, async () => {
    const created = await fetch(`${baseUrl}/api/rooms`, {
      method: 'POST',
      body: JSON.stringify({ system: 'zones', name: 'Ford' }),
    })
    const { roomId, gmKey } = (await created.json()) as { roomId: string; gmKey: string }
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    gm.setDefaultTimeout(8000)
    await gm.goto(`${baseUrl}/r/${roomId}#gm=${gmKey}`)

    const addGroup = async (name: string, hp: string, options: { pc?: boolean; hidden?: boolean } = {}) => {
      await gm.getByLabel('Combatant name').fill(name)
      await gm.getByLabel('Hit points', { exact: true }).fill(hp)
      await gm.getByLabel('Side').selectOption(options.pc ? 'pc' : 'foe')
      await gm.getByLabel('Hidden from players').setChecked(options.hidden === true)
      await gm.getByRole('button', { name: 'Add', exact: true }).click()
    }
    await addGroup('Bandit x2', '8')
    await addGroup('Wyrm', '40', { hidden: true })
    await addGroup('Sybilla', '10', { pc: true })
    await gm.getByText('Bandit 2').waitFor()
    expect(await gm.getByTestId('hidden').textContent()).toContain('Wyrm')

    const link = `${baseUrl}/r/${roomId}`
    const mira = await join('Mira', link)
    await mira.getByRole('button', { name: 'Play Sybilla' }).click()
    await mira.getByRole('region', { name: 'Your character' }).getByText('Sybilla').waitFor()

    const tomas = await join('Tomas', link)
    await tomas.getByRole('button', { name: 'Create my character' }).waitFor()
    await tomas.getByLabel('Name', { exact: true }).fill('Theobald')
    await tomas.getByLabel('Armour', { exact: true }).fill('7')
    await tomas.getByRole('button', { name: 'Create my character' }).click()
    expect(await tomas.getByRole('alert').textContent()).toMatch(/can't be above 3/)
    expect(await tomas.getByLabel('Name', { exact: true }).inputValue()).toBe('Theobald') // nothing lost
    await tomas.getByLabel('Armour', { exact: true }).fill('2')
    await tomas.getByRole('button', { name: 'Create my character' }).click()
    await tomas.getByRole('region', { name: 'Your character' }).getByText('Theobald').waitFor()

    await expect.poll(() => gm.getByTestId('seats').textContent()).toMatch(/Mira.*Sybilla.*here/)
    await expect.poll(() => gm.getByTestId('seats').textContent()).toMatch(/Tomas.*Theobald.*here/)
    await snap(gm, 'gm-seats-tablet')
    await snap(tomas, 'player-created-phone')
    for (const phone of [mira, tomas]) expect(await phone.content()).not.toContain('Wyrm')

    await gm.getByRole('button', { name: 'Reveal Wyrm' }).click()
    await mira.getByText('Wyrm').waitFor({ timeout: 2000 })

    // The GM edits a monster mid-fight; an impossible value is refused with a reason.
    const bandit = gm.getByTestId('combatant').filter({ hasText: 'Bandit 1' })
    await bandit.getByRole('button', { name: 'Edit' }).click()
    await bandit.getByLabel('HP now').fill('99')
    await bandit.getByRole('button', { name: 'Save Bandit 1' }).click()
    expect(await bandit.getByRole('alert').textContent()).toMatch(/up to 8/)
    await bandit.getByLabel('Name').fill('Bandit captain')
    await bandit.getByLabel('HP now').fill('5')
    await bandit.getByRole('button', { name: 'Save Bandit 1' }).click()
    await mira.getByText('Bandit captain').waitFor({ timeout: 2000 })

    // The GM frees Tomas's seat: his phone says so and offers to join again.
    const seatRow = gm.getByTestId('seats').locator('li', { hasText: 'Tomas' })
    await seatRow.getByRole('button', { name: 'Free seat' }).click()
    await tomas.getByRole('heading', { name: 'Your seat was freed' }).waitFor({ timeout: 2000 })
  })
})
