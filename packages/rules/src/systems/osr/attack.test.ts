import { describe, expect, it } from 'vitest'
import { diceAsked } from '../../engine/dice-asked.ts'
import { fighter as atTable } from '../test-support.ts'
import { type AttackDeclaration, planAttack } from './attack.ts'
import { type AttackFaces, rollAttack } from './attack-roll.ts'
import type { ToggleId } from './modifiers.ts'
import { osrCombat } from './room-combat.ts'
import { meleeDeclarations, OIL_FLASK, rollFrom, sheet } from './test-support.ts'

const spear = {
  name: 'Spear',
  kind: 'melee-thrown',
  damage: '1d6',
  chargeable: true,
  settable: true,
  longReach: true,
  shortRange: 20,
  mediumRange: 40,
  longRange: 60,
}
const dagger = {
  name: 'Dagger',
  kind: 'melee-thrown',
  damage: '1d4',
  small: true,
  shortRange: 10,
  mediumRange: 20,
  longRange: 30,
}
const bow = { name: 'Shortbow', kind: 'bow', damage: '1d6', shortRange: 50, mediumRange: 100, longRange: 150 }
const mace = { name: 'Morningstar', kind: 'melee', damage: '1d8', sharpAllSides: true }

/** Attack bonus +0, STR +2 and a 1d6 spear: the text's "1d6 + 2" character. */
const fighter = sheet({
  name: 'Brunna',
  attackBonus: 0,
  strBonus: 2,
  dexBonus: 1,
  weapons: [spear, dagger, bow, mace],
})
const goblin = sheet({ name: 'Goblin', ac: 12, weapons: [{ name: 'Club', damage: '1d4' }] })

const melee = meleeDeclarations(fighter, goblin)
const shoot = (toggles: ToggleId[], extra: Partial<AttackDeclaration> = {}): AttackDeclaration => ({
  ...melee(toggles, extra),
  weapon: 2,
  mode: 'missile',
  ...extra,
})

const modifier = (decl: AttackDeclaration) => {
  const plan = planAttack(decl)
  if (!plan.ok) throw new Error(plan.error)
  return plan.value.toHitModifier
}
const resolve = (decl: AttackDeclaration, faces: AttackFaces, settings = {}) => {
  const result = rollFrom(decl, faces, settings)
  if (!result.ok) throw new Error(result.error)
  return result.value
}

describe('the to-hit roll', () => {
  it('adds the attack bonus and STR to a melee d20 and hits on a total equal to the Armor Class', () => {
    // d20 10 + 0 + 2 = 12 >= AC 12
    const r = resolve(melee(), { d20: 10, damage: [4] })
    expect(r.total).toBe(12)
    expect(r.hit).toBe(true)
    expect(r.toHit.map((l) => [l.label, l.value])).toEqual([
      ['d20', 10],
      ['attack bonus', 0],
      ['STR bonus', 2],
    ])
  })

  it('misses on a total one below the Armor Class', () => {
    expect(resolve(melee(), { d20: 9 }).hit).toBe(false)
  })

  it('adds DEX instead of STR to a missile attack', () => {
    const r = resolve(shoot(['medium-range']), { d20: 11, damage: [3] })
    expect(r.toHit.map((l) => l.label)).toContain('DEX bonus')
    expect(r.total).toBe(12)
  })

  it('always hits on a natural 20, whatever the Armor Class', () => {
    const r = resolve(melee([], { target: { ...goblin, ac: 40 } }), { d20: 20, special: 1, damage: [1] })
    expect(r.hit).toBe(true)
  })

  it('always misses on a natural 1, whatever the Armor Class', () => {
    const r = resolve(melee([], { target: { ...goblin, ac: 0 } }), { d20: 1, fumble: 20 })
    expect(r.hit).toBe(false)
  })

  it('adds a magic weapon’s bonus to hit and to damage', () => {
    const magic = sheet({ attackBonus: 0, weapons: [{ name: 'Sword +1', damage: '1d8', magicBonus: 1 }] })
    const r = resolve({ attacker: magic, target: goblin, weapon: 0, mode: 'melee' }, { d20: 11, damage: [5] })
    expect(r.total).toBe(12)
    expect(r.damage?.total).toBe(6)
  })

  it('adds a magic bonus to damage only when the room reads the text that way', () => {
    const magic = sheet({ attackBonus: 0, weapons: [{ name: 'Sword +1', damage: '1d8', magicBonus: 1 }] })
    const r = resolve(
      { attacker: magic, target: goblin, weapon: 0, mode: 'melee' },
      { d20: 11, damage: [5] },
      { magicBonusToHit: false },
    )
    expect(r.total).toBe(11)
  })
})

