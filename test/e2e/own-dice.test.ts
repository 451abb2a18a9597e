import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, openDice, PHONE, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** A new osr room: the GM's tablet, set to approve the players' own dice, and Tomas seated on his phone. */
async function approvingTable() {
  const { roomId, gmKey } = await createTestRoom(baseUrl, 'osr')
  const gm = await (await chromium.browser.newContext(TABLET)).newPage()
  await gm.goto(`${baseUrl}/r/${roomId}#gm=${gmKey}`)
  await gm.getByLabel('Players’ own dice need my approval').check()
  const phone = await (await chromium.browser.newContext(PHONE)).newPage()
  await joinWithCharacter(phone, `${baseUrl}/r/${roomId}`, 'Tomas')
  return { gm, phone }
}

describe('a player who rolls their own dice', () => {
  it('types the face in, and the GM who wants to approve sees it pending and approves it', async () => {
    const { gm, phone } = await approvingTable()
    await openDice(phone)
    await phone.getByRole('button', { name: 'I rolled my own dice' }).click()
    await phone.getByLabel('Your d20 shows').fill('23')
    await phone.getByRole('button', { name: 'Send my roll' }).click()
    expect(await phone.getByRole('alert').textContent()).toContain('A d20 shows 1 to 20, not 23.')
    expect(await phone.getByLabel('Your d20 shows').inputValue()).toBe('23') // nothing typed is lost
    await phone.getByLabel('Your d20 shows').fill('17')
    await phone.getByRole('button', { name: 'Send my roll' }).click()

    const entry = gm.getByTestId('log-entry').first()
    await entry.waitFor({ timeout: 3000 })
    expect(await entry.textContent()).toMatch(/Tomas rolled 1d20.*own dice · waiting for the GM/)
    await gm.getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(() => phone.getByTestId('log-entry').first().textContent(), { timeout: 3000 })
      .toMatch(/17.*own dice · approved by the GM/)
  })

  it('types initiative in, and it waits for the GM’s approval before it takes its place in the round', {
    timeout: 60_000,
  }, async () => {
    const { gm, phone } = await approvingTable()
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await phone.getByRole('button', { name: 'I rolled my own dice' }).click()
    await phone.getByLabel('Your d6 shows').fill('5')
    await phone.getByRole('button', { name: 'Send my roll' }).click()

    // Held: the phone says so and offers no second roll; the GM still waits for Tomas's initiative.
    await phone.getByText('Your initiative roll waits for the GM’s approval.').waitFor()
    expect(await phone.getByRole('button', { name: 'Roll initiative' }).count()).toBe(0)
    expect(await gm.getByText('Waiting for initiative from Tomas.').count()).toBe(1)
    await gm.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => gm.getByText('Waiting for initiative from Tomas.').count()).toBe(0)
    expect(await phone.getByText('Your initiative roll waits for the GM’s approval.').count()).toBe(0)
  })
})
