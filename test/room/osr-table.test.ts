/**
 * osr at the table, played through the room in workerd (#24): each declared action, prompt and automatic
 * effect of chapter 17 that the table carries, with an outcome that agrees with the rules package.
 */

import { GM, TABLE, type TurnState } from '@fray/protocol'
import { osr, previewDeclared, SYSTEMS, toFloat } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { rollFrom, SHORT_BOW } from '../../packages/rules/src/systems/osr/test-support.ts'
import { OIL_FLASK, ogreFellsMira, playTo, table } from './table-client.ts'
import { eventually, TestClient } from './ws-client.ts'

type Table = Awaited<ReturnType<typeof table>>

const turnOf = (t: Table) => t.table.doc.getMap(TABLE.turn).toJSON() as TurnState

/** Mira's sheet with these fields changed (the GM writes the table directly). */
function setSheet(t: Table, fields: Record<string, unknown>): void {
  const mira = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)
  mira?.set('sheet', { ...(mira.get('sheet') as Record<string, unknown>), ...fields })
}

/** Mira with these sheet fields and 40 hit points, so no blow of the Ogre's fells her. */
function sturdy(t: Table, fields: Record<string, unknown>): void {
  setSheet(t, fields)
  const mira = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)
  mira?.set('maxHp', 40)
  mira?.set('hp', 40)
}

/** Starts the fight with the Ogre first: DEX -3 and a typed 1 make -2, below any Ogre's 1d6. */
async function ogreFirst(t: Table): Promise<void> {
  expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
  expect((await t.ask({ kind: 'initiative', faces: [1] })).ok).toBe(true)
  expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
  expect(turnOf(t).acting).toEqual(['ogre'])
}

const SWORD = { choice: 'weapon-0-melee', toggles: [] }
const CAST = { choice: 'cast', toggles: [] }

/** Starts the fight with Mira first: DEX +3 and a typed 6 make 9, above any Ogre's 1d6. */
async function miraFirst(t: Table): Promise<void> {
  setSheet(t, { dexBonus: 3 })
  expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
  expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
  expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
  expect(turnOf(t).acting).toEqual([t.mira])
}

describe('osr: holding an action (17.0.1.6)', () => {
  it('Mira waits for the Ogre: she moves onto its number, acts with it, and still has her attack', async () => {
    const t = await table('osr')
    await miraFirst(t)
    const before = turnOf(t)
    const hold = { choice: 'hold', toggles: [] }
    expect(await t.ask({ kind: 'attack', targetId: t.mira, declared: hold })).toEqual({
      ok: false,
      error: 'Hold your action for someone else: the one you wait for.',
    })
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: hold })).ok).toBe(true)

    // The rules package's hold on the same order: Mira on the Ogre's number, together.
    const steps = before.order.map((s) => ({ initiative: s.at ?? 0, ids: s.ids }))
    const ruled = osr.holdAction({ scores: [], steps, skipped: [] }, t.mira, 'ogre')
    if (!ruled.ok) throw new Error(ruled.error)
    const turn = turnOf(t)
    expect(turn.order.map((s) => [s.at, [...s.ids].sort()])).toEqual(
      ruled.value.steps.map((s) => [s.initiative, [...s.ids].sort()]),
    )
    expect([...(turn.acting ?? [])].sort()).toEqual([t.mira, 'ogre'].sort())
    expect(turn.attacksLeft?.[t.mira]).toBe(1)
    expect(t.entries().at(-1)?.detail).toBe('Mira waits for Ogre and acts on their number, at the same time.')

    // She acts with the Ogre: her attack is hers to make.
    const sword = { choice: 'weapon-0-melee', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: sword })).ok).toBe(true)
  })

  it('the round goes on to its end with a held action, and the next round orders everyone afresh', async () => {
    const t = await table('osr')
    await miraFirst(t)
    expect(
      (await t.ask({ kind: 'attack', targetId: 'ogre', declared: { choice: 'hold', toggles: [] } })).ok,
    ).toBe(true)
    await playTo(t, () => turnOf(t).round === 2)
    expect(turnOf(t).round).toBe(2)
  })
})

describe('osr: casting a spell, and its disruption (17.0.1.3, 17.0.13)', () => {
  it('the Ogre strikes Mira before her number: her spell needs a save vs Spells, and a 15 loses it', async () => {
    const t = await table('osr')
    sturdy(t, { spellcaster: true, dexBonus: -3 })
    await ogreFirst(t)
    // Even a blow that misses lands during her casting.
    expect(
      (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: SWORD })).ok,
    ).toBe(true)
    const blow = t.entries().at(-1)
    expect(blow?.attack?.declared.round).toContain(osr.ACTS_LATER)
    expect(blow?.detail).toMatch(
      /Mira was attacked before their number: a spell cast this round needs a save/,
    )
    await playTo(t, () => (turnOf(t).acting ?? []).includes(t.mira))
    expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: CAST, faces: [15] })).ok).toBe(true)
    const sheet = osr.parseSheet(t.fighter(t.mira).sheet)
    if (!sheet.ok) throw new Error(sheet.error)
    const ruled = osr.spellDisruption(sheet.value, [], 15)
    if (!ruled.ok) throw new Error(ruled.error)
    expect(ruled.value.lost).toBe(true)
    expect(t.entries().at(-1)?.detail).toBe(
      `Mira casts a spell, attacked before their number: save 15 against ${ruled.value.target}: the spell is disrupted and lost.`,
    )
  })

  it('a blow on the same number is simultaneous: the Ogre holds for Mira, strikes, and her spell goes off', async () => {
    const t = await table('osr')
    sturdy(t, { spellcaster: true, dexBonus: -3 })
    await ogreFirst(t)
    const hold = { choice: 'hold', toggles: [] }
    expect((await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: hold })).ok).toBe(
      true,
    )
    expect([...(turnOf(t).acting ?? [])].sort()).toEqual([t.mira, 'ogre'].sort())
    expect(
      (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: SWORD })).ok,
    ).toBe(true)
    expect(t.entries().at(-1)?.attack?.declared.round).not.toContain(osr.ACTS_LATER)
    expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: CAST })).ok).toBe(true)
    expect(t.entries().at(-1)?.detail).toBe(
      'Mira casts a spell: it goes off on their number (GM: its effect, e.g. area damage from the tablet).',
    )
  })
})

