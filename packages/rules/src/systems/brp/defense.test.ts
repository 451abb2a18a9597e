import { describe, expect, it } from 'vitest'
import { declareAttack } from './attack.ts'
import { type DefenseChoice, declareDefense, defenseOptions } from './defense.ts'
import { rollDefense } from './exchange.ts'
import { brpSettings } from './settings.ts'
import { type Sheet, sheetOf } from './sheet.ts'
import { initialState, withItem } from './state.ts'

const settings = brpSettings()
const attacker = sheetOf({
  name: 'Attacker',
  weapons: [{ weapon: 'sword-short' }, { weapon: 'bow-long' }, { weapon: 'pistol' }, { weapon: 'dagger' }],
})
const defender = sheetOf({
  name: 'Bo',
  dodge: 50,
  shieldSkill: 40,
  weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Axe', chance: 55 }],
  weapons: [{ weapon: 'axe-battle' }, { weapon: 'bow-long' }],
  shield: 'round',
})
const attackWith = (weapon: string, toggles: string[] = []) => {
  const a = declareAttack(attacker, initialState(attacker, settings), { weapon, toggles }, settings)
  if (!a.ok) throw new Error(a.error)
  return a.value
}
const defend = (
  weapon: string,
  choice: DefenseChoice,
  sheet: Sheet = defender,
  toggles: string[] = [],
  room = settings,
) => declareDefense(attackWith(weapon), sheet, initialState(sheet, room), { choice, toggles }, room)

describe('parry', () => {
  it('parries a melee attack at the parrying weapon’s attack skill (5.6)', () => {
    expect(defend('sword-short', { kind: 'parry', with: 'axe-battle' })).toMatchObject({
      ok: true,
      value: { chance: { value: 55 }, parryItem: 'axe-battle', parryHitPoints: 15 },
    })
  })

  it('parries a melee attack with a shield at the Shield skill', () => {
    expect(defend('sword-short', { kind: 'parry', with: 'shield' })).toMatchObject({
      ok: true,
      value: { chance: { value: 40 }, parryItem: 'shield', parryHitPoints: 12 },
    })
  })

  it('cannot parry firearms, not even with a shield (5.6)', () => {
    expect(defend('pistol', { kind: 'parry', with: 'shield' })).toEqual({
      ok: false,
      error: 'It is impossible to parry firearms or high-velocity weapons (5.6).',
    })
    expect(defend('pistol', { kind: 'parry', with: 'axe-battle' })).toMatchObject({ ok: false })
  })

  it('needs a shield to parry missiles, unless the room allows weapons too (5.6)', () => {
    expect(defend('bow-long', { kind: 'parry', with: 'axe-battle' })).toEqual({
      ok: false,
      error: 'One needs a shield to parry missile weapons (5.6).',
    })
    const room = brpSettings({ weaponParryMissiles: 'allowed' })
    expect(defend('bow-long', { kind: 'parry', with: 'axe-battle' }, defender, [], room)).toMatchObject({
      ok: true,
      value: { chance: { value: 55 } },
    })
  })

  it('parries missiles with a shield at a straight 15/30/60/90% by its size (5.11)', () => {
    const withShield = (shield: string) => sheetOf({ shield, shieldSkill: 80 })
    const parry = { kind: 'parry', with: 'shield' } as const
    expect(defend('bow-long', parry, withShield('target'))).toMatchObject({
      ok: true,
      value: { chance: { value: 15 } },
    })
    expect(defend('bow-long', parry, withShield('kite'))).toMatchObject({
      ok: true,
      value: { chance: { value: 30 } },
    })
    expect(defend('bow-long', parry, withShield('hoplite'))).toMatchObject({
      ok: true,
      value: { chance: { value: 60 } },
    })
    expect(defend('bow-long', parry, withShield('riot'), ['kneeling'])).toMatchObject({
      ok: true,
      value: { chance: { value: 90 } },
    })
    expect(defend('bow-long', parry, withShield('round'), ['kneeling'])).toMatchObject({ ok: false })
    expect(defend('sword-short', parry, withShield('riot'), ['kneeling'])).toMatchObject({ ok: false })
  })

  it('cannot parry with a missile weapon or a broken weapon', () => {
    expect(defend('sword-short', { kind: 'parry', with: 'bow-long' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Melee Weapon skill/),
    })
    const broken = withItem(initialState(defender, settings), 'axe-battle', { damage: 15 })
    expect(
      declareDefense(
        attackWith('sword-short'),
        defender,
        broken,
        { choice: { kind: 'parry', with: 'axe-battle' } },
        settings,
      ),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/broken/) })
  })
})

