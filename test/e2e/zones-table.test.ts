/** zones at the table in full (#28): what a player does on a phone with each rule the table carries. */

import { TABLE } from '@fray/protocol'
import { defaultSheetFor, zones } from '@fray/rules'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import * as Y from 'yjs'
import { useBrowser } from '../support/browser.ts'
import { connectStock } from '../support/provider.ts'
import type { TestRoom } from '../support/rooms.ts'
import {
  addCombatant,
  banditAttacksMira,
  miraAndTomasFace,
  monsterActsFirst,
  openGmTablet,
  playUntil,
  rowOf,
  seatPhone,
  typeOwnDice,
  visible,
  writeSheet as writeZonesSheet,
} from '../support/table-play.ts'

const baseUrl = inject('baseUrl')
const chromium = useBrowser()

/** Starts the fight and gives the party its move (the GM passes when the foes hold the initiative). */
async function partyMoves(gm: Page, phone: Page): Promise<void> {
  await gm.getByRole('button', { name: 'Start combat' }).click()
  await expect
    .poll(async () => {
      if (await visible(phone, 'I act now')) return true
      if (await visible(gm, 'Foes pass')) await gm.getByRole('button', { name: 'Foes pass' }).click()
      return false
    })
    .toBe(true)
}

/** The GM writes these fields over a combatant's default zones sheet on the table, as the tablet may. */
const writeSheet = (room: TestRoom, name: string, side: 'pc' | 'foe', sheet: Record<string, unknown>) =>
  writeZonesSheet(baseUrl, room, { system: 'zones', name, side }, sheet)

/**
 * A zones room with a Bandit, and Mira on her phone taking the party's move: her turn under way. `sheet`
 * is written over her default one first, as the GM may from the tablet (a fire bomb in hand).
 */
async function miraActs(
  sheet: Record<string, unknown> = {},
): Promise<{ gm: Page; room: TestRoom; mira: Page }> {
  const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones')
  await addCombatant(gm, 'Bandit', '8')
  const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
  if (Object.keys(sheet).length > 0) await writeSheet(room, 'Mira', 'pc', sheet)
  await partyMoves(gm, mira)
  await mira.getByRole('button', { name: 'I act now' }).click()
  return { gm, room, mira }
}

/** A zones room with the GM's tablet, a Bandit of 8 health, and Mira and Tomas on their phones. */
const partyAndBandit = () => miraAndTomasFace(chromium.browser, baseUrl, 'zones', 'Bandit', '8')

/**
 * The Bandit holds one of the party in a grab: the GM's own write on the table (a grapple the table
 * missed). The GM's table connection, to close at the end.
 */
async function grabbedByBandit(room: TestRoom, name: string) {
  const table = connectStock(baseUrl, room.roomId, 'table', room.gmKey)
  await table.synced
  const combatants = table.doc.getMap<Y.Map<unknown>>(TABLE.combatants)
  const bandit = [...combatants.entries()].find(([, c]) => c.get('name') === 'Bandit')?.[0]
  const held = [...combatants.values()].find((c) => c.get('name') === name)
  held?.set('state', { grabbedBy: bandit })
  return table
}

/** Opens the phone's sheet, in zones' words for a turn: the region to choose in. */
async function openSheet(phone: Page, name: string) {
  await phone.getByRole('button', { name: 'Act or move', exact: true }).click()
  return phone.getByRole('region', { name: `${name} acts or moves` })
}

/**
 * Opens the phone's sheet on one of the turn's own steps from its "With" list, with these situations set
 * (by the start of their names); the sheet, once its odds say what is left after it.
 */
async function chooseStep(phone: Page, name: string, label: string, toggles: string[] = []) {
  const sheet = await openSheet(phone, name)
  await sheet.getByLabel('With').selectOption({ label })
  for (const toggle of toggles) {
    const box = sheet.getByRole('checkbox', { name: new RegExp(`^${toggle}`) })
    if (!(await box.isVisible())) await sheet.getByRole('button', { name: /More situations/ }).click()
    await box.check()
  }
  await expect.poll(() => sheet.getByTestId('odds').textContent()).toMatch(/Left this turn after it/)
  return sheet
}

