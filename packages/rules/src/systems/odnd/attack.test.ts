import { describe, expect, it } from 'vitest'
import { type AttackDeclaration, isFumble, prepareAttack } from './attack.ts'
import type { Toggles } from './modifiers.ts'
import { resolveAttack, rollDamage } from './rolls.ts'
import { makeSheet, makeWeapon, type Sheet } from './sheet.ts'

const sword = makeWeapon({ name: 'Sword', kind: 'one-handed', damage: 'd6+1' })
const fighter = (over: Partial<Sheet> = {}) =>
  makeSheet({ name: 'Fighter', class: 'fighter', thac0: 19, weapons: [sword], ...over })
const foe = (over: Partial<Sheet> = {}) =>
  makeSheet({ name: 'Foe', role: 'monster', class: 'monster', ac: 5, ...over })

const attack = (over: Partial<AttackDeclaration> & { toggles?: Toggles } = {}) => ({
  attacker: fighter(),
  defender: foe(),
  ...over,
})

function prepared(decl: AttackDeclaration) {
  const p = prepareAttack(decl)
  if (!p.ok) throw new Error(p.error)
  return p.value
}

function resolved(decl: AttackDeclaration, d20: number | [number, number], fumbleD20?: number) {
  const r = resolveAttack(decl, fumbleD20 === undefined ? { d20 } : { d20, fumbleD20 })
  if (!r.ok) throw new Error(r.error)
  return r.value
}

describe('the to-hit target from the room table (default THAC0 - AC)', () => {
  it('a THAC0 19 fighter needs 14 against AC 5', () => {
    expect(prepared(attack()).target).toBe(14)
    expect(resolved(attack(), 14).hit).toBe(true)
    expect(resolved(attack(), 13).hit).toBe(false)
  })

  it('a room table replaces THAC0 - AC', () => {
    const p = prepareAttack(attack(), { toHitTarget: (_thac0, ac) => 10 + ac })
    expect(p.ok && p.value.target).toBe(15)
  })

  it('shield and DEX bonus lower the defender AC', () => {
    const p = prepared(attack({ defender: foe({ shield: true, dex: 16 }) }))
    expect(p.armorClass).toBe(2)
  })
})

describe('natural 20 and natural 1', () => {
  it('a natural 20 against a foe needing 22 hits, and 2 points come off the damage', () => {
    const decl = attack({ defender: foe({ ac: -3 }) })
    const r = resolved(decl, 20)
    expect(r.prepared.needed).toBe(22)
    expect(r.hit).toBe(true)
    expect(r.damage?.penalty).toBe(2)
    expect(r.critical).toBe(false)
    const dmg = r.damage && rollDamage(r.damage, [4])
    expect(dmg?.ok && dmg.value.total).toBe(4 + 1 - 2)
  })

  it('a natural 20 can hit and cause no damage', () => {
    const r = resolved(
      attack({ attacker: fighter({ weapons: [makeWeapon({ damage: 'd4' })] }), defender: foe({ ac: -6 }) }),
      20,
    )
    const dmg = r.damage && rollDamage(r.damage, [3])
    expect(r.hit).toBe(true)
    expect(dmg?.ok && dmg.value.total).toBe(0)
  })

  it('a natural 20 is a critical when an 18 could have hit', () => {
    expect(resolved(attack({ defender: foe({ ac: 1 }) }), 20).critical).toBe(true)
  })

  it('a natural 20 is a normal hit when only a 19 or 20 could hit', () => {
    const r = resolved(attack({ defender: foe({ ac: 0 }) }), 20)
    expect(r.prepared.needed).toBe(19)
    expect(r.critical).toBe(false)
    expect(r.hit).toBe(true)
  })

  it('a critical prompts the GM, since the text prints no critical table', () => {
    expect(
      resolved(attack({ defender: foe({ ac: 9 }) }), 20)
        .prompts.map((p) => p.ask)
        .join(' '),
    ).toMatch(/GM/)
  })

  it('a natural 20 does not hit a foe that needs magic weapons', () => {
    expect(resolved(attack({ defender: foe({ hitBy: 'magic' }) }), 20).hit).toBe(false)
    const silver = fighter({ weapons: [makeWeapon({ silver: true })] })
    expect(resolved(attack({ attacker: silver, defender: foe({ hitBy: 'silver' }) }), 20).hit).toBe(true)
  })

  it('a natural 1 misses even when the total would hit', () => {
    expect(resolved(attack({ defender: foe({ ac: 9 }), attacker: fighter({ thac0: 5 }) }), 1).hit).toBe(false)
  })

  it('a natural 1 fumbles when the second d20 is greater than the level', () => {
    const lvl3 = attack({ attacker: fighter({ level: 3 }) })
    expect(resolved(lvl3, 1).fumble).toBe('roll-needed')
    expect(resolved(lvl3, 1, 4).fumble).toBe('fumble')
    expect(resolved(lvl3, 1, 3).fumble).toBe('no-fumble')
    expect(
      resolved(lvl3, 1, 4)
        .prompts.map((p) => p.ask)
        .join(' '),
    ).toMatch(/fumble table is not in the text/)
    expect(isFumble(3, 4)).toBe(true)
  })

  it('a monster special attack comes on its natural number when it hits', () => {
    const owlbear = fighter({ specialOn: 19, special: 'crushing hug' })
    expect(resolved(attack({ attacker: owlbear, defender: foe({ ac: 9 }) }), 19).specialAttack).toBe(true)
    expect(resolved(attack({ attacker: owlbear, defender: foe({ ac: 9 }) }), 18).specialAttack).toBe(false)
  })
})

