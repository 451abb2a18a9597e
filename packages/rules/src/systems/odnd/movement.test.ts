import { describe, expect, it } from 'vitest'
import {
  canDisengageFreely,
  classifyMove,
  crossbowReady,
  fightingWithdrawal,
  isEngaged,
  type MoveDeclaration,
} from './movement.ts'
import { resolveRetreat } from './rolls.ts'
import { makeSheet, makeWeapon } from './sheet.ts'

const fighter = makeSheet({ name: 'Fighter', move: 6 })
const move = (over: Partial<MoveDeclaration>) =>
  classifyMove({ mover: fighter, inches: 3, attacks: true, ...over })
const kind = (over: Partial<MoveDeclaration>) => {
  const r = move(over)
  return r.ok ? r.value.kind : r.error
}

describe('engagement and movement', () => {
  it('foes within 10 feet with no obstacle between are in melee', () => {
    expect(isEngaged(10)).toBe(true)
    expect(isEngaged(11)).toBe(false)
    expect(isEngaged(5, true)).toBe(false)
  })

  it('a fighter with a 6" move can move 3" and attack', () => {
    expect(kind({ inches: 3 })).toBe('move-and-attack')
  })

  it('more than half up to the full 6" with an attack is a charge', () => {
    expect(kind({ inches: 4 })).toBe('charge')
    expect(kind({ inches: 6 })).toBe('charge')
    expect(kind({ inches: 7 })).toBe('Fighter moves at most 6" in a round.')
  })

  it('a charge comes once per Turn and must end within 10 feet', () => {
    expect(kind({ inches: 6, chargedThisTurn: true })).toBe(
      'A charge can be made only once per 10-minute Turn.',
    )
    expect(kind({ inches: 6, endsInMeleeRange: false })).toBe(
      'A charge must end within 10 feet of the foe to attack.',
    )
  })

  it('the full move without an attack is running', () => {
    expect(kind({ inches: 6, attacks: false })).toBe('run')
    expect(kind({ inches: 2, attacks: false })).toBe('move')
  })

  it('spellcasters move up to 10 feet while casting', () => {
    expect(kind({ inches: 1, casting: true })).toBe('cast')
    expect(kind({ inches: 2, casting: true })).toBe('A spellcaster may move up to 10 feet while casting.')
  })

  it('elves fire bows on the run and hobbits slings; others cannot shoot after half a move', () => {
    const bow = makeWeapon({ kind: 'bow' })
    const elf = makeSheet({ race: 'elf', move: 12 })
    expect(
      classifyMove({ mover: elf, inches: 12, attacks: true, weapon: bow, mode: 'ranged' }),
    ).toMatchObject({
      ok: true,
      value: { kind: 'fire-on-the-run' },
    })
    const hobbit = makeSheet({ class: 'hobbit', move: 9 })
    const sling = makeWeapon({ kind: 'sling' })
    expect(
      classifyMove({ mover: hobbit, inches: 9, attacks: true, weapon: sling, mode: 'ranged' }),
    ).toMatchObject({
      value: { kind: 'fire-on-the-run' },
    })
    expect(kind({ inches: 5, weapon: bow, mode: 'ranged' })).toMatch(/only elves/)
  })

  it('once engaged, only the special moves are allowed', () => {
    expect(kind({ inches: 1, engaged: true })).toMatch(/^In melee you can only withdraw/)
  })

  it('a fighting withdrawal is half speed, +2 defense and -2 to attack', () => {
    expect(fightingWithdrawal(fighter)).toEqual({ maxInches: 3, defense: 2, attack: -2 })
  })

  it('disengaging is free when every foe is busy with another', () => {
    expect(canDisengageFreely([true, true])).toBe(true)
    expect(canDisengageFreely([true, false])).toBe(false)
  })

  it('crossbows fire every other round', () => {
    expect(crossbowReady(null, 1).ok).toBe(true)
    expect(crossbowReady(1, 2).ok).toBe(false)
    expect(crossbowReady(1, 3).ok).toBe(true)
  })
})

describe('retreat', () => {
  it('the one disengaging rolling highest (d6 + DEX) gets away clean', () => {
    const r = resolveRetreat({ name: 'Thief', dex: 16, d6: 4 }, [{ name: 'Orc', dex: 10, d6: 5 }])
    expect(r.ok && r.value).toMatchObject({ clean: true, partingShots: [] })
  })

  it('each foe who rolls higher gets a parting shot', () => {
    const r = resolveRetreat({ name: 'Thief', dex: 10, d6: 3 }, [
      { name: 'Orc 1', dex: 10, d6: 4 },
      { name: 'Orc 2', dex: 10, d6: 2 },
    ])
    expect(r.ok && r.value.partingShots).toEqual(['Orc 1'])
  })

  it('a tie gives the foe its shot by default, and not with the room setting', () => {
    const foes = [{ name: 'Orc', dex: 10, d6: 3 }]
    const tie = resolveRetreat({ name: 'Thief', dex: 10, d6: 3 }, foes)
    expect(tie.ok && tie.value.partingShots).toEqual(['Orc'])
    const escapes = resolveRetreat({ name: 'Thief', dex: 10, d6: 3 }, foes, { retreatTie: 'escapes' })
    expect(escapes.ok && escapes.value.clean).toBe(true)
  })
})