describe('the natural 20 special roll', () => {
  it('deals maximum damage on 11-15: 1d6 + 2 becomes 6 + 2 = 8', () => {
    // Special d20 9 + the attack's +2 = 11.
    const r = resolve(melee(), { d20: 20, special: 9 })
    expect(r.special?.result).toBe('maximum')
    expect(r.damage?.total).toBe(6 + 2)
  })

  it('deals critical damage on 16-19: a rolled 3 + maximum 6 + 2 = 11', () => {
    // Special d20 14 + the attack's +2 = 16.
    const r = resolve(melee(), { d20: 20, special: 14, damage: [3] })
    expect(r.special?.result).toBe('critical')
    expect(r.damage?.total).toBe(3 + 6 + 2)
    expect(r.damage?.lines.map((l) => l.value)).toEqual([3, 6, 2])
  })

  it('reads the special roll as a bare d20 when the room says so', () => {
    const r = resolve(melee(), { d20: 20, special: 14, damage: [3] }, { specialRoll: 'raw' })
    expect(r.special?.result).toBe('maximum')
    expect(r.damage?.total).toBe(8)
  })

  it('deals regular damage on 1-10', () => {
    const r = resolve(melee(), { d20: 20, special: 8, damage: [3] })
    expect(r.special?.result).toBe('regular')
    expect(r.damage?.total).toBe(5)
  })

  it('adds a condition roll on 20 and puts the condition on the target', () => {
    const r = resolve(melee(), { d20: 20, special: 18, condition: 3, damage: [2] })
    expect(r.special?.result).toBe('critical-condition')
    expect(r.damage?.total).toBe(2 + 6 + 2)
    expect(r.condition?.text).toBe('Enemy is Prone')
    expect(r.targetGains).toEqual([{ kind: 'prone' }])
  })

  it('asks for each die in table order', () => {
    // Each die the table's roll asks for, with what it is for, given these faces.
    const asked = (faces: AttackFaces) => {
      const dice: Array<{ purpose: string; sides: number }> = []
      let damage = 0
      const rolled = rollAttack(melee(), (sides, purpose) => {
        dice.push({ purpose, sides })
        return (purpose === 'damage' ? faces.damage?.[damage++] : faces[purpose]) ?? 1
      })
      if (!rolled.ok) throw new Error(rolled.error)
      return dice
    }
    expect(asked({ d20: 20, special: 18, condition: 1, damage: [3] })).toEqual([
      { purpose: 'd20', sides: 20 },
      { purpose: 'special', sides: 20 },
      { purpose: 'condition', sides: 4 },
      { purpose: 'damage', sides: 6 },
    ])
    // A special roll of 9 is maximum damage: no damage die.
    expect(asked({ d20: 20, special: 9 })).toEqual([
      { purpose: 'd20', sides: 20 },
      { purpose: 'special', sides: 20 },
    ])
  })
})

describe('the natural 1 fumble roll', () => {
  it('breaks the weapon on 1-2 and allows no attack next round', () => {
    const r = resolve(melee(), { d20: 1, fumble: 2 })
    expect(r.fumble?.result).toBe('weapon-breaks')
    expect(r.attackerGains).toEqual([{ kind: 'no-attack', reason: 'weapon broke', rounds: 1, fresh: true }])
  })

  it('makes a stumbler who fails DEX DC 20 take -1 to combat rolls for 1d2 rounds', () => {
    // DEX check 18 + 1 = 19 < 20
    const r = resolve(melee(), { d20: 1, fumble: 3, dexCheck: 18, stumbleRounds: 2 })
    expect(r.fumble?.dexCheck).toMatchObject({ total: 19, dc: 20, passed: false })
    expect(r.attackerGains).toEqual([{ kind: 'stumbling', rounds: 2, fresh: true }])
  })

  it('lets a stumbler who makes DEX DC 20 off without penalty', () => {
    const r = resolve(melee(), { d20: 1, fumble: 5, dexCheck: 19 })
    expect(r.fumble?.dexCheck?.passed).toBe(true)
    expect(r.attackerGains).toEqual([])
  })

  it('gives the opponent a free attack after a sloppy attack that fails DEX DC 15', () => {
    expect(resolve(melee(), { d20: 1, fumble: 6, dexCheck: 13 }).freeAttackForTarget).toBe(true)
    expect(resolve(melee(), { d20: 1, fumble: 10, dexCheck: 14 }).freeAttackForTarget).toBe(false)
  })

  it('drops the weapon on 11-15 and allows no attack next round', () => {
    const r = resolve(melee(), { d20: 1, fumble: 11 })
    expect(r.attackerGains).toEqual([{ kind: 'no-attack', reason: 'dropped weapon', rounds: 1, fresh: true }])
  })

  it('is just a miss on 16-20', () => {
    const r = resolve(melee(), { d20: 1, fumble: 16 })
    expect(r.fumble?.result).toBe('miss')
    expect(r.attackerGains).toEqual([])
  })
})