describe('class, weapon and swashbuckler bonuses', () => {
  const strong = { str: 18, dex: 16 }
  const bonus = (decl: AttackDeclaration) => prepared(decl).modifier
  const dmgBonus = (decl: AttackDeclaration) => prepared(decl).damage?.lines.reduce((s, l) => s + l.value, 0)

  it('fighter types add STR to melee hit and damage', () => {
    for (const cls of ['fighter', 'ranger', 'barbarian', 'dwarf', 'hobbit', 'paladin', 'pirate'] as const) {
      expect(bonus(attack({ attacker: fighter({ class: cls, ...strong }) }))).toBe(3)
      expect(dmgBonus(attack({ attacker: fighter({ class: cls, ...strong }) }))).toBe(1 + 3)
    }
  })

  it('thieves add DEX instead of STR', () => {
    expect(bonus(attack({ attacker: fighter({ class: 'thief', ...strong }) }))).toBe(2)
    expect(dmgBonus(attack({ attacker: fighter({ class: 'thief', ...strong }) }))).toBe(1 + 2)
  })

  it('all others add +1 at STR 16 and nothing at 15', () => {
    expect(bonus(attack({ attacker: fighter({ class: 'cleric', str: 16 }) }))).toBe(1)
    expect(bonus(attack({ attacker: fighter({ class: 'cleric', str: 15 }) }))).toBe(0)
    expect(dmgBonus(attack({ attacker: fighter({ class: 'magic-user', str: 16 }) }))).toBe(1 + 1)
  })

  it('a swashbuckler in light armor with a one-handed weapon uses DEX', () => {
    const pirate = fighter({ class: 'pirate', armor: 'light', str: 9, dex: 18 })
    expect(bonus(attack({ attacker: pirate, toggles: { swashbuckler: true } }))).toBe(3)
    expect(dmgBonus(attack({ attacker: pirate, toggles: { swashbuckler: true } }))).toBe(1 + 3)
    expect(bonus(attack({ attacker: pirate }))).toBe(0)
  })

  it('refuses a swashbuckler in heavy armor', () => {
    const knight = fighter({ armor: 'heavy' })
    expect(prepareAttack(attack({ attacker: knight, toggles: { swashbuckler: true } })).ok).toBe(false)
  })

  it('bows use DEX to hit and to damage, for every class', () => {
    const bow = makeWeapon({ name: 'Bow', kind: 'bow', damage: 'd6' })
    const mage = fighter({ class: 'magic-user', ...strong, weapons: [bow] })
    expect(bonus(attack({ attacker: mage }))).toBe(2)
    expect(dmgBonus(attack({ attacker: mage }))).toBe(2)
  })

  it('great bows use STR to hit and to damage', () => {
    const gb = makeWeapon({ name: 'Great bow', kind: 'great-bow', damage: 'd8' })
    expect(bonus(attack({ attacker: fighter({ ...strong, weapons: [gb] }) }))).toBe(3)
    expect(dmgBonus(attack({ attacker: fighter({ ...strong, weapons: [gb] }) }))).toBe(3)
  })

  it('a javelin is thrown unless the player says melee', () => {
    const javelin = makeWeapon({ name: 'Javelin', kind: 'thrown', damage: 'd6' })
    expect(prepared(attack({ attacker: fighter({ weapons: [javelin] }) })).mode).toBe('ranged')
    expect(prepared(attack({ attacker: fighter({ weapons: [javelin] }), mode: 'melee' })).mode).toBe('melee')
  })

  it('thrown weapons use DEX to hit and damage by class', () => {
    const spear = makeWeapon({ name: 'Spear', kind: 'spear', damage: 'd6', throwable: true })
    const decl = attack({ attacker: fighter({ ...strong, weapons: [spear] }), mode: 'ranged' })
    expect(bonus(decl)).toBe(2)
    expect(dmgBonus(decl)).toBe(3)
  })

  it('crossbows add no ability bonus unless the room says so', () => {
    const xbow = makeWeapon({ name: 'Crossbow', kind: 'crossbow', damage: 'd6' })
    expect(bonus(attack({ attacker: fighter({ ...strong, weapons: [xbow] }) }))).toBe(0)
    const p = prepareAttack(attack({ attacker: fighter({ ...strong, weapons: [xbow] }) }), {
      dexForCrossbowsAndFirearms: true,
    })
    expect(p.ok && p.value.modifier).toBe(2)
  })

  it('missiles get +1 at short range and -1 at long range', () => {
    const bow = makeWeapon({ name: 'Bow', kind: 'bow', damage: 'd6' })
    const archer = fighter({ weapons: [bow] })
    expect(bonus(attack({ attacker: archer, toggles: { 'short-range': true } }))).toBe(1)
    expect(bonus(attack({ attacker: archer, toggles: { 'long-range': true } }))).toBe(-1)
    expect(prepareAttack(attack({ toggles: { 'short-range': true } }))).toEqual({
      ok: false,
      error: 'Short and long range apply only to missile attacks.',
    })
  })
})

