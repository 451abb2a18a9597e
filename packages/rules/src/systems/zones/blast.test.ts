import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import { deviate, planBlast } from './blast.ts'
import { resolveDamage } from './rolls.ts'
import { makeSheet, makeWeapon } from './test-support.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const wyrm = makeSheet({ name: 'wyrm', size: 'large' })
const human = makeSheet({ name: 'human', wit: 11 })
const small = makeSheet({ size: 'small' })

describe('zones blast attacks', () => {
  it('always does d6 with the wyrm fire breath, whatever the size of the targets, and spares the wyrm', () => {
    const breath = makeWeapon({ name: 'Fire breath', damage: { count: 1, sides: 6 }, blast: true })
    const plan = must(
      planBlast({
        attackerId: 'wyrm',
        attacker: wyrm,
        weapon: breath,
        distance: 0,
        inZone: [
          { id: 'wyrm', sheet: wyrm },
          { id: 'human', sheet: human },
          { id: 'child', sheet: small },
        ],
      }),
    )
    expect(plan.kind).toBe('melee')
    expect(plan.witSaveReasons).toEqual([])
    expect(plan.targets).toEqual(['human', 'child'])
    expect(plan.damage.human?.dice).toEqual({ count: 1, sides: 6 })
    expect(plan.damage.child?.dice).toEqual({ count: 1, sides: 6 })
  })

  it('does full damage with a human fire bomb against the wyrm, range 2 not doubled', () => {
    const bomb = makeWeapon({ name: 'Fire bomb', damage: { count: 1, sides: 6 }, range: 2, blast: true })
    const plan = must(
      planBlast({
        attackerId: 'h',
        attacker: human,
        weapon: bomb,
        distance: 1,
        inZone: [{ id: 'wyrm', sheet: wyrm }],
      }),
    )
    const spec = plan.damage.wyrm
    expect(spec && resolveDamage(spec, [3]).suffered).toBe(3)
    expect(planBlast({ attackerId: 'h', attacker: human, weapon: bomb, distance: 3, inZone: [] }).ok).toBe(
      false,
    )
  })

  it('hits the thrower too when a ranged blast is aimed at their own zone', () => {
    const bomb = makeWeapon({ name: 'Fire bomb', range: 2, blast: true })
    const plan = must(
      planBlast({
        attackerId: 'h',
        attacker: human,
        weapon: bomb,
        distance: 0,
        inZone: [{ id: 'h', sheet: human }],
      }),
    )
    expect(plan.targets).toEqual(['h'])
  })

  it('needs a WIT save beyond half range, and deviates on a miss to the neighbour the die names', () => {
    const bomb = makeWeapon({ name: 'Fire bomb', range: 4, blast: true })
    const plan = must(planBlast({ attackerId: 'h', attacker: human, weapon: bomb, distance: 3, inZone: [] }))
    expect(plan.witSaveReasons).toEqual(['the zone is beyond half range'])
    expect(deviate(['north', 'east', 'south'], 2).zone).toBe('east')
    expect(() => deviate(['north', 'east', 'south'], 4)).toThrow()
  })
})
