import { describe, expect, it } from 'vitest'
import { ATTACK_TOGGLES, RULE, spelljammerSystem } from './index.ts'

describe('the spelljammer system', () => {
  it('registers as spelljammer with the segment countdown turn model', () => {
    expect([spelljammerSystem.id, spelljammerSystem.turnModel]).toEqual(['spelljammer', 'segment-countdown'])
  })

  it('parses its own defaults', () => {
    expect(spelljammerSystem.sheet.parse({}).ok).toBe(true)
  })

  it('offers every toggle with a unique id, a label, its effect in words and a rule from the text', () => {
    const rules = new Set<string>(Object.values(RULE))
    const ids = spelljammerSystem.attackModifiers.map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const toggle of spelljammerSystem.attackModifiers) {
      expect(toggle.label, toggle.id).not.toBe('')
      expect(toggle.effect, toggle.id).not.toBe('')
      expect(rules.has(toggle.rule), `${toggle.id}: ${toggle.rule}`).toBe(true)
    }
    expect(spelljammerSystem.attackModifiers).toBe(ATTACK_TOGGLES)
  })

  it('says in each toggle’s words the numbers it applies', () => {
    for (const toggle of ATTACK_TOGGLES) {
      const sign = (n: number) => (n > 0 ? `+${n}` : `${n}`)
      if (toggle.sc) expect(toggle.effect, toggle.id).toContain(`${sign(toggle.sc)} SC`)
      if (toggle.def) expect(toggle.effect, toggle.id).toContain(`${sign(toggle.def)} to the target’s DEF`)
      if (toggle.damage) expect(toggle.effect, toggle.id).toContain(`${sign(toggle.damage)} damage`)
    }
  })
})