describe('osr: running away, fatigue, and feats (17.0.1.7, 17.0.1.5)', () => {
  const RUN = { choice: 'run-away', toggles: [] }

  it('Mira (CON 1) runs 3 rounds, 3 x CON: then she is fatigued, cannot run, and runs again once the GM ends it', async () => {
    const t = await table('osr')
    setSheet(t, { constitution: 1 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    const myTurn = () => (turnOf(t).acting ?? []).includes(t.mira)
    // Her turn in each of rounds 1 to 4: the rules package's count beside the room's.
    let ruled = osr.FRESH
    for (let round = 1; round <= 3; round++) {
      await playTo(t, () => turnOf(t).round === round && myTurn())
      expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: RUN })).ok).toBe(true)
      // Nobody beside her when she turns her back (17.0.2).
      expect((await t.gmAsk({ kind: 'defend', promptId: t.prompts()[0]?.id, choice: 'none' })).ok).toBe(true)
      const step = osr.runRound({ constitution: 1 }, ruled)
      if (!step.ok) throw new Error(step.error)
      ruled = step.value
      expect((t.fighter(t.mira).state as { run?: osr.RunState }).run).toEqual(ruled)
    }
    expect(ruled.fatigued).toBe(true)
    expect(t.entries().at(-1)?.detail).toBe('Nobody takes a parting shot at Mira.')
    expect(t.entries().at(-2)?.detail).toBe(
      'Mira runs away this round: double movement, no attack; that is 3 rounds run (3 x CON): Mira is fatigued and walks only until 3 turns of rest; the GM says who is within 5 ft of them for a parting shot.',
    )
    const status = () => t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)?.get('status')
    await playTo(t, () => turnOf(t).round === 4 && myTurn())
    expect(status()).toEqual(['Fatigued (walks only)'])
    expect(await t.ask({ kind: 'attack', targetId: t.mira, declared: RUN })).toEqual({
      ok: false,
      error: 'Fatigued characters must rest for at least 3 turns before running again.',
    })
    // The GM ends the fatigue once she has rested (its 3 turns are the GM's to call).
    expect((await t.gmAsk({ kind: 'clear-condition', combatantId: t.mira, condition: 'fatigued' })).ok).toBe(
      true,
    )
    expect(status() ?? []).toEqual([])
    expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: RUN })).ok).toBe(true)
  })

  // A plain move away turns one's back as running does: "Any time a character turns their back on an
  // adjacent opponent ... and begins movement" (17.0.2), the same prompt and shots.
  // Or she strikes first and moves on, back turned: "move 10 feet, take an action, and then move 20 feet".
  it.each([
    ['runs', 'runs', RUN, false],
    ['moves away', 'moves away', { choice: 'move-away', toggles: [] }, false],
    [
      'strikes, then moves away',
      'moves away',
      { choice: 'weapon-0-melee', toggles: ['then-move-away'] },
      true,
    ],
  ])(
    'the Ogre has struck Mira; she turns her back and %s: the GM taps the Ogre, whose parting shot at +2 still comes (17.0.2)',
    async (_, verb, declared, strikes) => {
      const t = await table('osr')
      sturdy(t, { dexBonus: -3 })
      await ogreFirst(t)
      expect(
        (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: SWORD })).ok,
      ).toBe(true)
      await playTo(t, () => (turnOf(t).acting ?? []).includes(t.mira))
      expect((await t.ask({ kind: 'attack', targetId: strikes ? 'ogre' : t.mira, declared })).ok).toBe(true)
      const prompt = t.prompts()[0]
      expect(prompt?.question).toMatch(
        new RegExp(
          `^Mira turns their back and ${verb}: tap each opponent within 5 ft who has a ready weapon`,
        ),
      )
      // Its odds are the rules package's: the Ogre's first melee weapon, +2 for the parting shot.
      const decl: osr.AttackDeclaration = {
        attacker: sheetOf(t, 'ogre'),
        target: sheetOf(t, t.mira),
        weapon: 0,
        mode: 'melee',
        toggles: ['parting-shot'],
      }
      const odds = osr.attackOdds(decl)
      if (!odds.ok) throw new Error(odds.error)
      expect(prompt?.options.map((o) => [o.id, o.chance])).toEqual([
        ['ogre', toFloat(odds.value.hit)],
        ['none', null],
      ])
      // Hers to run, the GM's to answer: her phone cannot.
      expect(await t.ask({ kind: 'defend', promptId: prompt?.id, choice: 'ogre' })).toEqual({
        ok: false,
        error: 'Only the GM answers this.',
      })
      const hp = t.fighter(t.mira).hp
      expect((await t.gmAsk({ kind: 'defend', promptId: prompt?.id, choice: 'ogre' })).ok).toBe(true)
      const entry = t.entries().at(-1)
      // Each of the Ogre's dice is logged as its own: "Ogre: to hit".
      const ogres = (entry?.rolls ?? []).map((r) => ({ ...r, label: r.label.replace(/^Ogre: /, '') }))
      const ruled = rollFrom(decl, facesOf(ogres))
      if (!ruled.ok) throw new Error(ruled.error)
      expect(ruled.value.toHit.some((l) => l.label === 'parting shot' && l.value === 2)).toBe(true)
      expect(entry?.detail).toMatch(/^Parting shots at Mira: Ogre (hits|misses) Mira/)
      expect(t.fighter(t.mira).hp).toBe(hp - (ruled.value.damage?.total ?? 0))
      expect(t.prompts()).toEqual([])
    },
  )

  it('a feat takes the turn and asks the GM, in the log, to decide it', async () => {
    const t = await table('osr')
    await miraFirst(t)
    expect(
      (await t.ask({ kind: 'attack', targetId: t.mira, declared: { choice: 'feat', toggles: [] } })).ok,
    ).toBe(true)
    const ruled = osr.declareAction('perform-feat', [])
    expect(ruled.ok && t.entries().at(-1)?.detail).toBe(
      `Mira attempts a feat this round (GM: ${ruled.ok ? ruled.value.prompt : ''}).`,
    )
    expect(turnOf(t).attacksLeft?.[t.mira]).toBe(0)
  })
})

