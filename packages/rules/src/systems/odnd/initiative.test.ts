import { describe, expect, it } from 'vitest'
import type { TurnAction } from '../../engine/turn.ts'
import { fighter, steps, turnContext } from '../test-support.ts'
import { initiativeOrder, type Striker, whoStrikesFirst } from './initiative.ts'
import { odndTurns } from './turn-model.ts'

const order = (...args: Parameters<typeof initiativeOrder>) => {
  const r = initiativeOrder(...args)
  if (!r.ok) throw new Error(r.error)
  return r.value.map((s) => s.ids)
}

describe('initiative order', () => {
  it('highest d6 acts first, then the next highest', () => {
    expect(
      order([
        { id: 'Ann', side: 'party', roll: 3 },
        { id: 'skeletons', side: 'foes', roll: 5 },
        { id: 'wizard', side: 'foes', roll: 1 },
      ]),
    ).toEqual([['skeletons'], ['Ann'], ['wizard']])
  })

  it('ties act simultaneously', () => {
    const r = initiativeOrder([
      { id: 'Ann', side: 'party', roll: 4 },
      { id: 'bugbears', side: 'foes', roll: 4 },
    ])
    expect(r.ok && r.value).toEqual([
      { ids: ['Ann', 'bugbears'], simultaneous: true, why: 'Initiative 4', roll: 4 },
    ])
  })

  it('the one-roll option gives every player the party roll', () => {
    const entries = [
      { id: 'Ann', side: 'party' as const, roll: 1 },
      { id: 'Bob', side: 'party' as const },
      { id: 'orcs', side: 'foes' as const, roll: 3 },
    ]
    expect(order(entries, 6, { partyInitiative: 'one-roll' })).toEqual([['Ann', 'Bob'], ['orcs']])
    expect(initiativeOrder(entries, undefined, { partyInitiative: 'one-roll' })).toEqual({
      ok: false,
      error: 'Roll one d6 for the whole party.',
    })
  })

  it('refuses a missing or impossible roll', () => {
    expect(initiativeOrder([{ id: 'Ann', side: 'party', roll: 7 }])).toEqual({
      ok: false,
      error: 'Ann needs an initiative d6 from 1 to 6.',
    })
  })

  it('hasted creatures always go first; hasted on both sides go by their rolls', () => {
    expect(
      order([
        { id: 'Ann', side: 'party', roll: 6 },
        { id: 'imp', side: 'foes', roll: 1, hasted: true },
        { id: 'Bob', side: 'party', roll: 2, hasted: true },
      ]),
    ).toEqual([['Bob'], ['imp'], ['Ann']])
  })

  it('fighters with multiple attacks attack first and last', () => {
    expect(
      order([
        { id: 'Conan', side: 'party', roll: 1, multipleAttacks: true },
        { id: 'goblins', side: 'foes', roll: 6 },
      ]),
    ).toEqual([['Conan'], ['goblins'], ['Conan']])
  })

  it('initiative is rolled in round 1, and later only with the reroll option', () => {
    // The table's turn model: round 1 waits for the d6s; a new round rolls again only with the option.
    const [mira, goblin] = [fighter('odnd', 'm', 'pc'), fighter('odnd', 'g', 'foe', { role: 'monster' })]
    const rolled = (id: string, face: number): TurnAction => ({ kind: 'initiative', id, faces: [face] })
    const NEXT: TurnAction = { kind: 'next' }
    const round2 = (rerollInitiativeEachRound: boolean) => {
      const ctx = turnContext('odnd', [mira, goblin], { settings: { rerollInitiativeEachRound } })
      const started = odndTurns.start(ctx, null)
      if (!started.ok) throw new Error(started.error)
      expect(started.value.step.turn.waiting).toEqual({ m: 'initiative', g: 'initiative' })
      // Both roll (2 and 5), both take their beat, and the next round begins.
      const rolls = [rolled('m', 2), rolled('g', 5)]
      return steps(odndTurns, started.value.step, ctx, ...rolls, NEXT, NEXT, { kind: 'new-round' }).turn
    }
    expect(round2(false).waiting ?? {}).toEqual({})
    expect(round2(true).waiting).toEqual({ m: 'initiative', g: 'initiative' })
  })
})

describe('who strikes first in melee', () => {
  const s = (id: string, over: Partial<Striker> = {}): Striker => ({ id, roll: 3, reach: 3, ...over })

  it('the longer weapon strikes first in the first round whatever the initiative', () => {
    expect(
      whoStrikesFirst(s('spear', { reach: 8, roll: 1 }), s('dagger', { reach: 1, roll: 6 }), 1).first,
    ).toBe('spear')
  })

  it('after the first round, reach no longer matters', () => {
    expect(
      whoStrikesFirst(s('spear', { reach: 8, roll: 1 }), s('dagger', { reach: 1, roll: 6 }), 2).first,
    ).toBe('dagger')
  })

  it('a surprised combatant does not get reach first', () => {
    expect(
      whoStrikesFirst(s('spear', { reach: 8, surprised: true }), s('dagger', { reach: 1 }), 1).first,
    ).toBe('dagger')
  })

  it('a set spear strikes an unmounted charger first', () => {
    expect(whoStrikesFirst(s('pike', { setSpear: true }), s('orc', { charging: true }), 1).first).toBe('pike')
  })

  it('against a mounted charge on set spears, the longer reach strikes first', () => {
    const knight = s('knight', { charging: true, mounted: true, reach: 12 })
    expect(whoStrikesFirst(s('pike', { setSpear: true, reach: 10 }), knight, 1).first).toBe('knight')
    expect(whoStrikesFirst(s('pike', { setSpear: true, reach: 14 }), knight, 1).first).toBe('pike')
  })

  it('a charger strikes first against a shorter weapon: initiative is not checked after a charge', () => {
    expect(
      whoStrikesFirst(s('defender', { roll: 6, reach: 1 }), s('charger', { roll: 1, charging: true }), 1)
        .first,
    ).toBe('charger')
  })

  it('haste beats a higher roll', () => {
    expect(whoStrikesFirst(s('a', { roll: 6 }), s('b', { roll: 1, hasted: true }), 2).first).toBe('b')
  })

  it('tied initiative is simultaneous', () => {
    expect(whoStrikesFirst(s('a'), s('b'), 2).first).toBe('simultaneous')
  })
})
