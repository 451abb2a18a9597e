import { describe, expect, it } from 'vitest'
import { fighter, steps, turnContext } from '../test-support.ts'
import { odndTurns as rules } from './turn-model.ts'

const mira = fighter('odnd', 'm', 'pc', { name: 'Mira' })
const elf = fighter('odnd', 'e', 'pc', { name: 'Ilse' })
const goblin = fighter('odnd', 'g', 'foe', { name: 'Goblin', role: 'monster' })
const ogre = fighter('odnd', 'o', 'foe', { name: 'Ogre', role: 'monster' })

function start(ctx: ReturnType<typeof turnContext>) {
  const started = rules.start(ctx, null)
  if (!started.ok) throw new Error(started.error)
  return started.value.step
}

/** The round begun with these initiative d6s, by id, in order. */
const rolled = (ctx: ReturnType<typeof turnContext>, faces: Record<string, number>) =>
  steps(
    rules,
    start(ctx),
    ctx,
    ...Object.entries(faces).map(([id, face]) => ({ kind: 'initiative' as const, id, faces: [face] })),
  )

describe('odnd turns', () => {
  it('rolls one d6 per side for the foes, the higher side first', () => {
    const ctx = turnContext('odnd', [mira, goblin, ogre])
    const first = start(ctx)
    expect(rules.foeRollers(first.turn, ctx).map((f) => f.id)).toEqual(['g'])
    const foesRolled = steps(rules, first, ctx, { kind: 'initiative', id: 'g', faces: [5] })
    expect(rules.initiativeDice(foesRolled.turn, ogre, ctx)).toEqual({
      ok: false,
      error: expect.stringMatching(/one die for the whole side/),
    })
    const running = steps(rules, foesRolled, ctx, { kind: 'initiative', id: 'm', faces: [2] })
    expect(running.turn.order.map((s) => s.ids)).toEqual([['g', 'o'], ['m']])
  })

  it('lets one player roll for the whole party when the room plays that option', () => {
    const ctx = turnContext('odnd', [mira, elf, goblin], { settings: { partyInitiative: 'one-roll' } })
    const rolled = steps(rules, start(ctx), ctx, { kind: 'initiative', id: 'm', faces: [4] })
    expect(rolled.turn.waiting).toEqual({ g: 'initiative' })
    expect(rules.initiativeDice(rolled.turn, elf, ctx).ok).toBe(false)
  })

  it('keeps the rolls for the fight unless the room rerolls every round, even after a roller falls', () => {
    const ctx = turnContext('odnd', [mira, goblin, ogre])
    const round1 = steps(
      rules,
      start(ctx),
      ctx,
      { kind: 'initiative', id: 'm', faces: [2] },
      { kind: 'initiative', id: 'g', faces: [5] },
    )
    const goblinDown = turnContext('odnd', [mira, { ...goblin, hp: 0 }, ogre])
    const round2 = steps(rules, round1, goblinDown, { kind: 'next' }, { kind: 'next' }, { kind: 'new-round' })
    expect(round2.turn.status).toBe('running')
    expect(round2.turn.order.map((s) => s.ids)).toEqual([['o'], ['m']])
    const rerolling = turnContext('odnd', [mira, goblin], { settings: { rerollInitiativeEachRound: true } })
    const fresh = steps(rules, round1, rerolling, { kind: 'next' }, { kind: 'next' }, { kind: 'new-round' })
    expect(fresh.turn.waiting).toEqual({ m: 'initiative', g: 'initiative' })
  })

  // ENCOUNTER ORDER 6: "the DM rolls a D6for each group of foes(a group of skeletons, an evil wizard
  // controlling the skeletons, and the evil wizard's bugbear bodyguards, for example)".
  it('asks a group of foes revealed in a fight under way for its own d6, not the first group’s', () => {
    const before = turnContext('odnd', [mira, goblin])
    const round1 = steps(
      rules,
      start(before),
      before,
      { kind: 'initiative', id: 'g', faces: [5] },
      { kind: 'initiative', id: 'm', faces: [2] },
    )
    expect(round1.turn.order.map((s) => s.ids)).toEqual([['g'], ['m']])
    // The GM reveals the Ogre while the round runs: it joins the next round, with a roll of its own.
    const revealed = turnContext('odnd', [mira, goblin, ogre])
    const round2 = steps(rules, round1, revealed, { kind: 'next' }, { kind: 'next' }, { kind: 'new-round' })
    expect(round2.turn.waiting).toEqual({ o: 'initiative' })
    expect(rules.foeRollers(round2.turn, revealed).map((f) => f.id)).toEqual(['o'])
    expect(rules.initiativeDice(round2.turn, ogre, revealed)).toEqual({ ok: true, value: [6] })
    const rolled = steps(rules, round2, revealed, { kind: 'initiative', id: 'o', faces: [3] })
    expect(rolled.turn.order.map((s) => [s.ids, s.label])).toEqual([
      [['g'], 'Initiative 5'],
      [['o'], 'Initiative 3'],
      [['m'], 'Initiative 2'],
    ])
    // The group the GM rolled for first keeps its one die: a second goblin of it does not roll again.
    const wolf = fighter('odnd', 'w', 'foe', { name: 'Wolf', role: 'monster' })
    const together = turnContext('odnd', [mira, goblin, wolf])
    const one = steps(rules, start(together), together, { kind: 'initiative', id: 'g', faces: [4] })
    expect(rules.foeRollers(one.turn, together)).toEqual([])
    expect(rules.initiativeDice(one.turn, wolf, together).ok).toBe(false)
  })

  it('checks surprise with a d6 per unaware side, 1-2 surprised; both surprised cancel out', () => {
    const table = [mira, elf, goblin, ogre]
    const party = rules.start(turnContext('odnd', table, { faces: [2, 3] }), {
      unaware: 'both',
      ambush: false,
    })
    expect(party.ok && party.value.step.turn.surprised).toEqual(['m', 'e'])
    // In the free round an attack on a surprised fighter is "by surprise"; from round 2 it is not known.
    if (!party.ok) throw new Error(party.error)
    const free = party.value.step.turn
    expect(rules.known?.(free, goblin, mira)).toEqual(['from-behind'])
    expect(rules.known?.(free, mira, goblin)).toEqual([])
    expect(rules.known?.({ ...free, round: 2 }, goblin, mira)).toEqual([])
    const cancelled = rules.start(turnContext('odnd', table, { faces: [1, 2] }), {
      unaware: 'both',
      ambush: false,
    })
    expect(cancelled.ok && cancelled.value.step.turn.surprised).toEqual([])
    const foes = rules.start(turnContext('odnd', table, { faces: [3] }), { unaware: 'foe', ambush: false })
    expect(foes.ok && foes.value.step.turn.surprised).toEqual([])
    expect(foes.ok && foes.value.rolls).toHaveLength(1)
  })
})

