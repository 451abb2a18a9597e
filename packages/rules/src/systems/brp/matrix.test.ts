import { describe, expect, it } from 'vitest'
import { MATRIX, matrixRow } from './matrix.ts'
import { LEVELS, type Level } from './rolls.ts'

// The matrix lines exactly as brp.txt prints them: Attack Roll, Parry Roll, Dodge Roll, Result.
const PRINTED = [
  'SpecialSpecialSpecialDefender parries or dodges attack, no other result.',
  'SpecialSuccessSuccessAttack partially parried or dodged and achieves a normal success. Defender’s armor value subtracted from damage. Parrying weapon or shield takes 2 points of damage.',
  'SpecialFailureFailureAttack achieves a special success. Attack does full damage plus normal damage bonus and appropriate special result. Defender’s armor value subtracted from damage.',
  'SuccessSpecialSpecialDefender blocks or dodges damage; no other result. If parried in melee combat, attacker’s weapon takes 1 point of damage.',
  'SuccessSuccessSuccessDefender blocks or dodges damage, no other result.',
  'SuccessFailureFailureAttack strikes defender and rolls damage normally. Defender’s armor value subtracted from damage.',
  'FailureNo damage; no effect.',
]

const cap = (l: Level) => `${l[0]?.toUpperCase()}${l.slice(1)}`

describe('the attack and defense matrix', () => {
  it.each(MATRIX.map((row, i) => [i + 1, row, PRINTED[i] ?? ''] as const))(
    'row %i renders back to its printed line',
    (_i, row, printed) => {
      const defense = row.defense === null ? '' : `${cap(row.defense)}${cap(row.defense)}`
      expect(`${cap(row.attack)}${defense}${row.result}`).toBe(printed)
    },
  )

  // Expected effects read from each Result cell: [attack, defense, hit, armor, parrying weapon, attacking weapon].
  const EXPECTED: Array<[Level, Level | null, string, boolean, number, number]> = [
    ['special', 'special', 'none', false, 0, 0],
    ['special', 'success', 'normal', true, 2, 0],
    ['special', 'failure', 'special', true, 0, 0],
    ['special', null, 'special', true, 0, 0],
    ['success', 'special', 'none', false, 0, 1],
    ['success', 'success', 'none', false, 0, 0],
    ['success', 'failure', 'normal', true, 0, 0],
    ['success', null, 'normal', true, 0, 0],
    ['failure', 'special', 'none', false, 0, 0],
    ['failure', 'success', 'none', false, 0, 0],
    ['failure', 'failure', 'none', false, 0, 0],
    ['failure', null, 'none', false, 0, 0],
  ]
  it.each(EXPECTED)(
    'an attack at %s against a defense at %s lands %s (armor %s, parrying weapon -%i, attacking weapon -%i)',
    (attack, defense, hit, armor, parrying, attacking) => {
      const row = matrixRow(attack, defense)
      expect(row.hit).toBe(hit)
      expect(row.armorSubtracted).toBe(armor)
      expect(row.parryingWeaponDamage).toBe(parrying)
      expect(row.attackingWeaponDamage).toBe(attacking)
    },
  )

  it('cancels equal levels and lets only a better defense stop a special attack', () => {
    for (const attack of LEVELS)
      for (const defense of LEVELS) {
        const row = matrixRow(attack, defense)
        const rank = (l: Level) => LEVELS.indexOf(l)
        // A defense at or above the attack's level stops it; below lets it land, a special reduced to normal.
        if (attack === 'failure' || rank(defense) <= rank(attack)) expect(row.hit).toBe('none')
        else expect(row.hit).not.toBe('none')
      }
  })
})
