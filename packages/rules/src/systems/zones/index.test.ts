import { describe, expect, it } from 'vitest'
import { ATTACK_MODIFIERS, TOGGLE_IDS, zonesSystem } from './index.ts'

describe('the zones rule system', () => {
  it('registers as zones with the faction-alternation turn model', () => {
    expect(zonesSystem.id).toBe('zones')
    expect(zonesSystem.info.rounds).toBe('factions')
  })

  it('builds a sheet from an empty form and names a bad field', () => {
    expect(zonesSystem.sheet.parse({}).ok).toBe(true)
    expect(zonesSystem.sheet.parse({ health: -1 })).toEqual({
      ok: false,
      error: 'Health must be at least 1.',
    })
  })

  it('offers every attack toggle once, each with its effect and rule', () => {
    expect(zonesSystem.attackModifiers.map((m) => m.id)).toEqual([...TOGGLE_IDS])
    for (const m of ATTACK_MODIFIERS) {
      expect(m.effect.length).toBeGreaterThan(0)
      expect(m.rule.length).toBeGreaterThan(0)
    }
  })
})
