import { describe, expect, it } from 'vitest'
import { d20Check } from '../../dice/d20.ts'
import { type Distribution, distribution, outcomes, probabilityOf } from '../../dice/distribution.ts'
import { addFractions, type Fraction, fraction, multiplyFractions, toFloat } from '../../dice/fraction.ts'
import { parseDice } from '../../dice/parse.ts'
import { seededDice } from '../../dice/seeded.ts'
import type { AttackDeclaration } from './attack.ts'
import { rollAttack } from './attack-roll.ts'
import { attackOdds } from './odds.ts'
import { meleeDeclarations, sheet } from './test-support.ts'

const spear = {
  name: 'Spear',
  kind: 'melee-thrown',
  damage: '1d6',
  chargeable: true,
  shortRange: 20,
  mediumRange: 40,
  longRange: 60,
}
const fighter = sheet({ attackBonus: 0, strBonus: 2, weapons: [spear, { name: 'Maul', damage: '2d4' }] })
const goblin = sheet({ name: 'Goblin', ac: 12 })
const decl = meleeDeclarations(fighter, goblin)

const odds = (d: AttackDeclaration, settings = {}) => {
  const result = attackOdds(d, settings)
  if (!result.ok) throw new Error(result.error)
  return result.value
}

/**
 * Walks every combination of faces the table's roll (rollAttack) asks for, each weighted by its chance,
 * and adds up what it reports: an independent path to the same numbers as attackOdds.
 */
function enumerate(d: AttackDeclaration, settings = {}) {
  let hit = fraction(0)
  let critical = fraction(0)
  let expected = fraction(0)
  const damage = new Map<number, Fraction>()
  // The faces so far, in the order asked; the first die past them is the one to branch on.
  const walk = (faces: number[], p: Fraction) => {
    let next: number | null = null
    let i = 0
    const r = rollAttack(
      d,
      (sides) => {
        if (i < faces.length) return faces[i++] as number
        next ??= sides
        return 1
      },
      settings,
    )
    if (next !== null) {
      const sides: number = next
      for (let f = 1; f <= sides; f++) walk([...faces, f], multiplyFractions(p, fraction(1, sides)))
      return
    }
    if (!r.ok) throw new Error(r.error)
    if (r.value.hit) hit = addFractions(hit, p)
    if (r.value.special?.result === 'critical' || r.value.special?.result === 'critical-condition')
      critical = addFractions(critical, p)
    const total = r.value.damage?.total ?? 0
    expected = addFractions(expected, multiplyFractions(p, fraction(total)))
    damage.set(total, addFractions(damage.get(total) ?? fraction(0), p))
  }
  walk([], fraction(1))
  return { hit, critical, expected, damage }
}

describe('attack odds', () => {
  it('hit a 1d6+2 spear at +2 against AC 12 on 10 or better: 11 in 20', () => {
    const o = odds(decl())
    expect(o.needs).toBe(10)
    expect(o.hit).toEqual(fraction(11, 20))
  })

  it('put critical damage at 1/20 times the special faces that reach 16 with the +2: 14..20, 7 of 20', () => {
    expect(odds(decl()).critical).toEqual(fraction(7, 400))
    expect(odds(decl(), { specialRoll: 'raw' }).critical).toEqual(fraction(5, 400))
  })

  it('split each natural band into the table’s shares of 1/20', () => {
    const o = odds(decl(), { specialRoll: 'raw' })
    expect(o.special).toEqual({
      regular: fraction(10, 400),
      maximum: fraction(5, 400),
      critical: fraction(4, 400),
      'critical-condition': fraction(1, 400),
    })
    expect(o.fumble).toEqual({
      'weapon-breaks': fraction(2, 400),
      stumble: fraction(3, 400),
      sloppy: fraction(5, 400),
      'drop-weapon': fraction(5, 400),
      miss: fraction(5, 400),
    })
  })

  it('still hit on a natural 20 against an Armor Class no roll reaches', () => {
    const o = odds(decl([], { target: { ...goblin, ac: 50 } }))
    expect(o.hit).toEqual(fraction(1, 20))
    expect(o.needs).toBe(20)
  })

  it.each([
    ['a plain attack', decl(), {}],
    ['a raw special roll', decl(), { specialRoll: 'raw' }],
    [
      'a charge',
      decl(['charge'], {
        charge: { distance: 20, straightLine: true, clearPath: true, lineOfSightAtStart: true },
      }),
      {},
    ],
    ['a flat-of-the-blade blow', decl(['non-lethal']), {}],
    ['a 2d4 maul from behind', decl(['from-behind'], { weapon: 1 }), {}],
    ['a weak kick', decl(['kick'], { weapon: undefined, attacker: { ...fighter, strBonus: -3 } }), {}],
  ] as const)('equal the exact distribution found by resolving every face: %s', (_, d, settings) => {
    const o = odds(d, settings)
    const e = enumerate(d, settings)
    expect(o.hit).toEqual(e.hit)
    expect(o.critical).toEqual(e.critical)
    expect(o.expectedDamage).toEqual(e.expected)
    for (const [value, p] of e.damage) expect(probabilityOf(o.damage, value)).toEqual(p)
  })

  it('agree with a seeded run of 40,000 rolled attacks', () => {
    const dice = seededDice(20261122)
    const d = decl()
    const o = odds(d)
    const n = 40_000
    let hits = 0
    let damage = 0
    for (let i = 0; i < n; i++) {
      const r = rollAttack(d, (sides) => dice.roll(sides))
      if (!r.ok) throw new Error(r.error)
      if (r.value.hit) hits++
      damage += r.value.damage?.total ?? 0
    }
    // Four standard errors: a fair implementation fails this about once in 16,000 seeds.
    const p = toFloat(o.hit)
    expect(Math.abs(hits / n - p), `seed ${dice.seed}`).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n))
    expect(Math.abs(damage / n - toFloat(o.expectedDamage)), `seed ${dice.seed}`).toBeLessThan(0.1)
  })

  it('agree with the dice core: d20Check for the hit, and 1d6+2 / 6+2 / maxplus(1d6)+2 for the damage', () => {
    const o = odds(decl())
    expect(o.hit).toEqual(
      d20Check({ modifier: 2, target: 12, natural1Fails: true, natural20Succeeds: true }).chance,
    )
    const asMap = (d: Distribution) => new Map(d.weights.map((w, i) => [d.min + i, fraction(w, d.total)]))
    const same = (mine: Distribution | undefined, core: Distribution) => {
      expect(mine && asMap(mine)).toEqual(asMap(core))
    }
    same(o.damageOnHit?.regular, distribution(parseDice('1d6+2')))
    same(o.damageOnHit?.maximum, distribution(parseDice('8')))
    same(o.damageOnHit?.critical, distribution(parseDice('maxplus(1d6)+2')))
  })

  it('chart the damage lowest first, with probabilities adding up to 1', () => {
    const chart = outcomes(odds(decl()).damage)
    expect(chart[0]).toEqual({ value: 0, probability: 9 / 20 })
    expect(chart.map((c) => c.value)).toEqual([...chart.map((c) => c.value)].sort((a, b) => a - b))
    expect(chart.reduce((t, c) => t + c.probability, 0)).toBeCloseTo(1, 12)
  })

  it('refuse an illegal attack with the same sentence as the resolver', () => {
    expect(attackOdds(decl(['short-range']))).toEqual({
      ok: false,
      error: 'Range bands apply to missile attacks only.',
    })
  })
})