describe('situational modifiers', () => {
  const base = modifier(melee())
  const baseShot = modifier(shoot(['medium-range']))

  it.each([
    [['parting-shot'], 2],
    [['from-behind'], 2],
    [['flanking'], 1],
    [['from-behind', 'flanking'], 3],
    [['concealed-25'], -1],
    [['concealed-50'], -2],
    [['concealed-75'], -3],
    [['concealed-90'], -4],
    [['cover-50'], -2],
    [['non-lethal'], -4],
  ] as [ToggleId[], number][])('%j changes a melee attack by %i', (toggles, delta) => {
    expect(modifier(melee(toggles)) - base).toBe(delta)
  })

  it.each([
    [['short-range'], 1],
    [['long-range'], -2],
    [['target-engaged'], -5],
    [['target-engaged', 'target-unaware'], 3],
  ] as [ToggleId[], number][])('%j changes a missile attack by %i against medium range', (toggles, delta) => {
    expect(modifier(shoot(toggles)) - baseShot).toBe(delta)
  })

  it('does not add the +2 from behind to a Sneak Attack', () => {
    const sneak = sheet({ ...fighter, sneakAttack: true, weapons: [spear] })
    const plan = planAttack({ ...melee(['from-behind', 'sneak-attack']), attacker: sneak })
    expect(plan.ok && plan.value.toHitModifier).toBe(base)
    expect(plan.ok && plan.value.prompts.join(' ')).toMatch(/Sneak Attack/)
  })

  it('takes -2 with the primary weapon and -5 with the smaller secondary in two-weapon style', () => {
    expect(modifier(melee(['two-weapon-primary'], { otherWeapon: 1 })) - base).toBe(-2)
    expect(modifier(melee(['two-weapon-secondary'], { weapon: 1, otherWeapon: 0 })) - base).toBe(-5)
  })

  it('applies the attacker’s own conditions to the roll', () => {
    expect(modifier(melee([], { attackerConditions: [{ kind: 'shaken' }] })) - base).toBe(-2)
    expect(modifier(melee([], { attackerConditions: [{ kind: 'blinded' }] })) - base).toBe(-4)
    expect(
      modifier(melee([], { attackerConditions: [{ kind: 'stumbling', rounds: 1, fresh: false }] })) - base,
    ).toBe(-1)
  })

  it('changes the target’s Armor Class for its parry, its charge and its prone or blinded state', () => {
    const ac = (decl: AttackDeclaration) => {
      const plan = planAttack(decl)
      return plan.ok ? plan.value.ac : Number.NaN
    }
    expect(ac(melee([], { targetConditions: [{ kind: 'defending' }] }))).toBe(14)
    expect(ac(melee([], { targetConditions: [{ kind: 'charging' }] }))).toBe(10)
    expect(ac(melee([], { targetConditions: [{ kind: 'prone' }] }))).toBe(8)
    expect(ac(shoot(['short-range'], { targetConditions: [{ kind: 'prone' }] }))).toBe(16)
    expect(ac(shoot(['short-range'], { targetConditions: [{ kind: 'blinded' }] }))).toBe(8)
  })
})

describe('charging', () => {
  const run = { distance: 40, straightLine: true, clearPath: true, lineOfSightAtStart: true }

  it('gives +2 to hit, doubles the damage and leaves the charger at -2 AC for the round', () => {
    const r = resolve(melee(['charge'], { charge: run }), { d20: 8, damage: [4] })
    expect(r.total).toBe(8 + 2 + 2)
    expect(r.damage?.total).toBe((4 + 2) * 2)
    expect(r.attackerGains).toEqual([{ kind: 'charging' }])
  })

  it.each([
    [{ distance: 5 }, 'A charging character must move at least 10 feet.'],
    [{ distance: 70 }, 'A charge may move up to double movement: 60 feet.'],
    [{ straightLine: false }, 'A charge must move in a straight line toward the target.'],
    [{ clearPath: false }, 'The path to the target must be reasonably clear to charge.'],
    [{ lineOfSightAtStart: false }, 'An opponent out of sight at the start of the charge can’t be charged.'],
  ])('is refused when %j', (change, error) => {
    expect(planAttack(melee(['charge'], { charge: { ...run, ...change } }))).toEqual({ ok: false, error })
  })

  it('needs a spear, lance or pole arm', () => {
    expect(planAttack(melee(['charge'], { charge: run, weapon: 3 }))).toMatchObject({ ok: false })
  })
})

