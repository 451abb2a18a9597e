import { describe, expect, it } from 'vitest'
import { ATTACK_AND_MOVE_TABLE, STUCK_MISSILE_TABLE, STUN_TABLE } from './rolls.ts'
import {
  AMBUSH_TABLE,
  COVER_TABLE,
  CRITICAL_TABLE,
  CRITICAL_TABLE_AS_PRINTED,
  criticalBands,
  LIGHTING_TABLE,
  MAGE_CASTING_TABLE,
  RANGED_IN_MELEE_TABLE,
  SHOOTING_INTO_MELEE_ALWAYS_FRIEND,
  SHOOTING_INTO_MELEE_TABLE,
  SIZE_TABLE,
  TARGET_MOVEMENT_TABLE,
} from './tables.ts'

// round(x) with halves up, in integers: the README's formula for the critical table.
const roundPercent = (sc: number, percent: number) => Math.floor((sc * percent + 50) / 100)

describe('the critical/grievous table', () => {
  // Each printed row: [from, to, grievous, critical], read straight off spelljammer.txt.
  const printed: Array<[number, number | null, number, number]> = [
    [1, 9, 0, 1],
    [10, 16, 1, 2],
    [17, 23, 1, 3],
    [24, 28, 1, 4],
    [29, 36, 2, 5],
    [37, 43, 2, 6],
    [44, 49, 2, 7],
    [50, 56, 3, 8],
    [57, 63, 3, 9],
    [64, 69, 3, 10],
    [70, 76, 4, 11],
    [77, 83, 4, 12],
    [84, 89, 4, 13],
    [90, 96, 5, 14],
    [97, 103, 5, 15],
    [104, 109, 5, 16],
    [110, 116, 6, 17],
    [117, 123, 6, 18],
    [124, 129, 6, 19],
    [130, null, 7, 20],
  ]

  it('is transcribed exactly as printed, row by row', () => {
    expect(CRITICAL_TABLE_AS_PRINTED.map((r) => [r.from, r.to, r.grievous, r.critical])).toEqual(printed)
  })

  it.each(printed)(
    'as printed, SC %i to %s gives grievous on %i or less and critical on %i or less',
    (from, to, g, c) => {
      expect(criticalBands(from, 'as-printed')).toEqual({ grievous: g, critical: c })
      expect(criticalBands(to ?? 500, 'as-printed')).toEqual({ grievous: g, critical: c })
    },
  )

  it('as played, moves the one misprinted boundary: 24-29 and 30-36', () => {
    expect(criticalBands(29)).toEqual({ grievous: 1, critical: 4 })
    expect(criticalBands(30)).toEqual({ grievous: 2, critical: 5 })
    expect(criticalBands(29, 'as-printed')).toEqual({ grievous: 2, critical: 5 })
    const differ = CRITICAL_TABLE.filter(
      (r, i) => JSON.stringify(r) !== JSON.stringify(CRITICAL_TABLE_AS_PRINTED[i]),
    )
    expect(differ.map((r) => [r.from, r.to])).toEqual([
      [24, 29],
      [30, 36],
    ])
  })

  it('as played, follows crit = round(15% of SC) and grievous = round(5% of SC) from SC 4 to 129', () => {
    for (let sc = 4; sc <= 129; sc++)
      expect(criticalBands(sc), `SC ${sc}`).toEqual({
        grievous: roundPercent(sc, 5),
        critical: roundPercent(sc, 15),
      })
  })

  it('gives a critical on 01 even at SC 1 to 3, where the formula would round to nothing', () => {
    for (const sc of [1, 2, 3]) expect(criticalBands(sc)).toEqual({ grievous: 0, critical: 1 })
    expect(roundPercent(3, 15)).toBe(0)
  })

  it('stops growing at 130+: grievous on 07, critical on 20, whatever the SC', () => {
    expect(criticalBands(130)).toEqual({ grievous: 7, critical: 20 })
    expect(criticalBands(250)).toEqual({ grievous: 7, critical: 20 })
  })

  it('gives no band at all when the modified SC is 0 or less', () => {
    expect(criticalBands(0)).toEqual({ grievous: 0, critical: 0 })
    expect(criticalBands(-20)).toEqual({ grievous: 0, critical: 0 })
  })

  it('has rows that meet edge to edge with no gap or overlap', () => {
    for (const table of [CRITICAL_TABLE, CRITICAL_TABLE_AS_PRINTED])
      table.forEach((row, i) => {
        const next = table[i + 1]
        if (next) expect(next.from).toBe((row.to as number) + 1)
      })
  })
})