describe('osr: a split move (17.0.1.1, 17.0.1.3)', () => {
  it('Mira (movement 40) may move, act and move on within her movement: around an attack and around a spell, as the rules package splits it', async () => {
    const t = await table('osr')
    setSheet(t, { movement: 40, spellcaster: true })
    await miraFirst(t)
    const mira = t.fighter(t.mira)
    const state = mira.state as { run?: osr.RunState; conditions?: osr.Condition[] }
    const feet = osr.moveAllowance(sheetOf(t, t.mira), 'move', state.run, state.conditions ?? [])
    if (!feet.ok) throw new Error(feet.error)
    expect(feet.value).toBe(40)
    // "move 10 feet, take an action, and then move 20 feet": any split within it, nothing beyond.
    expect(osr.splitMove(feet.value, 10, feet.value - 10).ok).toBe(true)
    expect(osr.splitMove(feet.value, 10, feet.value)).toEqual({
      ok: false,
      error: `That is ${feet.value + 10} feet; your movement is ${feet.value} feet.`,
    })
    // What her phone offers from the room's fighters: that allowance, split around the action.
    const rules = SYSTEMS.osr.combat
    const said = (target: string, declared: { choice: string; toggles: string[] }) => {
      const p = previewDeclared(rules, mira, t.fighter(target), declared)
      return p.ok ? p.value.summary : p.error
    }
    expect(said('ogre', SWORD)).toContain(
      `; move up to ${feet.value} ft too, split before and after the attack`,
    )
    // "A spell caster can move and then cast the spell, or cast the spell and then move" (17.0.1.3).
    expect(said(t.mira, CAST)).toContain(
      `; move up to ${feet.value} ft too, split before and after the spell`,
    )
    // The room takes the spell as her one action; the walk around it is hers to split at the table.
    expect((await t.ask({ kind: 'attack', targetId: t.mira, declared: CAST })).ok).toBe(true)
    expect(turnOf(t).attacksLeft?.[t.mira]).toBe(0)
  })
})

describe('osr: a grapple kept (17.0.18)', () => {
  it('Mira grabs the Ogre, keeps the hold on her next turn and hurts it for 1d3 + STR, non-lethal', async () => {
    const t = await table('osr')
    // STR +5 and large (+4): her grapple check of 20 + 9 beats any Ogre's d20 + 0.
    setSheet(t, { strBonus: 5, size: 'large' })
    await miraFirst(t)
    const grapple = { choice: 'grapple', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: grapple, faces: [19, 20] })).ok).toBe(
      true,
    )
    expect(t.entries().at(-1)?.detail).toMatch(/grapple check 29 against \d+: the hold is kept/)
    const ogreStatus = () => t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')?.get('status')
    expect(ogreStatus()).toEqual(['Grappled'])

    await playTo(t, () => turnOf(t).round === 2 && (turnOf(t).acting ?? []).includes(t.mira))
    const squeeze = { choice: 'squeeze', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: squeeze, faces: [20, 3] })).ok).toBe(
      true,
    )
    const sheet = osr.parseSheet(t.fighter(t.mira).sheet)
    if (!sheet.ok) throw new Error(sheet.error)
    const hurt = osr.grappleDamage(sheet.value, 3)
    if (!hurt.ok) throw new Error(hurt.error)
    expect(hurt.value.total).toBe(8)
    expect(t.entries().at(-1)?.detail).toMatch(
      new RegExp(
        `^Mira’s grapple check 29 against Ogre’s \\d+; the hold is kept; ${hurt.value.total} non-lethal damage\\.$`,
      ),
    )
    expect(t.fighter('ogre').hp).toBe(30 - hurt.value.total)
    expect(ogreStatus()).toEqual(['Grappled'])
  })
})

