/**
 * spelljammer at the table on a phone (issue #26): the rules the table now carries, triggered by players.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { openUrl, PHONE, useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  attackSheet,
  openGmTablet,
  playUntil,
  seatPhone,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/**
 * Once the attacker's phone shows the outcome on the goblin. A stance is declared at the round's start, so
 * no prompt should come; one that does is answered with no special defense.
 */
async function noStanceFor(gm: Page, attacker: Page, outcome = /Goblin/) {
  const prompt = gm.getByRole('alertdialog', { name: /attacks Goblin$/ })
  const card = attacker.getByTestId('result-card')
  await expect
    .poll(
      async () => {
        if ((await prompt.count()) > 0)
          await prompt
            .getByRole('button', { name: /^No special defense/ })
            .click({ timeout: 2000 })
            .catch(() => undefined)
        return (await card.count()) > 0 && outcome.test((await card.textContent()) ?? '')
      },
      { timeout: 30_000 },
    )
    .toBe(true)
}

/**
 * Mira and Tomas against a goblin, the round running until one of them may attack: that one first, with
 * the goblin still unattacked this round, the other second.
 */
async function twoOnTheGoblin(goblinMoves?: string, goblinDefense?: string) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'spelljammer')
  await addCombatant(gm, 'Goblin', '60')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  const tomas = await seatPhone(chromium.browser, room.playerUrl, 'Tomas')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  // The GM declares the goblin's movement (and defense) on the tablet, before its dice.
  if (goblinMoves || goblinDefense) {
    const foe = gm.locator('details.foe-intent', { hasText: 'Goblin' })
    await foe.locator('summary').click()
    if (goblinMoves) await foe.getByLabel('Movement', { exact: true }).selectOption({ label: goblinMoves })
    if (goblinDefense) {
      // Desperate Defense: "the character can take no other actions during the round".
      await foe
        .locator('label.field', { hasText: /^Action/ })
        .locator('select')
        .selectOption({ label: 'Something else: cast a spell, defend, move (no attack)' })
      await foe.getByLabel('Defense', { exact: true }).selectOption({ label: goblinDefense })
      await chromium.snap(gm, 'spelljammer-declared-defense-tablet')
    }
    await foe.getByRole('button', { name: 'Declare for Goblin' }).click()
    await expect.poll(() => foe.locator('summary').textContent()).toContain('intent stated')
  }
  const phones = [mira, tomas]
  const attackerNow = async () => {
    for (const phone of phones) if (await visible(phone, 'Attack')) return phone
    return null
  }
  await playUntil(gm, phones, async () => (await attackerNow()) !== null)
  const first = (await attackerNow()) as Page
  const second = first === mira ? tomas : mira
  const name = (page: Page) => (page === mira ? 'Mira' : 'Tomas')
  return { gm, phones, first, second, firstName: name(first), secondName: name(second) }
}

/** Mira against a goblin, the fight just started (the round asks for declarations and dice). */
async function miraAgainstTheGoblin() {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'spelljammer')
  await addCombatant(gm, 'Goblin', '60')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  await gm.getByRole('button', { name: 'Start combat' }).click()
  return { gm, mira }
}

/**
 * Mira declares her round on the form (`choose`), its preview saying `movement`, and the round is played
 * until she may act.
 */
async function miraDeclares(choose: (form: Locator) => Promise<unknown>, movement: string) {
  const { gm, mira } = await miraAgainstTheGoblin()
  const form = mira.getByRole('form', { name: 'Action Declaration' })
  await choose(form)
  await expect.poll(() => form.getByTestId('intent-preview').textContent()).toContain(movement)
  await form.getByRole('button', { name: 'Declare my action' }).click()
  await expect.poll(() => form.getByRole('button', { name: 'Declare my action again' }).count()).toBe(1)
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  return { gm, mira }
}