describe('what the round tells an attack (known toggles)', () => {
  it('two in the same beat share the initiative; one in another beat does not (spell interruption)', () => {
    const ctx = turnContext('odnd', [mira, elf, goblin])
    let step = start(ctx)
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'g', faces: [4] })
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'm', faces: [4] })
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'e', faces: [2] })
    expect(step.turn.order.map((s) => s.ids)).toEqual([['m', 'g'], ['e']])
    expect(rules.known?.(step.turn, goblin, mira)).toEqual(['same-initiative'])
    expect(rules.known?.(step.turn, goblin, elf)).toEqual([])
  })

  it('one who fled is attacked as "a fleeing foe" (Retreat: +2 until they re-engage)', () => {
    const fled = { ...mira, state: { conditions: [{ id: 'fleeing', rounds: null }] } }
    const ctx = turnContext('odnd', [fled, goblin])
    expect(rules.known?.(start(ctx).turn, goblin, fled)).toContain('pursuing')
  })
})

describe('ENCOUNTER ORDER: "Magically HASTED creatures ... always have initiative"', () => {
  it('a hasted ogre acts before a party that rolled higher; hasted on both sides go by their rolls', () => {
    const hasted = { ...ogre, sheet: { ...ogre.sheet, hasted: true } }
    const ctx = turnContext('odnd', [mira, hasted])
    let step = start(ctx)
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'o', faces: [1] })
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'm', faces: [6] })
    expect(step.turn.order.map((s) => [s.ids, s.label])).toEqual([
      [['o'], 'Hasted, initiative 1'],
      [['m'], 'Initiative 6'],
    ])
    const quick = { ...mira, sheet: { ...mira.sheet, hasted: true } }
    const both = turnContext('odnd', [quick, hasted])
    let race = start(both)
    race = steps(rules, race, both, { kind: 'initiative', id: 'o', faces: [2] })
    race = steps(rules, race, both, { kind: 'initiative', id: 'm', faces: [5] })
    expect(race.turn.order.map((s) => s.ids)).toEqual([['m'], ['o']])
  })
})

