import { describe, expect, it } from 'vitest'
import { SYSTEMS } from '../systems/index.ts'
import { fighter } from '../systems/test-support.ts'
import { previewDeclared } from './plan.ts'

/** The number on a character card an attacker must beat, read from the sheet as each text names it. */
describe('the defense a character card shows', () => {
  it('osr and odnd: the armor class on the sheet', () => {
    expect(SYSTEMS.osr.combat.defense(fighter('osr', 'm', 'pc', { name: 'Mira', ac: 15 }))).toBe('AC 15')
    expect(SYSTEMS.odnd.combat.defense(fighter('odnd', 'm', 'pc', { name: 'Mira', ac: 4 }))).toBe('AC 4')
  })

  it('spelljammer: DEF', () => {
    const mira = fighter('spelljammer', 'm', 'pc', { name: 'Mira', def: 35 })
    expect(SYSTEMS.spelljammer.combat.defense(mira)).toBe('DEF 35')
  })

  it('brp: the armor points worn, body armor plus a helmet, and what they cost the wearer’s skills (5.10)', () => {
    const bare = fighter('brp', 'm', 'pc', { name: 'Mira' })
    expect(SYSTEMS.brp.combat.defense(bare)).toBe('No armor')
    // Leather, Hard 2 + Helmet, Light 1.
    const armored = fighter('brp', 'm', 'pc', {
      name: 'Mira',
      armor: [{ armor: 'leather-hard' }, { armor: 'helmet-light' }],
    })
    // What it costs her own rolls goes with it (5.10): hard leather -10% physical, a light helmet -15% perception.
    expect(SYSTEMS.brp.combat.defense(armored)).toBe(
      'Armor 3 AP (physical skills −10%, Listen and Spot −15%)',
    )
    const soft = fighter('brp', 'm', 'pc', { name: 'Mira', armor: [{ armor: 'leather-soft' }] })
    expect(SYSTEMS.brp.combat.defense(soft)).toBe('Armor 1 AP')
  })

  it('zones: the armour value, +1 for a shield, never above 3', () => {
    const light = fighter('zones', 'm', 'pc', { name: 'Mira', armor: 1, shield: true })
    expect(SYSTEMS.zones.combat.defense(light)).toBe('Armour 2')
    const heavy = fighter('zones', 'm', 'pc', { name: 'Mira', armor: 3, shield: true })
    expect(SYSTEMS.zones.combat.defense(heavy)).toBe('Armour 3')
  })
})

/**
 * The lines of an attack's odds that show the target's defense, marked so a room that keeps monsters'
 * defense from players leaves them out: the rest add up to the attacker's own side of the roll.
 */
describe('the target’s defense in the odds', () => {
  const attack = (system: 'osr' | 'odnd' | 'spelljammer' | 'zones', target: Record<string, unknown>) => {
    const rules = SYSTEMS[system].combat
    const mira = fighter(system, 'm', 'pc', { name: 'Mira' })
    const ogre = fighter(system, 'o', 'foe', { name: 'Ogre', ...target })
    const choices = rules.choices(mira)
    if (!choices.ok) throw new Error(choices.error)
    const preview = previewDeclared(rules, mira, ogre, { choice: choices.value[0]?.id ?? '', toggles: [] })
    if (!preview.ok) throw new Error(preview.error)
    return preview.value.lines
  }

  it('odnd: the AC lines and what the d20 needs against it', () => {
    const lines = attack('odnd', { ac: 4 })
    expect(lines.filter((l) => l.defense === 'o').map((l) => l.label)).toEqual([
      'AC: Ogre armor class',
      'Against AC 4, the d20 needs',
    ])
    expect(lines.filter((l) => l.defense === 'o')[0]?.value).toBe(4)
  })

  it('spelljammer: DEF, and the numbers to roll under that follow from it', () => {
    const lines = attack('spelljammer', { def: 35 })
    const marked = lines.filter((l) => l.defense === 'o')
    expect(marked.map((l) => l.value)[0]).toBe(-35)
    expect(marked.map((l) => l.label).slice(1)).toEqual([
      'Roll this or less to hit',
      'Critical on this or less',
      'Grievous on this or less',
    ])
    // What is left is the attacker's own strike chance.
    expect(lines.filter((l) => !l.defense).every((l) => l.value > 0)).toBe(true)
  })

  it('zones: the armour value', () => {
    const lines = attack('zones', { armor: 2 })
    expect(lines.filter((l) => l.defense === 'o').map((l) => [l.label, l.value])).toEqual([
      ['Armour value', 2],
    ])
  })

  it('osr: the AC’s modifiers (the AC itself is in the summary, which a phone then words without it)', () => {
    const ogre = fighter('osr', 'o', 'foe', { name: 'Ogre', ac: 15 })
    const prone = { ...ogre, state: { conditions: [{ kind: 'prone', rounds: 1 }] } }
    const rules = SYSTEMS.osr.combat
    const mira = fighter('osr', 'm', 'pc', { name: 'Mira' })
    const choices = rules.choices(mira)
    if (!choices.ok) throw new Error(choices.error)
    const preview = previewDeclared(rules, mira, prone, { choice: choices.value[0]?.id ?? '', toggles: [] })
    if (!preview.ok) throw new Error(preview.error)
    expect(preview.value.lines.filter((l) => l.defense === 'o').length).toBeGreaterThan(0)
    expect(preview.value.lines.filter((l) => !l.defense).every((l) => !l.label.startsWith('AC'))).toBe(true)
  })
})