describe('osr: missile weapons’ rate of fire (17.0.9)', () => {
  const RELOADING = 'Reloading takes the whole round: no other action, not even moving.'

  /**
   * Mira shoots the Ogre on each of her turns from round 1 to `rounds` with this one weapon: the rounds the
   * room lets her fire, each refusal in the rule's words, and the rounds the text gives the weapon.
   */
  async function shootEachRound(weapon: Record<string, unknown>, rounds: number) {
    const t = await table('osr')
    setSheet(t, { weapons: [weapon] })
    await miraFirst(t)
    // A 5 misses the Ogre (5 + 1 + DEX 3 + 1 against AC 11): no damage die, the weapon empty all the same.
    const shot = {
      kind: 'attack',
      targetId: 'ogre',
      declared: { choice: 'weapon-0-missile', toggles: ['short-range'] },
      faces: [5],
    }
    const fired: number[] = []
    for (let round = 1; round <= rounds; round++) {
      await playTo(t, () => turnOf(t).round === round && (turnOf(t).acting ?? []).includes(t.mira))
      const answer = await t.ask(shot)
      if (answer.ok) fired.push(round)
      else {
        expect(answer.error).toBe(RELOADING)
        // Nor may she run or walk: reloading, she "cannot perform other actions, including moving".
        for (const choice of ['run-away', 'move-away'])
          expect(
            await t.ask({ kind: 'attack', targetId: t.mira, declared: { choice, toggles: [] } }),
          ).toEqual({
            ok: false,
            error: RELOADING,
          })
      }
    }
    // The text's rounds, not the rules package's: "fires once every N rounds", from round 1.
    const every = Number(weapon.firesEvery ?? 1)
    const ruled = Array.from({ length: Math.ceil(rounds / every) }, (_, i) => 1 + i * every)
    return { fired, ruled }
  }

  /** A missile weapon that fires once every `firesEvery` rounds, within 100 ft at short range. */
  const slow = (name: string, kind: string, damage: string, firesEvery: number) => ({
    name,
    kind,
    damage,
    shortRange: 100,
    mediumRange: 200,
    longRange: 300,
    firesEvery,
  })

  it('a light crossbow fires in rounds 1, 3 and 5: each round between is spent reloading, doing nothing else', async () => {
    const { fired, ruled } = await shootEachRound(slow('Light crossbow', 'crossbow', '1d6', 2), 5)
    expect(fired).toEqual(ruled)
    expect(fired).toEqual([1, 3, 5])
  })

  it('a heavy crossbow fires in rounds 1 and 4: two full rounds of reloading between', async () => {
    const { fired, ruled } = await shootEachRound(slow('Heavy crossbow', 'crossbow', '1d8', 3), 4)
    expect(fired).toEqual(ruled)
    expect(fired).toEqual([1, 4])
  })

  it('a ballista of 1/6 fires in round 1, is refused while it reloads, and fires again in round 7', async () => {
    const { fired, ruled } = await shootEachRound(slow('Ballista', 'siege', '1d10', 6), 7)
    expect(fired).toEqual(ruled)
    expect(fired).toEqual([1, 7])
  })
})

describe('osr: a flask lit with a fuse, and holy water (17.0.10, 17.0.11)', () => {
  const HOLY_WATER = { ...OIL_FLASK, name: 'Holy water', kind: 'holy-water' }
  const SWORD_HELD = { name: 'Sword', kind: 'melee', damage: '1d8' }
  /** Mira, first, throws the sheet's second weapon at the Ogre with her own dice. */
  async function throwAtOgre(flask: Record<string, unknown>, toggles: string[], faces: number[], ogre = {}) {
    const t = await table('osr')
    setSheet(t, { weapons: [SWORD_HELD, flask] })
    ogreSheet(t, { hitPoints: 30, ...ogre })
    await miraFirst(t)
    const declared = { choice: 'weapon-1-missile', toggles: ['short-range', ...toggles] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared, faces })).ok).toBe(true)
    return t
  }

  it('a direct hit with a fuse: 1d8 fire and the 1d6 splash with no save; the GM is asked for the others within 5 ft', async () => {
    // 19 hits; the flask's 1d8 shows 6, the splash's 1d6 4.
    const t = await throwAtOgre(OIL_FLASK, ['oil-fuse'], [19, 6, 4])
    const ogre = sheetOf(t, 'ogre')
    const fire = osr.oilDirectHit(ogre, 'on-impact', 6)
    const splash = osr.oilSplash(ogre, { ignition: 'fuse', directlyHit: true }, { d6: 4 })
    if (!fire.ok || !splash.ok) throw new Error('the rules refused the flask')
    const dealt = fire.value.total + splash.value.total
    expect(dealt).toBe(10)
    expect(t.fighter('ogre').hp).toBe(30 - dealt)
    const detail = t.entries().at(-1)?.detail
    expect(detail).toMatch(new RegExp(`Ogre takes ${dealt} fire damage; Ogre is burning`))
    expect(detail).toContain(
      '(GM: The oil splashes: all others within 5 feet of the impact take 1d6, a save vs Death Ray avoids it.',
    )
  })

  it('holy water does nothing to a living Ogre and 1d8 to an undead one, and asks the GM for the undead within 5 ft', async () => {
    for (const undead of [false, true]) {
      const t = await throwAtOgre(HOLY_WATER, [], undead ? [19, 5] : [19], { undead })
      const ruled = osr.holyWater(sheetOf(t, 'ogre'), 'direct', undead ? 5 : undefined)
      if (!ruled.ok) throw new Error(ruled.error)
      expect(t.fighter('ogre').hp).toBe(30 - ruled.value.total)
      expect(ruled.value.total).toBe(undead ? 5 : 0)
      const detail = t.entries().at(-1)?.detail
      expect(detail).toContain(undead ? 'Ogre takes 5 damage' : 'Holy water only harms undead creatures')
      expect(detail).toContain('Each undead within 5 feet of the impact takes 1d6 holy water splash.')
    }
  })
})