describe('situational modifiers', () => {
  const m = (toggles: Toggles, over: Partial<AttackDeclaration> = {}) =>
    prepared(attack({ toggles, ...over }))

  it('mounted attackers get +1 against foot, and foot attackers -1 against riders', () => {
    expect(m({}, { attacker: fighter({ mounted: true }) }).modifier).toBe(1)
    expect(m({}, { defender: foe({ mounted: true }) }).modifier).toBe(-1)
    expect(m({ 'attacker-mounted': true, 'defender-mounted': true }).modifier).toBe(0)
  })

  it('a polearm or long spear cancels the mounted bonus and penalty', () => {
    const pike = makeWeapon({ name: 'Pike', kind: 'polearm', damage: 'd8' })
    expect(m({}, { attacker: fighter({ weapons: [pike] }), defender: foe({ mounted: true }) }).modifier).toBe(
      0,
    )
    expect(m({}, { attacker: fighter({ mounted: true }), defender: foe({ weapons: [pike] }) }).modifier).toBe(
      0,
    )
  })

  it('high ground is +1 and low ground -1', () => {
    expect(m({ 'high-ground': true }).modifier).toBe(1)
    expect(m({ 'low-ground': true }).modifier).toBe(-1)
  })

  it('surrounding is +1 and a third attacker gets past the shield', () => {
    const shielded = foe({ shield: true })
    expect(m({ surrounding: true }, { defender: shielded }).modifier).toBe(1)
    expect(m({ surrounding: true, 'shield-engaged': true }, { defender: shielded }).armorClass).toBe(5)
    expect(m({ surrounding: true }, { defender: shielded }).armorClass).toBe(4)
  })

  it('flanking is +1 with no shield and no DEX for the target', () => {
    const p = m({ flanking: true }, { defender: foe({ shield: true, dex: 18 }) })
    expect(p.modifier).toBe(1)
    expect(p.armorClass).toBe(5)
  })

  it('an attack from behind or by surprise is +2 with no shield and no DEX', () => {
    const p = m({ 'from-behind': true }, { defender: foe({ shield: true, dex: 18 }) })
    expect(p.modifier).toBe(2)
    expect(p.armorClass).toBe(5)
  })

  it('the round after an attack from behind, the attacker has Advantage and the target Disadvantage', () => {
    expect(m({ 'behind-second-round': true }).roll).toBe('advantage')
    expect(m({ 'surprised-second-round': true }).roll).toBe('disadvantage')
    expect(resolved(attack({ toggles: { 'behind-second-round': true } }), [3, 15]).natural).toBe(15)
    expect(resolved(attack({ toggles: { 'surprised-second-round': true } }), [3, 15]).natural).toBe(3)
    expect(resolveAttack(attack({ toggles: { florentine: true } }), { d20: 12 }).ok).toBe(false)
  })

  it('a stationary target gets no DEX bonus to AC', () => {
    expect(m({ 'defender-stationary': true }, { defender: foe({ dex: 18 }) }).armorClass).toBe(5)
  })

  it('parrying and withdrawing each give the target +2 defense; the withdrawing attacker is at -2', () => {
    expect(m({ 'defender-parrying': true }).armorClass).toBe(3)
    expect(m({ 'defender-withdrawing': true }).armorClass).toBe(3)
    expect(m({ withdrawing: true }).modifier).toBe(-2)
  })

  it('parting shots are +2 and ignore the fleeing shield; pursuit is +2', () => {
    const p = m({ 'parting-shot': true }, { defender: foe({ shield: true }) })
    expect(p.modifier).toBe(2)
    expect(p.armorClass).toBe(5)
    expect(m({ pursuing: true }).modifier).toBe(2)
  })

  it('cover is -2, -4 or -6, one at a time', () => {
    expect(m({ 'cover-25': true }).modifier).toBe(-2)
    expect(m({ 'cover-50': true }).modifier).toBe(-4)
    expect(m({ 'cover-75': true }).modifier).toBe(-6)
    expect(prepareAttack(attack({ toggles: { 'cover-25': true, 'cover-75': true } })).ok).toBe(false)
  })

  it('Florentine fighting rolls with Advantage and gives +1 AC against melee', () => {
    const two = fighter({ weapons: [sword, makeWeapon({ name: 'Dagger', damage: 'd4', size: 'small' })] })
    expect(m({ florentine: true }, { attacker: two }).roll).toBe('advantage')
    expect(m({ 'defender-florentine': true }).armorClass).toBe(4)
    expect(prepareAttack(attack({ toggles: { florentine: true } })).ok).toBe(false)
  })
})

