import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, quickRoll, TABLET, useBrowser } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const snap = chromium.snap

describe('a GM tablet and a player phone at one table', () => {
  it('shows the GM’s combatants on the phone within a second and the phone’s roll on the tablet', async () => {
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    const violations: string[] = []
    gm.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const home = await gm.goto(baseUrl)
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'")
    expect(home?.headers()['x-frame-options']).toBe('DENY')
    await snap(gm, 'home-tablet')
    await gm.getByLabel('Name').fill('Bridge ambush')
    await gm.getByText('Basic Roleplaying').click()
    await gm.getByRole('button', { name: 'Create encounter' }).click()
    await gm.waitForURL(/\/r\/[A-Za-z0-9_-]{22}#gm=/)
    await expect.poll(() => gm.getByTestId('connection').textContent()).toContain('Live')
    const playerLink = await gm.getByTestId('player-link').inputValue()
    expect(playerLink).not.toContain('gm=')

    const player = await (await chromium.browser.newContext(PHONE)).newPage()
    await joinWithCharacter(player, playerLink, 'Mira')
    await expect.poll(() => player.getByTestId('connection').textContent()).toContain('Live')

    await gm.getByLabel('Combatant name').fill('Goblin 1')
    await gm.getByLabel('Hit points', { exact: true }).fill('7')
    const added = Date.now()
    await gm.getByRole('button', { name: 'Add' }).click()
    await player.getByText('Goblin 1').waitFor({ timeout: 1000 })
    const seenAfter = Date.now() - added
    expect(seenAfter).toBeLessThan(1000)
    expect(await player.getByTestId('combatant').filter({ hasText: 'Goblin 1' }).textContent()).toContain(
      '7 / 7 HP',
    )

    // Basic Roleplaying rolls under percentages: the quick roll is the percentile dice.
    await quickRoll(player, 'd100')
    const entry = gm.getByTestId('log-entry').first()
    await entry.waitFor({ timeout: 2000 })
    const text = (await entry.textContent()) ?? ''
    expect(text).toMatch(/Mira rolled 1d100/)
    expect(text).toContain('server dice')
    const total = Number(await entry.locator('.log-total').textContent())
    expect(total).toBeGreaterThanOrEqual(1)
    expect(total).toBeLessThanOrEqual(100)
    // The phone shows the same entry, in its log and big on its result card.
    await player.getByTestId('log-entry').first().waitFor({ timeout: 1000 })
    expect(await player.getByTestId('result-card').textContent()).toContain(`Mira rolled 1d100: ${total}`)
    await snap(gm, 'gm-tablet')
    expect(violations).toEqual([])
    await snap(player, 'player-phone')

    // Reopening the link on the same phone returns to the seat, no second join.
    await player.reload()
    await player.getByRole('button', { name: 'Other dice…' }).waitFor()
    expect(await player.getByRole('heading', { level: 1 }).textContent()).toBe('Mira')
  })

  it('explains a link to a room that does not exist', async () => {
    const page = await (await chromium.browser.newContext(PHONE)).newPage()
    await page.goto(`${baseUrl}/r/AAAAAAAAAAAAAAAAAAAAAA`)
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toMatch(/no room with this id/)
  })
})