describe('osr: oil spilled and lit on the ground (17.0.10)', () => {
  it('burns 10 rounds: each round’s end asks the GM for 1d6 on those in it, then it has burnt out', async () => {
    const t = await table('osr')
    setSheet(t, { weapons: [{ name: 'Sword', kind: 'melee', damage: '1d8' }, OIL_FLASK] })
    await miraFirst(t)
    expect(
      (await t.ask({ kind: 'attack', targetId: t.mira, declared: { choice: 'spill-oil', toggles: [] } })).ok,
    ).toBe(true)
    await playTo(t, () => turnOf(t).round === 12)
    const asked = t
      .entries()
      .filter((e) => e.kind === 'end-of-round' && /the oil Mira spilled burns/.test(e.detail ?? ''))
    let fire: osr.GroundFire | null = osr.igniteGround()
    let burns = 0
    for (; fire; fire = osr.groundFireEndOfRound(fire)) burns++
    expect(asked.map((e) => /^End of round (\d+)/.exec(e.detail ?? '')?.[1])).toEqual(
      Array.from({ length: burns }, (_, i) => String(i + 1)),
    )
    expect(asked.at(-1)?.detail).toMatch(/and has now burnt out \(GM: area damage from the tablet, 1d6/)
  })
})

const SPEAR = {
  name: 'Spear',
  kind: 'melee-thrown',
  damage: '1d6',
  chargeable: true,
  settable: true,
  shortRange: 10,
  mediumRange: 20,
  longRange: 30,
}

/** The Ogre's sheet, written by the GM on the table. */
function ogreSheet(t: Table, fields: Record<string, unknown>): void {
  const ogre = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get('ogre')
  ogre?.set('sheet', { name: 'Ogre', ...fields })
}

const DIE_PURPOSE: Record<string, Exclude<keyof osr.AttackFaces, 'damage'>> = {
  'to hit': 'd20',
  'special roll (natural 20)': 'special',
  'condition chart': 'condition',
  'fumble roll (natural 1)': 'fumble',
  'DEX check': 'dexCheck',
  'stumble rounds': 'stumbleRounds',
}

/** One side's logged dice as the rules package's faces of an attack. */
function facesOf(rolls: ReadonlyArray<{ label: string; face: number }>): osr.AttackFaces {
  const faces: osr.AttackFaces = {}
  for (const r of rolls) {
    const purpose = DIE_PURPOSE[r.label]
    if (purpose) faces[purpose] = r.face
    else if (r.label.startsWith('damage')) faces.damage = [...(faces.damage ?? []), r.face]
  }
  return faces
}

const sheetOf = (t: Table, id: string) => {
  const s = osr.parseSheet(t.fighter(id).sheet ?? { name: t.fighter(id).name })
  if (!s.ok) throw new Error(s.error)
  return s.value
}

const CHARGE = { choice: 'weapon-0-melee', toggles: ['charge'] }

/** The Ogre charges Mira on the GM's own dice (a 15 to hit, a 3 on its 1d6): the prompt it puts to her. */
async function ogreCharges(t: Table) {
  const charged = await t.gmAsk({
    kind: 'attack',
    attackerId: 'ogre',
    targetId: t.mira,
    declared: CHARGE,
    faces: [15, 3],
  })
  expect(charged.ok).toBe(true)
  return t.prompts()[0]
}

describe('osr: a weapon set against a charge (17.0.1.9)', () => {
  it('the Ogre charges Mira, who holds with a better initiative: she sets her spear on its number, for double damage, and her action is spent', async () => {
    const t = await table('osr')
    sturdy(t, { weapons: [SPEAR] })
    ogreSheet(t, { weapons: [SPEAR], hitPoints: 30 })
    await miraFirst(t)
    // She waits for the Ogre (17.0.1.6): both act on its number, so the Ogre's blow is simultaneous with her.
    const hold = { choice: 'hold', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: hold })).ok).toBe(true)
    // The GM's own dice for the Ogre: 15 + 1 + 2 (charging) = 18 hits AC 11; 1d6 3, doubled: 6.
    const prompt = await ogreCharges(t)
    expect(prompt?.declared.round).toEqual([osr.YET_TO_ACT, osr.SAME_NUMBER, osr.AS_QUICK])
    expect(prompt?.options.map((o) => o.id)).toEqual(['set-0', 'let-come'])
    // Its odds are the rules package's: the spear set against one charging (-2 AC).
    const decl = (initiative: { attacker: number; target: number }): osr.AttackDeclaration => ({
      attacker: sheetOf(t, t.mira),
      target: sheetOf(t, 'ogre'),
      targetConditions: [{ kind: 'charging' }],
      weapon: 0,
      mode: 'melee',
      toggles: ['set-vs-charge'],
      initiative,
    })
    const turn = turnOf(t)
    const numbers = {
      attacker: turn.initiative[t.mira]?.total ?? 0,
      target: turn.initiative.ogre?.total ?? 0,
    }
    const odds = osr.attackOdds(decl(numbers))
    if (!odds.ok) throw new Error(odds.error)
    expect(prompt?.options[0]?.chance).toBe(toFloat(odds.value.hit))

    expect((await t.ask({ kind: 'defend', promptId: prompt?.id, choice: 'set-0' })).ok).toBe(true)
    const entry = t.entries().at(-1)
    const mine = (entry?.rolls ?? []).filter((r) => r.theirs)
    const ruled = rollFrom(decl(numbers), facesOf(mine))
    if (!ruled.ok) throw new Error(ruled.error)
    const dealt = ruled.value.damage?.total ?? 0
    expect(
      ruled.value.damage === null || ruled.value.damage.lines.some((l) => l.label === 'double damage'),
    ).toBe(true)
    expect(entry?.detail).toMatch(
      /^Ogre hits Mira with the Spear \(18 against AC 11\); 6 damage; at the same time Mira sets the Spear against the charge: /,
    )
    expect(t.fighter(t.mira).hp).toBe(34)
    expect(t.fighter('ogre').hp).toBe(30 - dealt)
    // Her action is spent with the Ogre's number: she acts no more this round.
    expect(turnOf(t).acting).not.toContain(t.mira)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: SWORD })).toEqual({
      ok: false,
      error: 'It is not your turn.',
    })
  })

  it('the GM undoes the set spear: Mira has her action back, on the number she was waiting for', async () => {
    const t = await table('osr')
    // DEX +5 and a typed 6 make 11; the Ogre's 1d6 + 3 is 4 to 9, the Goblin's 1d6 - 5 at most 1.
    sturdy(t, { weapons: [SPEAR], dexBonus: 5 })
    ogreSheet(t, { weapons: [SPEAR], hitPoints: 30, dexBonus: 3 })
    const goblin = new Y.Map<unknown>()
    t.table.doc.getMap(TABLE.combatants).set('goblin', goblin)
    const fields = { name: 'Goblin', side: 'foe', hp: 5, maxHp: 5, sheet: { name: 'Goblin', dexBonus: -5 } }
    for (const [k, v] of Object.entries(fields)) goblin.set(k, v)
    const reader = await TestClient.connect(t.roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.combatants).has('goblin'), 'the Goblin')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [6] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    expect(turnOf(t).order.map((s) => s.ids)).toEqual([[t.mira], ['ogre'], ['goblin']])
    // She waits for the Goblin (17.0.1.6): her number is now the Goblin's, after the Ogre's.
    const hold = { choice: 'hold', toggles: [] }
    expect((await t.ask({ kind: 'attack', targetId: 'goblin', declared: hold })).ok).toBe(true)
    expect(turnOf(t).order.map((s) => s.ids)).toEqual([['ogre'], ['goblin', t.mira]])
    const prompt = await ogreCharges(t)
    expect(prompt?.options.map((o) => o.id)).toEqual(['set-0', 'let-come'])
    expect((await t.ask({ kind: 'defend', promptId: prompt?.id, choice: 'set-0' })).ok).toBe(true)
    // Set, her action is spent on the Ogre's number (17.0.1.9): the Goblin's number is no longer hers.
    expect(turnOf(t).order.map((s) => s.ids)).toEqual([['ogre', t.mira], ['goblin']])
    const entry = t.entries().at(-1)
    expect(entry?.spent).toEqual([t.mira])

    expect((await t.gmAsk({ kind: 'undo', entryId: entry?.id })).ok).toBe(true)
    expect(t.fighter(t.mira).hp).toBe(40)
    expect(t.fighter('ogre').hp).toBe(30)
    // Undone, nothing was set: her action and her place, the Goblin's number, are hers again.
    expect(turnOf(t).order.map((s) => s.ids)).toEqual([['ogre'], ['goblin', t.mira]])
    expect(turnOf(t).acted).not.toContain(t.mira)
    expect(turnOf(t).acting).toEqual(['ogre'])
    expect((await t.gmAsk({ kind: 'next-turn' })).ok).toBe(true)
    expect([...(turnOf(t).acting ?? [])].sort()).toEqual(['goblin', t.mira].sort())
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: SWORD })).ok).toBe(true)
  })

  it('the GM rejects the dice of a charge the Ogre set its spear against: the Ogre has its action back', async () => {
    const t = await table('osr')
    // DEX -5 and a typed 1 make -4, below any Ogre's 1d6: the Ogre waits for Mira, to act with her.
    sturdy(t, { weapons: [SPEAR], dexBonus: -5 })
    ogreSheet(t, { weapons: [SPEAR], hitPoints: 30 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.ask({ kind: 'initiative', faces: [1] })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    const hold = { choice: 'hold', toggles: [] }
    expect((await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: hold })).ok).toBe(
      true,
    )
    expect([...(turnOf(t).acting ?? [])].sort()).toEqual(['ogre', t.mira].sort())
    t.table.doc.getMap(TABLE.settings).set('physicalDice', 'approve')
    const reader = await TestClient.connect(t.roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.settings).get('physicalDice') === 'approve', 'the setting')
    const charge = { choice: 'weapon-0-melee', toggles: ['charge'] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: charge, faces: [15, 3] })).ok).toBe(
      true,
    )
    const prompt = t.prompts()[0]
    expect(prompt?.options.map((o) => o.id)).toEqual(['set-0', 'let-come'])
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt?.id, choice: 'set-0' })).ok).toBe(true)
    const charged = () => t.entries().find((e) => e.attack?.attackerId === t.mira)
    await eventually(() => charged() !== undefined, 'the charge in the log')
    const entry = charged()
    expect(entry?.status).toBe('pending')
    expect(entry?.spent).toEqual(['ogre'])
    expect(turnOf(t).acted).toContain('ogre')

    t.gm.doc.getArray(GM.approvals).push([{ entryId: entry?.id, approve: false }])
    await eventually(() => t.entries().find((e) => e.id === entry?.id)?.status === 'rejected', 'rejected')
    // Never applied, the outcome spent nothing: the Ogre still acts on this number.
    expect(t.fighter('ogre').hp).toBe(30)
    expect(turnOf(t).acted).not.toContain('ogre')
    expect(turnOf(t).acting).toContain('ogre')
  })

  it('with a worse initiative nobody asks: the charge lands alone', async () => {
    const t = await table('osr')
    sturdy(t, { weapons: [SPEAR], dexBonus: -3 })
    ogreSheet(t, { weapons: [SPEAR], hitPoints: 30 })
    await ogreFirst(t)
    const charge = { choice: 'weapon-0-melee', toggles: ['charge'] }
    const charged = await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: charge })
    expect(charged.ok).toBe(true)
    expect(t.prompts()).toEqual([])
    expect(t.entries().at(-1)?.attack?.declared.round).toEqual([osr.ACTS_LATER, osr.YET_TO_ACT])
  })
})

