import { describe, expect, it } from 'vitest'
import { fraction } from '../../dice/fraction.ts'
import { grappleHoldChance, sizeModifier } from './grapple.ts'
import { grappleCheck, grappleDamage } from './grapple-roll.ts'
import { sheet } from './test-support.ts'

const wrestler = sheet({ name: 'Wrestler', strBonus: 2, dexBonus: 1 })
const ogre = sheet({ name: 'Ogre', size: 'large' })
const halfling = sheet({ name: 'Halfling', size: 'small', dexBonus: 1 })

describe('grapple checks', () => {
  it('add size: small -4, medium +0, large +4', () => {
    expect([sizeModifier('small'), sizeModifier('medium'), sizeModifier('large')]).toEqual([-4, 0, 4])
  })

  it('keep the hold when the attacker’s d20 + better of STR or DEX + size is highest', () => {
    // 10 + 2 + 0 = 12 against 7 + 0 + 4 = 11
    const r = grappleCheck(wrestler, ogre, { attacker: 10, defender: 7 })
    expect(r.ok && [r.value.attacker.total, r.value.defender.total, r.value.result]).toEqual([12, 11, 'held'])
  })

  it('break the hold when the defender is highest', () => {
    // 5 + 1 - 4 = 2 against 3 + 2 = 5
    const r = grappleCheck(halfling, wrestler, { attacker: 5, defender: 3 })
    expect(r.ok && r.value.result).toBe('broken')
  })

  it('treat a tie as a broken hold, or a reroll when the room says so', () => {
    expect(grappleCheck(wrestler, ogre, { attacker: 9, defender: 7 })).toMatchObject({
      ok: true,
      value: { result: 'broken' },
    })
    expect(
      grappleCheck(wrestler, ogre, { attacker: 9, defender: 7 }, { grappleTie: 'roll-again' }),
    ).toMatchObject({
      ok: true,
      value: { result: 'roll-again' },
    })
  })

  it('give exact odds of holding: equal modifiers win 190 of 400 pairs', () => {
    expect(grappleHoldChance(wrestler, wrestler)).toEqual(fraction(190, 400))
    expect(grappleHoldChance(wrestler, wrestler, { grappleTie: 'roll-again' })).toEqual(fraction(1, 2))
  })
})

describe('holding a grappled opponent', () => {
  it('lets the holder deal unarmed damage like a punch: 1d3 + STR, non-lethal', () => {
    expect(grappleDamage(wrestler, 3)).toMatchObject({ ok: true, value: { total: 5, nonLethal: true } })
    expect(grappleDamage(wrestler, 4).ok).toBe(false)
  })
})