/** Opens the phone's sheet and takes one of the turn's own steps from its "With" list. */
async function takeStep(phone: Page, name: string, label: string, verb: string): Promise<void> {
  const sheet = await chooseStep(phone, name, label)
  await sheet.getByRole('button', { name: verb, exact: true }).click()
}

describe('zones on a phone', () => {
  it('a turn spent step by step: the banner and the tracker say what is left, and the player ends it', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraActs()
    const banner = mira.getByTestId('turn-banner')
    await expect
      .poll(() => banner.textContent())
      .toMatch(/Your turn.*Left: 2 zones, or 1 zone with a main and a bonus action/)

    await takeStep(mira, 'Mira', 'Move 1 zone', 'Move 1 zone')
    const card = mira.getByTestId('result-card')
    await expect
      .poll(() => card.textContent())
      .toMatch(/Mira moves 1 zone\. Left this turn: 1 zone, or a main and a bonus action/)
    // The GM's tracker says the same, as the room counted it.
    await expect
      .poll(() => gm.getByTestId('turn-order').textContent())
      .toMatch(/Mira · acting: 1 zone, or a main and a bonus action \(or two bonus actions\) left/)
    await chromium.snap(mira, 'zones-turn-left-phone')

    await takeStep(
      mira,
      'Mira',
      'A bonus action: pick up or put down, equip, open a door, pull a lever, a few words',
      'Take the bonus action',
    )
    await expect.poll(() => banner.textContent()).toMatch(/Left: a main or a bonus action/)
    await mira.getByRole('button', { name: 'End my turn' }).click()
    await expect.poll(() => gm.getByTestId('turn-order').textContent()).toMatch(/Mira · has acted/)
    // The tablet and the phone each hear the room on their own: the phone may still be catching up.
    await expect.poll(() => visible(mira, 'End my turn')).toBe(false)
    await chromium.snap(gm, 'zones-turn-ended-tablet')
  })

  // #54: "after the attack the yellow button is 'Act or move' again with End my turn grey; zones always
  // needs End my turn". Her main action taken, the rest ("It is possible to split movement before, after,
  // and between actions") is hers to take or leave: the turn ends by itself unless she keeps it.
  it('after the attack, End my turn leads; kept, a move after it is still hers, then she ends it', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraActs()
    const sheet = await openSheet(mira, 'Mira')
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const prompt = gm.getByRole('alertdialog', { name: 'Mira attacks Bandit' })
    await prompt.getByRole('button').first().click()
    const note = mira.getByTestId('turn-ends')
    await expect.poll(() => note.textContent()).toMatch(/^Your action is taken: it ends in \d s/)
    await note.getByRole('button', { name: 'Keep my turn' }).click()
    const end = mira.getByRole('button', { name: 'End my turn' })
    const act = mira.getByRole('button', { name: 'Act or move', exact: true })
    await expect.poll(() => end.getAttribute('class')).toMatch(/\bprimary\b/)
    expect(await act.getAttribute('class')).not.toMatch(/\bprimary\b/)
    await expect
      .poll(() => mira.getByTestId('turn-banner').textContent())
      .toMatch(/Left: 1 zone and a bonus action/)
    await takeStep(mira, 'Mira', 'Move 1 zone', 'Move 1 zone')
    await expect.poll(() => mira.getByTestId('turn-banner').textContent()).toMatch(/Left: a bonus action/)
    await end.click()
    // (The Bandit's answer may have spent his turn too, and the round moved on: her turn is over either way.)
    await expect.poll(() => mira.getByTestId('turn-banner').textContent()).not.toMatch(/^Your turn/)
    expect(await visible(mira, 'End my turn')).toBe(false)
  })

  it('a player answers an attack with an ally who guards them, named in one tap; the ally takes it', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira, prompt } = await banditAttacksMira(chromium.browser, baseUrl)
    const guard = prompt.getByRole('button', { name: /Tomas guards you \(nearby\)/ })
    await guard.waitFor()
    await chromium.snap(mira, 'zones-guard-prompt-phone')
    await guard.click()
    await expect
      .poll(() => gm.locator('.log-entry.outcome').first().textContent())
      .toMatch(/Tomas guards Mira and takes the attack/)
    // His reaction spent his turn: he is no longer offered one.
    await expect.poll(() => gm.getByTestId('turn-order').textContent()).toMatch(/Tomas · has acted/)
  })

  it('a player moves away from a nearby enemy with the odds of staying up; the GM makes the opportunity attack', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraActs()
    const sheet = await openSheet(mira, 'Mira')
    await sheet
      .getByLabel('With')
      .selectOption({ label: 'Move 1 zone away from a nearby enemy (they may attack as you go)' })
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(/Moves 1 zone away from Bandit, who may make an opportunity attack as a reaction: you stay up/)
    await chromium.snap(mira, 'zones-move-away-phone')
    await sheet.getByRole('button', { name: 'Move away', exact: true }).click()
    // Moving away is no attack on the Bandit: the GM's prompt says what Mira does.
    const prompt = gm.getByRole('alertdialog', { name: 'Mira moves away from Bandit' })
    await prompt.waitFor()
    await chromium.snap(gm, 'zones-move-away-prompt-tablet')
    await prompt.getByRole('button', { name: /^Opportunity attack: Sword/ }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Bandit makes an opportunity attack as Mira moves away: Mira takes \d+\. Mira's turn resumes/)
  })

  it('a player surrenders: the whole turn is wasted, the chip says so, and the spent turn ends by itself', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraActs()
    await takeStep(mira, 'Mira', 'Surrender (the whole turn)', 'Surrender')
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira surrenders, throwing their weapons away: their turn is wasted, but they might be spared/)
    await expect
      .poll(() => mira.getByRole('region', { name: 'Your character' }).textContent())
      .toMatch(/Surrendering/)
    // Nothing is left of her turn: it ends by itself after the window to keep it.
    await mira.getByTestId('turn-ends').waitFor()
    await chromium.snap(mira, 'zones-surrender-phone')
    await expect
      .poll(() => gm.getByTestId('turn-order').textContent(), { timeout: 15_000 })
      .toMatch(/Mira · has acted/)
  })

  it('a player frees a grabbed ally with a STR save on her own die, chosen among her side', {
    timeout: 90_000,
  }, async () => {
    const { gm, room, mira, tomas } = await partyAndBandit()
    // The Bandit has Tomas in a grab: the GM's own write on the table (a grapple made before the fight).
    const table = await grabbedByBandit(room, 'Tomas')
    // Grabbed, all Tomas has in hand is a try to break free.
    const inHand = () => tomas.getByRole('region', { name: 'Your character' }).textContent()
    await expect.poll(inHand).toMatch(/In hand Break free/)
    await partyMoves(gm, mira)
    await mira.getByRole('button', { name: 'I act now' }).click()
    const sheet = await openSheet(mira, 'Mira')
    await sheet.getByLabel('With').selectOption({ label: 'Free a grabbed ally (STR save, a main action)' })
    await sheet.getByRole('radio', { name: /Tomas/ }).check()
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(/50%Frees Tomas on a STR save, 10 or under on a d20 \(50%\)/)
    await typeOwnDice(sheet, () => 1)
    await chromium.snap(mira, 'zones-free-ally-phone')
    await sheet.getByRole('button', { name: 'Send my dice' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira frees Tomas from the grab/)
    await expect.poll(inHand).toMatch(/In hand Sword/)
    table.provider.destroy()
  })

  it('a grabbed player can only try to break free: the STR save’s odds, her own d20, and the whole turn spent', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones')
    await addCombatant(gm, 'Bandit', '8')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    // The Bandit has Mira in a grab: the GM's own write on the table.
    const table = await grabbedByBandit(room, 'Mira')
    await partyMoves(gm, mira)
    await mira.getByRole('button', { name: 'I act now' }).click()
    // "Grabbed characters can't act": her banner and her sheet offer nothing but the try.
    await expect
      .poll(() => mira.getByTestId('turn-banner').textContent())
      .toMatch(/Left: only a try to break free/)
    const sheet = await openSheet(mira, 'Mira')
    await expect
      .poll(() => sheet.getByLabel('With').locator('option').allTextContents())
      .toEqual(['Break free (STR save)'])
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(
        /^50%Breaks free on a STR save, 10 or under on a d20 \(50%\): the try takes the whole turn\. Left this turn after it: nothing\./,
      )
    await typeOwnDice(sheet, () => 1)
    await chromium.snap(mira, 'zones-break-free-phone')
    await sheet.getByRole('button', { name: 'Send my dice' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira breaks free of Bandit\. Left this turn: nothing\./)
    await expect
      .poll(() => mira.getByRole('region', { name: 'Your character' }).textContent())
      .not.toMatch(/Grabbed/)
    table.provider.destroy()
  })

  it('a player grabs the Bandit from her phone, and on her next turn keeps hold as she moves: the odds, Grabbed on every device, what is left', {
    timeout: 180_000,
  }, async () => {
    const { gm, room, mira, tomas } = await partyAndBandit()
    // A weak Bandit (STR 1), as the GM may write him: he resists a grab only on a 1.
    await writeSheet(room, 'Bandit', 'foe', { str: 1 })
    const parsed = (side: 'pc' | 'foe', name: string, sheet: Record<string, unknown> = {}) => {
      const r = zones.parseSheet({ ...defaultSheetFor('zones', name, side), ...sheet })
      if (!r.ok) throw new Error(r.error)
      return r.value
    }
    const bandit = parsed('foe', 'Bandit', { str: 1 })
    const plan = zones.planNonLethal({
      kind: 'grapple',
      attacker: parsed('pc', 'Mira'),
      target: bandit,
      nearby: true,
    })
    if (!plan.ok) throw new Error(plan.error)
    const takes = Math.round(zones.nonLethalOdds(plan.value, bandit.str).takesEffect.probability * 100)
    expect(takes).toBe(95)
    const grabbed = (page: Page) => page.getByRole('list', { name: 'Bandit: status' }).textContent()
    const card = () => mira.getByTestId('result-card').textContent()
    const banner = () => mira.getByTestId('turn-banner').textContent()
    /** What the rules leave of a fresh turn (speed 2) after these steps. */
    const left = (...steps: zones.TurnStep[]) => {
      let turn = zones.startTurn({ speed: 2 })
      for (const s of steps) {
        const r = zones.stepTurn(turn, s)
        if (!r.ok) throw new Error(r.error)
        turn = r.value
      }
      return zones.whatIsLeft(turn)
    }
    /** Plays the round on until the party's move comes back to Mira, her turn not yet taken. */
    const miraActsAgain = async () => {
      await playUntil(gm, [mira], () => visible(mira, 'I act now'))
      await mira.getByRole('button', { name: 'I act now' }).click()
    }

    await partyMoves(gm, mira)
    await mira.getByRole('button', { name: 'I act now' }).click()
    // Her grapple, a main action: tried again on a later turn if the Bandit's STR save passes (5%).
    for (let tries = 1; ; tries++) {
      const sheet = await openSheet(mira, 'Mira')
      await sheet.getByLabel('With').selectOption({ label: 'Grapple' })
      await expect
        .poll(() => sheet.getByTestId('odds').textContent())
        .toMatch(`Grapple works if Bandit fails a STR save (passes on 1 or under): ${takes}%.`)
      if (tries === 1) await chromium.snap(mira, 'zones-grapple-phone')
      await sheet.getByRole('button', { name: 'Roll the attack' }).click()
      const prompt = gm.getByRole('alertdialog', { name: /Mira .*Bandit/ })
      await prompt.getByRole('button', { name: /^No reaction/ }).click()
      await expect.poll(card).toMatch(/Bandit (is grabbed|resists the grapple)/)
      if (/is grabbed/.test((await card()) ?? '')) break
      expect(tries).toBeLessThan(4)
      await miraActsAgain()
    }
    // Grabbed, on the tablet and on both phones; the grab was her main action.
    for (const page of [gm, mira, tomas]) await expect.poll(() => grabbed(page)).toMatch(/Grabbed by Mira/)
    await expect.poll(banner).toMatch(`Left: ${left({ type: 'main', action: 'attack' })}`)

    // Her next turn: a full move of 2 zones, a zone at a time, and the Bandit comes along, still held.
    await miraActsAgain()
    const sheet = await chooseStep(mira, 'Mira', 'Move 1 zone')
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(/Keeps hold of Bandit, who moves along, still grabbed\./)
    await chromium.snap(mira, 'zones-keep-hold-phone')
    await sheet.getByRole('button', { name: 'Move 1 zone', exact: true }).click()
    const oneZone: zones.TurnStep = { type: 'move', zones: 1 }
    await expect
      .poll(card)
      .toMatch(
        `Mira moves 1 zone. Left this turn: ${left(oneZone)}. Mira keeps hold of Bandit, who moves with them.`,
      )
    await takeStep(mira, 'Mira', 'Move 1 zone', 'Move 1 zone')
    await expect
      .poll(card)
      .toMatch(`Left this turn: ${left(oneZone, oneZone)}. Mira keeps hold of Bandit, who moves with them.`)
    for (const page of [gm, mira, tomas]) await expect.poll(() => grabbed(page)).toMatch(/Grabbed by Mira/)
    await chromium.snap(gm, 'zones-keep-hold-tablet')
  })

  it('a player proposes an attack stunt from the sheet; the GM accepts it for the Bandit, who takes no damage', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraActs()
    const sheet = await openSheet(mira, 'Mira')
    const stunt = sheet.getByRole('checkbox', { name: /Propose a stunt/ })
    if (!(await stunt.isVisible())) await sheet.getByRole('button', { name: /More situations/ }).click()
    await stunt.check()
    await chromium.snap(mira, 'zones-stunt-phone')
    await sheet.getByRole('button', { name: 'Roll the attack' }).click()
    const prompt = gm.getByRole('alertdialog', { name: /Mira attacks Bandit/ })
    await prompt.getByRole('button', { name: /^Accept the stunt/ }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Bandit accepts Mira's stunt: no damage/)
    await expect
      .poll(() => gm.getByTestId('combatant').filter({ hasText: 'Bandit' }).textContent())
      .toMatch(/8 \/ 8/)
  })
  it('a player hides behind an ally from an attack, offered with the ally’s own reactions and their odds; the ally counters', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira, prompt } = await banditAttacksMira(chromium.browser, baseUrl)
    // Tomas has not taken his turn: he may dodge in her place, on his AGI 10 (50%).
    const dodging = prompt.getByRole('button', { name: /^Hide behind Tomas, who dodges/ })
    await expect.poll(() => dodging.textContent()).toMatch(/50%.*AGI save \(50%\)/)
    // Or counter in her place, with the chance he hits the Bandit first.
    const countering = prompt.getByRole('button', { name: /^Hide behind Tomas, who counters: Sword \(d6\)/ })
    await expect.poll(() => countering.textContent()).toMatch(/\d+(\.\d)?%.*Tomas hits first \d+(\.\d)?%/)
    await chromium.snap(mira, 'zones-hide-behind-prompt-phone')
    await countering.click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira hides behind Tomas, who takes the attack and counters\. Tomas counters\./)
    // Hiding was her reaction: it spent her turn.
    await expect.poll(() => gm.getByTestId('turn-order').textContent()).toMatch(/Mira · has acted/)
  })

  it('a player counters a sword with a grapple: offered with its odds, resolved last, after the blow', {
    timeout: 90_000,
  }, async () => {
    const { mira, prompt } = await banditAttacksMira(chromium.browser, baseUrl)
    // The Bandit's d6 never takes her 8 health to 0: the grab then works unless his STR 10 save passes (50%).
    const grapple = prompt.getByRole('button', { name: /^Counter: Grapple/ })
    await expect
      .poll(() => grapple.textContent())
      .toMatch(
        /50%.*Bandit's blow lands first .*; still up \(100%\), your grapple then takes effect unless Bandit passes a STR save: 50%/,
      )
    await chromium.snap(mira, 'zones-counter-grapple-phone')
    await grapple.click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Bandit hits: Mira takes \d+\. Mira counters last: Bandit (is grabbed|resists the grapple)/)
  })

  it('the GM splits a large monster’s bite between two players from the tablet, a share at a time, each answered on its phone', {
    timeout: 90_000,
  }, async () => {
    const { gm, room, mira, tomas } = await miraAndTomasFace(chromium.browser, baseUrl, 'zones', 'Wyrm', '20')
    // The Wyrm is large, with a d8 bite: the GM's sheet for it.
    await writeSheet(room, 'Wyrm', 'foe', { size: 'large', weapons: [{ name: 'Bite', damage: 'd8' }] })
    await gm.getByRole('button', { name: 'Start combat' }).click()
    await monsterActsFirst(gm, tomas, 'Wyrm', 'zones')
    const share = async (phone: Page, name: string) => {
      await gm.getByRole('button', { name: 'Wyrm acts or moves' }).click()
      const composer = gm.getByRole('region', { name: 'Wyrm acts or moves' })
      await composer.getByLabel('With').selectOption({ label: 'Bite (d8), split: 1 die on this target' })
      await composer.getByRole('radio', { name: new RegExp(name) }).check()
      await expect
        .poll(() => composer.getByTestId('odds').textContent())
        .toMatch(new RegExp(`d8 damage.*A share of the split: 1 die on ${name}, its own attack`))
      await chromium.snap(gm, 'zones-split-tablet')
      await composer.getByRole('button', { name: 'Roll the attack' }).click()
      const prompt = phone.getByRole('alertdialog', { name: 'Wyrm attacks you!' })
      await prompt.getByRole('button', { name: /^No reaction/ }).click()
      await expect
        .poll(() => phone.getByTestId('result-card').textContent())
        .toMatch(new RegExp(`Wyrm hits: ${name} takes \\d`))
    }
    await share(mira, 'Mira')
    // The second share is the same bite: no main action is asked for it.
    await share(tomas, 'Tomas')
  })

  it('a player throws a fire bomb at a zone, with its odds, and the GM is told to apply it as area damage', {
    timeout: 90_000,
  }, async () => {
    const bomb = { name: 'Fire bomb', damage: 'd6', range: 2, blast: true }
    const { mira } = await miraActs({ weapons: [{ name: 'Sword', damage: 'd6' }, bomb] })
    const sheet = await openSheet(mira, 'Mira')
    await sheet
      .getByLabel('With')
      .selectOption({ label: 'Fire bomb (d6, range 2): blast, hits a whole zone' })
    // A zone, no one fighter: no target to choose; in range and standing still it can't miss.
    expect(await sheet.getByRole('group', { name: 'Target' }).isVisible()).toBe(false)
    const odds = () => sheet.getByTestId('odds').textContent()
    await expect
      .poll(odds)
      .toMatch(/^100%Hits the zone you aim at.*takes d6 \(3\.5 on average\) minus their armour/)
    // Thrown while moving: the WIT save on her WIT 10 (50%).
    await sheet.getByRole('checkbox', { name: /^Shooting while moving/ }).check()
    await expect.poll(odds).toMatch(/^50%Hits the zone on a WIT save, 10 or under \(50%\)/)
    await chromium.snap(mira, 'zones-blast-phone')
    await sheet.getByRole('button', { name: 'Use the Fire bomb', exact: true }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira's Fire bomb (hits the zone|misses and deviates).*GM: apply it with "Area damage"/)
  })

  it('a player flees a long chase with the odds of the AGI save; faster than the pursuers, she escapes', {
    timeout: 90_000,
  }, async () => {
    const { gm, mira } = await miraActs()
    const sheet = await chooseStep(mira, 'Mira', 'Flee: a long chase (AGI save, the whole turn)')
    const odds = () => sheet.getByTestId('odds').textContent()
    await expect.poll(odds).toMatch(/^50%.*Escapes on an AGI save, 10 or under on a d20 \(50%\)/)
    await sheet.getByRole('checkbox', { name: /^Faster than the pursuers/ }).check()
    await expect.poll(odds).toMatch(/^100%Flees, faster than the pursuers: escapes with no save/)
    await chromium.snap(mira, 'zones-flee-phone')
    await sheet.getByRole('button', { name: 'Flee', exact: true }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira flees and escapes the pursuers: out of the fight/)
    await expect.poll(() => gm.getByTestId('turn-order').textContent()).toMatch(/Mira · out of the fight/)
    await expect
      .poll(() => mira.getByRole('region', { name: 'Your character' }).textContent())
      .toMatch(/Fled/)
  })

  it('a player gets off a moving mount: half a zone and the AGI save’s odds; her own d20 keeps her footing', {
    timeout: 90_000,
  }, async () => {
    const { mira } = await miraActs()
    const sheet = await chooseStep(mira, 'Mira', 'Move half a zone (mounting, getting on or off)', [
      'Getting on or off a moving mount',
    ])
    await expect
      .poll(() => sheet.getByTestId('odds').textContent())
      .toMatch(
        /^50%.*keeps their footing on an AGI save, 10 or under on a d20 \(50%\), or falls for d4 direct damage/,
      )
    await typeOwnDice(sheet, () => 1)
    await chromium.snap(mira, 'zones-dismount-phone')
    await sheet.getByRole('button', { name: 'Send my dice' }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(
        /Mira moves half a zone\. They keep their footing on the moving mount\. Left this turn: 1\.5 zones/,
      )
  })

  it('a player hides again only with a reason the text gives; concealed, her next attack is one from concealment', {
    timeout: 90_000,
  }, async () => {
    const { mira } = await miraActs()
    const sheet = await openSheet(mira, 'Mira')
    await sheet
      .getByLabel('With')
      .selectOption({ label: 'Hide again (out of sight for a while, or a major distraction)' })
    // The rules need one of the text's two reasons first: the sheet asks which, before any odds.
    const reasons = sheet.getByRole('group', { name: 'Choose one to roll' })
    await expect.poll(() => reasons.getByRole('radio').count()).toBe(2)
    expect(await sheet.getByRole('button', { name: 'Hide', exact: true }).isDisabled()).toBe(true)
    const odds = () => sheet.getByTestId('odds').textContent()
    await reasons.getByRole('radio', { name: /Out of sight for a while/ }).check()
    await expect.poll(odds).toMatch(/Hides again: concealed/)
    await chromium.snap(mira, 'zones-hide-again-phone')
    await sheet.getByRole('button', { name: 'Hide', exact: true }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(
        /Mira hides again \(out of sight for a while\): concealed until they make noise or become visible/,
      )
    // The round now keeps her concealed: her sword is offered as an attack from concealment.
    const again = await openSheet(mira, 'Mira')
    await again.getByLabel('With').selectOption({ label: 'Sword (d6)' })
    const concealed = again.getByRole('checkbox', { name: /^From concealment/ })
    if (!(await concealed.isVisible())) await again.getByRole('button', { name: /More situations/ }).click()
    await expect.poll(() => concealed.isChecked()).toBe(true)
    expect(await again.locator('label.toggle', { hasText: 'From concealment' }).textContent()).toContain(
      'as the round stands',
    )
  })
  it('a player gets on the party’s horse: from then on it takes its turn with hers, on every device', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones')
    await addCombatant(gm, 'Bandit', '8')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    // The party's horse, a mount by its sheet, put on the table by the GM.
    const table = connectStock(baseUrl, room.roomId, 'table', room.gmKey)
    await table.synced
    const horse = new Y.Map<unknown>()
    const sheet = { ...defaultSheetFor('zones', 'Horse'), body: 'mount' }
    // All its fields in one update, and on the tablet before the fight starts: written one by one, the
    // GM's Start combat could reach the room between them and seat a nameless foe in the order.
    table.doc.transact(() => {
      table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).set('horse', horse)
      for (const [k, v] of Object.entries({ name: 'Horse', side: 'pc', hp: 8, maxHp: 8, sheet }))
        horse.set(k, v)
    })
    await rowOf(gm, 'Horse').waitFor()
    await partyMoves(gm, mira)
    await mira.getByRole('button', { name: 'I act now' }).click()
    const getOn = await chooseStep(mira, 'Mira', 'Get on Horse (half a zone)')
    await expect
      .poll(() => getOn.getByTestId('odds').textContent())
      .toMatch(/^100%Gets on Horse, half a zone: mount and rider then take their turn together/)
    await chromium.snap(mira, 'zones-get-on-phone')
    await getOn.getByRole('button', { name: 'Get on Horse', exact: true }).click()
    await expect
      .poll(() => mira.getByTestId('result-card').textContent())
      .toMatch(/Mira gets on Horse\. They take their turn together from now on\./)
    // Her turn is the Horse's too: the tracker says what is left of each.
    await expect
      .poll(() => gm.getByTestId('turn-order').textContent())
      .toMatch(/Horse · acting: 2 zones, or 1 zone with a main and a bonus action/)
    await chromium.snap(gm, 'zones-ride-together-tablet')
    // Getting off is now hers to take, on the same sheet.
    const off = await openSheet(mira, 'Mira')
    await expect
      .poll(() => off.getByLabel('With').locator('option').allTextContents())
      .toContain('Get off Horse (half a zone)')
    table.provider.destroy()
  })
})