describe('setting a weapon against a charge', () => {
  const charging = { targetConditions: [{ kind: 'charging' as const }] }

  it('doubles the damage against a charger when initiative is equal or better', () => {
    const r = resolve(melee(['set-vs-charge'], { ...charging, initiative: { attacker: 3, target: 3 } }), {
      d20: 15,
      damage: [5],
    })
    expect(r.damage?.total).toBe((5 + 2) * 2)
  })

  it('is refused with worse initiative, or when the target is not charging', () => {
    expect(
      planAttack(melee(['set-vs-charge'], { ...charging, initiative: { attacker: 2, target: 3 } })).ok,
    ).toBe(false)
    expect(planAttack(melee(['set-vs-charge'], { initiative: { attacker: 5, target: 3 } })).ok).toBe(false)
  })
})

describe('refused attacks', () => {
  it.each([
    [shoot(['beyond-range']), 'The target is beyond long range and cannot be hit.'],
    [shoot([]), 'Say how far the target is: short, medium or long range.'],
    [shoot(['short-range', 'long-range']), 'Choose only one range band.'],
    [melee(['short-range']), 'Range bands apply to missile attacks only.'],
    [shoot(['flanking', 'short-range']), 'Flanking applies to melee attacks only.'],
    [melee([], { weapon: 2 }), 'The Shortbow is not a melee weapon.'],
    [
      melee([], { weapon: 3, mode: 'missile', toggles: ['short-range'] }),
      'The Morningstar cannot be thrown or shot.',
    ],
    [
      melee(['non-lethal'], { weapon: 3 }),
      'The Morningstar has sharp edges or points on all sides and cannot strike with the flat.',
    ],
    [
      melee(['two-weapon-secondary'], { otherWeapon: 1 }),
      'When fighting with two weapons, one weapon must be smaller (like a short sword or dagger).',
    ],
    [melee(['sneak-attack']), 'Brunna does not have the Sneak Attack ability.'],
    [melee([], { weapon: 9 }), 'Choose one of your own weapons.'],
    [
      melee([], { attackerConditions: [{ kind: 'surprised' }] }),
      'Surprised characters are unable to act for one round.',
    ],
    [
      melee([], {
        attackerConditions: [{ kind: 'no-attack', reason: 'dropped weapon', rounds: 1, fresh: false }],
      }),
      'No attack this round: the weapon was dropped last round.',
    ],
  ] as [AttackDeclaration, string][])('refuses declaration %# with the sentence it breaks', (decl, error) => {
    expect(planAttack(decl)).toEqual({ ok: false, error })
  })

  it('refuses a modifier the rules do not know, as a request from an old or tampered client might carry', () => {
    const decl = { ...melee(), toggles: ['advantage'] } as unknown as AttackDeclaration
    expect(planAttack(decl)).toEqual({ ok: false, error: 'There is no "advantage" modifier in these rules.' })
  })

  it('refuses weapons that cannot harm the target, natural 20 or not', () => {
    const ghoul = sheet({ name: 'Wight', harmedBy: 'silver-or-magic' })
    expect(planAttack(melee([], { target: ghoul }))).toEqual({
      ok: false,
      error: 'Wight can only be harmed by silver or magic weapons.',
    })
  })

  it('refuses impossible or missing faces with the die they should be', () => {
    expect(rollFrom(melee(), { d20: 21 })).toEqual({
      ok: false,
      error: 'The attack roll is a d20: it cannot show 21.',
    })
    // A hit on a typed 15 still wants its d6 for the damage: the table asks for it (engine/dice-asked.ts).
    const brunna = atTable('osr', 'b', 'pc', {
      name: 'Brunna',
      attackBonus: 0,
      strBonus: 2,
      weapons: [spear],
    })
    const planned = osrCombat.plan(brunna, atTable('osr', 'g', 'foe', { name: 'Goblin', ac: 12 }), {
      choice: 'weapon-0-melee',
      toggles: [],
    })
    if (!planned.ok) throw new Error(planned.error)
    expect(diceAsked(osrCombat, planned.value, [15])).toMatchObject({
      complete: false,
      asked: [{ sides: 20 }, { sides: 6 }],
    })
    expect(rollFrom(melee(), { d20: 15, damage: [7] })).toEqual({
      ok: false,
      error: 'The damage die is a d6: it cannot show 7.',
    })
  })
})

