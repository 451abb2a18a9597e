import { describe, expect, it } from 'vitest'
import { d100Under } from '../../dice/d100.ts'
import { fraction, toFloat } from '../../dice/fraction.ts'
import { seededDice } from '../../dice/seeded.ts'
import { declareAttack } from './attack.ts'
import { previewAttack } from './defender-options.ts'
import { declareDefense } from './defense.ts'
import { damageDice, resolveExchange, rollAttack, rollDefense } from './exchange.ts'
import type { D100Roll } from './faces.ts'
import { matrixRow } from './matrix.ts'
import { damageWeights, exchangeOdds, levelOdds } from './odds.ts'
import { brpSettings } from './settings.ts'
import { sheetOf } from './sheet.ts'
import { initialState } from './state.ts'
import { findWeapon, type WeaponRow } from './tables.ts'

const settings = brpSettings()
const attacker = sheetOf({
  name: 'Ada',
  str: 16,
  siz: 16,
  weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Sword', chance: 60 }],
  weapons: [{ weapon: 'sword-short' }],
})
const defender = sheetOf({
  name: 'Bo',
  con: 12,
  siz: 12,
  dodge: 50,
  armor: [{ armor: 'leather-hard' }],
  weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Axe', chance: 50 }],
  weapons: [{ weapon: 'axe-hand' }],
})
const aState = initialState(attacker, settings)
const dState = initialState(defender, settings)
const sword = (() => {
  const a = declareAttack(attacker, aState, { weapon: 'sword-short' }, settings)
  if (!a.ok) throw new Error(a.error)
  return a.value
})()

describe('exact odds', () => {
  it('agree with the dice core’s d100 bands for every chance', () => {
    for (let chance = 0; chance <= 120; chance++) {
      const core = d100Under(chance, { special: { share: fraction(1, 5), rounding: 'up' } })
      const ours = levelOdds(chance, settings)
      expect(ours.special, `chance ${chance}`).toEqual(core.special)
      expect(ours.success, `chance ${chance}`).toEqual(core.success)
      expect(ours.failure, `chance ${chance}`).toEqual(core.failure)
    }
  })

  it('count 1D6+1 plus 1D4 as 24 equally likely totals from 3 to 11', () => {
    const w = damageWeights(
      (findWeapon('sword-short') as WeaponRow).damage,
      { sign: 1, count: 1, sides: 4 },
      'normal',
    )
    expect(w).toEqual({ min: 3, weights: [1n, 2n, 3n, 4n, 4n, 4n, 3n, 2n, 1n], total: 24n })
  })

  it('give an undefended target the attack’s own odds: 60% to be hit, 12% specially', () => {
    const odds = exchangeOdds(sword, null, defender, dState, settings)
    expect(odds.hit).toEqual(fraction(60, 100))
    expect(odds.specialHit).toEqual(fraction(12, 100))
    // Normal: 1D6+1+1D4 averages 7, less 2 armor = 5 (never below 0: the lowest total is 3).
    // Special: 7 more, so 12. Expected: 0.48 x 5 + 0.12 x 12 = 3.84.
    expect(odds.expectedDamage).toEqual(fraction(384, 100))
  })

  it('give each matrix row against a parry at 50% (special 01-10)', () => {
    const parry = declareDefense(
      sword,
      defender,
      dState,
      { choice: { kind: 'parry', with: 'axe-hand' } },
      settings,
    )
    if (!parry.ok) throw new Error(parry.error)
    const odds = exchangeOdds(sword, parry.value, defender, dState, settings)
    const byRow = Object.fromEntries(
      odds.rows.map((r) => [`${r.row.attack}/${r.row.defense}`, r.probability]),
    )
    // Attack: special 12, success 48, failure 40; parry: special 10, success 40, failure 50 (of 100).
    expect(byRow).toEqual({
      'special/special': fraction(12 * 10, 10000),
      'special/success': fraction(12 * 40, 10000),
      'special/failure': fraction(12 * 50, 10000),
      'success/special': fraction(48 * 10, 10000),
      'success/success': fraction(48 * 40, 10000),
      'success/failure': fraction(48 * 50, 10000),
      'failure/null': fraction(40, 100),
    })
    expect(odds.hit).toEqual(fraction(12 * 40 + 12 * 50 + 48 * 50, 10000))
    expect(odds.specialHit).toEqual(fraction(12 * 50, 10000))
  })

  it('preview every defense, refusing the illegal ones with a reason', () => {
    const preview = previewAttack(
      { sheet: attacker, state: aState },
      { sheet: defender, state: dState },
      { weapon: 'sword-short' },
      settings,
    )
    if (!preview.ok) throw new Error(preview.error)
    expect(preview.value.defenses.map((d) => [d.label, d.allowed])).toEqual([
      ['No defense', true],
      ['Dodge', true],
      ['Parry with Axe, Hand', true],
    ])
  })

  it('refuse a preview of an illegal attack with the same sentence as declaring it', () => {
    const preview = previewAttack(
      { sheet: attacker, state: aState },
      { sheet: defender, state: dState },
      { weapon: 'halberd' },
      settings,
    )
    expect(preview).toEqual({ ok: false, error: 'Ada carries no Halberd.' })
  })
})

