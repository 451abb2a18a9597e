/**
 * osr's declared actions at the table, from a player's phone (#24): each one the player triggers, and
 * what every device then shows.
 */
import type { Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { useBrowser } from '../support/browser.ts'
import {
  addCombatant,
  type FormWeapon,
  joinWithSheet,
  openGmTablet,
  playUntil,
  startWithOwnInitiative,
  typeOwnDice,
  visible,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Mira joins with the default sheet but for these fields, typed (or ticked, `true`) on the form. */
const miraWith = (playerUrl: string, fields: Record<string, string | true>, weapons: FormWeapon[] = []) =>
  joinWithSheet(chromium.browser, playerUrl, 'Mira', fields, weapons)

/** The systems whose `resolve` chunk (`osr-resolve-….js`) the page has fetched. */
const resolveLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => /\/assets\/([a-z0-9]+)-resolve-/.exec(new URL(e.name).pathname)?.[1])
      .filter((system) => system !== undefined),
  )

/** The fight starts with Mira first: DEX +3 and her own d6 showing 6 make 9, above any Goblin's 1d6. */
async function miraActsFirst(gm: Page, mira: Page): Promise<void> {
  await startWithOwnInitiative(gm, mira, '6')
  await expect.poll(() => visible(mira, 'Attack')).toBe(true)
}

/** A table with a Goblin, and Mira (these sheet fields, DEX +3) acting first in round 1. */
async function miraFirstAt(fields: Record<string, string | true> = {}): Promise<{ gm: Page; mira: Page }> {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '6')
  const mira = await miraWith(room.playerUrl, { 'DEX bonus': '3', ...fields })
  await miraActsFirst(gm, mira)
  return { gm, mira }
}

/** Opens the attack sheet and chooses a way to act by the start of its label. */
async function choose(mira: Page, label: string) {
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const sheet = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = sheet.locator('label.field', { hasText: /^With/ }).locator('select')
  const option = async () =>
    (await withField.locator('option').allTextContents()).find((o) => o.startsWith(label))
  await expect.poll(option).toBeTruthy()
  await withField.selectOption({ label: (await option()) ?? label })
  return sheet
}

