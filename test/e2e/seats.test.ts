import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { joinWithCharacter, PHONE, quickRoll, TABLET, useBrowser } from '../support/browser.ts'
import { createTestRoom } from '../support/rooms.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()
const snap = chromium.snap

/** With SCREENSHOTS=dir, the page as a phone (360x640) and a tablet (1024x768) see it; then as it was. */
async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  const dir = process.env.SCREENSHOTS
  const before = page.viewportSize()
  if (!dir || !before) return
  for (const [size, viewport] of Object.entries({
    phone: { width: 360, height: 640 },
    tablet: { width: 1024, height: 768 },
  })) {
    await page.setViewportSize(viewport)
    await focus?.scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${dir}/${name}-${size}.png` })
  }
  await page.setViewportSize(before)
}

async function newPhone(): Promise<Page> {
  const page = await (await chromium.browser.newContext(PHONE)).newPage()
  page.setDefaultTimeout(8000)
  return page
}

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
    const { roomId, gmKey } = await createTestRoom(baseUrl, 'zones', 'Ford')
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
    await gm.getByRole('button', { name: 'Reveal to everyone' }).click()
    await mira.getByTestId('combatant').filter({ hasText: 'Wyrm' }).waitFor({ timeout: 2000 })
    await expect.poll(() => mira.getByTestId('log').textContent()).toContain('Wyrm steps out')

    // The GM edits a monster mid-fight; an impossible value is refused with a reason.
    const bandit = gm.getByTestId('combatant').filter({ hasText: 'Bandit 1' })
    await bandit.getByRole('button', { name: 'Edit' }).click()
    await bandit.getByLabel('HP now').fill('99')
    await bandit.getByRole('button', { name: 'Save Bandit 1' }).click()
    expect(await bandit.getByRole('alert').textContent()).toMatch(/up to 8/)
    await bandit.getByLabel('Name').fill('Bandit captain')
    await bandit.getByLabel('HP now').fill('5')
    await bandit.getByRole('button', { name: 'Save Bandit 1' }).click()
    await mira.getByTestId('combatant').filter({ hasText: 'Bandit captain' }).waitFor({ timeout: 2000 })

    // The GM frees Tomas's seat, once confirmed: his phone says so and offers to join again.
    const seatRow = gm.getByTestId('seats').locator('li', { hasText: 'Tomas' })
    await seatRow.getByRole('button', { name: 'Free seat of Tomas', exact: true }).click()
    await seatRow.getByRole('button', { name: 'Yes, free seat', exact: true }).click()
    await tomas.getByRole('heading', { name: 'Your seat was freed' }).waitFor({ timeout: 2000 })
  })

  it('moves a seat to another phone: a one-time link from the seat, a GM "Let back in" for a lost phone; the GM’s list names each seat and frees one only when confirmed (#19 item 7)', {
    timeout: 90_000,
  }, async () => {
    const { roomId, gmKey } = await createTestRoom(baseUrl, 'zones', 'Ford')
    const gm = await (await chromium.browser.newContext(TABLET)).newPage()
    gm.setDefaultTimeout(8000)
    await gm.goto(`${baseUrl}/r/${roomId}#gm=${gmKey}`)
    await gm.getByLabel('Combatant name').fill('Sybilla')
    await gm.getByLabel('Hit points', { exact: true }).fill('10')
    await gm.getByLabel('Side').selectOption('pc')
    await gm.getByRole('button', { name: 'Add', exact: true }).click()

    const link = `${baseUrl}/r/${roomId}`
    const mira = await join('Mira', link)
    await mira.getByRole('button', { name: 'Play Sybilla' }).click()
    await mira.getByRole('region', { name: 'Your character' }).getByText('Sybilla').waitFor()
    const tomas = await newPhone()
    await joinWithCharacter(tomas, link, 'Tomas')

    // (2) The GM's list names each seat: the player, and the character they play.
    const seats = gm.getByTestId('seats')
    await expect.poll(() => seats.textContent()).toMatch(/Mira — plays Sybilla · here/)
    await expect.poll(() => seats.textContent()).toMatch(/Tomas — plays Tomas · here/)
    expect(await seats.locator('li').count()).toBe(2)
    // "Free seat" asks first; "Keep seat" keeps it, and Tomas's phone never noticed.
    const tomasRow = seats.locator('li', { hasText: 'Tomas' })
    await tomasRow.getByRole('button', { name: 'Free seat of Tomas', exact: true }).click()
    const confirm = tomasRow.getByRole('group', { name: 'Free Tomas’s seat?' })
    expect(await confirm.textContent()).toMatch(
      /Tomas goes back to the characters anyone can play.*join screen/,
    )
    await shoot(gm, 'gm-seats-confirm', seats)
    await confirm.getByRole('button', { name: 'Keep seat', exact: true }).click()
    await confirm.waitFor({ state: 'detached' })
    await gm.waitForTimeout(300)
    expect(await seats.textContent()).toMatch(/Tomas — plays Tomas/)
    expect(await tomas.getByRole('heading', { name: 'Your seat was freed' }).count()).toBe(0)
    await shoot(gm, 'gm-seats', seats)

    // (1) From Mira's phone, "Use on another phone" shows a one-time link and code, never her seat's key.
    await mira.getByRole('button', { name: 'Use on another phone' }).click()
    const share = mira.getByRole('dialog', { name: 'Use on another phone' })
    const seatLink = await share.getByLabel('Seat link', { exact: true }).inputValue()
    const code = (await share.getByTestId('seat-code').textContent()) ?? ''
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    expect(seatLink).toBe(`${link}#seat=${code}`)
    const stored = await mira.evaluate((id) => localStorage.getItem(`fray:seat:${id}`), roomId)
    const miraSeat = JSON.parse(stored ?? '{}') as { seatId: string; seatKey: string }
    expect(seatLink).not.toContain(miraSeat.seatKey)
    await share.getByTestId('seat-qr').waitFor()
    await shoot(mira, 'player-seat-share')

    // Her second phone opens the link: the same seat and character, no new seat, the code off the URL.
    const second = await newPhone()
    await second.goto(seatLink)
    await second.getByRole('region', { name: 'Your character' }).getByText('Sybilla').waitFor()
    // The first phone's dialog says so, the code off its screen, and closes by itself.
    await share.getByText('✓ Your other phone is in.').waitFor()
    expect(await share.getByTestId('seat-code').count()).toBe(0)
    await share.waitFor({ state: 'hidden' })
    expect(await second.getByRole('heading', { level: 1 }).textContent()).toBe('Mira')
    expect(second.url()).toBe(link)
    const secondSeat = await second.evaluate((id) => localStorage.getItem(`fray:seat:${id}`), roomId)
    expect(JSON.parse(secondSeat ?? '{}')).toMatchObject({ seatId: miraSeat.seatId, name: 'Mira' })
    await quickRoll(second)
    await mira.getByTestId('log').getByText('Mira').first().waitFor()
    expect(await seats.locator('li').count()).toBe(2)
    // The link worked once: opened again, it makes no seat and says why.
    const third = await newPhone()
    await third.goto(seatLink)
    expect(await third.getByRole('alert').textContent()).toMatch(/works once/)
    await shoot(third, 'player-join-code')
    expect(await seats.locator('li').count()).toBe(2)

    // (3) Tomas's phone is lost: the GM lets him back in; he types the code on a borrowed phone.
    await tomasRow.getByRole('button', { name: 'Let back in Tomas', exact: true }).click()
    const letIn = gm.getByRole('dialog', { name: 'Let Tomas back in' })
    const gmCode = (await letIn.getByTestId('seat-code').textContent()) ?? ''
    expect(await letIn.textContent()).toMatch(/old phone is signed out/)
    await letIn.getByTestId('seat-qr').waitFor()
    await shoot(gm, 'gm-let-back-in')
    const borrowed = await newPhone()
    await borrowed.goto(link)
    await borrowed.getByLabel('Seat code').fill(gmCode.toLowerCase())
    await borrowed.getByRole('button', { name: 'Take my seat' }).click()
    await borrowed.getByRole('region', { name: 'Your character' }).getByText('Tomas').waitFor()
    // "Let Tomas back in" does not stay open, code and all, once the new phone took the seat.
    await letIn.getByText('✓ Tomas is back in on the new phone.').waitFor()
    expect(await letIn.getByTestId('seat-code').count()).toBe(0)
    await letIn.waitFor({ state: 'hidden' })
    await tomas
      .getByRole('region', { name: 'Signed out' })
      .getByText(/signed out/)
      .waitFor()
    expect(await seats.locator('li').count()).toBe(2)

    // Freed once confirmed: the borrowed phone is sent back to the join screen.
    await tomasRow.getByRole('button', { name: 'Free seat of Tomas', exact: true }).click()
    await tomasRow.getByRole('button', { name: 'Yes, free seat', exact: true }).click()
    await borrowed.getByRole('heading', { name: 'Your seat was freed' }).waitFor({ timeout: 2000 })

    // A phone typing a name already seated is asked "is this you?", not given a blank second seat.
    const lost = await join('mira', link)
    expect(await lost.getByRole('alert').textContent()).toMatch(/Mira already has a seat.*Let back in/)
    expect(await seats.locator('li').count()).toBe(1)
    await shoot(lost, 'player-join-name-taken')
    await lost.getByRole('button', { name: 'I am not Mira: join as another mira' }).click()
    await lost.getByRole('heading', { name: 'mira', exact: true }).waitFor()
    await expect.poll(() => seats.locator('li').count()).toBe(2)
  })
})