describe('exact odds against brute force', () => {
  it('equal resolving every face of both d100s and the damage dice through resolveExchange', () => {
    // A thrown dagger (1D4 + ½db of 1D4) against a Difficult dodge: 16 damage faces, the half-bonus path.
    const thrower = sheetOf({
      str: 16,
      siz: 16,
      weaponSkills: [{ skill: 'Missile Weapon', specialty: 'Throwing Dagger', chance: 70 }],
      weapons: [{ weapon: 'dagger' }],
    })
    const throwerState = initialState(thrower, settings)
    const thrown = declareAttack(thrower, throwerState, { weapon: 'dagger-thrown' }, settings)
    if (!thrown.ok) throw new Error(thrown.error)
    const dodge = declareDefense(thrown.value, defender, dState, { choice: { kind: 'dodge' } }, settings)
    if (!dodge.ok) throw new Error(dodge.error)
    // Dodge 50, -10 for hard leather, halved for a missile.
    expect(dodge.value.chance?.value).toBe(20)
    const exact = exchangeOdds(thrown.value, dodge.value, defender, dState, settings)
    const slots = damageDice(thrown.value.weapon.damage, thrown.value.damageBonus)
    const faceSets: number[][] = slots.reduce<number[][]>(
      (sets, slot) => sets.flatMap((set) => Array.from({ length: slot.sides }, (_, f) => [...set, f + 1])),
      [[]],
    )
    // Every pair of d100 faces goes through the real rolls; the exchange depends on them only through
    // their levels, so each distinct pair of levels is resolved once over every damage face and weighted.
    const pairs = new Map<string, { count: bigint; attackRoll: D100Roll; defenseRoll: D100Roll }>()
    for (let a = 1; a <= 100; a++) {
      const attackRoll = rollAttack(thrown.value, a, settings)
      if (!attackRoll.ok) throw new Error(attackRoll.error)
      for (let d = 1; d <= 100; d++) {
        const defenseRoll = rollDefense(dodge.value, d, settings)
        if (!defenseRoll.ok) throw new Error(defenseRoll.error)
        const key = `${attackRoll.value.level}/${defenseRoll.value.level}`
        const seen = pairs.get(key)
        if (seen) seen.count += 1n
        else pairs.set(key, { count: 1n, attackRoll: attackRoll.value, defenseRoll: defenseRoll.value })
      }
    }
    let hits = 0n
    let specials = 0n
    let damage = 0n
    for (const { count, attackRoll, defenseRoll } of pairs.values()) {
      if (matrixRow(attackRoll.level, defenseRoll.level).hit === 'none') continue
      for (const faces of faceSets) {
        const r = resolveExchange(
          {
            attacker: { sheet: thrower, state: throwerState },
            defender: { sheet: defender, state: dState },
            attack: thrown.value,
            attackRoll,
            defense: dodge.value,
            defenseRoll,
            damageFaces: faces,
          },
          settings,
        )
        if (!r.ok) throw new Error(r.error)
        hits += count
        if (r.value.row.hit === 'special') specials += count
        damage += count * BigInt(r.value.damageTaken)
      }
    }
    const outcomes = 10000n * BigInt(faceSets.length)
    expect(exact.hit).toEqual(fraction(hits, outcomes))
    expect(exact.specialHit).toEqual(fraction(specials, outcomes))
    expect(exact.expectedDamage).toEqual(fraction(damage, outcomes))
  })
})

describe('sampled exchanges', () => {
  it('agree with the exact odds (seeded; the seed is printed on failure)', () => {
    const seed = 20240607
    const dice = seededDice(seed)
    const dodge = declareDefense(sword, defender, dState, { choice: { kind: 'dodge' } }, settings)
    if (!dodge.ok) throw new Error(dodge.error)
    const exact = exchangeOdds(sword, dodge.value, defender, dState, settings)
    const n = 20000
    let hits = 0
    let specials = 0
    let damage = 0
    const slots = damageDice(sword.weapon.damage, sword.damageBonus)
    for (let i = 0; i < n; i++) {
      const a = rollAttack(sword, dice.roll(100), settings)
      const d = rollDefense(dodge.value, dice.roll(100), settings)
      if (!a.ok || !d.ok) throw new Error('bad roll')
      const r = resolveExchange(
        {
          attacker: { sheet: attacker, state: aState },
          defender: { sheet: defender, state: dState },
          attack: sword,
          attackRoll: a.value,
          defense: dodge.value,
          defenseRoll: d.value,
          damageFaces: slots.map((s) => dice.roll(s.sides)),
        },
        settings,
      )
      if (!r.ok) throw new Error(r.error)
      if (r.value.row.hit !== 'none') hits++
      if (r.value.row.hit === 'special') specials++
      damage += r.value.damageTaken
    }
    const note = `seed ${seed}`
    // Four standard errors or so: fails about once in ten thousand runs of a correct implementation.
    expect(Math.abs(hits / n - toFloat(exact.hit)), note).toBeLessThan(0.014)
    expect(Math.abs(specials / n - toFloat(exact.specialHit)), note).toBeLessThan(0.008)
    expect(Math.abs(damage / n - exact.expectedDamageFloat), note).toBeLessThan(0.12)
  })
})
