import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import { planAttack, resolveHit } from './attack.ts'
import { chance } from './common.ts'
import { resolveDamage } from './damage.ts'
import { attackOdds, damageOdds, diceCounts, expectation } from './odds.ts'
import { resolveDodge } from './reactions.ts'
import { makeSheet, makeWeapon } from './sheet.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

/** mulberry32: a tiny seeded generator, so a failing sample can be re-run from its seed. */
function seeded(seed: number) {
  let a = seed >>> 0
  return (sides: number) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296
    return 1 + Math.floor(u * sides)
  }
}

const human = makeSheet({ wit: 12, agi: 8 })
const bow = makeWeapon({ name: 'Bow', range: 8 })

describe('zones odds', () => {
  it('counts 2d6 totals exactly', () => {
    expect(diceCounts(2, 6)).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
  })

  it('gives a d6 against armour 2 an expected 5/3 damage (0,0,1,2,3,4 over six faces)', () => {
    const plan = must(
      planAttack({ attacker: human, target: makeSheet({ armor: 2 }), weapon: makeWeapon(), nearby: true }),
    )
    expect(damageOdds(plan.damage).expected).toEqual(expectation(10, 6))
  })

  it('gives the human sword against the wyrm (halved, rounding up) an expected 2 damage', () => {
    const wyrm = makeSheet({ size: 'large' })
    const plan = must(planAttack({ attacker: human, target: wyrm, weapon: makeWeapon(), nearby: true }))
    // faces 1..6 halved up: 1,1,2,2,3,3 -> 12/6
    expect(damageOdds(plan.damage).expected).toEqual(expectation(2, 1))
  })

  it('gives a WIT 12 archer beyond half range a 12 in 20 chance to hit, and a dodge at AGI 8 an 8 in 20 chance', () => {
    const plan = must(planAttack({ attacker: human, target: human, weapon: bow, nearby: false, distance: 5 }))
    const odds = attackOdds(plan, 12, { kind: 'dodge', agi: 8 })
    expect(odds.hit).toEqual(chance(12, 20))
    expect(odds.dodge).toEqual(chance(8, 20))
    expect(odds.lands).toEqual(chance(12 * 12, 400))
    expect(odds.expectedDamage).toEqual(expectation(144 * 21, 400 * 6))
  })

  it('hits for sure without a save, so expected damage is the plain dice average', () => {
    const plan = must(planAttack({ attacker: human, target: human, weapon: makeWeapon(), nearby: true }))
    const odds = attackOdds(plan, 12)
    expect(odds.hit).toEqual(chance(1, 1))
    expect(odds.expectedDamage).toEqual(expectation(7, 2))
  })

  it("works out who is hit first in Theobald's counter: spear d6 against battleaxe d8 minus armour 2", () => {
    const theobald = makeSheet({ armor: 1, shield: true })
    const leader = makeSheet()
    const attack = must(
      planAttack({ attacker: theobald, target: leader, weapon: makeWeapon(), nearby: true }),
    )
    const counter = must(
      planAttack({
        attacker: leader,
        target: theobald,
        weapon: makeWeapon({ damage: { count: 1, sides: 8 } }),
        nearby: true,
      }),
    )
    const odds = attackOdds(attack, 10, { kind: 'counter', counter: counter.damage })
    // Theobald suffers max(0, d8-2): 0,0,0,1,2,3,4,5. The leader suffers d6.
    let theobaldMore = 0
    let tie = 0
    for (let a = 1; a <= 6; a++)
      for (let c = 1; c <= 8; c++) {
        const t = Math.max(0, c - 2)
        if (t > a) theobaldMore++
        else if (t === a) tie++
      }
    expect(odds.counter?.attackerFirst).toEqual(chance(theobaldMore, 48))
    expect(odds.counter?.together).toEqual(chance(tie, 48))
    expect(odds.counter?.countererFirst).toEqual(chance(48 - theobaldMore - tie, 48))
  })

  it('agrees with seeded sampling of hit, dodge and damage (seed printed on failure)', () => {
    const seed = 20261122
    const roll = seeded(seed)
    const plan = must(
      planAttack({
        attacker: human,
        target: makeSheet({ armor: 1 }),
        weapon: bow,
        nearby: false,
        distance: 6,
      }),
    )
    const odds = attackOdds(plan, 12, { kind: 'dodge', agi: 8 })
    const n = 40_000
    let landed = 0
    let damage = 0
    for (let i = 0; i < n; i++) {
      const hit = must(resolveHit(plan, 12, roll(20)))
      if (!hit.hit || resolveDodge(8, roll(20)).misses) continue
      landed++
      damage += resolveDamage(plan.damage, [roll(6)]).suffered
    }
    expect(Math.abs(landed / n - odds.lands.probability), `seed ${seed}`).toBeLessThan(0.01)
    expect(Math.abs(damage / n - odds.expectedDamage.value), `seed ${seed}`).toBeLessThan(0.05)
  })
})
