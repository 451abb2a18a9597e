import { describe, expect, it } from 'vitest'
import { type AttackDeclaration, classifyRoll, setupAttack } from './attack.ts'
import { archer, makeSheet, nutshellFighter, ready } from './examples.ts'
import { resolveAttack } from './rolls.ts'

const target = (overrides: Record<string, unknown> = {}) => makeSheet({ name: 'Ogre', def: 40, ...overrides })

const melee = (over: Partial<AttackDeclaration> = {}): AttackDeclaration => ({
  attacker: ready(nutshellFighter()),
  target: ready(target()),
  mode: 'melee',
  ...over,
})

const setup = (decl: AttackDeclaration) => {
  const s = setupAttack(decl)
  if (!s.ok) throw new Error(s.error)
  return s.value
}

const roll = (decl: AttackDeclaration, d100: number) => {
  const r = resolveAttack(decl, { d100 })
  if (!r.ok) throw new Error(r.error)
  return r.value
}

describe('hitting (the worked example: SC 112 against DEF 40)', () => {
  it('needs 72 or less to hit, 11 or less for a critical and 4 or less for a grievous hit', () => {
    const s = setup(melee())
    expect([s.strikeChance, s.defense, s.target, s.criticalOn, s.grievousOn]).toEqual([112, 40, 72, 11, 4])
  })

  it.each([
    [72, 'hit'],
    [73, 'miss'],
    [12, 'hit'],
    [11, 'critical'],
    [5, 'critical'],
    [4, 'grievous'],
    [1, 'grievous'],
  ])('a roll of %i is a %s', (d100, kind) => {
    expect(roll(melee(), d100).kind).toBe(kind)
  })

  it('shows each die and each modifier, with its rule, in the breakdown', () => {
    const r = roll(melee(), 50)
    expect(r.breakdown[0]).toEqual({ label: 'd100', value: 50, rule: 'Hitting' })
    expect(r.breakdown).toContainEqual({ label: 'Longsword SC', value: 112, rule: 'Hitting' })
    expect(r.breakdown).toContainEqual({ label: 'vs Ogre DEF', value: -40, rule: 'Hitting' })
  })

  it('refuses a d100 face outside 1 to 100 in words', () => {
    expect(resolveAttack(melee(), { d100: 0 })).toEqual({
      ok: false,
      error: 'A d100 shows 1 to 100 (00 is 100), not 0.',
    })
  })
})

describe('automatic hits and misses', () => {
  const bands = (target: number, criticalOn: number, grievousOn: number) => ({
    target,
    criticalOn,
    grievousOn,
  })

  it('misses on 96 to 100 even when the target number is higher', () => {
    for (const d100 of [96, 100])
      expect(classifyRoll(d100, bands(150, 20, 7))).toEqual({ kind: 'miss', automatic: true })
    expect(classifyRoll(95, bands(150, 20, 7)).kind).toBe('hit')
  })

  it('hits on 03, crits on 02 and is a potential grievous on 01 even when nothing else could hit', () => {
    expect(classifyRoll(3, bands(-50, 0, 0))).toEqual({ kind: 'hit', automatic: true })
    expect(classifyRoll(2, bands(-50, 0, 0))).toEqual({ kind: 'critical', automatic: true })
    expect(classifyRoll(1, bands(-50, 0, 0))).toEqual({ kind: 'grievous', automatic: true })
    expect(classifyRoll(4, bands(-50, 0, 0))).toEqual({ kind: 'miss', automatic: false })
  })

  it('never lowers a better table result by default, so 02 and 03 stay grievous inside a grievous band', () => {
    expect(classifyRoll(3, bands(72, 11, 4)).kind).toBe('grievous')
    expect(classifyRoll(2, bands(72, 11, 4)).kind).toBe('grievous')
  })

  it('can be set to replace the table outright: 02 only a critical, 03 only a hit', () => {
    expect(classifyRoll(3, bands(72, 11, 4), { automaticResults: 'exact' }).kind).toBe('hit')
    expect(classifyRoll(2, bands(72, 11, 4), { automaticResults: 'exact' }).kind).toBe('critical')
  })
})