describe('ENCOUNTER ORDER: "Fighters with multiple attacks will attack first and last in the melee round"', () => {
  it('a 3rd-level fighter (three attacks against normal men) opens and closes the round; a 1st-level one does not', () => {
    const veteran = fighter('odnd', 'v', 'pc', { name: 'Vera', level: 3 })
    const ctx = turnContext('odnd', [veteran, mira, goblin])
    let step = start(ctx)
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'g', faces: [5] })
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'v', faces: [3] })
    step = steps(rules, step, ctx, { kind: 'initiative', id: 'm', faces: [3] })
    expect(step.turn.order.map((s) => [s.ids, s.label])).toEqual([
      [['v'], 'Multiple attacks: first'],
      [['g'], 'Initiative 5'],
      [['m'], 'Initiative 3'],
      [['v'], 'Multiple attacks: last'],
    ])
  })

  // "PCs and Important NPC Fighter-types get a number of melee attacks against 'Normal Men' ... equal to
  // their level": against none of them she has one attack, and no first and last beats.
  it('a 3rd-level fighter facing no normal men (a 4HD ogre) has one attack: she acts on her roll alone', () => {
    const veteran = fighter('odnd', 'v', 'pc', { name: 'Vera', level: 3 })
    const bigOgre = fighter('odnd', 'o', 'foe', { name: 'Ogre', role: 'monster', level: 4 })
    const ctx = turnContext('odnd', [veteran, bigOgre])
    const step = steps(
      rules,
      start(ctx),
      ctx,
      { kind: 'initiative', id: 'o', faces: [5] },
      { kind: 'initiative', id: 'v', faces: [3] },
    )
    expect(step.turn.order.map((s) => [s.ids, s.label])).toEqual([
      [['o'], 'Initiative 5'],
      [['v'], 'Initiative 3'],
    ])
    // Two attacks a round on her sheet are multiple attacks whoever she faces.
    const twice = fighter('odnd', 'v', 'pc', { name: 'Vera', level: 3, attacksPerRound: 2 })
    const sheetCtx = turnContext('odnd', [twice, bigOgre])
    const sheetStep = steps(
      rules,
      start(sheetCtx),
      sheetCtx,
      { kind: 'initiative', id: 'o', faces: [5] },
      { kind: 'initiative', id: 'v', faces: [3] },
    )
    expect(sheetStep.turn.order.map((s) => s.label)).toEqual([
      'Multiple attacks: first',
      'Initiative 5',
      'Multiple attacks: last',
    ])
  })
})

