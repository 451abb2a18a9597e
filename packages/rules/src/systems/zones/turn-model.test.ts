import { describe, expect, it } from 'vitest'
import { diceAsked } from '../../engine/dice-asked.ts'
import { previewDeclared, resolveDeclared } from '../../engine/plan.ts'
import type { TurnState } from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { fighter, scripted, steps, turnContext } from '../test-support.ts'
import { zonesCombat } from './room-combat.ts'
import { zonesTurns as rules } from './turn-model.ts'
import { zonesRound } from './turn-view.ts'

/** The fighter after a step of their own turn, resolved by the table's combat rules (a move, an action). */
function spent(f: Fighter, turn: TurnState, fighters: Fighter[], ...choices: string[]): Fighter {
  let now = f
  for (const choice of choices) {
    const view = { turn, fighters: fighters.map((x) => (x.id === f.id ? now : x)) }
    // An attack goes at the first one of the other side; the turn's own steps at nobody.
    const target = choice.startsWith('weapon') ? (fighters.find((x) => x.side !== f.side) ?? now) : now
    const r = resolveDeclared(zonesCombat, now, target, { choice, toggles: [] }, null, scripted(3), view)
    if (!r.ok) throw new Error(r.error)
    now = { ...now, state: r.value.changes[f.id]?.state ?? now.state }
  }
  return now
}

const sybilla = fighter('zones', 's', 'pc', { name: 'Sybilla' })
const bandit = fighter('zones', 'b', 'foe', { name: 'Bandit' })
const leader = fighter('zones', 'l', 'foe', { name: 'Bandit leader' })
const incapacitated = { ...bandit, state: { down: 'incapacitated' } }

