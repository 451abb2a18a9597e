import { describe, expect, it } from 'vitest'
import { defensesDeclared, resolveDeclared } from '../../engine/plan.ts'
import type { Declared } from '../../engine/types.ts'
import type { Outcome } from '../../system.ts'
import { fighter, scripted } from '../test-support.ts'
import { planAttack } from './attack.ts'
import { keepsHold, planNonLethal } from './non-lethal.ts'
import { applyDamage, breakFree, counterOrder, freeAlly, resolveDamage, resolveNonLethal } from './rolls.ts'
import { zonesCombat as rules } from './room-combat.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const theobald = makeSheet({ name: 'Theobald', health: 10 })
const bandit = makeSheet({ name: 'bandit', str: 9, health: 8 })

describe('zones non-lethal attacks', () => {
  it('plays the printed grapple: countered for 1, Theobald still standing, then a failed STR save', () => {
    expect(counterOrder('non-lethal', 'lethal')).toBe('counter-first')
    const axe = makeWeapon({ name: 'Axe', damage: { count: 1, sides: 6 } })
    const counter = must(planAttack({ attacker: bandit, target: theobald, weapon: axe, nearby: true }))
    const scratch = resolveDamage(counter.damage, [1])
    expect(scratch.suffered).toBe(1)
    expect(applyDamage(10, 10, scratch.suffered, 'at-half').incapacitated).toBe(false)
    const grapple = must(planNonLethal({ kind: 'grapple', attacker: theobald, target: bandit, nearby: true }))
    expect(grapple.saveAllowed).toBe(true)
    const result = must(resolveNonLethal(grapple, bandit.str, 15))
    expect(result.succeeds).toBe(true)
    expect(result.effect).toBe('is grabbed')
  })

  it("then Theobald's dagger hits the grabbed bandit, who can't react, and the bandit's turn goes on breaking free", () => {
    const dagger = makeWeapon({ name: 'Dagger', damage: { count: 1, sides: 4 } })
    const plan = must(
      planAttack({
        attacker: theobald,
        target: bandit,
        weapon: dagger,
        nearby: true,
        toggles: ['target-grabbed'],
      }),
    )
    expect(plan.damage.dice).toEqual({ count: 1, sides: 4 })
    // At the table the grab is the bandit's state: he is offered no counter, and one asked for is refused.
    const held = fighter('zones', 'bandit', 'foe', { str: 9 }, { hp: 8, state: { grabbedBy: 'theobald' } })
    const stab: Declared = { choice: 'weapon-0', toggles: [] }
    const knife = fighter('zones', 'theobald', 'pc', {
      weapons: [{ name: 'Dagger', damage: 'd4', range: 0 }],
    })
    expect(must(defensesDeclared(rules, knife, held, stab))).toEqual([])
    expect(resolveDeclared(rules, knife, held, stab, 'counter:weapon-0', scripted(3, 3))).toEqual({
      ok: false,
      error: "No reaction: bandit is grabbed and can't act.",
    })
    expect(must(breakFree(bandit, theobald, 4)).passed).toBe(true)
    expect(must(breakFree(bandit, theobald, 10)).passed).toBe(false)
  })

  it('resolves a non-lethal counter of a non-lethal attack last, and a non-lethal counter of a blow last', () => {
    expect(counterOrder('non-lethal', 'non-lethal')).toBe('attack-first')
    expect(counterOrder('lethal', 'non-lethal')).toBe('attack-first')
    expect(counterOrder('lethal', 'lethal')).toBe('by-damage')
  })

  it('resists with a STR save on d20 at or under STR', () => {
    const shove = must(planNonLethal({ kind: 'shove', attacker: theobald, target: bandit, nearby: true }))
    expect(shove.shoveZones).toBe(0.5)
    expect(must(resolveNonLethal(shove, 9, 9)).succeeds).toBe(false)
    expect(must(resolveNonLethal(shove, 9, 10)).succeeds).toBe(true)
    expect(resolveNonLethal(shove, 9).ok).toBe(false)
  })

  it('lets a disarming attacker with a free hand grab the weapon', () => {
    const disarm = must(planNonLethal({ kind: 'disarm', attacker: theobald, target: bandit, nearby: true }))
    expect(must(resolveNonLethal(disarm, 9, 20, true)).effect).toMatch(/you can grab it/)
  })

  it('gives a smaller target no STR save against a larger attacker, nor to break free of it', () => {
    const wyrm = makeSheet({ size: 'large' })
    const grab = must(planNonLethal({ kind: 'grapple', attacker: wyrm, target: theobald, nearby: true }))
    expect(grab.saveAllowed).toBe(false)
    expect(must(resolveNonLethal(grab, 20)).succeeds).toBe(true)
    expect(breakFree(theobald, wyrm, 1).ok).toBe(false)
    expect(freeAlly(makeSheet({ str: 12 }), 12).passed).toBe(true)
  })

  it('makes a larger shover push 1 zone per size and deal d4 direct damage', () => {
    const wyrm = makeSheet({ size: 'large' })
    const shove = must(
      planNonLethal({ kind: 'shove', attacker: wyrm, target: makeSheet({ size: 'small' }), nearby: true }),
    )
    expect(shove.shoveZones).toBe(2)
    expect(shove.shoveDamage).toEqual({ count: 1, sides: 4 })
  })

  it('refuses a smaller character disarming, shoving or grabbing a larger one, and a target not nearby', () => {
    const wyrm = makeSheet({ size: 'large' })
    for (const kind of ['disarm', 'shove', 'grapple'] as const) {
      expect(planNonLethal({ kind, attacker: theobald, target: wyrm, nearby: true }).ok).toBe(false)
    }
    expect(planNonLethal({ kind: 'grapple', attacker: theobald, target: bandit, nearby: false }).ok).toBe(
      false,
    )
  })

  it('keeps hold through moving, disarming, hiding behind and one-handed or unarmed attacks only', () => {
    expect(keepsHold('attack-one-handed', false)).toBe(true)
    expect(keepsHold('hide-behind-grabbed', false)).toBe(true)
    expect(keepsHold('attack-great-weapon', false)).toBe(false)
    expect(keepsHold('other', false)).toBe(false)
    expect(keepsHold('other', true)).toBe(true)
  })
})