it('osr: Mira holds her action from the phone and acts on the Goblin’s number, with it (17.0.1.6)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira } = await miraFirstAt()

  const sheet = await choose(mira, 'Hold action')
  // The one waited for is the target; the odds line says what holding does.
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toContain('Mira waits for Goblin and acts on their number, at the same time')
  await chromium.snap(mira, 'osr-hold-sheet')
  await sheet.getByRole('button', { name: 'Wait for them' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toContain('Mira waits for Goblin and acts on their number, at the same time.')
  // The Goblin's number has come: both act now, and Mira still has her attack.
  await expect.poll(() => gm.getByTestId('turn-banner').textContent()).toMatch(/Goblin/)
  await expect.poll(() => visible(mira, 'Attack')).toBe(true)
  await chromium.snap(mira, 'osr-hold-acting')
})

it('osr: the Goblin strikes Mira before her number; her spell, cast from the phone, needs a save and a 12 loses it (17.0.13)', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '6')
  const mira = await miraWith(room.playerUrl, { 'Casts spells': true, 'DEX bonus': '-3', 'Hit points': '40' })
  // The Goblin first: Mira's own 1 - 3 is below any d6.
  await startWithOwnInitiative(gm, mira, '1')
  await gm.getByRole('button', { name: 'Goblin attacks' }).click()
  const composer = gm.getByRole('region', { name: 'Goblin attacks' })
  await composer.getByRole('radio', { name: /Mira/ }).check()
  await composer.getByRole('button', { name: 'Roll the attack' }).click()
  const chips = mira.getByRole('region', { name: 'Your character' }).locator('.chip')
  await expect.poll(() => chips.allTextContents()).toContain('Attacked before casting')

  await gm.getByRole('button', { name: 'Next turn' }).click()
  await expect.poll(() => visible(mira, 'Attack')).toBe(true)
  const sheet = await choose(mira, 'Cast a spell')
  // The odds of keeping the spell: a save vs Spells of 16 on a d20, 5 faces in 20.
  await expect.poll(() => sheet.getByTestId('odds').textContent()).toContain('25%')
  // Her movement of 30 ft, split around the spell: "move and then cast the spell, or cast the spell and
  // then move" (17.0.1.3).
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toContain('move up to 30 ft too, split before and after the spell')
  await chromium.snap(mira, 'osr-cast-sheet')
  // Her phone loads osr's resolving of an attack only now, to ask for her own dice (#29). Her Wi-Fi is
  // down at first: the phone says so, and loads it on Try again once it is back.
  expect(await resolveLoaded(mira)).toEqual([])
  const resolveChunk = /\/assets\/osr-resolve-[^/]*\.js$/
  await mira.context().route(resolveChunk, (route) => route.abort('internetdisconnected'))
  await sheet.getByRole('checkbox', { name: 'I roll my own dice' }).check()
  await expect
    .poll(() => sheet.getByRole('alert').textContent())
    .toContain('Your own dice need the connection once')
  await mira.context().unroute(resolveChunk)
  await sheet.getByRole('button', { name: 'Try again' }).click()
  await sheet.locator('.own-dice input').first().fill('12')
  const loaded = await resolveLoaded(mira)
  expect(loaded).toContain('osr')
  expect(loaded.every((system) => system === 'osr')).toBe(true)
  await expect.poll(() => sheet.locator('.own-dice').textContent()).toContain('With these dice: ')
  await chromium.snap(mira, 'osr-cast-own-dice')
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toContain(
      'Mira casts a spell, attacked before their number: save 12 against 16: the spell is disrupted and lost.',
    )
  await expect.poll(() => chips.allTextContents()).not.toContain('Attacked before casting')
  await chromium.snap(mira, 'osr-cast-lost')
})

it('osr: Mira (CON 1) runs away from the phone: the sheet counts the rounds left before fatigue, 3 x CON, and the GM taps the Goblin beside her for its parting shot (17.0.1.7, 17.0.2)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira } = await miraFirstAt({ Constitution: '1' })
  const sheet = await choose(mira, 'Run away')
  const odds = () => sheet.getByTestId('odds').textContent()
  await expect.poll(odds).toContain('2 of 3 rounds of running left (3 x CON)')
  await expect
    .poll(odds)
    .toContain('turning your back, each opponent within 5 ft with a ready weapon gets a parting shot at +2')
  await chromium.snap(mira, 'osr-run-sheet')
  await sheet.getByRole('button', { name: 'Run away this round' }).click()
  await expect
    .poll(() => mira.getByTestId('log').textContent())
    .toContain(
      'Mira runs away this round: double movement, no attack; 2 of 3 rounds of running left (3 x CON); the GM says who is within 5 ft of them for a parting shot.',
    )
  const chips = gm.getByTestId('combatant').filter({ hasText: 'Mira' }).locator('.chip')
  await expect.poll(() => chips.allTextContents()).toContain('Running')
  await goblinTakesItsPartingShot(gm, mira, 'Mira turns their back and runs', 'osr-parting')
})

/**
 * Mira has turned her back (17.0.2): her phone says the GM decides, the GM's tablet asks who is beside her,
 * each with the odds of its parting shot (the Goblin's Sword, d20 + 1 + 2 against her AC 11, hits on 8 to
 * 20: 65%), the GM taps the Goblin and the room rolls its shot.
 */