describe('zones turns', () => {
  it('lets a round with everyone out wait, not end again at each look, until one can act', () => {
    const ctx = turnContext('zones', [sybilla, bandit], { faces: [1] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    // Both fall (a GM's edit): both sides pass for want of anyone, and the round does not end by itself.
    const down = turnContext('zones', [
      { ...sybilla, hp: 0 },
      { ...bandit, hp: -1 },
    ])
    const fallen = steps(rules, started.value.step, down, { kind: 'refresh' })
    expect(fallen.roundOver).toBe(false)
    expect(steps(rules, fallen, down, { kind: 'refresh' }).roundOver).toBe(false)
    // The GM heals Sybilla: the round ends, and the next has her.
    const healed = turnContext('zones', [
      { ...sybilla, hp: 3 },
      { ...bandit, hp: -1 },
    ])
    expect(steps(rules, fallen, healed, { kind: 'refresh' }).roundOver).toBe(true)
  })

  it('alternates the sides one character at a time; the one who took the turn spends it step by step', () => {
    // The initiative die (a d2) gives it to the party.
    const ctx = turnContext('zones', [sybilla, bandit], { faces: [1] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    expect(rules.step(started.value.step.turn, { kind: 'act', side: 'foe', id: 'b' }, ctx)).toEqual({
      ok: false,
      error: 'The other side holds the initiative: wait for their move.',
    })
    const acted = steps(rules, started.value.step, ctx, { kind: 'act', side: 'pc', id: 's' })
    expect(acted.turn.acting).toEqual(['s'])
    // What is left of her turn is on the tracker for every device ("Taking a turn").
    expect(zonesRound(acted.turn)?.characters.s?.left).toBe(
      '2 zones, or 1 zone with a main and a bonus action (or two bonus actions)',
    )
    // She attacks: the half move and a bonus action are still hers.
    const attacked = spent(sybilla, acted.turn, [sybilla, bandit], 'weapon-0')
    const after = turnContext('zones', [attacked, bandit])
    const left = steps(rules, acted, after, { kind: 'attacked', id: 's' })
    expect(left.turn.attacksLeft).toEqual({ s: 1 })
    expect(zonesRound(left.turn)?.characters.s?.left).toBe('1 zone and a bonus action')
    // #54: "after the attack the yellow button is 'Act or move' again with End my turn grey". Her main
    // action taken, the rest is hers to take or leave: her phone leads with End my turn. Before it, not.
    expect(acted.turn.mainDone).toEqual([])
    expect(left.turn.mainDone).toEqual(['s'])
    // Moving the zone and a bonus action spend it all: the turn allows nothing more.
    const all = spent(attacked, acted.turn, [attacked, bandit], 'move', 'bonus')
    expect(
      steps(rules, acted, turnContext('zones', [all, bandit]), { kind: 'refresh' }).turn.attacksLeft,
    ).toEqual({ s: 0 })
    // The bandit takes his turn; Sybilla has had hers, so the party passes; the foes, with nobody left who
    // can act, pass by themselves and say why: every side passed in a row, the round is over.
    const over = steps(
      rules,
      acted,
      ctx,
      { kind: 'act', side: 'foe', id: 'b' },
      { kind: 'act', side: 'pc', id: null },
    )
    expect(over.roundOver).toBe(true)
    expect(zonesRound(over.turn)?.log.at(-2)).toEqual({
      type: 'pass',
      faction: 'foes',
      reason: 'The foes pass: each has taken their turn, reacted or is out of the fight.',
    })
    expect(steps(rules, over, ctx, { kind: 'new-round' }).turn.round).toBe(2)
  })

  it('never lets one who is out take a turn, and brings a newcomer into the round at once', () => {
    const ctx = turnContext('zones', [sybilla, bandit], { faces: [2] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const out = turnContext('zones', [sybilla, incapacitated, leader])
    expect(rules.step(started.value.step.turn, { kind: 'act', side: 'foe', id: 'b' }, out)).toEqual({
      ok: false,
      error: 'Bandit is incapacitated.',
    })
    const joined = steps(rules, started.value.step, out, { kind: 'act', side: 'foe', id: 'l' })
    expect(joined.turn.acting).toEqual(['l'])
    expect(zonesRound(joined.turn)?.characters.b?.out).toBe(true)
  })

  it('passes for a side that cannot act once the one acting has spent or ended the turn, never while a defense is awaited', () => {
    // The party holds the initiative; the bandit has nobody left after his turn.
    const ctx = turnContext('zones', [sybilla, bandit], { faces: [1] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const foesDone = steps(
      rules,
      started.value.step,
      ctx,
      { kind: 'act', side: 'pc', id: null },
      { kind: 'act', side: 'foe', id: 'b' },
      { kind: 'end-turn', id: 'b' },
    )
    const mira = steps(rules, foesDone, ctx, { kind: 'act', side: 'pc', id: 's' })
    // Sybilla has her whole turn: it goes on, the foes do not pass under her.
    expect([mira.turn.acting, zonesRound(mira.turn)?.next]).toEqual([['s'], 'foes'])
    // She attacks and it waits for a defense: still nothing passes.
    const attacked = spent(sybilla, mira.turn, [sybilla, bandit], 'weapon-0')
    const prompted = turnContext('zones', [attacked, bandit], {
      openPrompts: [{ attackerId: 's', targetId: 'b' }],
    })
    const waiting = rules.step(mira.turn, { kind: 'attacked', id: 's' }, prompted)
    expect(waiting.ok && zonesRound(waiting.value.turn)?.next).toBe('foes')
    // Answered, her turn still has a move and a bonus action: the round waits for her to end it.
    const answered = steps(rules, mira, turnContext('zones', [attacked, bandit]), {
      kind: 'attacked',
      id: 's',
    })
    expect([answered.roundOver, answered.turn.acting]).toEqual([false, ['s']])
    expect(rules.step(answered.turn, { kind: 'end-turn', id: 'b' }, ctx)).toEqual({
      ok: false,
      error: 'It is not your turn.',
    })
    // She ends it: the foes pass by themselves, and the party, with nobody left, too.
    const done = steps(rules, answered, turnContext('zones', [attacked, bandit]), {
      kind: 'end-turn',
      id: 's',
    })
    expect(done.roundOver).toBe(true)
    expect(
      zonesRound(done.turn)
        ?.log.filter((e) => e.type === 'pass')
        .map((e) => e.faction),
    ).toEqual(['party', 'foes', 'party'])
  })

  it('starts the side lying in wait concealed, in a bonus round of its own', () => {
    const started = rules.start(turnContext('zones', [sybilla, bandit], { faces: [1] }), {
      unaware: 'pc',
      ambush: false,
    })
    expect(started.ok && zonesRound(started.value.step.turn)?.bonusRound).toBe(true)
    expect(started.ok && zonesRound(started.value.step.turn)?.characters.b?.concealed).toBe(true)
    // Still concealed, the bandit's attack is a concealed attacker's; Sybilla's is not.
    if (!started.ok) throw new Error(started.error)
    expect(rules.known?.(started.value.step.turn, bandit, sybilla)).toEqual(['concealed-attacker'])
    expect(rules.known?.(started.value.step.turn, sybilla, bandit)).toEqual([])
    expect(rules.start(turnContext('zones', [sybilla, bandit]), { unaware: 'both', ambush: false })).toEqual({
      ok: false,
      error: expect.stringMatching(/one side lies in wait/),
    })
  })
})

describe('zones: who starts ("Initiative is held by the faction which started the fight, or is assigned randomly if that’s unclear")', () => {
  const name = (id: string) => (id === 's' ? 'Sybilla' : 'Bandit')
  const detail = (turn: TurnState) => rules.view?.line?.(turn, name)?.detail

  it('the side the GM says started the fight holds the initiative: nothing is rolled, every screen says so', () => {
    for (const [side, faction, words] of [
      ['pc', 'party', 'The players hold the initiative: they started the fight'],
      ['foe', 'foes', 'The foes hold the initiative: they started the fight'],
    ] as const) {
      // No face is scripted: a roll would fail the test.
      const started = rules.start(turnContext('zones', [sybilla, bandit]), null, side)
      if (!started.ok) throw new Error(started.error)
      expect(started.value.rolls).toEqual([])
      expect(zonesRound(started.value.step.turn)?.initiative).toBe(faction)
      expect(rules.view?.sides?.toMove(started.value.step.turn)).toBe(faction)
      expect(detail(started.value.step.turn)).toBe(`Round 1 · ${words}`)
    }
  })

  it('unclear, the room rolls it: a d2 for the log, with the rule’s words', () => {
    const started = rules.start(turnContext('zones', [sybilla, bandit], { faces: [2] }), null)
    if (!started.ok) throw new Error(started.error)
    expect(started.value.rolls).toEqual([
      {
        by: 'Initiative',
        sides: 2,
        faces: [2],
        total: 2,
        detail:
          'Initiative is held by the faction which started the fight, or is assigned randomly if that’s unclear: nobody clearly started it, and the d2 gave 2: the foes hold the initiative.',
      },
    ])
    expect(zonesRound(started.value.step.turn)?.initiative).toBe('foes')
    expect(detail(started.value.step.turn)).toBe(
      'Round 1 · The foes hold the initiative: nobody clearly started the fight, and the d2 gave 2',
    )
  })

  it('the players’ own ambush: they started it, open the bonus round and the round after it', () => {
    // "Characters who launch an ambush are concealed at the start of the fight": no die is rolled.
    const ctx = turnContext('zones', [sybilla, bandit])
    const started = rules.start(ctx, { unaware: 'foe', ambush: false })
    if (!started.ok) throw new Error(started.error)
    expect(started.value.rolls).toEqual([])
    const bonus = started.value.step.turn
    expect(zonesRound(bonus)).toMatchObject({ round: 0, bonusRound: true, initiative: 'party' })
    expect(rules.view?.sides?.toMove(bonus)).toBe('party')
    expect(detail(bonus)).toBe(
      'Ambush: bonus round for the concealed · The players hold the initiative: they launched the ambush',
    )
    // Said by the GM too, it is the same; the other side is refused, in words.
    expect(rules.start(ctx, { unaware: 'foe', ambush: false }, 'pc').ok).toBe(true)
    expect(rules.start(ctx, { unaware: 'foe', ambush: false }, 'foe')).toEqual({
      ok: false,
      error:
        'The players lie in wait: they launched the ambush, so they started the fight and hold the initiative.',
    })
    // The party passes; the foes, who cannot act in the bonus round, pass by themselves: it is over.
    const over = steps(rules, started.value.step, ctx, { kind: 'act', side: 'pc', id: null })
    expect(over.roundOver).toBe(true)
    // "The faction holding the initiative can decide which faction acts first at the start of each round".
    const next = steps(rules, over, ctx, { kind: 'new-round' })
    expect(zonesRound(next.turn)).toMatchObject({
      bonusRound: false,
      initiative: 'party',
      phase: 'choosing-first',
    })
    expect(rules.view?.sides?.toMove(next.turn)).toBe('party')
    expect(rules.step(next.turn, { kind: 'act', side: 'foe', id: 'b' }, ctx)).toEqual({
      ok: false,
      error: 'The other side holds the initiative: wait for their move.',
    })
    expect(detail(next.turn)).toBe('Round 1 · The players hold the initiative: they launched the ambush')
  })

  it('the foes’ ambush: the foes started it, whatever the die would say', () => {
    const started = rules.start(turnContext('zones', [sybilla, bandit]), { unaware: 'pc', ambush: false })
    if (!started.ok) throw new Error(started.error)
    expect(zonesRound(started.value.step.turn)?.initiative).toBe('foes')
  })
})

describe('zones: a broken morale retreats, on foot or mounted (Morale; Mounts and vehicles)', () => {
  it('offers the moves, flight, surrender, and getting on or off a mount, and nothing else', () => {
    // "Those who fail must surrender or retreat"; "Mounting or dismounting ... counts as moving half a
    // zone": a move like the others a retreat is made of.
    const broken = fighter('zones', 's', 'pc', { name: 'Sybilla' }, { state: { morale: 'broken' } })
    const horse = fighter('zones', 'h', 'pc', { name: 'Horse', body: 'mount' })
    const ctx = turnContext('zones', [broken, horse, bandit], { faces: [1] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const acted = steps(rules, started.value.step, ctx, { kind: 'act', side: 'pc', id: 's' })
    const view = { turn: acted.turn, fighters: [broken, horse, bandit] }
    const ids = (f: Fighter) => {
      const c = zonesCombat.choices(f, { ...view, fighters: [f, horse, bandit] })
      return c.ok ? c.value.map((x) => x.id) : c.error
    }
    expect(ids(broken)).toEqual(['move', 'move-half', 'move-away', 'flee', 'surrender', 'mount-up:h'])
    const riding = { ...broken, state: { morale: 'broken', riding: 'h' } }
    expect(ids(riding)).toEqual(['move', 'move-half', 'move-away', 'flee', 'surrender', 'dismount'])
    expect(
      previewDeclared(zonesCombat, broken, broken, { choice: 'mount-up:h', toggles: [] }, view),
    ).toMatchObject({
      ok: true,
    })
  })
})

describe('zones: the odds of a turn’s own steps that roll', () => {
  it('gives fleeing and getting off a moving mount the chance of the AGI save the room rolls', () => {
    // Sybilla with AGI 7: a save passes on 7 or under on a d20, 35%.
    const quick = fighter('zones', 's', 'pc', { name: 'Sybilla', agi: 7 })
    const ctx = turnContext('zones', [quick, bandit], { faces: [1] })
    const started = rules.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const acted = steps(rules, started.value.step, ctx, { kind: 'act', side: 'pc', id: 's' })
    const view = { turn: acted.turn, fighters: [quick, bandit] }
    const chance = (choice: string, ...toggles: string[]) => {
      const p = previewDeclared(zonesCombat, quick, quick, { choice, toggles }, view)
      if (!p.ok) throw new Error(p.error)
      return p.value
    }
    // "those who pass escape, those who fail are reached"; faster, no save; slower, impossible ("Chases").
    expect(chance('flee').chance).toBe(7 / 20)
    expect(chance('flee').summary).toContain('Escapes on an AGI save, 7 or under on a d20 (35%).')
    expect(chance('flee', 'fleeing-faster').chance).toBe(1)
    expect(chance('flee', 'pursuers-faster').chance).toBe(0)
    // "If the mount or vehicle is moving, an AGI save is required to avoid falling" (Mounts and vehicles).
    expect(chance('move-half', 'mount-moving').chance).toBe(7 / 20)
    expect(chance('move-half').chance).toBe(1)
    // On her own dice the phone asks for that d20, with the round in view (a step is only on one's turn).
    const flee = zonesCombat.plan(quick, quick, { choice: 'flee', toggles: [] }, view)
    if (!flee.ok) throw new Error(flee.error)
    expect(diceAsked(zonesCombat, flee.value, []).asked).toEqual([{ sides: 20, label: 'AGI save to escape' }])
    expect(diceAsked(zonesCombat, flee.value, [7]).outcome).toEqual({
      ok: true,
      value: 'Sybilla flees and escapes the pursuers: out of the fight. Left this turn: nothing.',
    })
  })
})