/** Mira against a goblin, the round played until she may attack. */
async function miraOnHerTurn() {
  const { gm, mira } = await miraAgainstTheGoblin()
  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  return { gm, mira }
}

/** A player joins and fills in their own sheet (`fill`) before creating the character. */
async function joinWithSheet(playerUrl: string, name: string, fill: (page: Page) => Promise<void>) {
  const page = await (await chromium.browser.newContext(PHONE)).newPage()
  page.setDefaultTimeout(15_000)
  await openUrl(page, playerUrl)
  await page.getByLabel("Your character's name").fill(name)
  await page.getByRole('button', { name: 'Join' }).click()
  await fill(page)
  await page.getByRole('button', { name: 'Create my character' }).click()
  await page.getByRole('region', { name: 'Your character' }).getByText(name).waitFor()
  return page
}

/** A goblin on the GM's tablet, and a player who fills in their own sheet (`fill`) to face it. */
async function againstTheGoblin(name: string, fill: (page: Page) => Promise<void>) {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'spelljammer')
  await addCombatant(gm, 'Goblin', '60')
  return { gm, page: await joinWithSheet(room.playerUrl, name, fill) }
}

describe('spelljammer at the table', () => {
  it('Multiple Attackers: the second on the goblin finds “one other attacker” set as the round stands, +10 SC in the odds and the outcome', {
    timeout: 150_000,
  }, async () => {
    const { gm, phones, first, second, firstName, secondName } = await twoOnTheGoblin()

    // The first on the goblin: nobody else has attacked it this round, so nothing is set.
    const sheet1 = await attackSheet(first, firstName)
    await sheet1.getByRole('radio', { name: /Goblin/ }).check()
    await expect.poll(() => sheet1.getByTestId('odds').textContent()).toMatch(/^80%/)
    // A plain hit for 1 (their own d100 50): a critical's doubled damage could stun the goblin, and a
    // stunned target gives the second attacker +10 SC more than the test counts.
    await typeOwnDice(sheet1, (_, sides) => (sides === 100 ? 50 : 1))
    await sheet1.getByRole('button', { name: 'Send my dice' }).click()
    await noStanceFor(gm, first)

    await playUntil(gm, phones, () => visible(second, 'Attack'), {
      keep: { phone: second, name: secondName },
    })
    const sheet2 = await attackSheet(second, secondName)
    await sheet2.getByRole('radio', { name: /Goblin/ }).check()
    // SC 100 + 10 - DEF 20: 90 or less. Shown at once, marked as the round stands.
    const others = sheet2.getByRole('checkbox', { name: /One other attacker on the target this round/ })
    await expect.poll(() => others.isChecked()).toBe(true)
    await expect
      .poll(() => sheet2.locator('label.toggle', { hasText: 'One other attacker' }).textContent())
      .toContain('as the round stands')
    await expect.poll(() => sheet2.getByTestId('odds').textContent()).toMatch(/^90%.*Hits on 90 or less/)
    await chromium.snap(second, 'spelljammer-multiple-attackers')
    // One tap takes it off (the other left, say) and the odds follow.
    await others.uncheck()
    await expect.poll(() => sheet2.getByTestId('odds').textContent()).toMatch(/^80%/)
    await others.check()
    await sheet2.getByRole('button', { name: 'Roll the attack' }).click()
    const card = second.getByTestId('result-card')
    await expect
      .poll(() => card.textContent())
      .toMatch(/Multiple attackers: 1 more on the target 10 · Melee Modifiers: Multiple Attackers/)
  })

  it('casting: a mage begins a spell on her place in the round, its segment joins the order, and there it goes off', {
    timeout: 150_000,
  }, async () => {
    // The sheet's default spell: Bolt of Energy, a mage's rank 1 GK spell, casting time 6.
    const { gm, page: vela } = await againstTheGoblin('Vela', (page) =>
      page.getByRole('button', { name: 'Add to spells' }).click(),
    )
    await gm.getByRole('button', { name: 'Start combat' }).click()
    const keep = { phone: vela, name: 'Vela' }
    await playUntil(gm, [vela], () => visible(vela, 'Attack'), { keep })

    const sheet = await attackSheet(vela, 'Vela', 'Cast Bolt of Energy (casting time 6)')
    expect(await sheet.locator('.targets').isHidden()).toBe(true)
    const odds = sheet.getByTestId('odds')
    await expect
      .poll(() => odds.textContent())
      .toMatch(/Vela begins casting Bolt of Energy on segment (-?\d+)/)
    const [, start] = /on segment (-?\d+)/.exec((await odds.textContent()) ?? '') ?? []
    const goesOff = Number(start) - 6
    expect(await odds.textContent()).toContain(`it goes off on segment ${goesOff}`)
    await chromium.snap(vela, 'spelljammer-casting')
    await sheet.getByRole('button', { name: 'Begin casting Bolt of Energy' }).click()
    await expect
      .poll(() => vela.getByTestId('result-card').textContent())
      .toContain('Vela begins casting Bolt of Energy')
    // Every device sees the spell's own place in the round, and her chip.
    const order = gm.getByTestId('turn-order')
    await expect
      .poll(() => order.textContent())
      .toContain(`Segment ${goesOff} · Vela’s Bolt of Energy goes off`)
    const chips = gm.getByTestId('combatant').filter({ hasText: 'Vela' }).locator('.chip')
    await expect
      .poll(() => chips.allTextContents())
      .toContain(`Casting Bolt of Energy (goes off on ${goesOff})`)

    await playUntil(gm, [vela], () => visible(vela, 'Attack'), { keep })
    await attackSheet(vela, 'Vela')
    await sheet.getByRole('radio', { name: /Goblin/ }).check()
    await sheet.getByRole('button', { name: 'Bolt of Energy goes off' }).click()
    await expect
      .poll(() => vela.getByTestId('result-card').textContent())
      .toContain(
        `Vela’s Bolt of Energy goes off on Goblin (segment ${goesOff}): the GM applies what the spell does.`,
      )
    await expect
      .poll(() => chips.allTextContents())
      .not.toContain(`Casting Bolt of Energy (goes off on ${goesOff})`)
  })

  it('withdrawing: the sheet shows the goblin’s free attack odds, and the room rolls it as she goes', {
    timeout: 150_000,
  }, async () => {
    const { mira } = await miraOnHerTurn()
    const sheet = await attackSheet(mira, 'Mira', 'Withdraw from melee')
    await sheet.getByRole('radio', { name: /Goblin/ }).check()
    // The goblin's Longsword SC 100 against her DEF 20 (no shield to lose): 80 of the 100 faces.
    const odds = sheet.getByTestId('odds')
    await expect
      .poll(() => odds.textContent())
      .toMatch(/^80%Goblin gets a free attack as you go: it hits you 80%/)
    // One tap for the text's exceptions: two on one is the GM's call.
    await sheet.getByRole('checkbox', { name: /Two on one: they attack only my ally/ }).check()
    await expect.poll(() => odds.textContent()).toMatch(/The GM decides whether Goblin gets a free attack/)
    await chromium.snap(mira, 'spelljammer-withdraw')
    await sheet.getByRole('checkbox', { name: /Two on one: they attack only my ally/ }).uncheck()
    await sheet.getByRole('button', { name: 'Withdraw from melee' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(
        /Mira withdraws from melee with Goblin, who gets a free attack: Goblin (hits|misses|critically|lands a grievous hit on)/,
      )
  })

  it('picking up a dropped weapon: the DEX roll’s odds first, then every device sees her -15 DEF', {
    timeout: 150_000,
  }, async () => {
    const { gm, mira } = await miraOnHerTurn()
    const sheet = await attackSheet(mira, 'Mira', 'Pick up a dropped weapon')
    expect(await sheet.locator('.targets').isHidden()).toBe(true)
    // DEX 12: 4x is 48 or less on the d100.
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(/^48%Mira gets the weapon back on 4x DEX \(48 or less\); 1x DEX \(12 or less, 12%\)/)
    await chromium.snap(mira, 'spelljammer-pick-up')
    await sheet.getByRole('button', { name: 'Roll DEX to pick it up' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira (picks up|fails to pick up) the weapon/)
    const chips = gm.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.chip')
    await expect
      .poll(async () => (await chips.allTextContents()).join(' '))
      .toContain('Picking up a weapon (-15 DEF')
  })

  it('shooting into a melee: one tap for the mix, the chance it goes at a friend in the odds, the d100 first', {
    timeout: 150_000,
  }, async () => {
    const { gm, page: ari } = await againstTheGoblin('Ari', async (page) => {
      const weapons = page.getByRole('group', { name: 'Weapons' })
      await weapons.getByLabel('Weapon', { exact: true }).fill('Shortbow')
      await weapons.getByLabel('Kind').selectOption({ label: 'Short or long bow' })
    })
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await playUntil(gm, [ari], () => visible(ari, 'Attack'), { keep: { phone: ari, name: 'Ari' } })
    const sheet = await attackSheet(ari, 'Ari', 'Shortbow: shoot (SC 100, 1d8)')
    await sheet.getByRole('radio', { name: /Goblin/ }).check()
    const more = sheet.locator('.more-button')
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click()
    await sheet.getByRole('checkbox', { name: /Into melee: 1 friend, 1 foe/ }).check()
    // SC 100 - DEF 20: 80 to hit; d100 + rank 1 <= 30 goes at the friend: 29 of 100. 0.8 x 0.71 = 56.8%.
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(/^56\.8%Into the melee, the shot goes at a friend 29% of the time, so it hits Goblin 56\.8%/)
    await chromium.snap(ari, 'spelljammer-into-melee')
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    await noStanceFor(gm, ari)
    await expect
      .poll(() => ari.getByTestId('result-card').textContent())
      .toMatch(
        /Ari (shoots into the melee at Goblin|hits Goblin|misses Goblin|critically hits Goblin|lands a grievous hit on Goblin)/,
      )
    expect(await ari.getByTestId('result-card').textContent()).toMatch(/Into melee: d100/)
  })

  it('a free action: taken from the attack sheet, it leaves her attack on the same segment', {
    timeout: 150_000,
  }, async () => {
    const { gm, mira } = await miraOnHerTurn()
    const sheet = await attackSheet(mira, 'Mira', 'A free action (one a round)')
    await expect.poll(() => sheet.getByTestId('odds').textContent()).toContain('One free action a round')
    await sheet.getByRole('button', { name: 'Take my free action' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toContain('Mira takes a free action, the one of the round (it costs no attack)')
    // The same turn still has its attack.
    const again = await attackSheet(mira, 'Mira')
    await again.getByRole('radio', { name: /Goblin/ }).check()
    await again.getByRole('button', { name: 'Roll the attack' }).click()
    await noStanceFor(gm, mira)
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira (hits|misses|critically hits|lands a grievous hit on) Goblin/)
  })

  it.each([
    ['moving as usual', undefined, ''],
    [
      'having declared no movement on the tablet',
      'No movement',
      '; having declared no movement, Goblin loses all remaining actions this round and must make a 2x DEX roll to avoid falling down (a spell being cast is interrupted)',
    ],
  ])(
    'the forced move: the goblin, %s, declares Desperate Defense at the round’s start, and the next player forces it 10 ft in one tap',
    {
      timeout: 150_000,
    },
    async (_, goblinMoves, after) => {
      const { gm, phones, first, second, firstName, secondName } = await twoOnTheGoblin(
        goblinMoves,
        'Desperate Defense',
      )
      const sheet1 = await attackSheet(first, firstName)
      await sheet1.getByRole('radio', { name: /Goblin/ }).check()
      await sheet1.getByRole('button', { name: 'Roll the attack' }).click()
      // "Desperate Defense must be declared at the beginning of the round": the attack asks nothing.
      await expect
        .poll(() => first.getByTestId('result-card').textContent())
        .toContain(`${firstName} may force Goblin to move up to 10 ft.`)
      expect(await gm.getByRole('alertdialog', { name: /attacks Goblin$/ }).count()).toBe(0)

      await playUntil(gm, phones, () => visible(second, 'Attack'), {
        keep: { phone: second, name: secondName },
      })
      const sheet2 = await attackSheet(second, secondName)
      await sheet2.getByRole('radio', { name: /Goblin/ }).check()
      await sheet2.getByRole('checkbox', { name: /Force them to move up to 10 ft/ }).check()
      await sheet2.getByRole('button', { name: 'Roll the attack' }).click()
      await expect
        .poll(() => second.getByTestId('result-card').textContent())
        .toContain(`${secondName} forces Goblin to move up to 10 ft (the GM says where it leads)${after}.`)
    },
  )

  it('the Action Declaration: before her dice, Mira declares no movement, with its +3 and the chance each attack happens; her roll takes it', {
    timeout: 150_000,
  }, async () => {
    const { mira } = await miraAgainstTheGoblin()
    const form = mira.getByRole('form', { name: 'Action Declaration' })
    await form.getByLabel('Movement', { exact: true }).selectOption({ label: 'No movement' })
    // Her sheet's one attack, IM 0: a d10 + 3 always lands by segment 13, so it always happens.
    await expect
      .poll(() => form.getByTestId('intent-preview').textContent())
      .toBe(
        '1 attack: d10 +3 (100% it happens). Movement: none, not even the 5 foot free move. -20 DEF and -20 Luck.',
      )
    await expect.poll(() => form.textContent()).toContain('+3 initiative; -20 DEF and -20 Luck')
    await form.getByRole('button', { name: 'Declare my action' }).click()
    await expect.poll(() => form.getByRole('button', { name: 'Declare my action again' }).count()).toBe(1)
    await mira.getByRole('button', { name: 'Roll initiative' }).click()
    // Rolled, the declaration stands: the form goes, and the roll carries its +3.
    await expect.poll(() => form.count()).toBe(0)
    await expect.poll(() => mira.getByTestId('log').textContent()).toMatch(/No movement declared \+3/)
  })

  it('the round’s odds: a slow fighter sees, as she declares drawing a weapon, the chance each of her attacks happens', {
    timeout: 150_000,
  }, async () => {
    const { gm, page: slow } = await againstTheGoblin('Slow', async (page) => {
      await page.getByLabel('Initiative modifier (IM)').fill('-8')
      await page.getByLabel('Attacks per round').fill('2')
    })
    await gm.getByRole('button', { name: 'Start combat' }).click()
    const form = slow.getByRole('form', { name: 'Action Declaration' })
    const preview = form.getByTestId('intent-preview')
    // IM -8: the d10 is lost on 1 or 2 (80%); the d8 on 1 or 2, or on 3 after a d10 of 3 (73.75%).
    await expect.poll(() => preview.textContent()).toMatch(/^2 attacks: d10 -8 \(80% it happens\), d8 -8 /)
    await form.getByLabel('Weapons', { exact: true }).selectOption({ label: 'Draw a weapon' })
    // -5 more: the d10 happens on 8 to 10 (30%), the d8 only on 8, and not after a d10 of 8 (9/80).
    await expect
      .poll(() => preview.textContent())
      .toMatch(/^2 attacks: d10 -13 \(30% it happens\), d8 -13 \(11\.3% it happens\)\./)
  })

  it('movement on the segment timeline: Mira declares no attack, and her place in the round says how far she has moved by then', {
    timeout: 150_000,
  }, async () => {
    const { mira } = await miraDeclares(
      (form) =>
        form
          .getByLabel('Action')
          .selectOption({ label: 'Something else: cast a spell, defend, move (no attack)' }),
      'Movement: combat movement.',
    )
    // Her d10 + 0 falls on 1 to 10, always during movement: 10% of her TMR 40 a segment, from 10.
    const banner = mira.getByTestId('turn-banner')
    await expect
      .poll(() => banner.textContent())
      .toMatch(/Segment \d+ · during movement · Mira has moved \d+ of 40 ft/)
    const [, segment, feet] = /Segment (\d+) · during movement · Mira has moved (\d+) of 40 ft/.exec(
      (await banner.textContent()) ?? '',
    ) ?? ['', '0', '0']
    expect(Number(feet)).toBe((40 * (10 - Number(segment) + 1)) / 10)
  })

  it('attack and move: Mira declares it, and after her last attack the room says from which segment she moves (a DEX roll on 2 to 10)', {
    timeout: 150_000,
  }, async () => {
    const { gm, mira } = await miraDeclares(
      (form) => form.getByLabel('Movement', { exact: true }).selectOption({ label: 'Attack and move' }),
      'Movement: half TMR after the last attack, by when it falls.',
    )
    // Her one attack is her last: a d10 + 0 puts it on 1 to 10.
    const sheet = await attackSheet(mira, 'Mira')
    await sheet.getByRole('radio', { name: /Goblin/ }).check()
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    await noStanceFor(gm, mira, /Attack and move \(last attack on/)
    const card = (await mira.getByTestId('result-card').textContent()) ?? ''
    const [, on] = /Attack and move \(last attack on (-?\d+)/.exec(card) ?? ['', '0']
    const segment = Number(on)
    // On 2 to 10 a DEX roll (DEX 12) sets the delay; on 1 no movement follows, and nothing is rolled.
    if (segment >= 2) expect(card).toMatch(/DEX roll \d+ vs DEX 12\): \dx DEX roll/)
    else expect(card).toContain('no movement occurs after segment 1: cannot move this round')
    const chips = gm.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.chip')
    await expect
      .poll(async () => (await chips.allTextContents()).join(' '))
      .toMatch(/Moves from segment \d+ \(attack and move\)|Cannot move this round \(attack and move\)/)
  })

  it('a stance at the round’s start: Mira declares Full Defense, and the goblin’s attack takes it with no prompt on her phone', {
    timeout: 150_000,
  }, async () => {
    // "This decision must be made at the beginning of the round." (Defending, Full and Desperate Defense)
    const { gm, mira } = await miraAgainstTheGoblin()
    const form = mira.getByRole('form', { name: 'Action Declaration' })
    await form
      .locator('label.field', { hasText: /^Action/ })
      .locator('select')
      .selectOption({ label: 'Something else: cast a spell, defend, move (no attack)' })
    await form.getByLabel('Defense', { exact: true }).selectOption({ label: 'Full Defense' })
    await form.getByRole('button', { name: 'Declare my action' }).click()
    await expect.poll(() => form.getByRole('button', { name: 'Declare my action again' }).count()).toBe(1)
    await playUntil(gm, [mira], () => visible(gm, 'Goblin attacks'), { activate: 'Goblin' })
    await gm.getByRole('button', { name: 'Goblin attacks' }).click()
    const composer = gm.getByRole('region', { name: 'Goblin attacks' })
    await composer.getByRole('radio', { name: /Mira/ }).check()
    await composer.getByRole('button', { name: 'Roll the attack' }).click()
    const entry = gm
      .getByTestId('log')
      .locator('li', { hasText: /^⚔Goblin/ })
      .first()
    await entry.waitFor()
    await entry.getByText('How it adds up').click()
    await expect.poll(() => entry.textContent()).toMatch(/Full Defense/)
    expect(await mira.getByRole('alertdialog', { name: 'Goblin attacks you!' }).count()).toBe(0)
  })
})
