import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, TABLET, useBrowser } from '../support/browser.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

async function setUp(system: string) {
  const created = await fetch(`${baseUrl}/api/rooms`, { method: 'POST', body: JSON.stringify({ system }) })
  const { roomId, gmKey } = (await created.json()) as { roomId: string; gmKey: string }
  const gm = await (await chromium.browser.newContext(TABLET)).newPage()
  gm.setDefaultTimeout(8000)
  await gm.goto(`${baseUrl}/r/${roomId}#gm=${gmKey}`)
  await gm.getByLabel('Combatant name').fill('Goblin x2')
  await gm.getByLabel('Hit points', { exact: true }).fill('5')
  await gm.getByRole('button', { name: 'Add', exact: true }).click()
  const phones: Page[] = []
  for (const name of ['Mira', 'Tomas']) {
    const phone = await (await chromium.browser.newContext(PHONE)).newPage()
    phone.setDefaultTimeout(8000)
    await joinWithCharacter(phone, `${baseUrl}/r/${roomId}`, name)
    phones.push(phone)
  }
  return { gm, phones }
}

describe('surprise at the start of a fight', () => {
  it('osr: the room rolls one d20 for the unaware party; every phone agrees with the log', {
    timeout: 60_000,
  }, async () => {
    const { gm, phones } = await setUp('osr')
    await gm.getByLabel('Surprise').selectOption({ label: 'The players may be caught unaware' })
    await gm.getByLabel('The other side lies in a prepared ambush (+3)').check()
    await gm.getByRole('button', { name: 'Start combat' }).click()
    const entry = gm.locator('.log li', { hasText: 'Surprise (one d20 for the party)' })
    await entry.waitFor()
    const detail = (await entry.textContent()) ?? ''
    // Neither default character is an elf: one d20 + 3 against DC 13 decides for both.
    const d20 = Number(/d20 (\d+) \+ prepared ambush 3/.exec(detail)?.[1])
    const surprised = d20 + 3 >= 13
    expect(detail).toContain(surprised ? 'Mira surprised (13+)' : 'Mira not surprised (13+)')
    for (const phone of phones) {
      await expect
        .poll(() => phone.getByTestId('turn-banner').textContent())
        .toContain(surprised ? 'You are surprised' : 'Roll initiative!')
      expect(await phone.getByRole('button', { name: 'Roll initiative' }).count()).toBe(surprised ? 0 : 1)
    }
    if (surprised) {
      // Only the goblins act in round 1.
      await gm.getByRole('button', { name: 'Roll for monsters' }).click()
      await expect.poll(() => gm.getByTestId('surprised').textContent()).toContain('Mira, Tomas')
      expect(await gm.getByTestId('turn-order').textContent()).not.toMatch(/Mira|Tomas/)
    }
  })

  it('zones: players lying in wait play a bonus round in which the foes cannot act', {
    timeout: 60_000,
  }, async () => {
    const { gm, phones } = await setUp('zones')
    await gm.getByLabel('Surprise').selectOption({ label: 'The monsters may be caught unaware' })
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await expect
      .poll(() => gm.getByTestId('turn-banner').textContent())
      .toContain('Ambush: bonus round for the concealed')
    // The foes have nobody concealed: the GM can only pass for them.
    expect(await gm.getByRole('button', { name: / acts$/ }).count()).toBe(0)
    const [mira] = phones as [Page]
    // Nobody taps a pass for them: where the foes held the initiative, they passed by themselves, and the
    // banner says why.
    await expect.poll(() => mira.getByTestId('turn-banner').textContent()).toContain('Your side’s move')
    const banner = (await gm.getByTestId('turn-banner').textContent()) ?? ''
    if (banner.includes('1 pass in a row'))
      expect(banner).toContain('The foes pass: only the concealed act in the ambush’s bonus round.')
    else expect(banner).not.toContain('The foes pass')
    // Still concealed, her attack is one from concealment: set for her, and said why; she may clear it.
    await mira.getByRole('button', { name: 'Act or move', exact: true }).click()
    const sheet = mira.getByRole('region', { name: 'Mira acts or moves' })
    const concealed = sheet.getByRole('checkbox', { name: /From concealment/ })
    expect(await concealed.isChecked()).toBe(true)
    expect(await sheet.locator('label.toggle', { hasText: 'From concealment' }).textContent()).toContain(
      'as the round stands',
    )
    await concealed.uncheck()
    expect(await concealed.isChecked()).toBe(false)
    await sheet.getByRole('button', { name: 'Cancel' }).click()
    await mira.getByRole('button', { name: 'I act now' }).click()
    // Her turn is under way: the tracker says what is left of it, then that she has acted once she ends it.
    await expect.poll(() => gm.getByTestId('turn-order').textContent()).toMatch(/Mira · acting: 2 zones/)
    await mira.getByRole('button', { name: 'End my turn' }).click()
    await expect.poll(() => gm.getByTestId('turn-order').textContent()).toMatch(/Mira · has acted/)
  })
})
