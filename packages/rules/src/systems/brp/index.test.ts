import { describe, expect, it } from 'vitest'
import { brpSystem, DEFENSE_MODIFIERS } from './index.ts'

describe('the brp rule system', () => {
  it('registers as brp with the DEX-rank turn model', () => {
    expect(brpSystem.id).toBe('brp')
    expect(brpSystem.info.rounds).toBe('order')
    expect(brpSystem.info.name).toMatch(/Basic Roleplaying/)
  })

  it('gives every modifier a label, its effect in words and the rule it comes from', () => {
    for (const m of [...brpSystem.attackModifiers, ...DEFENSE_MODIFIERS]) {
      expect(m.label, m.id).not.toBe('')
      expect(m.effect, m.id).not.toBe('')
      expect(m.rule, m.id).toMatch(/^5\.\d+ /)
    }
  })

  it('parses its own defaults into a sheet, and names a bad field', () => {
    expect(brpSystem.sheet.parse({}).ok).toBe(true)
    expect(brpSystem.sheet.parse({ siz: -1 })).toEqual({
      ok: false,
      error: 'SIZ must be a whole number from 1 to 100; got -1.',
    })
  })
})