describe('osr: a long reach against one closing (17.0.1.6)', () => {
  it('the Ogre closes on Mira, who rolled lower: her spear strikes on its number, and her own number goes', async () => {
    const t = await table('osr')
    sturdy(t, { weapons: [{ ...SPEAR, longReach: true, settable: false }], dexBonus: -3 })
    await ogreFirst(t)
    expect(turnOf(t).order.map((s) => s.ids)).toEqual([['ogre'], [t.mira]])
    // 2 + 1 = 3 misses Mira's AC 11.
    expect(
      (await t.gmAsk({ kind: 'attack', attackerId: 'ogre', targetId: t.mira, declared: SWORD, faces: [2] }))
        .ok,
    ).toBe(true)
    const prompt = t.prompts()[0]
    expect(prompt?.options.map((o) => o.id)).toEqual(['reach-0', 'let-come'])
    // Only the one attacked answers before the countdown.
    expect(await t.gmAsk({ kind: 'defend', promptId: prompt?.id, choice: 'reach-0' })).toEqual({
      ok: false,
      error: 'The player still has time to answer; wait for the countdown.',
    })
    expect((await t.ask({ kind: 'defend', promptId: prompt?.id, choice: 'reach-0' })).ok).toBe(true)
    const entry = t.entries().at(-1)
    const decl: osr.AttackDeclaration = {
      attacker: sheetOf(t, t.mira),
      target: sheetOf(t, 'ogre'),
      weapon: 0,
      mode: 'melee',
    }
    const ruled = rollFrom(decl, facesOf((entry?.rolls ?? []).filter((r) => r.theirs)))
    if (!ruled.ok) throw new Error(ruled.error)
    expect(entry?.detail).toMatch(
      /^Ogre misses Mira with the Sword \(3 against AC 11\); at the same time Mira strikes first with the Spear: Mira (hits|misses) Ogre/,
    )
    expect(t.fighter('ogre').hp).toBe(30 - (ruled.value.damage?.total ?? 0))
    // She struck with the Ogre: her own, later number is gone from the order.
    expect(turnOf(t).order.map((s) => s.ids)).toEqual([['ogre', t.mira]])
    expect(turnOf(t).acted).toContain(t.mira)
  })
})