async function goblinTakesItsPartingShot(gm: Page, mira: Page, question: string, snap: string) {
  const waiting = mira.getByTestId('waiting-card')
  await expect.poll(() => waiting.textContent()).toContain('The GM decides')
  await expect.poll(() => waiting.textContent()).toContain(question)
  const ask = gm.getByRole('alertdialog').filter({ hasText: 'The GM decides' })
  await expect.poll(() => ask.textContent()).toContain(question)
  const goblin = ask.locator('button.defense-option', { hasText: 'Goblin' })
  await expect.poll(() => goblin.textContent()).toContain('65%')
  await goblin.click()
  await chromium.snap(gm, `${snap}-prompt`)
  await ask.getByRole('button', { name: /Roll the parting shots/ }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toMatch(/Parting shots at Mira: Goblin (hits|misses) Mira with the Sword/)
  await chromium.snap(mira, `${snap}-result`)
}

it('osr: Mira moves away from the Goblin from the phone, a plain walk: it gets its parting shot all the same (17.0.2, 17.0.1.1)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira } = await miraFirstAt()
  const sheet = await choose(mira, 'Move away')
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toContain('turning your back, each opponent within 5 ft with a ready weapon gets a parting shot at +2')
  await sheet.getByRole('button', { name: 'Move away' }).click()
  // The form's Movement of 30 ft.
  await expect
    .poll(() => mira.getByTestId('log').textContent())
    .toContain(
      'Mira turns their back and moves away up to 30 ft (Move, 17.0.1.1); the GM says who is within 5 ft of them for a parting shot.',
    )
  await goblinTakesItsPartingShot(gm, mira, 'Mira turns their back and moves away', 'osr-move-away')
})

it('osr: Mira strikes the Goblin from the phone, then turns her back and moves on: the GM taps it for its parting shot (17.0.1.1, 17.0.2)', {
  timeout: 120_000,
}, async () => {
  // A Goblin of 30 hit points stands after her blow, beside her.
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  const mira = await miraWith(room.playerUrl, { 'DEX bonus': '3' })
  await miraActsFirst(gm, mira)
  const sheet = await choose(mira, 'Sword')
  const more = sheet.getByRole('button', { name: /^More situations/ })
  if ((await more.count()) > 0) await more.click()
  await sheet.getByRole('checkbox', { name: /Then turn your back and move away/ }).check()
  // Her own dice, a 12 to hit and a 3 for damage: the room's could roll a natural 20 that disarms the
  // Goblin, which then has no parting shot (17.0.3; the rules' own test covers that case).
  await typeOwnDice(sheet, (i) => (i === 0 ? 12 : 3))
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  await expect
    .poll(() => mira.getByTestId('log').textContent())
    .toContain('Mira moves away: the GM says who is within 5 ft of them for a parting shot.')
  await goblinTakesItsPartingShot(gm, mira, 'Mira turns their back and moves away', 'osr-strike-move-away')
})

it('osr: a feat declared from the phone asks the GM, in every log, to decide it (17.0.1.5)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira } = await miraFirstAt()
  const sheet = await choose(mira, 'Perform a feat')
  await sheet.getByRole('button', { name: 'Attempt the feat' }).click()
  const said = 'Mira attempts a feat this round (GM: Perform a Feat: the text gives no rule for feats'
  for (const page of [mira, gm])
    await expect.poll(() => page.getByTestId('log').textContent()).toContain(said)
  await chromium.snap(gm, 'osr-feat-gm')
})

it('osr: the weapon Mira fumbled and broke gives her no attack next round, yet she parries and dodges from the phone (17.0.4, 17.0.1.4)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira } = await miraFirstAt()
  const sheet = await choose(mira, 'Sword')
  // Her own d20s: a natural 1, then 1 on the fumble table: "Weapon breaks, no attack next round".
  await typeOwnDice(sheet, () => 1)
  await sheet.getByRole('button', { name: 'Send my dice' }).click()
  await expect.poll(() => mira.getByTestId('result-card').textContent()).toContain('Weapon breaks')

  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  const chips = mira.getByTestId('combatant').filter({ hasText: 'Mira' }).first().locator('.chip')
  await expect.poll(() => chips.allTextContents()).toContain('No attack (1 round)')
  await mira.getByRole('button', { name: 'Attack', exact: true }).click()
  const next = mira.getByRole('region', { name: 'Mira attacks' })
  const withField = next.locator('label.field', { hasText: /^With/ }).locator('select')
  // What is not an attack, and nothing else: no sword, punch or grapple this round.
  await expect
    .poll(() => withField.locator('option').allTextContents())
    .toEqual([
      'Parry or dodge · +2 AC this round, no attack',
      'Run away · double movement, no attack',
      'Move away · turn your back, walk your movement',
      'Perform a feat · the GM decides how it goes',
      'Hold action · act on their number, with them',
    ])
  await chromium.snap(mira, 'osr-no-attack-sheet')
  await next.getByRole('button', { name: 'Parry and dodge this round' }).click()
  for (const page of [mira, gm])
    await expect
      .poll(() => page.getByTestId('log').textContent())
      .toContain('Mira parries and dodges this round: +2 AC, no attack.')
})

