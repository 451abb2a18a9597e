import { describe, expect, it } from 'vitest'
import { resolveDeclared } from '../../engine/plan.ts'
import type { Declared } from '../../engine/types.ts'
import type { Outcome } from '../../system.ts'
import { fighter, scripted } from '../test-support.ts'
import { planAttack } from './attack.ts'
import { chance } from './common.ts'
import { planNonLethal } from './non-lethal.ts'
import { nonLethalOdds } from './odds.ts'
import { zonesCombat as rules } from './room-combat.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const sybilla = makeSheet({ name: 'Sybilla' })
const bandit = makeSheet({ name: 'bandit', agi: 8 })

describe('a zones attack from hit to damage', () => {
  // At the table: Sybilla's musket (d8, range 6) against the bandit (AGI 8), as combat.test.ts plays them.
  const archer = fighter('zones', 'Sybilla', 'pc', { weapons: [{ name: 'Musket', damage: 'd8', range: 6 }] })
  const target = fighter('zones', 'bandit', 'foe', { agi: 8 }, { hp: 8 })
  const shot: Declared = { choice: 'weapon-0', toggles: [] }

  it("makes Sybilla's musket miss when the bandit dodges with a 2 against AGI 8", () => {
    const roll = scripted(2)
    const r = must(resolveDeclared(rules, archer, target, shot, 'dodge', roll))
    // Hit, dodged, no damage: only the dodge's die is asked for and the bandit keeps his health.
    expect(r.hit).toBe(true)
    expect(r.summary).toBe("bandit dodges Sybilla's attack.")
    expect(roll.asked.map((d) => d.label)).toEqual(['AGI save to dodge'])
    expect(r.changes.bandit?.hp).toBe(8)
    expect(r.lines).toContainEqual({
      label: 'AGI save (dodge): d20',
      value: 2,
      rule: 'Reacting to an attack',
    })
    expect(r.lines).toContainEqual(
      expect.objectContaining({
        label: 'Dodged: the attack misses',
        value: 0,
        rule: 'Reacting to an attack',
      }),
    )
  })

  it('deals the musket damage when the dodge fails', () => {
    const roll = scripted(9, 6)
    const r = must(resolveDeclared(rules, archer, target, shot, 'dodge', roll))
    // The failed dodge does not end it: the damage die is asked for, and the 6 is suffered whole.
    expect(roll.asked.map((d) => d.label)).toEqual(['AGI save to dodge', 'damage d8'])
    expect(r.lines).toContainEqual({ label: 'Damage suffered', value: 6 })
    expect(r.changes.bandit?.hp).toBe(8 - 6)
  })

  it('stops at a failed WIT save, and kills with a death blow without a roll', () => {
    const dark = must(
      resolveDeclared(
        rules,
        fighter('zones', 'Sybilla', 'pc', { wit: 10 }),
        target,
        { choice: 'weapon-0', toggles: ['target-not-visible'] },
        null,
        scripted(20),
      ),
    )
    expect(dark.hit).toBe(false)
    const down = { ...target, hp: 0, state: { down: 'incapacitated' } }
    const dagger = fighter('zones', 'Sybilla', 'pc', {
      weapons: [{ name: 'Dagger', damage: 'd4', range: 0 }],
    })
    const roll = scripted()
    const blow = must(
      resolveDeclared(rules, dagger, down, { choice: 'weapon-0', toggles: ['death-blow'] }, null, roll),
    )
    expect(roll.asked).toEqual([])
    expect(blow.lines).toContainEqual(
      expect.objectContaining({ label: 'Death blow: killed', value: 0, rule: 'Attacking' }),
    )
    expect(rules.status({ ...down, ...blow.changes.bandit })).toEqual(['Dead'])
  })

  it('refuses a dodge by a target who cannot react', () => {
    const unaware: Declared = { choice: 'weapon-0', toggles: ['target-unaware'] }
    expect(
      resolveDeclared(rules, fighter('zones', 'Sybilla', 'pc'), target, unaware, 'dodge', scripted(1, 3)),
    ).toEqual({ ok: false, error: 'No reaction: bandit is unaware of the attacker.' })
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
