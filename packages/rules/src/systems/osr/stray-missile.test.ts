import { describe, expect, it } from 'vitest'
import type { Sheet } from './sheet.ts'
import { strayMissile } from './stray-missile.ts'
import { sheet } from './test-support.ts'

const archer = sheet({
  name: 'Archer',
  attackBonus: 2,
  dexBonus: 1,
  weapons: [
    { name: 'Bow', kind: 'bow', damage: '1d6', shortRange: 50, mediumRange: 100, longRange: 150 },
    { name: 'Oil', kind: 'grenade', damage: '1d8', shortRange: 10, mediumRange: 30, longRange: 50 },
  ],
})
const bow = archer.weapons[0] as Sheet['weapons'][number]
const allies = [
  { id: 'a', name: 'Aldo', ac: 15 },
  { id: 'b', name: 'Bea', ac: 12 },
]

describe('a missile that misses into a melee with allies', () => {
  it('is rolled against each ally with the shooter’s normal attack bonus until one is hit', () => {
    // 11 + 2 + 1 = 14 < 15 misses Aldo; 9 + 3 = 12 >= 12 hits Bea
    const r = strayMissile(archer, bow, allies, [11, 9])
    expect(r.ok && r.value.hitId).toBe('b')
    expect(r.ok && r.value.rolls.map((x) => x.total)).toEqual([14, 12])
  })

  it('stops at the first ally hit', () => {
    const r = strayMissile(archer, bow, allies, [12])
    expect(r.ok && r.value.hitId).toBe('a')
  })

  it('is lost when every possible target is missed', () => {
    const r = strayMissile(archer, bow, allies, [2, 3])
    expect(r.ok && r.value.hitId).toBeNull()
  })

  it('asks the GM for the next roll when one is missing', () => {
    expect(strayMissile(archer, bow, allies, [2])).toEqual({
      ok: false,
      error: 'Roll a d20 for the GM’s stray-missile roll against Bea.',
    })
  })

  it('never applies to grenade-like missiles', () => {
    expect(strayMissile(archer, archer.weapons[1] as Sheet['weapons'][number], allies, [20]).ok).toBe(false)
  })
})
