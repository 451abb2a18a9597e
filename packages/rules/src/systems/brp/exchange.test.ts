import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../system.ts'
import { declareAttack } from './attack.ts'
import { type DefenseChoice, declareDefense } from './defense.ts'
import { actionOrder } from './dex-rank.ts'
import { type ExchangeResult, resolveExchange, rollAttack, rollDefense } from './exchange.ts'
import { firstAid } from './healing-dice.ts'
import { endOfRound } from './injury.ts'
import { brpSettings } from './settings.ts'
import { type Sheet, sheetOf } from './sheet.ts'
import { type CombatantState, initialState } from './state.ts'

const settings = brpSettings()
// Attacker: Short Sword 60% (special 01-12), +1D4 damage bonus.
const attacker = sheetOf({
  name: 'Ada',
  str: 16,
  siz: 16,
  weaponSkills: [
    { skill: 'Melee Weapon', specialty: 'Sword', chance: 60 },
    { skill: 'Missile Weapon', specialty: 'Bow', chance: 60 },
  ],
  weapons: [{ weapon: 'sword-short' }, { weapon: 'bow-long' }],
})
// Defender: 12 HP in hard leather, Axe 50% (special 01-10), Dodge 40%, round shield at 50%.
const defender = sheetOf({
  name: 'Bo',
  con: 12,
  siz: 12,
  dodge: 50,
  shieldSkill: 50,
  armor: [{ armor: 'leather-hard' }],
  weaponSkills: [{ skill: 'Melee Weapon', specialty: 'Axe', chance: 50 }],
  weapons: [{ weapon: 'axe-hand' }],
  shield: 'round',
})

function exchange(
  d100: number,
  defense: { choice: DefenseChoice; d100: number } | null,
  damageFaces: number[] | null,
  weapon = 'sword-short',
  states: { attacker?: CombatantState; defender?: CombatantState } = {},
): Outcome<ExchangeResult> {
  const a = states.attacker ?? initialState(attacker, settings)
  const d = states.defender ?? initialState(defender, settings)
  const attack = declareAttack(attacker, a, { weapon }, settings)
  if (!attack.ok) throw new Error(attack.error)
  const attackRoll = rollAttack(attack.value, d100, settings)
  if (!attackRoll.ok) throw new Error(attackRoll.error)
  let declared = null
  let defenseRoll = null
  if (defense) {
    const dd = declareDefense(attack.value, defender, d, { choice: defense.choice }, settings)
    if (!dd.ok) throw new Error(dd.error)
    declared = dd.value
    const dr = rollDefense(dd.value, defense.d100, settings)
    if (!dr.ok) throw new Error(dr.error)
    defenseRoll = dr.value
  }
  return resolveExchange(
    {
      attacker: { sheet: attacker as Sheet, state: a },
      defender: { sheet: defender, state: d },
      attack: attack.value,
      attackRoll: attackRoll.value,
      defense: declared,
      defenseRoll,
      damageFaces,
    },
    settings,
  )
}

