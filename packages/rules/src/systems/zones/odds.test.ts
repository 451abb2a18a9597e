import { describe, expect, it } from 'vitest'
import { distribution } from '../../dice/distribution.ts'
import { dice } from '../../dice/expr.ts'
import { seededDice } from '../../dice/seeded.ts'
import type { Outcome } from '../../system.ts'
import { planAttack } from './attack.ts'
import { chance } from './common.ts'
import { whoIsHitFirst } from './defenses.ts'
import { attackOdds, damageOdds, diceCounts, expectation } from './odds.ts'
import { resolveCounter, resolveDamage, resolveDodge, resolveHit } from './rolls.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const human = makeSheet({ wit: 12, agi: 8 })
const bow = makeWeapon({ name: 'Bow', range: 8 })

/**
 * Theobald (armour 1, a shield) spears the leader with a d6 and is countered with `count` d8: both plans,
 * and the odds with Attack 10.
 */
function theobaldsCounter(count: number) {
  const theobald = makeSheet({ armor: 1, shield: true })
  const leader = makeSheet()
  const attack = must(planAttack({ attacker: theobald, target: leader, weapon: makeWeapon(), nearby: true }))
  const counter = must(
    planAttack({
      attacker: leader,
      target: theobald,
      weapon: makeWeapon({ damage: { count, sides: 8 } }),
      nearby: true,
    }),
  )
  const odds = whoIsHitFirst(attack.damage, counter.damage)
  return { attack, counter, odds }
}

describe('zones odds', () => {
  it('counts 2d6 totals exactly', () => {
    expect(diceCounts(2, 6)).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
  })

  it("agrees with the dice core's exact distribution for every die count and size zones uses", () => {
    for (const [count, sides] of [
      [1, 4],
      [2, 6],
      [4, 8],
      [8, 8],
      [3, 10],
    ] as const) {
      const core = distribution(dice(count, sides))
      const ours = diceCounts(count, sides)
      expect(ours.slice(core.min).map(BigInt)).toEqual([...core.weights])
      expect(ours.slice(0, core.min).every((w) => w === 0)).toBe(true)
    }
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
    const { odds } = theobaldsCounter(1)
    // Theobald suffers max(0, d8-2): 0,0,0,1,2,3,4,5. The leader suffers d6.
    let theobaldMore = 0
    let tie = 0
    for (let a = 1; a <= 6; a++)
      for (let c = 1; c <= 8; c++) {
        const t = Math.max(0, c - 2)
        if (t > a) theobaldMore++
        else if (t === a) tie++
      }
    expect(odds.attackerFirst).toEqual(chance(theobaldMore, 48))
    expect(odds.together).toEqual(chance(tie, 48))
    expect(odds.countererFirst).toEqual(chance(48 - theobaldMore - tie, 48))
  })

  it('agrees with seeded sampling of hit, dodge and damage (seed printed on failure)', () => {
    const seed = 20261122
    const source = seededDice(seed)
    const roll = (sides: number) => source.roll(sides)
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

  it('agrees with seeded sampling of who is hit first in a counter (seed printed on failure)', () => {
    const seed = 7
    const source = seededDice(seed)
    const { attack, counter, odds } = theobaldsCounter(2)
    const n = 20_000
    const seen = { attacker: 0, counterer: 0, both: 0 }
    for (let i = 0; i < n; i++) {
      const r = resolveCounter({
        attack: resolveDamage(attack.damage, [source.roll(6)]),
        counter: resolveDamage(counter.damage, [source.roll(8), source.roll(8)]),
        attackerHealth: { health: 8, max: 8 },
        countererHealth: { health: 8, max: 8 },
        policy: 'at-zero',
      })
      seen[r.hitFirst]++
    }
    expect(Math.abs(seen.attacker / n - (odds.attackerFirst.probability ?? -1)), `seed ${seed}`).toBeLessThan(
      0.015,
    )
    expect(Math.abs(seen.both / n - (odds.together.probability ?? -1)), `seed ${seed}`).toBeLessThan(0.015)
  })
})