describe('osr: a missile that misses into a melee with allies (17.0.12)', () => {
  it('the GM taps the allies it could hit, and the room rolls Mira’s shot against each until one is hit', async () => {
    const t = await table('osr')
    const bow = SHORT_BOW
    setSheet(t, { weapons: [bow], dexBonus: 3 })
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    await playTo(t, () => (turnOf(t).acting ?? []).includes(t.mira))
    // Two allies beside Mira, put on the table by the GM once the round's order is set (seatless, they
    // roll no initiative of their own).
    for (const [id, name, ac] of [
      ['bryn', 'Bryn', 25],
      ['cato', 'Cato', 12],
    ] as const) {
      const ally = new Y.Map<unknown>()
      t.table.doc.getMap(TABLE.combatants).set(id, ally)
      for (const [k, v] of Object.entries({ name, side: 'pc', hp: 12, maxHp: 12, sheet: { name, ac } }))
        ally.set(k, v)
    }
    const reader = await TestClient.connect(t.roomId, 'table')
    await eventually(() => reader.doc.getMap(TABLE.combatants).has('cato'), 'the allies')
    // 2 + 1 + 3 + 1 (short range) = 7 misses the Ogre's AC 11.
    const shot = { choice: 'weapon-0-missile', toggles: ['short-range', 'into-melee'] }
    expect((await t.ask({ kind: 'attack', targetId: 'ogre', declared: shot, faces: [2] })).ok).toBe(true)
    expect(t.entries().at(-1)?.detail).toBe(
      'Mira misses Ogre with the Short bow (7 against AC 11); the missed shot may hit one of Mira’s allies in the melee: the GM chooses who could be, and the room rolls.',
    )
    const prompt = t.prompts()[0]
    expect(prompt?.question).toMatch(/^Mira’s shot missed Ogre into a melee: tap the allies it could hit/)
    const shooter = sheetOf(t, t.mira)
    expect(prompt?.options.map((o) => [o.id, o.chance])).toEqual([
      ['bryn', osr.strayChance(shooter, 25)],
      ['cato', osr.strayChance(shooter, 12)],
      ['none', null],
    ])
    // The GM's rolls, not the player's: her phone cannot answer it.
    expect(await t.ask({ kind: 'defend', promptId: prompt?.id, choice: 'cato' })).toEqual({
      ok: false,
      error: 'Only the GM answers this.',
    })
    expect((await t.gmAsk({ kind: 'defend', promptId: prompt?.id, choice: 'bryn+cato' })).ok).toBe(true)
    const entry = t.entries().at(-1)
    const d20s = (entry?.rolls ?? []).filter((r) => r.sides === 20).map((r) => r.face)
    const allies = [
      { id: 'bryn', name: 'Bryn', ac: 25 },
      { id: 'cato', name: 'Cato', ac: 12 },
    ]
    const ruled = osr.strayMissile(shooter, shooter.weapons[0] as osr.Weapon, allies, d20s)
    if (!ruled.ok) throw new Error(ruled.error)
    // Rolled in the GM's order, until one is hit: never Mira's typed faces.
    expect(ruled.value.rolls.map((r) => r.id)).toEqual(['bryn', 'cato'].slice(0, d20s.length))
    expect((entry?.rolls ?? []).every((r) => !r.typed)).toBe(true)
    const damage = (entry?.rolls ?? []).filter((r) => r.sides === 6).map((r) => r.face)
    const dealt = osr.strayDamage(shooter, shooter.weapons[0] as osr.Weapon, damage)
    const hit = ruled.value.hitId
    for (const id of ['bryn', 'cato'])
      expect(t.fighter(id).hp).toBe(id === hit && dealt.ok ? 12 - dealt.value.total : 12)
    expect(t.prompts()).toEqual([])
    expect(entry?.detail).toMatch(
      /^Mira’s missed shot strays into the melee: \d+ against Bryn’s AC 25: a (hit|miss)/,
    )
  })
})

