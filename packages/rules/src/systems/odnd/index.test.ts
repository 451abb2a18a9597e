import { describe, expect, it } from 'vitest'
import { type AttackDeclaration, prepareAttack } from './attack.ts'
import { odndSystem } from './index.ts'
import { ATTACK_MODIFIERS, type ToggleId } from './modifiers.ts'
import { makeSheet, makeWeapon, type Sheet } from './sheet.ts'

const sword = makeWeapon({ name: 'Sword' })
const attacker = (over: Partial<Sheet> = {}) => makeSheet({ name: 'A', weapons: [sword], ...over })
const defender = makeSheet({
  name: 'D',
  role: 'monster',
  class: 'monster',
  shield: true,
  dex: 16,
  ac: 5,
  weapons: [sword],
})
const bow = makeWeapon({ name: 'Bow', kind: 'bow', damage: 'd6' })

/** A declaration in which each toggle can apply. */
const CONTEXT: Partial<Record<ToggleId, Partial<AttackDeclaration>>> = {
  'short-range': { attacker: attacker({ weapons: [bow] }) },
  'long-range': { attacker: attacker({ weapons: [bow] }) },
  'into-melee': { attacker: attacker({ weapons: [bow] }) },
  swashbuckler: { attacker: attacker({ class: 'pirate', armor: 'light', dex: 18 }) },
  backstab: { attacker: attacker({ class: 'thief' }) },
  florentine: {
    attacker: attacker({ weapons: [sword, makeWeapon({ name: 'Dagger', damage: 'd4', size: 'small' })] }),
  },
  'set-spear': {
    attacker: attacker({ weapons: [makeWeapon({ name: 'Spear', kind: 'spear', damage: 'd6' })] }),
  },
}

const view = (decl: AttackDeclaration) => {
  const p = prepareAttack(decl)
  if (!p.ok) return p.error
  const { weapon: _w, damage, offhand, ...rest } = p.value
  return JSON.stringify({ ...rest, multiplier: damage?.multiplier, offhand: offhand?.weapon.name })
}

describe('the odnd RuleSystem', () => {
  it('is registered as odnd with side initiative', () => {
    expect(odndSystem.id).toBe('odnd')
    expect(odndSystem.info.rounds).toBe('order')
  })

  it('parses a sheet through the shared interface', () => {
    expect(odndSystem.sheet.parse({ dex: 2 })).toEqual({
      ok: false,
      error: 'Dexterity must be from 3 to 18.',
    })
  })

  it('offers each toggle once, each with a label, an effect and a rule', () => {
    const ids = odndSystem.attackModifiers.map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const t of odndSystem.attackModifiers) {
      expect(t.label).not.toBe('')
      expect(t.effect).not.toBe('')
      expect(t.rule).not.toBe('')
    }
  })

  it.each(ATTACK_MODIFIERS.map((t) => t.id))('toggle %s changes the attack', (id) => {
    const base: AttackDeclaration = { attacker: attacker(), defender, ...CONTEXT[id] }
    const withToggle = view({ ...base, toggles: { [id]: true } })
    expect(withToggle).not.toBe(view(base))
  })
})
