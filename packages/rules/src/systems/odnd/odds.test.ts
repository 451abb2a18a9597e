import { describe, expect, it } from 'vitest'
import { d20Check } from '../../dice/d20.ts'
import { fraction, toFloat } from '../../dice/fraction.ts'
import { seededDice } from '../../dice/seeded.ts'
import { type AttackDeclaration, prepareAttack } from './attack.ts'
import { attackOdds } from './odds.ts'
import { applyAttackDice, rollDamage } from './rolls.ts'
import { makeSheet, makeWeapon, type Sheet } from './sheet.ts'

const sword = makeWeapon({ name: 'Sword', damage: 'd6+1' })
const fighter = (over: Partial<Sheet> = {}) =>
  makeSheet({ class: 'fighter', thac0: 19, weapons: [sword], ...over })
const foe = (over: Partial<Sheet> = {}) => makeSheet({ role: 'monster', class: 'monster', ac: 5, ...over })

function odds(decl: AttackDeclaration) {
  const o = attackOdds(decl)
  if (!o.ok) throw new Error(o.error)
  return o.value
}

describe('exact attack odds', () => {
  it('needing 14 on a d20 hits 7 times in 20, and d6+1 averages 4.5 a hit', () => {
    const o = odds({ attacker: fighter(), defender: foe() })
    expect(o.hit).toEqual(fraction(7, 20))
    expect(o.needs).toBe(14)
    expect(o.critical).toEqual(fraction(1, 20))
    expect(o.expectedDamageOnHit).toEqual(fraction(9, 2))
    expect(o.expectedDamage).toEqual(fraction(7 * 9, 20 * 2))
  })

  it('a 1st level attacker fumbles on a 1 then anything above 1: 19 in 400', () => {
    expect(odds({ attacker: fighter(), defender: foe() }).fumble).toEqual(fraction(19, 400))
    expect(odds({ attacker: fighter({ level: 20 }), defender: foe() }).fumble).toEqual(fraction(0))
  })

  it('needing 22, only a natural 20 hits and it loses 2 damage: d6+1-2 averages 2.5', () => {
    const o = odds({ attacker: fighter(), defender: foe({ ac: -3 }) })
    expect(o.hit).toEqual(fraction(1, 20))
    expect(o.critical).toEqual(fraction(0))
    expect(o.expectedDamage).toEqual(fraction(5, 2 * 20))
  })

  it('only a natural 20 hits a foe out of reach, and never one needing magic', () => {
    expect(odds({ attacker: fighter(), defender: foe({ ac: -20 }) }).hit).toEqual(fraction(1, 20))
    expect(odds({ attacker: fighter(), defender: foe({ hitBy: 'magic' }) }).hit).toEqual(fraction(0))
    expect(odds({ attacker: fighter(), defender: foe({ hitBy: 'magic' }) }).needs).toBeNull()
  })

  it('a natural 1 misses even when 1 would be enough', () => {
    expect(odds({ attacker: fighter({ thac0: 2 }), defender: foe({ ac: 9 }) }).hit).toEqual(fraction(19, 20))
  })

  it('Advantage needing 14 hits 1 - (13/20)^2 of the time', () => {
    const o = odds({ attacker: fighter(), defender: foe(), toggles: { 'behind-second-round': true } })
    expect(o.hit).toEqual(fraction(400 - 169, 400))
  })

  it('Disadvantage needing 14 hits (7/20)^2 of the time', () => {
    const o = odds({ attacker: fighter(), defender: foe(), toggles: { 'surprised-second-round': true } })
    expect(o.hit).toEqual(fraction(49, 400))
  })

  it('a charge doubles the expected damage of a hit', () => {
    const o = odds({ attacker: fighter(), defender: foe(), toggles: { charging: true } })
    expect(o.expectedDamageOnHit).toEqual(fraction(9))
    expect(o.hit).toEqual(fraction(9, 20))
  })

  it('an illegal declaration has no odds, only the reason', () => {
    expect(attackOdds({ attacker: fighter(), defender: foe(), toggles: { backstab: true } })).toEqual({
      ok: false,
      error: 'Only thieves backstab.',
    })
  })
})

describe('odds agree with seeded sampling', () => {
  const cases: Array<[string, AttackDeclaration]> = [
    ['a plain sword blow', { attacker: fighter({ str: 17 }), defender: foe({ shield: true }) }],
    ['a natural-20-only blow', { attacker: fighter(), defender: foe({ ac: -4 }) }],
    [
      'a charge with Advantage',
      { attacker: fighter(), defender: foe(), toggles: { charging: true, 'behind-second-round': true } },
    ],
  ]
  const seed = Number(process.env.ODND_SEED ?? 20261122)

  it.each(cases)('%s', (_name, decl) => {
    const dice = seededDice(seed)
    const roll = (sides: number) => dice.roll(sides)
    const o = odds(decl)
    const p0 = prepareAttack(decl)
    if (!p0.ok) throw new Error(p0.error)
    const prepared = p0.value
    const n = 20000
    let hits = 0
    let damage = 0
    for (let i = 0; i < n; i++) {
      const two = prepared.roll !== 'normal'
      const r = applyAttackDice(prepared, { d20: two ? [roll(20), roll(20)] : roll(20), fumbleD20: roll(20) })
      if (!r.ok) throw new Error(r.error)
      if (!r.value.hit || !r.value.damage) continue
      hits++
      const faces = Array.from({ length: r.value.damage.dice.count }, () =>
        roll(r.value.damage?.dice.sides ?? 1),
      )
      const d = rollDamage(r.value.damage, faces)
      if (!d.ok) throw new Error(d.error)
      damage += d.value.total
    }
    const p = toFloat(o.hit)
    const sd = Math.sqrt((p * (1 - p)) / n)
    expect(Math.abs(hits / n - p), `seed ${seed}: hit rate`).toBeLessThan(5 * sd + 1e-9)
    expect(Math.abs(damage / n - o.probabilities.expectedDamage), `seed ${seed}: damage`).toBeLessThan(0.1)
  })
})

describe('odds agree with the dice core', () => {
  it.each([-6, 0, 3, 9])(
    'a straight attack against AC %i matches d20Check with natural 1 and 20 rules',
    (ac) => {
      const decl = { attacker: fighter({ str: 18 }), defender: foe({ ac }) }
      const p = prepareAttack(decl)
      if (!p.ok) throw new Error(p.error)
      const core = d20Check({
        modifier: p.value.modifier,
        target: p.value.target,
        natural1Fails: true,
        natural20Succeeds: true,
      })
      expect(odds(decl).hit).toEqual(core.chance)
      expect(odds(decl).needs).toBe(core.needs)
    },
  )
})

describe('Florentine odds', () => {
  it('a sword and a dagger each carry half the hits: (4.5 + 2.5) / 2 a hit', () => {
    const dagger = makeWeapon({ name: 'Dagger', damage: 'd4', size: 'small' })
    const o = odds({
      attacker: fighter({ weapons: [sword, dagger] }),
      defender: foe(),
      toggles: { florentine: true },
    })
    expect(o.expectedDamageOnHit).toEqual(fraction(7, 2))
    expect(o.hit).toEqual(fraction(400 - 169, 400))
  })
})
