import { describe, expect, it } from 'vitest'
import { addFractions, type Fraction, fraction, multiplyFractions } from '../../dice/fraction.ts'
import { seededDice } from '../../dice/seeded.ts'
import { type AttackDeclaration, type DamageSpec, prepareAttack } from './attack.ts'
import { ATTACK_MODIFIERS, type Toggles } from './modifiers.ts'
import { preparedOdds } from './odds.ts'
import { applyAttackDice, rollDamage } from './rolls.ts'
import { CLASSES, makeSheet, makeWeapon, WEAPON_KINDS } from './sheet.ts'

/** Mean damage of a spec by rolling every combination of its faces through `rollDamage`. */
function enumeratedMean(spec: DamageSpec): Fraction {
  const faces: number[][] = [[]]
  for (let d = 0; d < spec.dice.count; d++) {
    const next: number[][] = []
    for (const f of faces) for (let s = 1; s <= spec.dice.sides; s++) next.push([...f, s])
    faces.splice(0, faces.length, ...next)
  }
  let sum = 0
  for (const f of faces) {
    const r = rollDamage(spec, f)
    if (!r.ok) throw new Error(r.error)
    sum += r.value.total
  }
  return fraction(sum, faces.length)
}

const seed = Number(process.env.ODND_SEED ?? 5)

describe('odds equal an exhaustive run of resolution over every die face', () => {
  it(`for 150 random legal declarations (seed ${seed})`, () => {
    const dice = seededDice(seed)
    const pick = <T>(xs: readonly T[]): T => xs[dice.roll(xs.length) - 1] as T
    let checked = 0
    for (let n = 0; n < 600 && checked < 150; n++) {
      const kind = pick(WEAPON_KINDS)
      const weapon = makeWeapon({
        kind,
        damage: pick(['d4', 'd6+1', '2d6', 'd8-1']),
        trained: dice.roll(4) > 1,
      })
      const attacker = makeSheet({
        class: pick(CLASSES),
        role: 'pc',
        level: dice.roll(12),
        str: 2 + dice.roll(16),
        dex: 2 + dice.roll(16),
        thac0: 10 + dice.roll(10),
        mounted: dice.roll(4) === 1,
        weapons: [weapon, makeWeapon({ name: 'Dagger', damage: 'd4', size: 'small' })],
      })
      const defender = makeSheet({
        role: 'monster',
        class: 'monster',
        ac: dice.roll(15) - 6,
        dex: 2 + dice.roll(16),
        shield: dice.roll(2) === 1,
        weapons: [makeWeapon()],
      })
      const toggles: Toggles = {}
      for (const t of ATTACK_MODIFIERS) if (dice.roll(8) === 1) toggles[t.id] = true
      const decl: AttackDeclaration = { attacker, defender, toggles }
      const p = prepareAttack(decl)
      if (!p.ok) continue
      checked++
      const odds = preparedOdds(p.value, attacker.level)
      const pairs = p.value.roll === 'normal' ? 1 : 20
      let hits = 0
      let crits = 0
      let damage = fraction(0)
      for (let a = 1; a <= 20; a++)
        for (let b = 1; b <= pairs; b++) {
          const d20 = p.value.roll === 'normal' ? a : ([a, b] as const)
          for (const which of p.value.offhand ? [1, 2] : [1]) {
            const share = p.value.offhand ? 2 : 1
            const r = applyAttackDice(p.value, { d20, fumbleD20: 20, whichWeapon: which })
            if (!r.ok) throw new Error(r.error)
            if (!r.value.hit) continue
            hits += 1 / share
            if (r.value.critical) crits += 1 / share
            if (r.value.damage)
              damage = addFractions(
                damage,
                multiplyFractions(enumeratedMean(r.value.damage), fraction(1, share)),
              )
          }
        }
      const outcomes = 20 * pairs
      expect(odds.hit, JSON.stringify(decl.toggles)).toEqual(fraction(Math.round(hits * 2), 2 * outcomes))
      expect(odds.critical).toEqual(fraction(Math.round(crits * 2), 2 * outcomes))
      expect(odds.expectedDamage).toEqual(multiplyFractions(damage, fraction(1, outcomes)))
    }
    expect(checked).toBeGreaterThan(50)
  })
})