describe('the stun table', () => {
  it.each([
    [26, 27],
    [27, 29],
    [28, 31],
    [29, 33],
    [30, 35],
    [31, 37],
    [32, 39],
    [33, 41],
    [34, 43],
    [35, 45],
  ])('stuns a CON %i combatant when one hit exceeds %i', (con, exceeds) => {
    expect(STUN_TABLE.find((r) => r.con === con)?.exceeds).toBe(exceeds)
  })

  it('steps by 2 per point of CON, as 2 x CON - 25', () => {
    for (const row of STUN_TABLE) expect(row.exceeds).toBe(2 * row.con - 25)
    expect(STUN_TABLE).toHaveLength(10)
  })
})

describe('the mage casting time table', () => {
  it.each([
    [1, 6, 7],
    [5, 6, 7],
    [6, 5, 6],
    [10, 5, 6],
    [11, 4, 5],
    [15, 4, 5],
    [16, 3, 4],
    [20, 3, 4],
    [21, 2, 3],
    [22, 1, 2],
  ])('at rank %i casts a GK spell in %i segments and an SK spell in %i', (rank, gk, sk) => {
    const row = MAGE_CASTING_TABLE.find((r) => rank >= r.from && rank <= r.to)
    expect(row && [row.gk, row.sk]).toEqual([gk, sk])
  })
})

describe('the modifier tables', () => {
  it('hold the lighting modifiers as printed', () => {
    expect(LIGHTING_TABLE.map((r) => r.value)).toEqual([-10, -20, -40, -60])
  })
  it('hold the ranged target movement modifiers as printed', () => {
    expect(TARGET_MOVEMENT_TABLE.map((r) => [r.id, r.value])).toEqual([
      ['stationary', 10],
      ['walking', 0],
      ['running', -10],
      ['sprinting', -20],
      ['fast-sprinting', -30],
      ['dodging', -20],
      ['moving-mount', -10],
    ])
  })
  it('hold cover and size as printed', () => {
    expect(COVER_TABLE.map((r) => r.value)).toEqual([-10, -20])
    expect(SIZE_TABLE.map((r) => [r.id, r.value])).toEqual([
      ['tiny', -10],
      ['small', -5],
      ['medium', 0],
      ['large', 5],
      ['giant', 10],
    ])
  })
  it('hold the ranged-weapon-in-melee penalties with their specialist and double specialist values', () => {
    expect(RANGED_IN_MELEE_TABLE.map((r) => [r.none, r.specialist, r.doubleSpecialist])).toEqual([
      [-10, -5, 0],
      [-20, -15, -10],
      [-30, -20, -10],
    ])
  })
  it('read the second "javelin" row as the spear', () => {
    expect(STUCK_MISSILE_TABLE.map((r) => [r.missile, r.dexPenalty, r.bleeding])).toEqual([
      ['arrow', -2, 1],
      ['quarrel', -2, 1],
      ['javelin', -3, 2],
      ['spear', -4, 5],
    ])
  })
  it('hold the shooting-into-melee thresholds as printed', () => {
    expect(SHOOTING_INTO_MELEE_TABLE.map((r) => [r.friends, r.foes, r.friendOn])).toEqual([
      [1, 1, 30],
      [1, 2, 20],
      [1, 3, 10],
      [2, 1, 40],
      [3, 1, 50],
      [3, 2, 45],
    ])
    expect(SHOOTING_INTO_MELEE_ALWAYS_FRIEND).toEqual({ none: 5, specialist: 3, 'double-specialist': 1 })
  })
  it('hold the ambush tiers with their SC and damage bonuses', () => {
    expect(AMBUSH_TABLE.map((r) => [r.tier, r.attackerSc, r.attackerDamage, r.attacksBack])).toEqual([
      [1, 0, 0, 'normal'],
      [2, 0, 0, 1],
      [3, 10, 0, 0],
      [4, 20, 0, 0],
      [5, 30, 2, 0],
    ])
  })
  it('hold the attack-and-move delays by DEX roll', () => {
    expect(ATTACK_AND_MOVE_TABLE.map((r) => r.delay)).toEqual([1, 2, 3, 4, null])
  })
})