// #54: "odnd's Attack stays after every attack is used ('has made all 1 attacks' after 3), and a fighter
// taps End my turn twice a round". The turn offers the attacks the attack itself allows.
describe('the attacks a turn offers are those the round leaves (MISC COMBAT RULES: Normal Men)', () => {
  const vera = (state: Record<string, unknown> = {}) => ({
    ...fighter('odnd', 'v', 'pc', { name: 'Vera', level: 3 }),
    state,
  })
  const bigOgre = fighter('odnd', 'o', 'foe', { name: 'Ogre', role: 'monster', level: 4 })

  it('a 3rd-level fighter facing a 4HD ogre (no normal man) is offered one attack, not three', () => {
    const ctx = turnContext('odnd', [vera(), bigOgre])
    const step = rolled(ctx, { o: 2, v: 5 })
    expect(step.turn.acting).toEqual(['v'])
    expect(step.turn.attacksLeft?.v).toBe(1)
    const struck = turnContext('odnd', [vera({ attacks: 1 }), bigOgre])
    expect(steps(rules, step, struck, { kind: 'attacked', id: 'v' }).turn.attacksLeft?.v).toBe(0)
  })

  it('"attack first and last": of her three against a goblin, two in the first beat, one in the last', () => {
    const ctx = turnContext('odnd', [vera(), goblin])
    let step = rolled(ctx, { g: 5, v: 3 })
    expect(step.turn.order[step.turn.current]?.label).toBe('Multiple attacks: first')
    expect(step.turn.attacksLeft?.v).toBe(2)
    const once = turnContext('odnd', [vera({ attacks: 1 }), goblin])
    step = steps(rules, step, once, { kind: 'attacked', id: 'v' })
    expect(step.turn.attacksLeft?.v).toBe(1)
    const twice = turnContext('odnd', [vera({ attacks: 2 }), goblin])
    step = steps(rules, step, twice, { kind: 'attacked', id: 'v' })
    // Her first beat spent: it ends by itself on her phone (nothing left); the goblin's beat follows.
    expect(step.turn.attacksLeft?.v).toBe(0)
    step = steps(rules, step, twice, { kind: 'end-turn', id: 'v' }, { kind: 'next' })
    expect(step.turn.order[step.turn.current]?.label).toBe('Multiple attacks: last')
    expect(step.turn.attacksLeft?.v).toBe(1)
  })

  it('a last beat with every attack of the round made goes by without her: no second End my turn', () => {
    const ctx = turnContext('odnd', [vera(), goblin, bigOgre])
    let step = rolled(ctx, { g: 5, v: 3 })
    expect(step.turn.order.map((s) => s.label)).toEqual([
      'Multiple attacks: first',
      'Initiative 5',
      'Multiple attacks: last',
    ])
    // The goblin falls in her first beat: against the ogre alone she has one attack, and has made it.
    const goblinDown = turnContext('odnd', [vera({ attacks: 1 }), { ...goblin, hp: 0 }, bigOgre])
    step = steps(rules, step, goblinDown, { kind: 'attacked', id: 'v' }, { kind: 'end-turn', id: 'v' })
    expect(step.turn.acting).toEqual(['o'])
    step = steps(rules, step, goblinDown, { kind: 'next' })
    expect(step.turn.acting).toEqual([])
    expect(step.roundOver).toBe(true)
  })
})

describe('ENCOUNTER ORDER 6: "anyone killed in that round still gets their attack for that round"', () => {
  /** Mira and the goblin tied on 3, Ilse after them on 2; then Mira killed by one of the same initiative. */
  function tied() {
    const ctx = turnContext('odnd', [mira, elf, goblin])
    const rolls = Object.entries({ m: 3, e: 2, g: 3 }).map(([id, face]) => ({
      kind: 'initiative' as const,
      id,
      faces: [face],
    }))
    const running = steps(rules, start(ctx), ctx, ...rolls)
    expect(running.turn.order.map((s) => s.ids)).toEqual([['m', 'g'], ['e']])
    const killed = turnContext('odnd', [{ ...mira, hp: 0, state: { strikesBack: true } }, elf, goblin])
    return { killed, struck: steps(rules, running, killed, { kind: 'refresh' }) }
  }

  it('keeps one killed on the same initiative in the slot, with one attack, until they end their turn', () => {
    const { killed, struck } = tied()
    expect(struck.turn.acting).toEqual(['m', 'g'])
    expect(struck.turn.attacksLeft?.m).toBe(1)
    expect(struck.turn.out).toEqual([])
    const ended = steps(rules, struck, killed, { kind: 'end-turn', id: 'm' })
    expect(ended.turn.acting).toEqual(['g'])
    expect(ended.turn.out).toEqual(['m'])
  })

  it('takes them out of the order once they have attacked, or once their slot ends', () => {
    const { killed, struck } = tied()
    const attacked = steps(rules, struck, killed, { kind: 'attacked', id: 'm' })
    expect(attacked.turn.acting).toEqual(['g'])
    expect(attacked.turn.out).toEqual(['m'])
    const next = steps(rules, struck, killed, { kind: 'next' })
    expect(next.turn.acting).toEqual(['e'])
    expect(next.turn.out).toEqual(['m'])
  })

  it('gives nothing to one already out, nor to one killed who was not owed it', () => {
    const { struck } = tied()
    const plainDead = turnContext('odnd', [{ ...mira, hp: 0 }, elf, goblin])
    const dead = steps(rules, struck, plainDead, { kind: 'refresh' })
    expect(dead.turn.acting).toEqual(['g'])
    expect(dead.turn.out).toEqual(['m'])
  })
})
