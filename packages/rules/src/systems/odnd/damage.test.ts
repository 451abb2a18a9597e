import { describe, expect, it } from 'vitest'
import { fighter } from '../test-support.ts'
import { type AttackDeclaration, type DamageSpec, prepareAttack } from './attack.ts'
import { healthOf } from './fighter-state.ts'
import { injuryState, recoverTemporary } from './injury.ts'
import { rollDamage } from './rolls.ts'
import { makeSheet, makeWeapon } from './sheet.ts'

const spec = (over: Partial<DamageSpec> = {}): DamageSpec => ({
  dice: { count: 1, sides: 6, bonus: 1 },
  lines: [{ label: 'Sword bonus', value: 1 }],
  multiplier: 1,
  multiplierRule: null,
  penalty: 0,
  kind: 'lethal',
  actualPerTwoRolls: 1,
  minimum: 1,
  doubleDamage: 'total',
  ...over,
})

function dmg(s: DamageSpec, faces: number[], prior = 0) {
  const r = rollDamage(s, faces, prior)
  if (!r.ok) throw new Error(r.error)
  return r.value
}

const fists = (
  str = 10,
  toggles: AttackDeclaration['toggles'] = {},
  maneuver?: AttackDeclaration['maneuver'],
) => {
  const p = prepareAttack({
    attacker: makeSheet({ class: 'cleric', str }),
    defender: makeSheet(),
    toggles,
    ...(maneuver ? { maneuver } : {}),
  })
  if (!p.ok || !p.value.damage) throw new Error('no damage')
  return p.value.damage
}

describe('weapon damage', () => {
  it('normal weapons do d6+1', () => {
    expect(dmg(spec(), [4]).total).toBe(5)
    expect(dmg(spec(), [4]).actual).toBe(5)
  })

  it('a hit does at least 1 point before the natural-20 penalty', () => {
    expect(dmg(spec({ lines: [{ label: 'STR', value: -3 }] }), [1]).total).toBe(1)
  })

  it('the natural-20 penalty can take damage to 0 but not below', () => {
    expect(dmg(spec({ penalty: 9 }), [6]).total).toBe(0)
  })

  it('refuses the wrong number of dice or an impossible face', () => {
    expect(rollDamage(spec(), [])).toEqual({ ok: false, error: 'Damage d6+1 needs 1 die, not 0.' })
    expect(rollDamage(spec(), [7]).ok).toBe(false)
  })
})

describe('empty hands and subdual', () => {
  it('empty hands roll a d4', () => {
    expect(fists().dice).toEqual({ count: 1, sides: 4, bonus: 0 })
  })

  it('only 1 point in every 2 damage rolls is real; the rest is temporary', () => {
    const first = dmg(fists(), [3])
    expect(first).toMatchObject({ total: 3, actual: 0, temporary: 3, subdualRolls: 1 })
    const second = dmg(fists(), [4], first.subdualRolls)
    expect(second).toMatchObject({ total: 4, actual: 1, temporary: 3, subdualRolls: 2 })
  })

  it('STR 16-18 makes it 2 real points per 2 rolls', () => {
    expect(dmg(fists(16), [4], 1)).toMatchObject({ actual: 2, temporary: 3 })
  })

  it('pulled punches are all temporary', () => {
    expect(dmg(fists(10, {}, 'pull-punches'), [4], 1)).toMatchObject({ actual: 0, temporary: 4 })
  })

  it('a weapon used to subdue rolls its own die and splits the same way', () => {
    const p = prepareAttack({
      attacker: makeSheet({ weapons: [makeWeapon({ damage: 'd8' })] }),
      defender: makeSheet(),
      maneuver: 'subdue',
    })
    expect(p.ok && p.value.damage?.dice.sides).toBe(8)
    expect(p.ok && p.value.damage?.kind).toBe('subdual')
  })

  it('improvised weapons roll a d4', () => {
    const p = prepareAttack({
      attacker: makeSheet({
        weapons: [makeWeapon({ name: 'Candlestick', kind: 'improvised', damage: 'd8' })],
      }),
      defender: makeSheet(),
    })
    expect(p.ok && p.value.damage?.dice).toEqual({ count: 1, sides: 4, bonus: 0 })
  })

  it('a surprise subdual attack rolls double the dice', () => {
    expect(fists(10, { 'from-behind': true }).dice.count).toBe(2)
  })
})

describe('injury', () => {
  /** A fighter of 6 hit points as the table stores one hurt: real damage off `hp`, temporary in its state. */
  const hurt = (actual: number, temporary: number) =>
    healthOf(fighter('odnd', 'm', 'pc', {}, { hp: 6 - actual, maxHp: 6, state: { temporary } }))

  it('temporary damage to 0 knocks out', () => {
    expect(injuryState(hurt(1, 5))).toBe('knocked-out')
  })

  it('real damage to 0 is death by default and incapacitation as a room setting', () => {
    const h = hurt(6, 0)
    expect(injuryState(h)).toBe('dead')
    expect(injuryState(h, { atZeroHp: 'incapacitated' })).toBe('incapacitated')
  })

  it('a combatant above 0 keeps fighting', () => {
    expect(injuryState(hurt(2, 3))).toBe('fighting')
  })

  it('temporary damage comes back at 1 point times level per Turn', () => {
    expect(recoverTemporary({ maxHp: 10, wounds: 0, temporary: 9 }, 3, 2).temporary).toBe(3)
    expect(recoverTemporary({ maxHp: 10, wounds: 0, temporary: 9 }, 3, 5).temporary).toBe(0)
  })
})