describe('charges, set spears and lances', () => {
  it('a charge is +2 and double damage on the first attack only', () => {
    const first = prepared(attack({ toggles: { charging: true } }))
    expect(first.modifier).toBe(2)
    expect(first.damage?.multiplier).toBe(2)
    const second = prepared(attack({ toggles: { charging: true }, attackNumber: 2 }))
    expect(second.modifier).toBe(0)
    expect(second.damage?.multiplier).toBe(1)
  })

  it('a charging swashbuckler loses the DEX bonus to hit', () => {
    const pirate = fighter({ class: 'pirate', armor: 'light', dex: 18 })
    expect(
      prepared(attack({ attacker: pirate, toggles: { charging: true, swashbuckler: true } })).modifier,
    ).toBe(2)
  })

  it('a charging target gets no DEX bonus to AC', () => {
    expect(
      prepared(attack({ defender: foe({ dex: 18 }), toggles: { 'defender-charging': true } })).armorClass,
    ).toBe(5)
  })

  it('double damage doubles the whole total: d6+1 showing 4 does 10', () => {
    const r = resolved(attack({ toggles: { charging: true } }), 15)
    const d = r.damage && rollDamage(r.damage, [4])
    expect(d?.ok && d.value.total).toBe((4 + 1) * 2)
  })

  it('a room can double the dice only', () => {
    const r = resolveAttack(attack({ toggles: { charging: true } }), { d20: 15 }, { doubleDamage: 'dice' })
    const spec = r.ok ? r.value.damage : null
    const d = spec ? rollDamage(spec, [4]) : null
    expect(d?.ok && d.value.total).toBe(4 * 2 + 1)
  })

  it('a set spear is +2 and double damage', () => {
    const spear = makeWeapon({ name: 'Spear', kind: 'spear', damage: 'd6' })
    const p = prepared(attack({ attacker: fighter({ weapons: [spear] }), toggles: { 'set-spear': true } }))
    expect(p.modifier).toBe(2)
    expect(p.damage?.multiplier).toBe(2)
    expect(prepareAttack(attack({ toggles: { 'set-spear': true } })).ok).toBe(false)
  })

  it('a charging lance does 2d6 x 2 to man-sized foes and 3d6 x 2 to large ones', () => {
    const knight = fighter({
      mounted: true,
      weapons: [makeWeapon({ name: 'Lance', kind: 'lance', damage: 'd8' })],
    })
    const man = prepared(attack({ attacker: knight, toggles: { charging: true } })).damage
    expect(man?.dice).toEqual({ count: 2, sides: 6, bonus: 0 })
    expect(man?.multiplier).toBe(2)
    const big = prepared(
      attack({ attacker: knight, defender: foe({ size: 'large' }), toggles: { charging: true } }),
    ).damage
    expect(big?.dice.count).toBe(3)
  })

  it('charging horns or tusks strike for double damage', () => {
    const bull = makeSheet({
      role: 'monster',
      class: 'monster',
      weapons: [makeWeapon({ name: 'Horns', kind: 'horns', damage: 'd8' })],
    })
    expect(prepared(attack({ attacker: bull, toggles: { charging: true } })).damage?.multiplierRule).toMatch(
      /horns/,
    )
  })
})

