import { describe, expect, it } from 'vitest'
import { applyDamage, bleedingDamage, type DamageHit } from './damage.ts'
import { archer, makeSheet, nutshellFighter } from './examples.ts'
import { resolveDamage, stuckMissile, stunCon, stunThresholdForCon } from './rolls.ts'

const sword = nutshellFighter().weapons[0]
if (!sword) throw new Error('the example fighter has a sword')
const bow = archer().weapons[0]
if (!bow) throw new Error('the example archer has a bow')
const ogre = (over: Record<string, unknown> = {}) =>
  makeSheet({ name: 'Ogre', hp: 60, startingHp: 60, con: 18, prot: 3, ...over })
const hit = (kind: DamageHit['kind'], damageLines: DamageHit['damageLines'] = []): DamageHit => ({
  kind,
  weapon: sword,
  damageLines,
})
const damage = (h: DamageHit, target = ogre(), faces = [6]) => {
  const r = resolveDamage(h, target, faces)
  if (!r.ok) throw new Error(r.error)
  return r.value
}

describe('taking damage', () => {
  it('subtracts PROT from the damage and the rest from hit points', () => {
    const r = damage(hit('hit'))
    expect([r.dealt, r.protApplied, r.taken, r.hpAfter]).toEqual([10, 3, 7, 53])
  })

  it('doubles a critical hit and gives the target no PROT', () => {
    const r = damage(hit('critical'))
    expect([r.dealt, r.protApplied, r.taken, r.armorProtLoss]).toEqual([20, 0, 20, 0])
  })

  it('treats a grievous hit as a critical, asks for a grievous wound check and takes 1 PROT from the armor', () => {
    const r = damage(hit('grievous'))
    expect([r.taken, r.armorProtLoss, r.grievousWoundCheck]).toEqual([20, 1, true])
  })

  it('adds flat damage modifiers before doubling and never goes below 0', () => {
    expect(damage(hit('critical', [{ label: 'Ambush', value: 2 }])).dealt).toBe(24)
    expect(damage(hit('hit', [{ label: 'Offhand', value: -2 }]), ogre({ prot: 20 }), [1]).taken).toBe(0)
  })

  it('shows each die, the bonus, the doubling and PROT in the breakdown', () => {
    const r = damage(hit('hit'))
    expect(r.breakdown).toEqual([
      { label: 'Longsword d8', value: 6, rule: 'Taking Damage' },
      { label: 'Longsword damage bonus', value: 4, rule: 'Taking Damage' },
      { label: 'Ogre PROT', value: -3, rule: 'Taking Damage' },
    ])
  })

  it('refuses a miss, the wrong number of dice and a face the die does not have', () => {
    expect(resolveDamage(hit('miss'), ogre(), [3])).toEqual({ ok: false, error: 'A miss does no damage.' })
    expect(resolveDamage(hit('hit'), ogre(), [3, 4])).toEqual({
      ok: false,
      error: 'These damage dice need 1 die, not 2.',
    })
    expect(resolveDamage(hit('hit'), ogre(), [9])).toEqual({ ok: false, error: 'A d8 shows 1 to 8, not 9.' })
  })
})

describe('stun', () => {
  it('stuns when a single hit does more than CON, not when it equals it', () => {
    expect(damage(hit('hit'), ogre({ con: 7 })).stunned).toBe(false)
    expect(damage(hit('hit'), ogre({ con: 6 })).stunned).toBe(true)
  })

  it('uses CON itself up to 25 and the table above, continuing its step past 35', () => {
    expect(stunThresholdForCon(25)).toBe(25)
    expect(stunThresholdForCon(26)).toBe(27)
    expect(stunThresholdForCon(35)).toBe(45)
    expect(stunThresholdForCon(36)).toBe(47)
  })

  it('adds 2 to CON for Large and 4 for Giant creatures', () => {
    expect(stunCon(ogre({ size: 'large' })).con).toBe(20)
    expect(stunCon(ogre({ size: 'giant' })).con).toBe(22)
  })

  it('adds 1 to CON for every 10 HP or fraction above 100', () => {
    expect(stunCon(ogre({ hp: 100, startingHp: 100 })).con).toBe(18)
    expect(stunCon(ogre({ hp: 101, startingHp: 101 })).con).toBe(19)
    expect(stunCon(ogre({ hp: 110, startingHp: 110 })).con).toBe(19)
    expect(stunCon(ogre({ hp: 111, startingHp: 111 })).con).toBe(20)
  })

  it('reads the stun table once size pushes CON above 25: a Giant of CON 24 is stunned only above 31', () => {
    expect(stunThresholdForCon(stunCon(ogre({ con: 24, size: 'giant' })).con)).toBe(31)
  })
})

describe('stuck missiles', () => {
  it('leave an arrow in the target on a critical: -2 DEX and 1 bleeding a round', () => {
    expect(stuckMissile(bow, 'critical')).toEqual({ missile: 'arrow', dexPenalty: -2, bleedingPerRound: 1 })
    expect(stuckMissile(bow, 'hit')).toBeNull()
  })

  it('add 1 to the DEX penalty on a grievous wound (-3, -4 or -5)', () => {
    expect(stuckMissile({ ...bow, penetrating: 'arrow' }, 'grievous')?.dexPenalty).toBe(-3)
    expect(stuckMissile({ ...bow, penetrating: 'javelin' }, 'grievous')?.dexPenalty).toBe(-4)
    expect(stuckMissile({ ...bow, penetrating: 'spear' }, 'grievous')?.dexPenalty).toBe(-5)
  })

  it('bleed each round in combat: an arrow and a spear together bleed 6 a round', () => {
    const stuck = [stuckMissile(bow, 'critical'), stuckMissile({ ...bow, penetrating: 'spear' }, 'critical')]
    expect(
      bleedingDamage(
        stuck.flatMap((s) => (s ? [s] : [])),
        3,
      ),
    ).toBe(18)
  })

  it('are never left by a weapon that does not penetrate', () => {
    expect(stuckMissile(sword, 'grievous')).toBeNull()
  })
})

describe('after the hit', () => {
  it('leaves the target with fewer hit points and, after a grievous hit, armor 1 PROT weaker', () => {
    const target = ogre()
    const after = applyDamage(target, damage(hit('grievous'), target))
    expect([after.hp, after.prot]).toEqual([40, 2])
    expect(applyDamage(ogre({ prot: 0 }), { taken: 3, armorProtLoss: 1 }).prot).toBe(0)
  })

  it('asks the GM for a grievous wound unless the room plugged in a table', () => {
    expect(damage(hit('grievous')).grievousWound).toEqual({ kind: 'ask-gm' })
    expect(damage(hit('critical')).grievousWound).toEqual({ kind: 'none' })
    const r = resolveDamage(hit('grievous'), ogre(), [6], {
      grievousWoundTable: ({ dealt }) => `wound of ${dealt}`,
    })
    expect(r.ok && r.value.grievousWound).toEqual({ kind: 'table', wound: 'wound of 20' })
  })
})
