import { describe, expect, it } from 'vitest'
import { actionOrder, rankAfterMoving, statementOrder } from './dex-rank.ts'
import { brpSettings } from './settings.ts'
import { sheetOf } from './sheet.ts'

const settings = brpSettings()
const rank = (dex: number, meters: number, room = settings) => {
  const moved = rankAfterMoving(dex, meters, room)
  if (!moved.ok) throw new Error(moved.error)
  return moved.value.rank
}

describe('the round', () => {
  it('states intent by DEX, highest to lowest, equal DEX together (5.2)', () => {
    expect(
      statementOrder([
        { id: 'a', dex: 9 },
        { id: 'b', dex: 15 },
        { id: 'c', dex: 9 },
        { id: 'd', dex: 14 },
      ]),
    ).toEqual([['b'], ['d'], ['a', 'c']])
  })
})

describe('movement', () => {
  it('keeps the full DEX rank up to 5 meters, halves it at 6-15 and quarters it at 16-29 (5.3)', () => {
    expect(rank(15, 5)).toBe(15)
    expect(rank(15, 6)).toBe(8)
    expect(rank(15, 15)).toBe(8)
    expect(rank(15, 16)).toBe(4)
    expect(rank(15, 29)).toBe(4)
    expect(rank(15, 6, brpSettings({ halving: 'down' }))).toBe(7)
    expect(rank(15, 16, brpSettings({ halving: 'down' }))).toBe(3)
  })

  it('leaves only parries and dodges after moving 30 meters, and refuses more', () => {
    expect(rank(15, 30)).toBeNull()
    expect(rankAfterMoving(15, 31, settings)).toMatchObject({ ok: false })
  })
})

describe('the order of actions', () => {
  const fighter = (
    name: string,
    dex: number,
    weapons: string[],
    skills: Array<[string, string, number]> = [],
  ) =>
    sheetOf({
      name,
      dex,
      weapons: weapons.map((weapon) => ({ weapon })),
      weaponSkills: skills.map(([skill, specialty, chance]) => ({ skill, specialty, chance })),
    })
  const order = (intents: Parameters<typeof actionOrder>[0]) => {
    const result = actionOrder(intents, settings)
    if (!result.ok) throw new Error(result.error)
    return result.value.slots.map((s) => s.ids)
  }

  it('acts on DEX rank 15 before DEX rank 14 (5.4)', () => {
    expect(
      order([
        { id: 'slow', sheet: fighter('Slow', 14, []) },
        { id: 'quick', sheet: fighter('Quick', 15, []) },
      ]),
    ).toEqual([['quick'], ['slow']])
  })

  it('breaks a tie by weapon: missile, long, medium, short or unarmed (5.4)', () => {
    const all = ['bow-long', 'spear-long', 'sword-broad', 'dagger']
    const intents = [
      { id: 'fist', sheet: fighter('F', 12, all), weapon: 'brawl' },
      { id: 'dagger', sheet: fighter('D', 12, all), weapon: 'dagger' },
      { id: 'sword', sheet: fighter('S', 12, all), weapon: 'sword-broad' },
      { id: 'spear', sheet: fighter('P', 12, all), weapon: 'spear-long' },
      { id: 'bow', sheet: fighter('B', 12, all), weapon: 'bow-long' },
    ]
    // Short and unarmed share the last tier; dagger (base 25) and Brawl (25) tie on skill too, so they act together.
    expect(order(intents)).toEqual([['bow'], ['spear'], ['sword'], ['fist', 'dagger']])
  })

  it('breaks a tie on the same type of weapon by higher skill, then acts simultaneously (5.2)', () => {
    const a = fighter('A', 12, ['sword-broad'], [['Melee Weapon', 'Sword', 70]])
    const b = fighter('B', 12, ['axe-battle'], [['Melee Weapon', 'Axe', 50]])
    const c = fighter('C', 12, ['axe-battle'], [['Melee Weapon', 'Axe', 50]])
    expect(
      order([
        { id: 'b', sheet: b, weapon: 'axe-battle' },
        { id: 'a', sheet: a, weapon: 'sword-broad' },
        { id: 'c', sheet: c, weapon: 'axe-battle' },
      ]),
    ).toEqual([['a'], ['b', 'c']])
  })

  it('lets a thrower choose the range to act on: a thrown dagger goes with the missiles (5.4)', () => {
    const d = fighter('D', 10, ['dagger'])
    const s = fighter('S', 10, ['spear-long'])
    expect(
      order([
        { id: 's', sheet: s, weapon: 'spear-long' },
        { id: 'd', sheet: d, weapon: 'dagger-thrown' },
      ]),
    ).toEqual([['d'], ['s']])
    expect(
      order([
        { id: 's', sheet: s, weapon: 'spear-long' },
        { id: 'd', sheet: d, weapon: 'dagger' },
      ]),
    ).toEqual([['s'], ['d']])
  })

  it('moves a character who ran down the order, and one who ran 30 meters out of it', () => {
    const result = actionOrder(
      [
        { id: 'runner', sheet: fighter('R', 16, []), metersMoved: 10 },
        { id: 'sprinter', sheet: fighter('S', 18, []), metersMoved: 30 },
        { id: 'still', sheet: fighter('T', 9, []) },
      ],
      settings,
    )
    expect(result).toMatchObject({ ok: true, value: { defendOnly: ['sprinter'] } })
    if (result.ok)
      expect(result.value.slots.map((s) => [s.rank, s.ids])).toEqual([
        [9, ['still']],
        [8, ['runner']],
      ])
  })

  it('refuses an action with a weapon the character does not carry', () => {
    expect(actionOrder([{ id: 'x', sheet: fighter('X', 10, []), weapon: 'pike' }], settings)).toEqual({
      ok: false,
      error: 'X carries no Pike.',
    })
  })
})