describe('melee modifiers', () => {
  it('gives each of three attackers on one target +20 SC', () => {
    const s = setup(melee({ otherAttackers: 2 }))
    expect(s.scLines).toContainEqual(
      expect.objectContaining({ value: 20, rule: 'Melee Modifiers: Multiple Attackers' }),
    )
    expect(s.strikeChance).toBe(132)
  })

  it('lets the GM take Range of Field off the multiple-attacker bonus, never below zero', () => {
    expect(setup(melee({ otherAttackers: 2, rangeOfFieldReduction: 5 })).strikeChance).toBe(127)
    expect(setup(melee({ otherAttackers: 1, rangeOfFieldReduction: 50 })).strikeChance).toBe(112)
  })

  it('takes 40 SC from an attacker who cannot see the target, 20 after a 2x PER roll and 10 after 1x', () => {
    expect(setup(melee({ toggles: ['attacker-cannot-see'] })).strikeChance).toBe(72)
    expect(setup(melee({ toggles: ['attacker-cannot-see-2x-per'] })).strikeChance).toBe(92)
    expect(setup(melee({ toggles: ['attacker-cannot-see-1x-per'] })).strikeChance).toBe(102)
  })

  it('takes 20 DEF from a target who cannot see the attacker, 10 after a 2x PER roll and 5 after 1x', () => {
    expect(setup(melee({ toggles: ['target-cannot-see'] })).defense).toBe(20)
    expect(setup(melee({ toggles: ['target-cannot-see-2x-per'] })).defense).toBe(30)
    expect(setup(melee({ toggles: ['target-cannot-see-1x-per'] })).defense).toBe(35)
  })

  it('gives +10 SC against a stunned target and applies lighting and encumbrance', () => {
    expect(setup(melee({ toggles: ['target-stunned'] })).strikeChance).toBe(122)
    expect(setup(melee({ toggles: ['lighting-pitch-black'] })).strikeChance).toBe(52)
    expect(setup(melee({ toggles: ['attacker-encumbered', 'target-encumbered'] })).target).toBe(102 - 30)
  })

  it('costs 20 SC and 2 damage to attack offhand, unless the attacker is ambidextrous', () => {
    const s = setup(melee({ toggles: ['offhand'] }))
    expect(s.strikeChance).toBe(92)
    expect(s.damageLines).toEqual([expect.objectContaining({ value: -2 })])
    const ambi = setup(
      melee({ attacker: ready(nutshellFighter({ ambidextrous: true })), toggles: ['offhand'] }),
    )
    expect(ambi.strikeChance).toBe(112)
    expect(ambi.damageLines).toEqual([])
  })

  it('takes 15 DEF from a target picking up a dropped weapon', () => {
    expect(setup(melee({ toggles: ['target-picking-up-weapon'] })).defense).toBe(25)
  })

  it('refuses an unknown toggle, two of one group, and a ranged-only toggle on a melee blow', () => {
    expect(setupAttack(melee({ toggles: ['charging'] }))).toEqual({
      ok: false,
      error: '"charging" is not a modifier of this game.',
    })
    expect(setupAttack(melee({ toggles: ['lighting-cave', 'lighting-cloudy-night'] })).ok).toBe(false)
    expect(setupAttack(melee({ toggles: ['cover-hard'] }))).toEqual({
      ok: false,
      error: 'Hard cover only applies to ranged attacks.',
    })
  })
})

describe('surprise', () => {
  const fighterTarget = () => target({ def: 41, defMagicAlwaysOn: 5 })

  it('in combat gives +10 SC and the target half its normal DEF, rounded down', () => {
    const s = setup(melee({ target: ready(fighterTarget()), toggles: ['surprise-in-combat'] }))
    expect([s.strikeChance, s.defense]).toEqual([122, 20])
  })

  it('out of combat gives +25 SC and leaves the target only its always-on magical DEF', () => {
    const s = setup(melee({ target: ready(fighterTarget()), toggles: ['surprise-out-of-combat'] }))
    expect([s.strikeChance, s.defense]).toEqual([137, 5])
  })

  it('from a complete ambush (5x PER) gives +30 SC and +2 damage', () => {
    const s = setup(melee({ toggles: ['ambush-5x'] }))
    expect(s.strikeChance).toBe(142)
    expect(s.damageLines).toEqual([expect.objectContaining({ value: 2 })])
  })
})

