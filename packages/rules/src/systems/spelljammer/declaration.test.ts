import { describe, expect, it } from 'vitest'
import { declareRound, type RoundDeclaration } from './declaration.ts'
import { archer, nutshellFighter } from './examples.ts'

const base: RoundDeclaration = {
  action: 'attack',
  weaponIndex: 0,
  stance: { kind: 'attack' },
  movement: 'normal',
}
const fighter = (attacks: number) => nutshellFighter({ attacksPerRound: attacks })
const declare = (attacks: number, over: Partial<RoundDeclaration> = {}) => {
  const r = declareRound(fighter(attacks), { ...base, ...over })
  if (!r.ok) throw new Error(r.error)
  return r.value
}
const initiative = (round: ReturnType<typeof declare>) =>
  round.initiativeModifiers.reduce((n, l) => n + l.value, 0)

describe('moving and attacking', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
  ])('with %i attacks keeps %i: 2 or 3 lose one, 4 or 5 lose two', (attacks, kept) => {
    expect(declare(attacks, { movement: 'move-and-attack' }).attacks).toBe(kept)
  })

  it('puts every initiative roll at -5', () => {
    expect(initiative(declare(2, { movement: 'move-and-attack' }))).toBe(2 - 5)
  })
})

describe('running and attacking', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
  ])('with %i attacks keeps %i: 1 to 3 keep one, 4 or 5 keep two', (attacks, kept) => {
    expect(declare(attacks, { movement: 'run-and-attack' }).attacks).toBe(kept)
  })

  it('costs 7 initiative and 25 SC', () => {
    const round = declare(2, { movement: 'run-and-attack' })
    expect(initiative(round)).toBe(2 - 7)
    expect(round.scModifiers).toEqual([
      { label: 'Run and attack', value: -25, rule: 'Combining Actions: Run and Attack' },
    ])
  })
})

describe('declaring no movement', () => {
  it('gives +3 initiative and -20 to DEF and Luck', () => {
    const round = declare(1, { movement: 'no-movement' })
    expect(initiative(round)).toBe(5)
    expect(round.defModifiers).toContainEqual(expect.objectContaining({ value: -20 }))
    expect(round.luckModifier).toBe(-20)
  })
})

describe('drawing and sheathing', () => {
  it('costs 5 initiative to draw', () => {
    const round = declare(2, { weaponSwap: 'draw' })
    expect([initiative(round), round.attacks]).toEqual([2 - 5, 2])
  })

  it('costs 10 initiative and an action to sheathe one weapon and draw another', () => {
    const round = declare(2, { weaponSwap: 'sheathe-and-draw' })
    expect([initiative(round), round.attacks]).toEqual([2 - 10, 1])
  })

  it('costs an action when drawing is combined with moving and attacking, two -5 actions', () => {
    expect(declare(3, { weaponSwap: 'draw', movement: 'move-and-attack' }).attacks).toBe(1)
  })
})

describe('half-round actions', () => {
  it('readying a shield leaves 1 of 3 attacks and none of 1', () => {
    expect(declare(3, { halfRound: 'ready-shield' }).attacks).toBe(1)
    expect(declare(1, { halfRound: 'ready-shield' }).attacks).toBe(0)
  })

  it('drinking a potion costs half the attacks rounded up, or half the movement instead', () => {
    expect(declare(3, { halfRound: 'drink-potion-lose-attacks' }).attacks).toBe(1)
    expect(declare(3, { halfRound: 'drink-potion-lose-movement' }).attacks).toBe(3)
  })

  it('refuses a potion to someone in melee at the start of the round', () => {
    expect(
      declareRound(fighter(1), { ...base, halfRound: 'drink-potion-lose-attacks', inMeleeAtStart: true }),
    ).toEqual({
      ok: false,
      error: 'You cannot drink a potion in half a round while in melee at the start of the round.',
    })
  })
})

describe('illegal declarations', () => {
  it('refuse an attack in full or desperate defense', () => {
    expect(declareRound(fighter(1), { ...base, stance: { kind: 'full-defense' } })).toEqual({
      ok: false,
      error: 'You cannot attack during a round of Full Defense.',
    })
    expect(
      declareRound(fighter(1), { ...base, action: 'cast', stance: { kind: 'desperate-defense' } }).ok,
    ).toBe(false)
  })

  it('refuse sacrificing more than weapon rank x 5 SC', () => {
    expect(declareRound(fighter(1), { ...base, stance: { kind: 'defending', sacrifice: 30 } })).toEqual({
      ok: false,
      error: 'You can sacrifice at most 25 SC to defend (weapon rank 5 x 5), not 30.',
    })
  })

  it('refuse a second free action', () => {
    expect(declareRound(fighter(1), { ...base, freeActions: 2 }).ok).toBe(false)
    expect(declareRound(fighter(1), { ...base, freeActions: 1 }).ok).toBe(true)
  })

  it('refuse careful aim with a melee weapon or while moving', () => {
    expect(declareRound(fighter(1), { ...base, carefulAim: true })).toEqual({
      ok: false,
      error: 'Careful aim is for ranged weapons.',
    })
    expect(declareRound(archer(), { ...base, carefulAim: true, movement: 'move-and-attack' }).ok).toBe(false)
  })
})

describe('careful aim', () => {
  it('costs one attack of several, and by default leaves a one-attack archer the aimed shot', () => {
    const two = declareRound(archer({ attacksPerRound: 2 }), { ...base, carefulAim: true })
    expect(two.ok && two.value.attacks).toBe(1)
    const one = declareRound(archer(), { ...base, carefulAim: true })
    expect(one.ok && one.value.attacks).toBe(1)
    const strict = declareRound(archer(), { ...base, carefulAim: true }, { carefulAimKeepsOnlyAttack: false })
    expect(strict.ok && strict.value.attacks).toBe(0)
  })
})