it('osr: Mira grabs the Goblin from the phone, and on her next turn hurts the one she holds, the hold’s odds shown (17.0.18)', {
  timeout: 120_000,
}, async () => {
  const { gm, mira } = await miraFirstAt({ 'STR bonus': '5' })
  const grapple = await choose(mira, 'Grapple')
  // Her own d20s: 19 to touch, 20 for her grapple check (20 + 5 beats any Goblin's d20).
  await grapple.getByRole('checkbox', { name: 'I roll my own dice' }).check()
  await typeOwnDice(grapple, (i) => (i === 0 ? 19 : 20))
  await grapple.getByRole('button', { name: 'Send my dice' }).click()
  await expect.poll(() => mira.getByTestId('result-card').textContent()).toMatch(/the hold is kept/)
  const chips = gm.getByTestId('combatant').filter({ hasText: 'Goblin' }).locator('.chip')
  await expect.poll(() => chips.allTextContents()).toContain('Grappled')

  await playUntil(gm, [mira], () => visible(mira, 'Attack'), { keep: { phone: mira, name: 'Mira' } })
  const sheet = await choose(mira, 'Hurt the one you hold')
  // d20 + 5 against d20: kept on 280 of 400 pairs, and 1d3 + 5 non-lethal.
  await expect.poll(() => sheet.getByTestId('odds').textContent()).toContain('the hold is kept 70%')
  await chromium.snap(mira, 'osr-squeeze-sheet')
  await sheet.getByRole('button', { name: 'Roll the grapple check' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toMatch(
      /Mira’s grapple check \d+ against Goblin’s \d+; (the hold is kept; \d non-lethal damage|the hold is broken)/,
    )
})

it('osr: a siege engine of 1/6 shows its rate, the move split around the shot and the rounds of reloading before it, and reloads after it (17.0.9, 17.0.1.1)', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  const mira = await miraWith(room.playerUrl, { 'DEX bonus': '3' }, [
    { name: 'Ballista', kind: 'Siege engine', damage: '1d10', ranges: [100, 200, 300], firesEvery: 6 },
  ])
  await miraActsFirst(gm, mira)

  const sheet = await choose(mira, 'Ballista (1d10, fires 1/6)')
  await sheet.getByRole('radio', { name: /^Short range/ }).check()
  await expect
    .poll(() => sheet.getByTestId('odds').textContent())
    .toMatch(
      /; move up to 30 ft too, split before and after the attack; then 5 rounds of reloading, doing nothing else\.$/,
    )
  await chromium.snap(mira, 'osr-siege-sheet')
  await sheet.getByRole('button', { name: 'Roll the attack' }).click()
  const chips = mira.getByRole('region', { name: 'Your character' }).locator('.chip')
  await expect.poll(() => chips.allTextContents()).toContain('Reloading (next 5 rounds)')
})

it.each([
  { name: 'Light crossbow', every: 2, damage: '1d6', reload: '1 round', chip: 'Reloading (next round)' },
  { name: 'Heavy crossbow', every: 3, damage: '1d8', reload: '2 rounds', chip: 'Reloading (next 2 rounds)' },
])(
  'osr: a $name fired from the phone in round 1 shows its rate and the $reload of reloading it costs, and fires again in round 1 + $every (17.0.9)',
  {
    timeout: 150_000,
  },
  async ({ name, every, damage, reload, chip }) => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
    await addCombatant(gm, 'Goblin', '30')
    const mira = await miraWith(room.playerUrl, { 'DEX bonus': '3' }, [
      { name, kind: 'Crossbow', damage, ranges: [80, 160, 240], firesEvery: every },
    ])
    await miraActsFirst(gm, mira)
    const shoot = async () => {
      const sheet = await choose(mira, `${name} (${damage}, fires 1/${every})`)
      await sheet.getByRole('radio', { name: /^Short range/ }).check()
      await expect
        .poll(() => sheet.getByTestId('odds').textContent())
        .toMatch(new RegExp(`; then ${reload} of reloading, doing nothing else\\.$`))
      await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    }
    await shoot()
    const chips = mira.getByRole('region', { name: 'Your character' }).locator('.chip')
    await expect.poll(() => chips.allTextContents()).toContain(chip)
    await chromium.snap(mira, `osr-crossbow-${every}-reloading`)
    // The rounds between are spent reloading, doing nothing else (the room refuses every action:
    // test/worker); round 1 + N her turn comes with the crossbow loaded.
    const round = () => gm.getByTestId('turn-banner').textContent()
    // Her turn in round 2 says so where the Attack button was, and leaves her only "End my turn".
    const banner = () => mira.getByTestId('turn-banner').textContent()
    await playUntil(
      gm,
      [mira],
      async () => (await round())?.includes('Round 2') === true && /^Your turn/.test((await banner()) ?? ''),
      {
        keep: { phone: mira, name: 'Mira' },
      },
    )
    await expect
      .poll(() => mira.getByTestId('barred').textContent())
      .toBe('Reloading takes the whole round: no other action, not even moving.')
    expect(await visible(mira, 'Attack')).toBe(false)
    await chromium.snap(mira, `osr-crossbow-${every}-barred`)
    await mira.getByRole('button', { name: 'End my turn' }).click()
    const myTurnIn = (n: number) => async () =>
      (await round())?.includes(`Round ${n}`) === true && (await visible(mira, 'Attack'))
    await playUntil(gm, [mira], myTurnIn(1 + every), {})
    expect((await chips.allTextContents()).filter((c) => c.startsWith('Reloading'))).toEqual([])
    await shoot()
    await expect.poll(() => chips.allTextContents()).toContain(chip)
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(new RegExp(`Mira (hits|misses) Goblin with the ${name}`))
  },
)

