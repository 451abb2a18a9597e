import { describe, expect, it } from 'vitest'
import type { Fraction } from '../../dice/fraction.ts'
import { fraction } from '../../dice/fraction.ts'
import { isNormalManType, meanOf, meleeAttacks, quickKillEstimate, quickKillForAttack } from './normal-men.ts'
import { attackOdds } from './odds.ts'
import { makeSheet, makeWeapon } from './sheet.ts'

/** The exact chance to hit that the table shows, for a THAC0 against an AC (needing THAC0 - AC). */
function hitChance(thac0: number, ac: number): Fraction {
  const odds = attackOdds({ attacker: makeSheet({ thac0 }), defender: makeSheet({ ac }) })
  if (!odds.ok) throw new Error(odds.error)
  return odds.value.hit
}

describe('attacks against normal men', () => {
  it('a 3rd level PC fighter has 3 attacks a round against normal men', () => {
    expect(meleeAttacks(makeSheet({ class: 'fighter', level: 3 }), true).attacks).toBe(3)
  })

  it('an important NPC fighter type counts too, an ordinary NPC does not', () => {
    expect(meleeAttacks(makeSheet({ class: 'ranger', role: 'important-npc', level: 5 }), true).attacks).toBe(
      5,
    )
    expect(meleeAttacks(makeSheet({ class: 'ranger', role: 'npc', level: 5 }), true).attacks).toBe(1)
  })

  it('a troll of 6HD+3 attacks a group of normal men 6 times in a round', () => {
    const troll = makeSheet({ role: 'monster', class: 'monster', level: 6, hdPlus: 3, attacksPerRound: 3 })
    expect(meleeAttacks(troll, true).attacks).toBe(6)
    expect(meleeAttacks(troll, false).attacks).toBe(3)
  })

  it('a fighter with an untrained weapon attacks as a normal man: once', () => {
    const axe = makeWeapon({ trained: false })
    expect(meleeAttacks(makeSheet({ class: 'fighter', level: 8 }), true, axe).attacks).toBe(1)
  })

  it('goblins and other 1HD monsters count as normal men', () => {
    expect(isNormalManType(makeSheet({ role: 'monster', class: 'monster', level: 1 }))).toBe(true)
    expect(isNormalManType(makeSheet({ role: 'monster', class: 'monster', level: 4 }))).toBe(false)
  })
})

describe("the text's quick kill estimate", () => {
  it('an 8th level fighter needing 7 kills 5.6 humanoids a round (6 rounded up)', () => {
    // THAC0 17 against AC 10 needs 7.
    expect(hitChance(17, 10)).toEqual(fraction(70, 100))
    const e = quickKillEstimate({
      attacks: 8,
      hitChance: hitChance(17, 10),
      damagePerHit: meanOf({ count: 1, sides: 6, bonus: 1 }),
      foeHitPoints: meanOf({ count: 1, sides: 6, bonus: 0 }),
    })
    expect(e.hits).toEqual(fraction(56, 10))
    expect(e.kills).toEqual(fraction(56, 10))
    expect(e.killsRoundedUp).toBe(6)
  })

  it('when a hit does less than a foe has, each hit kills only that share of one', () => {
    const e = quickKillEstimate({
      attacks: 4,
      hitChance: fraction(1, 2),
      damagePerHit: fraction(5, 2),
      foeHitPoints: fraction(5),
    })
    expect(e.kills).toEqual(fraction(1))
  })

  it('a natural 1 always misses and a 20 always hits', () => {
    // Needing 1 (THAC0 10 against AC 9), and needing 25 (THAC0 20 against AC -5).
    expect(hitChance(10, 9)).toEqual(fraction(19, 20))
    expect(hitChance(20, -5)).toEqual(fraction(1, 20))
  })
})

describe('the quick estimate for a declared attack', () => {
  it('an 8th level fighter with d6+1 needing 7 (THAC0 12 against AC 5) kills 5.6 d6-hit-point humanoids', () => {
    const hero = makeSheet({
      class: 'fighter',
      level: 8,
      thac0: 12,
      weapons: [makeWeapon({ damage: 'd6+1' })],
    })
    const orc = makeSheet({ role: 'monster', class: 'monster', ac: 5 })
    const e = quickKillForAttack({ attacker: hero, defender: orc }, { count: 1, sides: 6, bonus: 0 })
    expect(e.ok && e.value).toMatchObject({
      attacks: 8,
      hits: fraction(56, 10),
      kills: fraction(56, 10),
      killsRoundedUp: 6,
    })
  })
})

describe('who counts as a normal man', () => {
  it('a 1st level dwarf NPC counts, as the text lists dwarves and hobbits', () => {
    expect(isNormalManType(makeSheet({ role: 'npc', class: 'dwarf', level: 1 }))).toBe(true)
    expect(isNormalManType(makeSheet({ role: 'pc', class: 'dwarf', level: 1 }))).toBe(false)
  })
})