describe('osr: "Equal initiative numbers act simultaneously" (17, Determine Initiative Order)', () => {
  /** Mira at 1 hit point; the Ogre's d6 rolled, then Mira's initiative typed to `tie` it or fall below it. */
  async function miraAtOne(t: Table, tie: boolean): Promise<void> {
    const mira = t.table.doc.getMap<Y.Map<unknown>>(TABLE.combatants).get(t.mira)
    mira?.set('hp', 1)
    await eventually(() => t.fighter(t.mira).hp === 1, 'Mira at 1 hit point')
    expect((await t.gmAsk({ kind: 'start-combat' })).ok).toBe(true)
    expect((await t.gmAsk({ kind: 'roll-foes' })).ok).toBe(true)
    const ogres = turnOf(t).initiative.ogre?.total
    if (ogres === undefined) throw new Error('the Ogre rolled no initiative')
    // Her DEX bonus and a typed 3 make the Ogre's number, or 1 below its lowest.
    setSheet(t, { dexBonus: tie ? ogres - 3 : -3 })
    await eventually(
      () => (t.fighter(t.mira).sheet as { dexBonus?: number }).dexBonus === (tie ? ogres - 3 : -3),
      'her DEX',
    )
    expect((await t.ask({ kind: 'initiative', faces: [tie ? 3 : 1] })).ok).toBe(true)
    await eventually(() => turnOf(t).status === 'running', 'the round under way')
    expect(turnOf(t).acting).toContain('ogre')
    expect(turnOf(t).acting?.includes(t.mira)).toBe(tie)
  }

  /** The Ogre's sword fells Mira (a 19, then its damage die); she lets the blow come if asked. */
  async function ogreFells(t: Table): Promise<void> {
    await ogreFellsMira(t, SWORD, [19, 6], 'let-come')
    expect(SYSTEMS.osr.combat.out(t.fighter(t.mira))).toBe('Mira is dead.')
  }

  it('the Ogre on her number kills Mira: she still makes her attack in that slot, then she is out', async () => {
    const t = await table('osr')
    await miraAtOne(t, true)
    await ogreFells(t)
    expect(t.entries().find((e) => e.attack?.attackerId === 'ogre')?.detail).toContain(
      'Mira is on the same initiative number: equal initiative numbers act simultaneously, so Mira still makes their action this round before leaving the fight',
    )
    // Her phone's Attack reads the turn: she still acts, with one attack, and her ways to attack.
    expect(turnOf(t).acting).toContain(t.mira)
    expect(turnOf(t).attacksLeft?.[t.mira]).toBe(1)
    expect(turnOf(t).out ?? []).not.toContain(t.mira)
    const view = { turn: turnOf(t), fighters: [t.fighter(t.mira), t.fighter('ogre')] }
    const offered = SYSTEMS.osr.combat.choices(t.fighter(t.mira), view)
    if (!offered.ok) throw new Error(offered.error)
    expect(offered.value.map((c) => c.id)).toContain(SWORD.choice)
    const ogreHp = t.fighter('ogre').hp
    const strike = await t.ask({ kind: 'attack', targetId: 'ogre', declared: SWORD, faces: [19, 5] })
    if (!strike.ok) throw new Error(strike.error)
    await eventually(() => t.entries().some((e) => e.attack?.attackerId === t.mira), 'her strike logged')
    expect(t.entries().find((e) => e.attack?.attackerId === t.mira)?.detail).toMatch(/^Mira hits Ogre/)
    expect(t.fighter('ogre').hp).toBeLessThan(ogreHp)
    // Her attack made, she is out of the order.
    await eventually(() => !(turnOf(t).acting ?? []).includes(t.mira), 'Mira out of the turn')
    expect(turnOf(t).out).toContain(t.mira)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: SWORD })).toMatchObject({ ok: false })
  })

  it('killed by the Ogre on a higher number, Mira gets no action', async () => {
    const t = await table('osr')
    await miraAtOne(t, false)
    await ogreFells(t)
    expect(t.entries().find((e) => e.attack?.attackerId === 'ogre')?.detail).not.toContain(
      'equal initiative numbers act simultaneously',
    )
    expect(turnOf(t).out).toContain(t.mira)
    await playTo(t, () => turnOf(t).current >= turnOf(t).order.findIndex((s) => s.ids.includes(t.mira)))
    expect(turnOf(t).acting ?? []).not.toContain(t.mira)
    expect(await t.ask({ kind: 'attack', targetId: 'ogre', declared: SWORD })).toMatchObject({ ok: false })
  })
})

describe('osr: the initiative roll in the log', () => {
  // #54: "'Kestrel rolled 1d6: 7 (5)'": the DEX bonus is in what the log says was rolled.
  it('Mira’s d6 and DEX +3 read "1d6+3: 9 (6)"', async () => {
    const t = await table('osr')
    await miraFirst(t)
    const rolled = t.entries().find((e) => e.initiative?.combatantId === t.mira)
    expect(rolled).toMatchObject({ notation: '1d6+3', faces: [6], total: 9 })
  })
})