it('osr: Mira spills a flask of oil and lights it from the phone; the round’s end asks the GM for the ground fire (17.0.10)', {
  timeout: 120_000,
}, async () => {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'osr')
  await addCombatant(gm, 'Goblin', '30')
  const mira = await miraWith(room.playerUrl, { 'DEX bonus': '3' }, [
    { name: 'Flask of oil', kind: 'Flask of oil (grenade-like)', damage: '1d8', ranges: [10, 30, 50] },
  ])
  await miraActsFirst(gm, mira)
  const sheet = await choose(mira, 'Spill oil and light it')
  await sheet.getByRole('button', { name: 'Spill and light the oil' }).click()
  await expect
    .poll(() => mira.getByTestId('result-card').textContent())
    .toContain('Mira spills a flask of oil on the ground and lights it: it burns 10 rounds')
  const round = async () =>
    Number(/Round (\d+)/.exec((await gm.getByTestId('turn-banner').textContent()) ?? '')?.[1] ?? 0)
  await playUntil(gm, [mira], async () => (await round()) > 1)
  await expect
    .poll(() => gm.getByTestId('log').textContent())
    .toMatch(
      /End of round 1: the oil Mira spilled burns: 1d6 fire to each creature standing in or moving through it this round, no save, 9 rounds left \(GM: area damage/,
    )
  await chromium.snap(gm, 'osr-ground-fire-gm')
})