describe('untrained weapons, backstab and maneuvers', () => {
  it('an untrained weapon attacks as a Normal Man with d3, d4 or d6 by size', () => {
    const axe = makeWeapon({
      name: 'Great axe',
      kind: 'two-handed',
      damage: 'd10',
      trained: false,
      size: 'large',
    })
    const p = prepared(attack({ attacker: fighter({ str: 18, weapons: [axe] }) }))
    expect(p.target).toBe(20 - 5)
    expect(p.damage?.dice).toEqual({ count: 1, sides: 6, bonus: 0 })
    expect(p.modifier).toBe(1)
  })

  it('a backstab is a surprise attack; only the first attack keeps the thief bonus', () => {
    const thief = fighter({ class: 'thief', dex: 18 })
    expect(prepared(attack({ attacker: thief, toggles: { backstab: true } })).modifier).toBe(3 + 2)
    expect(prepared(attack({ attacker: thief, toggles: { backstab: true }, attackNumber: 2 })).modifier).toBe(
      2,
    )
    expect(prepareAttack(attack({ toggles: { backstab: true } }))).toEqual({
      ok: false,
      error: 'Only thieves backstab.',
    })
  })

  it('disarming needs one-handed weapons on both sides and does no damage', () => {
    const armed = foe({ weapons: [sword] })
    const r = resolved(attack({ defender: armed, maneuver: 'disarm' }), 18)
    expect(r.hit).toBe(true)
    expect(r.damage).toBeNull()
    expect(prepareAttack(attack({ maneuver: 'disarm' })).ok).toBe(false)
  })

  it('dismounting needs a polearm and a rider', () => {
    const pole = fighter({ weapons: [makeWeapon({ name: 'Bill', kind: 'polearm', damage: 'd8' })] })
    expect(prepareAttack(attack({ attacker: pole, maneuver: 'dismount' })).ok).toBe(false)
    expect(
      prepareAttack(attack({ attacker: pole, defender: foe({ mounted: true }), maneuver: 'dismount' })).ok,
    ).toBe(true)
  })

  it('a whip entangles a foe of ogre size or smaller', () => {
    const whip = fighter({ weapons: [makeWeapon({ name: 'Whip', kind: 'whip', damage: 'd2' })] })
    expect(
      prepareAttack(attack({ attacker: whip, defender: foe({ size: 'large' }), maneuver: 'entangle' })).ok,
    ).toBe(true)
    expect(
      prepareAttack(attack({ attacker: whip, defender: foe({ size: 'huge' }), maneuver: 'entangle' })).ok,
    ).toBe(false)
  })

  it('refuses a bow in melee and a sword at range', () => {
    const bow = makeWeapon({ name: 'Bow', kind: 'bow', damage: 'd6' })
    expect(prepareAttack(attack({ attacker: fighter({ weapons: [bow] }), mode: 'melee' }))).toEqual({
      ok: false,
      error: 'Bow cannot strike in melee.',
    })
    expect(prepareAttack(attack({ mode: 'ranged' }))).toEqual({
      ok: false,
      error: 'Sword cannot be used at range.',
    })
  })

  it('refuses a die that is not a d20 face', () => {
    expect(resolveAttack(attack(), { d20: 21 }).ok).toBe(false)
    expect(resolveAttack(attack(), { d20: 0 }).ok).toBe(false)
  })

  it('the breakdown lists each die and each modifier with its rule', () => {
    const r = resolved(attack({ attacker: fighter({ str: 18 }), toggles: { 'high-ground': true } }), 12)
    expect(r.breakdown).toContainEqual({ label: 'd20', value: 12 })
    expect(r.breakdown).toContainEqual({ label: 'High ground', value: 1, rule: 'High Ground' })
    expect(r.breakdown.find((l) => l.label.startsWith('STR bonus'))?.value).toBe(3)
    expect(r.total).toBe(16)
  })
})