describe('non-lethal blows and brawling', () => {
  it('halves flat-of-the-blade damage, rounding down', () => {
    // (5 + 2) / 2 = 3.5 -> 3
    const r = resolve(melee(['non-lethal']), { d20: 19, damage: [5] })
    expect(r.damage).toMatchObject({ total: 3, nonLethal: true })
  })

  it('never halves a hit below 1', () => {
    const weak = sheet({ attackBonus: 5, strBonus: -1, weapons: [{ name: 'Staff', damage: '1d6' }] })
    const r = resolve(
      { attacker: weak, target: goblin, weapon: 0, mode: 'melee', toggles: ['non-lethal'] },
      { d20: 19, damage: [1] },
    )
    expect(r.damage?.total).toBe(1)
  })

  it('deals 1d3 + STR non-lethal with a punch', () => {
    const r = resolve(melee(['punch'], { weapon: undefined }), { d20: 15, damage: [3] })
    expect(r.damage).toMatchObject({ total: 5, nonLethal: true, to: 'target' })
  })

  it('takes -2 to hit and deals 1d4 with a kick', () => {
    expect(modifier(melee(['kick'], { weapon: undefined }))).toBe(modifier(melee()) - 2)
    const r = resolve(melee(['kick'], { weapon: undefined }), { d20: 15, damage: [4] })
    expect(r.damage?.total).toBe(6)
  })

  it('turns the damage back on an unarmored or leather-clad brawler who hits metal armor', () => {
    const knight = sheet({ name: 'Knight', ac: 16, armor: 'metal' })
    const r = resolve(melee(['punch'], { weapon: undefined, target: knight }), { d20: 18, damage: [2] })
    expect(r.damage?.to).toBe('attacker')
    const armored = { ...fighter, armor: 'metal' as const }
    const r2 = resolve(melee(['punch'], { weapon: undefined, target: knight, attacker: armored }), {
      d20: 18,
      damage: [2],
    })
    expect(r2.damage?.to).toBe('target')
  })
})

describe('a grapple’s touch attack', () => {
  it('uses the better of STR and DEX, deals no damage and grabs on a hit', () => {
    const r = resolve(melee(['grapple'], { weapon: undefined }), { d20: 10 })
    expect(r.toHit.map((l) => l.label)).toContain('STR bonus (touch attack)')
    expect(r.grabbed).toBe(true)
    expect(r.damage).toBeNull()
  })
})

describe('room settings', () => {
  it('hands cover to the GM when the room does not use the concealment table for it', () => {
    const plan = planAttack(melee(['cover-75']), { coverUsesConcealmentTable: false })
    expect(plan.ok && plan.value.toHitModifier).toBe(modifier(melee()))
    expect(plan.ok && plan.value.prompts.join(' ')).toMatch(/no number for cover/)
  })

  it('leaves STR off a kick when the room reads it so', () => {
    const r = resolve(
      melee(['kick'], { weapon: undefined }),
      { d20: 15, damage: [4] },
      { kickAddsStrength: false },
    )
    expect(r.damage?.total).toBe(4)
  })

  it('lets a room allow hits for no damage', () => {
    const weak = sheet({ strBonus: -3, weapons: [{ name: 'Knife', damage: '1d2' }] })
    const r = resolve(
      { attacker: weak, target: goblin, weapon: 0, mode: 'melee' },
      { d20: 19, damage: [1] },
      { minimumDamage: 0 },
    )
    expect(r.damage?.total).toBe(0)
  })
})

describe('grenade-like missiles', () => {
  const thrower = sheet({
    dexBonus: 1,
    weapons: [OIL_FLASK],
  })

  it('hit directly on a successful attack roll and leave the damage to the oil or holy water rules', () => {
    const r = resolve(
      { attacker: thrower, target: goblin, weapon: 0, mode: 'missile', toggles: ['short-range'] },
      { d20: 15 },
    )
    expect(r.hit).toBe(true)
    // The oil or holy water rules take it from here, with the target's sheet (combat.ts).
    expect(r.damage).toBeNull()
    expect(r.prompts).toEqual([])
  })
})