describe('defending', () => {
  it('at rank 5 in full defense takes DEF 30 to 48 (the worked example)', () => {
    const defender = ready(nutshellFighter({ def: 30 }), { action: 'none', stance: { kind: 'full-defense' } })
    expect(setup(melee({ target: defender })).defense).toBe(48)
  })

  it('improves DEF by 12, not 13, for 25 SC sacrificed, and costs the defender that SC on its own attacks', () => {
    const defender = ready(nutshellFighter({ def: 30 }), { stance: { kind: 'defending', sacrifice: 25 } })
    expect(setup(melee({ target: defender })).defense).toBe(42)
    expect(setup(melee({ attacker: defender })).strikeChance).toBe(112 - 25)
  })

  it('in desperate defense adds the rounded-up max bonus plus 20', () => {
    const defender = ready(nutshellFighter({ def: 30 }), {
      action: 'none',
      stance: { kind: 'desperate-defense' },
    })
    expect(setup(melee({ target: defender })).defense).toBe(30 + 13 + 20)
  })

  it('makes the free attack on a withdrawing foe at the parrying penalty: sacrificing 30 SC for +15 DEF, it is made at -30', () => {
    const rank6 = nutshellFighter({ weapons: [{ ...nutshellFighter().weapons[0], rank: 6 }] })
    const parrying = ready(rank6, { stance: { kind: 'defending', sacrifice: 30 } })
    const withdrawing = ready(target({ def: 40, defFromDex: 10, defFromShield: 8 }))
    const s = setup({ attacker: parrying, target: withdrawing, mode: 'melee', toggles: ['free-attack'] })
    expect(s.scLines).toContainEqual(
      expect.objectContaining({ value: -30, rule: 'Melee Modifiers: Defending' }),
    )
    expect(s.strikeChance).toBe(82)
    // The withdrawing target keeps DEF from DEX but may not use a shield.
    expect(s.defense).toBe(32)
  })
})

describe('casting targets', () => {
  it('get no DEF from DEX, Defense skill or Shield skill while casting', () => {
    const mage = makeSheet({
      name: 'Mage',
      def: 35,
      defFromDex: 10,
      defFromDefenseSkill: 5,
      defFromShield: 5,
    })
    const casting = ready(mage, { action: 'none' }, true)
    expect(setup(melee({ target: casting })).defense).toBe(15)
  })
})

describe('ranged modifiers', () => {
  const shot = (over: Partial<AttackDeclaration> = {}): AttackDeclaration => ({
    attacker: ready(archer()),
    target: ready(target()),
    mode: 'ranged',
    ...over,
  })

  it('apply target movement, cover and the target’s size to a shot', () => {
    expect(setup(shot({ toggles: ['target-stationary'] })).strikeChance).toBe(100)
    expect(setup(shot({ toggles: ['target-fast-sprinting', 'cover-soft'] })).strikeChance).toBe(50)
    expect(setup(shot({ target: ready(target({ size: 'giant' })) })).strikeChance).toBe(100)
    expect(setup(shot({ target: ready(target({ size: 'tiny' })) })).strikeChance).toBe(80)
  })

  it('give careful aim +15 SC and cost the aimer DEX and Defense DEF, while attackers get +10 for a stationary target', () => {
    const aiming = ready(archer(), { carefulAim: true, movement: 'no-movement' })
    expect(setup(shot({ attacker: aiming })).strikeChance).toBe(105)
    const s = setup(melee({ target: aiming }))
    expect(s.strikeChance).toBe(122)
    // 30 DEF, -10 DEX, -5 Defense, -20 for no movement.
    expect(s.defense).toBe(-5)
  })

  it('charge a specialist 20 SC to shoot a bow in melee (30 without, 10 for a double specialist)', () => {
    expect(setup(shot({ mode: 'melee' })).strikeChance).toBe(70)
    expect(
      setup(
        shot({
          mode: 'melee',
          attacker: ready(archer({ weapons: [{ ...archer().weapons[0], specialization: 'none' }] })),
        }),
      ).strikeChance,
    ).toBe(60)
  })

  it('refuses a ranged-only toggle for a melee weapon and a ranged attack with a sword', () => {
    expect(setupAttack({ ...melee(), mode: 'ranged' })).toEqual({
      ok: false,
      error: 'Longsword is a melee weapon; it cannot make a ranged attack.',
    })
  })
})

describe('wounds in the attack', () => {
  it('take 10 SC from a badly wounded attacker', () => {
    expect(setup(melee({ attacker: ready(nutshellFighter({ hp: 20 })) })).strikeChance).toBe(102)
  })
})