describe('Florentine weapons and firing into melee', () => {
  const dagger = makeWeapon({ name: 'Dagger', damage: 'd4', size: 'small' })
  const pair = fighter({ weapons: [sword, dagger] })

  it('with a sword and a dagger, a d2 says which one hit, then that one rolls damage', () => {
    const decl = attack({ attacker: pair, toggles: { florentine: true } })
    expect(resolveAttack(decl, { d20: [15, 3] }).ok).toBe(false)
    const r = resolveAttack(decl, { d20: [15, 3], whichWeapon: 2 })
    expect(r.ok && r.value.damage?.dice).toEqual({ count: 1, sides: 4, bonus: 0 })
    const main = resolveAttack(decl, { d20: [15, 3], whichWeapon: 1 })
    expect(main.ok && main.value.damage?.dice).toEqual({ count: 1, sides: 6, bonus: 1 })
  })

  it('two weapons of the same size need no d2', () => {
    const twins = fighter({ weapons: [sword, { ...sword, name: 'Second sword' }] })
    expect(
      resolveAttack(attack({ attacker: twins, toggles: { florentine: true } }), { d20: [15, 3] }).ok,
    ).toBe(true)
  })

  it('elves fire into melee without risk; others prompt the GM', () => {
    const bow = makeWeapon({ name: 'Bow', kind: 'bow', damage: 'd6' })
    const elf = fighter({ race: 'elf', weapons: [bow] })
    const man = fighter({ weapons: [bow] })
    expect(resolved(attack({ attacker: elf, toggles: { 'into-melee': true } }), 15).prompts).toEqual([])
    expect(resolved(attack({ attacker: man, toggles: { 'into-melee': true } }), 15).prompts[0]?.table).toBe(
      'friendly-fire',
    )
  })

  it('a surprised target is told it cannot return the attack this round', () => {
    expect(prepared(attack({ toggles: { 'from-behind': true } })).notes.join(' ')).toMatch(/no return attack/)
  })
})

describe('monsters without an attack', () => {
  it('are refused rather than given empty hands', () => {
    expect(prepareAttack({ attacker: foe({ name: 'Ooze' }), defender: fighter() })).toEqual({
      ok: false,
      error: 'Ooze has no attack listed: add a weapon or natural attack to the sheet.',
    })
  })
})

describe('the breakdown of the defense', () => {
  it('lists the target’s armor, shield and DEX with their rules', () => {
    const r = resolved(attack({ defender: foe({ shield: true, dex: 16 }) }), 10)
    expect(r.breakdown).toContainEqual({ label: 'AC: shield', value: -1, rule: 'See Shields' })
    expect(r.breakdown).toContainEqual({
      label: 'AC: DEX bonus lowers AC',
      value: -2,
      rule: 'COMBAT: DEX bonuses',
    })
  })

  it('a maneuver’s hit prompts its follow-up roll in words', () => {
    const r = resolved(attack({ defender: foe({ weapons: [sword] }), maneuver: 'disarm' }), 18)
    expect(r.prompts[0]).toMatchObject({ table: 'maneuver', rule: 'Disarm' })
  })
})