const axeParry = { kind: 'parry', with: 'axe-hand' } as const
const value = (o: Outcome<ExchangeResult>): ExchangeResult => {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

describe('an exchange through the matrix', () => {
  it('does special damage less armor to an undefended target: 7 + 4 + 2 = 13, less 2 = 11 taken', () => {
    const r = value(exchange(5, null, [3, 2]))
    expect(r.row.hit).toBe('special')
    expect(r.damage?.total).toBe(13)
    expect(r.damageTaken).toBe(11)
    expect(r.defender.hitPoints).toBe(1)
    expect(r.defender.unconscious).toBe(true)
  })

  it('lets a special parry stop a special attack with no other result', () => {
    const r = value(exchange(5, { choice: axeParry, d100: 3 }, null))
    expect(r.row.hit).toBe('none')
    expect(r.weaponHits).toEqual([])
  })

  it('turns a special attack into a normal hit when parried normally, and the parrying weapon takes 2', () => {
    const r = value(exchange(5, { choice: axeParry, d100: 30 }, [3, 2]))
    expect(r.row.hit).toBe('normal')
    expect(r.damage?.total).toBe(3 + 1 + 2)
    expect(r.damageTaken).toBe(4)
    expect(r.weaponHits).toEqual([{ who: 'defender', item: 'axe-hand', points: 2, broken: false }])
    expect(r.defender.items['axe-hand']?.damage).toBe(2)
  })

  it('damages no weapon when a special attack is only dodged normally', () => {
    const r = value(exchange(5, { choice: { kind: 'dodge' }, d100: 30 }, [3, 2]))
    expect(r.row.hit).toBe('normal')
    expect(r.weaponHits).toEqual([])
  })

  it('damages the attacking weapon 1 point when a normal melee hit is parried specially', () => {
    const r = value(exchange(30, { choice: axeParry, d100: 3 }, null))
    expect(r.row.hit).toBe('none')
    expect(r.weaponHits).toEqual([{ who: 'attacker', item: 'sword-short', points: 1, broken: false }])
    expect(r.attacker.items['sword-short']?.damage).toBe(1)
    // #54: "'Attacker's sword-short takes damage' (an id)": the log line names the weapon.
    expect(r.lines.map((l) => l.label)).toContain("Attacker's Sword, Short takes damage")
  })

  it('damages no attacking weapon when a normal melee hit is dodged specially', () => {
    const r = value(exchange(30, { choice: { kind: 'dodge' }, d100: 2 }, null))
    expect(r.row.hit).toBe('none')
    expect(r.weaponHits).toEqual([])
  })

  it('damages no attacking weapon when the special parry was against a missile', () => {
    const r = value(exchange(30, { choice: { kind: 'parry', with: 'shield' }, d100: 1 }, null, 'bow-long'))
    expect(r.row.hit).toBe('none')
    expect(r.weaponHits).toEqual([])
  })

  it('cancels a normal hit with a normal parry or dodge', () => {
    expect(value(exchange(30, { choice: { kind: 'dodge' }, d100: 40 }, null)).row.hit).toBe('none')
  })

  it('lands a normal hit on a failed defense, armor subtracted', () => {
    const r = value(exchange(30, { choice: { kind: 'dodge' }, d100: 90 }, [6, 4]))
    expect(r.damageTaken).toBe(6 + 1 + 4 - 2)
  })

  it('does nothing on a failed attack, whatever the defender rolled', () => {
    const r = value(exchange(61, { choice: axeParry, d100: 3 }, null))
    expect(r.row.result).toBe('No damage; no effect.')
    expect(r.weaponHits).toEqual([])
  })

  it('breaks a parrying weapon whose hit points are overcome', () => {
    const worn = {
      ...initialState(defender, settings),
      items: { ...initialState(defender, settings).items, 'axe-hand': { damage: 11 } },
    }
    const r = value(exchange(5, { choice: axeParry, d100: 30 }, [3, 2], 'sword-short', { defender: worn }))
    expect(r.weaponHits).toEqual([{ who: 'defender', item: 'axe-hand', points: 2, broken: true }])
    expect(r.lines.map((l) => l.label)).toContain('Parrying Axe, Hand takes damage and breaks')
  })

  it('asks for damage dice when the attack lands and none were given', () => {
    expect(exchange(30, null, null)).toEqual({ ok: false, error: 'The attack lands: roll damage (d6, d4).' })
  })

  it('logs every die and modifier with its rule', () => {
    const r = value(exchange(5, null, [3, 2]))
    expect(r.lines.map((l) => [l.label, l.value])).toEqual([
      ['Melee Weapon (Sword) skill', 60],
      ['Attack chance', 60],
      ['d100 (Attack)', 5],
      [
        'Matrix: Attack achieves a special success. Attack does full damage plus normal damage bonus and appropriate special result. Defender’s armor value subtracted from damage.',
        0,
      ],
      ['Special success: 1D6+1 maximum', 7],
      ['d6', 3],
      ['Weapon bonus', 1],
      ['Damage bonus (1D4)', 2],
      ['Leather, Hard', -2],
      ['Hit points before', 12],
      ['Wound 1', -11],
      ['Hit points now', 1],
      ['Unconscious at 2 hit points or less', 1],
    ])
  })

  it('spends the crossbow’s bolt whether or not it hits', () => {
    const xbow = sheetOf({ weapons: [{ weapon: 'crossbow-heavy' }] })
    const state = initialState(xbow, settings)
    const attack = declareAttack(xbow, state, { weapon: 'crossbow-heavy' }, settings)
    if (!attack.ok) throw new Error(attack.error)
    const roll = rollAttack(attack.value, 99, settings)
    if (!roll.ok) throw new Error(roll.error)
    const r = resolveExchange(
      {
        attacker: { sheet: xbow, state },
        defender: { sheet: defender, state: initialState(defender, settings) },
        attack: attack.value,
        attackRoll: roll.value,
        defense: null,
        defenseRoll: null,
        damageFaces: null,
      },
      settings,
    )
    expect(r).toMatchObject({
      ok: true,
      value: { attacker: { items: { 'crossbow-heavy': { loaded: false } } } },
    })
  })
})

describe('a whole round', () => {
  it('orders, attacks, defends after the roll, wounds, and kills at the end of the round despite First Aid', () => {
    const ada = { ...attacker, dex: 14 }
    const bo = { ...defender, dex: 12 }
    const order = actionOrder(
      [
        { id: 'bo', sheet: bo, weapon: 'axe-hand' },
        { id: 'ada', sheet: ada, weapon: 'sword-short' },
      ],
      settings,
    )
    expect(order).toMatchObject({ ok: true, value: { slots: [{ ids: ['ada'] }, { ids: ['bo'] }] } })

    // Ada rolls 05: special. Bo, seeing the roll, dodges (Dodge 50 - 10 for hard leather) and rolls 90.
    const r = value(exchange(5, { choice: { kind: 'dodge' }, d100: 90 }, [6, 4]))
    // 7 (maximum of 1D6+1) + 6 + 1 + 4 (1D4 bonus) = 18, less 2 armor = 16 off 12 hit points.
    expect(r.damageTaken).toBe(16)
    expect(r.defender).toMatchObject({ hitPoints: -4, unconscious: true, dead: false })

    // A friend's First Aid heals 3 of that wound: still -1 when the round ends.
    const aided = firstAid(r.defender, 1, 60, { d100: 10, d3: 3 }, settings)
    if (!aided.ok) throw new Error(aided.error)
    expect(aided.value.state.hitPoints).toBe(-1)
    expect(endOfRound(aided.value.state)).toMatchObject({ died: true, state: { dead: true } })
  })
})
