import { describe, expect, it } from 'vitest'
import { fraction, toFloat } from '../../dice/fraction.ts'
import { seededDice } from '../../dice/seeded.ts'
import { type AttackDeclaration, setupAttack } from './attack.ts'
import { makeSheet, nutshellFighter, ready } from './examples.ts'
import { initiativeDie, placeAttacks } from './initiative.ts'
import { attackOdds, chanceAttacksHappen, oddsOfSetup, roundOdds } from './odds.ts'
import { resolveAttack, resolveDamage } from './rolls.ts'

const ogre = makeSheet({ name: 'Ogre', hp: 60, startingHp: 60, def: 40, prot: 3 })
const declared: AttackDeclaration = { attacker: ready(nutshellFighter()), target: ready(ogre), mode: 'melee' }

const odds = (decl: AttackDeclaration, automaticResults?: 'at-least' | 'exact') => {
  const o = attackOdds(decl, { automaticResults })
  if (!o.ok) throw new Error(o.error)
  return o.value
}

describe('attack odds', () => {
  it('for SC 112 against DEF 40 are 72% to hit, 11% to crit and 4% grievous', () => {
    const o = odds(declared)
    expect([o.hit, o.critical, o.grievous]).toEqual([fraction(72, 100), fraction(11, 100), fraction(4, 100)])
  })

  it('expect 5.225 damage with 1d8+4 against PROT 3: 61 plain hits of 5.5 and 11 criticals of 17, per 100', () => {
    // Plain hit: 1d8+4-3 is 2..9, mean 5.5. Critical: 2 x (1d8+4), mean 17, no PROT.
    expect(odds(declared).expectedDamage).toEqual(fraction(61 * 55 + 11 * 170, 1000))
  })

  it('count the automatic results: at least 3% to hit and at most 95%', () => {
    const hopeless = { ...declared, target: ready(makeSheet({ def: 300 })) }
    expect(odds(hopeless).hit).toEqual(fraction(3, 100))
    expect(odds(hopeless).critical).toEqual(fraction(2, 100))
    expect(odds(hopeless).grievous).toEqual(fraction(1, 100))
    const certain = { ...declared, target: ready(makeSheet({ def: -100 })) }
    expect(odds(certain).hit).toEqual(fraction(95, 100))
  })

  it('follow the automatic-results setting: exact makes 02 and 03 only a critical and a hit', () => {
    expect(odds(declared, 'exact').grievous).toEqual(fraction(2, 100))
    expect(odds(declared, 'exact').critical).toEqual(fraction(10, 100))
  })

  it('are refused in the same words as the attack when the attack is impossible', () => {
    expect(attackOdds({ ...declared, toggles: ['cover-hard'] })).toEqual({
      ok: false,
      error: 'Hard cover only applies to ranged attacks.',
    })
  })

  it('agree with seeded sampling of the same attack', () => {
    const seed = 20261122
    const dice = seededDice(seed)
    const o = odds(declared)
    const n = 20000
    let hits = 0
    let crits = 0
    let grievous = 0
    let damage = 0
    for (let i = 0; i < n; i++) {
      const r = resolveAttack(declared, { d100: dice.roll(100) })
      if (!r.ok) throw new Error(r.error)
      if (r.value.kind === 'miss') continue
      hits++
      if (r.value.kind !== 'hit') crits++
      if (r.value.kind === 'grievous') grievous++
      const d = resolveDamage(r.value, ogre, [dice.roll(8)])
      if (!d.ok) throw new Error(d.error)
      damage += d.value.taken
    }
    const near = (observed: number, p: number, label: string) => {
      const sd = Math.sqrt((p * (1 - p)) / n)
      expect(Math.abs(observed / n - p), `${label}, seed ${seed}`).toBeLessThan(5 * sd)
    }
    near(hits, toFloat(o.hit), 'hit')
    near(crits, toFloat(o.critical), 'critical')
    near(grievous, toFloat(o.grievous), 'grievous')
    expect(Math.abs(damage / n - toFloat(o.expectedDamage)), `damage, seed ${seed}`).toBeLessThan(0.2)
  })

  it('are cheap enough to preview on every toggle: well under a millisecond each', () => {
    const setup = setupAttack(declared)
    if (!setup.ok) throw new Error(setup.error)
    oddsOfSetup(setup.value, ogre)
    const runs = 200
    const start = performance.now()
    for (let i = 0; i < runs; i++) attackOdds(declared)
    expect((performance.now() - start) / runs).toBeLessThan(1)
  })
})

describe('the chance each attack of a round happens', () => {
  // Counts every combination of initiative faces through placeAttacks, the code the round itself uses.
  const bruteForce = (modifier: number, attacks: number) => {
    const dice = Array.from({ length: attacks }, (_, i) => initiativeDie(i))
    const happened = new Array<number>(attacks).fill(0)
    let total = 0
    const walk = (faces: number[]) => {
      if (faces.length === attacks) {
        const placed = placeAttacks([{ label: 'IM', value: modifier }], faces)
        if (!placed.ok) throw new Error(placed.error)
        placed.value.forEach((a, i) => {
          if (!a.lost) happened[i] = (happened[i] as number) + 1
        })
        total++
        return
      }
      for (let f = 1; f <= (dice[faces.length] as number); f++) walk([...faces, f])
    }
    walk([])
    return happened.map((h) => fraction(h, total))
  }

  it('is certain for a first attack at IM 0 and 4 in 10 at -12 (only 7 to 10 land at -5 or later)', () => {
    expect(chanceAttacksHappen(0, 1)).toEqual([fraction(1)])
    expect(chanceAttacksHappen(-12, 1)).toEqual([fraction(4, 10)])
  })

  it.each([
    [-10, 3],
    [-7, 4],
    [-3, 5],
  ])('matches counting every face at modifier %i with %i attacks, ties pushed', (modifier, attacks) => {
    expect(chanceAttacksHappen(modifier, attacks)).toEqual(bruteForce(modifier, attacks))
  })
})

describe('round odds', () => {
  it('count each attack by its chance to happen: two attacks at IM +2 always happen', () => {
    const r = roundOdds(declared)
    expect(r.ok && r.value.happen).toEqual([fraction(1), fraction(1)])
    expect(r.ok && r.value.expectedDamage).toEqual(fraction(2 * (61 * 55 + 11 * 170), 1000))
  })

  it('lose expected damage when moving puts late attacks at risk', () => {
    const slow = {
      ...declared,
      attacker: ready(nutshellFighter({ initiativeModifier: -6, attacksPerRound: 1 })),
    }
    const r = roundOdds(slow)
    // d10 - 6 lands at -5 to 4: only a 1 gives -5, nothing reaches -6.
    expect(r.ok && r.value.happen).toEqual([fraction(1)])
    const slower = {
      ...declared,
      attacker: ready(nutshellFighter({ initiativeModifier: -9, attacksPerRound: 1 })),
    }
    const s = roundOdds(slower)
    expect(s.ok && s.value.happen).toEqual([fraction(7, 10)])
  })
})