describe('shield modifiers', () => {
  it('refuses to parry with a shield that is set up as immobile cover, but lets the defender dodge behind it', () => {
    expect(
      defend('sword-short', { kind: 'parry', with: 'shield' }, defender, ['immobile-shield']),
    ).toMatchObject({ ok: false })
    expect(defend('sword-short', { kind: 'dodge' }, defender, ['immobile-shield'])).toMatchObject({
      ok: true,
      value: { behindImmobileShield: true },
    })
  })

  it('refuses cover behind a shield the defender does not have, and modifiers it does not know', () => {
    expect(defend('sword-short', { kind: 'none' }, sheetOf({ name: 'Cy' }), ['immobile-shield'])).toEqual({
      ok: false,
      error: 'Cy has no shield to shelter behind.',
    })
    expect(defend('sword-short', { kind: 'dodge' }, defender, ['flying'])).toMatchObject({ ok: false })
  })
})

describe('dodge', () => {
  it('dodges at the Dodge skill less body armor, a physical skill (5.7, 5.10)', () => {
    expect(defend('sword-short', { kind: 'dodge' })).toMatchObject({
      ok: true,
      value: { chance: { value: 50 } },
    })
    const inChain = sheetOf({ dodge: 50, armor: [{ armor: 'chain' }, { armor: 'helmet-heavy' }] })
    expect(defend('sword-short', { kind: 'dodge' }, inChain)).toMatchObject({
      ok: true,
      value: { chance: { value: 30 } },
    })
  })

  it('cannot dodge firearms (5.7)', () => {
    expect(defend('pistol', { kind: 'dodge' })).toEqual({
      ok: false,
      error: 'It is impossible to dodge firearms or high-velocity weapons (5.7).',
    })
  })

  it('dodges arrows and thrown weapons as Difficult, unless the room says never (5.7)', () => {
    expect(defend('bow-long', { kind: 'dodge' })).toMatchObject({
      ok: true,
      value: { chance: { value: 25 } },
    })
    expect(
      defend('bow-long', { kind: 'dodge' }, defender, [], brpSettings({ dodgeMissiles: 'never' })),
    ).toMatchObject({ ok: false })
  })
})

describe('any defense', () => {
  it('is impossible against an attack the defender cannot see coming (5.6, 5.7)', () => {
    const unseen = attackWith('sword-short', ['defender-unaware'])
    const state = initialState(defender, settings)
    expect(declareDefense(unseen, defender, state, { choice: { kind: 'dodge' } }, settings)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/cannot see/),
    })
    expect(declareDefense(unseen, defender, state, { choice: { kind: 'none' } }, settings)).toMatchObject({
      ok: true,
      value: { chance: null },
    })
  })

  it('is impossible for the unconscious', () => {
    const out = { ...initialState(defender, settings), unconscious: true }
    expect(
      declareDefense(attackWith('sword-short'), defender, out, { choice: { kind: 'dodge' } }, settings),
    ).toMatchObject({ ok: false })
  })

  it('lists every option with its chance or the reason it is refused', () => {
    const options = defenseOptions(attackWith('pistol'), defender, initialState(defender, settings), settings)
    expect(options.map((o) => [o.label, o.outcome.ok])).toEqual([
      ['No defense', true],
      ['Dodge', false],
      ['Parry with the shield', false],
      ['Parry with Axe, Battle', false],
      ['Parry with Bow, Long', false],
    ])
  })

  it('rolls "just like an attack roll", special at 1/5 (5.6)', () => {
    const parry = defend('sword-short', { kind: 'parry', with: 'axe-battle' })
    if (!parry.ok) throw new Error(parry.error)
    expect(rollDefense(parry.value, 11, settings)).toMatchObject({ ok: true, value: { level: 'special' } })
    expect(rollDefense(parry.value, 12, settings)).toMatchObject({ ok: true, value: { level: 'success' } })
    expect(rollDefense(parry.value, 56, settings)).toMatchObject({ ok: true, value: { level: 'failure' } })
  })
})