describe('zones: when a blow incapacitates (the README: "incapacitation asked of the GM")', () => {
  it('Mira’s sword takes the Bandit from 8 to 4: the GM is asked at once, rules him incapacitated, every phone shows it', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones', { asksIncapacitation: true })
    await addCombatant(gm, 'Bandit', '8')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await partyMoves(gm, mira)
    await mira.getByRole('button', { name: 'I act now' }).click()
    const sheet = await openSheet(mira, 'Mira')
    await sheet.getByRole('radio', { name: /Bandit/ }).check()
    // "He rolls a 4, reducing his health from 8 to 4 and incapacitating him" ("Attacking").
    await typeOwnDice(sheet, () => 4)
    await sheet.getByRole('button', { name: 'Send my dice' }).click()
    const reaction = gm.getByRole('alertdialog', { name: 'Mira attacks Bandit' })
    await reaction.getByRole('button', { name: /^No reaction/ }).click()
    const question = gm.getByRole('alertdialog', { name: 'The GM decides' })
    await expect
      .poll(() => question.textContent())
      .toMatch(/^The GM decidesDoes the blow incapacitate Bandit\?/)
    // Mira's phone says who decides, and offers nothing meanwhile.
    await expect.poll(() => mira.getByTestId('waiting-card').textContent()).toMatch(/The GM decides/)
    await chromium.snap(gm, 'zones-incapacitation-question-tablet')
    await question.getByRole('button', { name: /^Bandit is incapacitated/ }).click()
    const chips = (page: Page) =>
      page.getByTestId('combatant').filter({ hasText: 'Bandit' }).locator('.chip').allTextContents()
    for (const page of [gm, mira]) await expect.poll(() => chips(page)).toContain('Incapacitated')
    await expect
      .poll(() => gm.locator('.log-entry.outcome').first().textContent())
      .toMatch(/The GM rules Bandit incapacitated by the blow/)
  })
})

describe('zones: who starts ("Initiative is held by the faction which started the fight")', () => {
  it('the GM says the players started it: the party holds the initiative on every screen, nothing rolled', {
    timeout: 90_000,
  }, async () => {
    const { gm, room } = await openGmTablet(chromium.browser, baseUrl, 'zones')
    await addCombatant(gm, 'Bandit', '8')
    const mira = await seatPhone(chromium.browser, room.playerUrl, 'Mira')
    await gm.getByLabel('Who started the fight').selectOption({ label: 'The players' })
    await chromium.snap(gm, 'zones-who-started-tablet')
    await gm.getByRole('button', { name: 'Start combat' }).click()
    for (const page of [gm, mira])
      await expect
        .poll(() => page.getByTestId('turn-banner').textContent())
        .toMatch(/The players hold the initiative: they started the fight/)
    // Nobody rolled for it: the start chose.
    expect(await gm.locator('.log-entry', { hasText: /Initiative rolled 1d2/ }).count()).toBe(0)
    await expect.poll(() => visible(mira, 'I act now')).toBe(true)
  })
})
