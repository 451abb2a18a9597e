import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import { planAttack } from './attack.ts'
import { chance } from './common.ts'
import { planNonLethal } from './non-lethal.ts'
import { nonLethalOdds } from './odds.ts'
import { resolveStrike } from './rolls.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const musket = makeWeapon({ name: 'Musket', damage: { count: 1, sides: 8 }, range: 6 })
const sybilla = makeSheet({ name: 'Sybilla' })
const bandit = makeSheet({ name: 'bandit', agi: 8 })

describe('a zones attack from hit to damage', () => {
  it("makes Sybilla's musket miss when the bandit dodges with a 2 against AGI 8", () => {
    const plan = must(
      planAttack({ attacker: sybilla, target: bandit, weapon: musket, nearby: false, distance: 2 }),
    )
    const r = must(resolveStrike(plan, sybilla.wit, { dodge: { agi: 8, face: 2 } }))
    expect(r).toMatchObject({ hit: true, dodged: true, damage: null })
    expect(r.breakdown).toContainEqual({
      label: 'AGI save (dodge): d20',
      value: 2,
      rule: 'Reacting to an attack',
    })
  })

  it('deals the musket damage when the dodge fails', () => {
    const plan = must(
      planAttack({ attacker: sybilla, target: bandit, weapon: musket, nearby: false, distance: 2 }),
    )
    const r = must(resolveStrike(plan, sybilla.wit, { dodge: { agi: 8, face: 9 }, damage: [6] }))
    expect(r.damage?.suffered).toBe(6)
    expect(resolveStrike(plan, sybilla.wit, { dodge: { agi: 8, face: 9 } }).ok).toBe(false)
  })

  it('stops at a failed WIT save, and kills with a death blow without a roll', () => {
    const dark = must(
      planAttack({
        attacker: sybilla,
        target: bandit,
        weapon: makeWeapon(),
        nearby: true,
        toggles: ['target-not-visible'],
      }),
    )
    expect(must(resolveStrike(dark, 10, { wit: 20 })).hit).toBe(false)
    const blow = must(
      planAttack({
        attacker: sybilla,
        target: bandit,
        weapon: makeWeapon({ name: 'Dagger', damage: { count: 1, sides: 4 } }),
        nearby: true,
        targetIncapacitated: true,
        toggles: ['death-blow'],
      }),
    )
    expect(must(resolveStrike(blow, 10, {})).killed).toBe(true)
  })

  it('refuses a dodge by a target who cannot react', () => {
    const plan = must(
      planAttack({
        attacker: sybilla,
        target: bandit,
        weapon: makeWeapon(),
        nearby: true,
        toggles: ['target-unaware'],
      }),
    )
    expect(resolveStrike(plan, 10, { dodge: { agi: 8, face: 1 }, damage: [3] }).ok).toBe(false)
  })

  it("gives each of the wyrm's split targets its share of the bite: d8 on the medium one, 2d8 on the small one", () => {
    const wyrm = makeSheet({ size: 'large' })
    const bite = makeWeapon({ name: 'Bite', damage: { count: 1, sides: 8 } })
    const medium = must(
      planAttack({ attacker: wyrm, target: sybilla, weapon: bite, nearby: true, assignedDice: 1 }),
    )
    const small = must(
      planAttack({
        attacker: wyrm,
        target: makeSheet({ size: 'small' }),
        weapon: bite,
        nearby: true,
        assignedDice: 2,
      }),
    )
    expect(medium.damage.dice).toEqual({ count: 1, sides: 8 })
    expect(small.damage.dice).toEqual({ count: 2, sides: 8 })
    expect(
      planAttack({ attacker: sybilla, target: bandit, weapon: bite, nearby: true, assignedDice: 1 }).ok,
    ).toBe(false)
  })

  it('lets a character peeking out from a barrier to attack be countered, the barrier counting as cover', () => {
    const peeker = makeSheet({ name: 'archer', armor: 1 })
    const counter = must(
      planAttack({
        attacker: bandit,
        target: peeker,
        weapon: makeWeapon(),
        nearby: true,
        toggles: ['cover'],
      }),
    )
    expect(counter.damage.armor).toBe(2)
  })

  it('gives a grapple on STR 9 an 11 in 20 chance, times the failed dodge when the target dodges', () => {
    const grapple = must(planNonLethal({ kind: 'grapple', attacker: sybilla, target: bandit, nearby: true }))
    expect(nonLethalOdds(grapple, 9).takesEffect).toEqual(chance(11, 20))
    expect(nonLethalOdds(grapple, 9, 8).takesEffect).toEqual(chance(11 * 12, 400))
    const big = must(
      planNonLethal({
        kind: 'grapple',
        attacker: makeSheet({ size: 'large' }),
        target: bandit,
        nearby: true,
      }),
    )
    expect(nonLethalOdds(big, 9).takesEffect).toEqual(chance(1, 1))
  })
})
