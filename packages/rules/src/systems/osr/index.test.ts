import { describe, expect, it } from 'vitest'
import { osrSystem, TOGGLE_IDS } from './index.ts'

describe('the osr rule system', () => {
  it('is registered as osr with individual initiative', () => {
    expect(osrSystem.id).toBe('osr')
    expect(osrSystem.info.rounds).toBe('order')
  })

  it('offers every toggle the resolver understands, each once, with its effect and rule', () => {
    expect(osrSystem.attackModifiers.map((m) => m.id).sort()).toEqual([...TOGGLE_IDS].sort())
    for (const m of osrSystem.attackModifiers) {
      expect(m.effect.length).toBeGreaterThan(0)
      expect(m.rule).toMatch(/\(17\.0\.\d+(\.\d+)?\)$/)
    }
  })

  it('parses its own defaults into a sheet', () => {
    expect(osrSystem.sheet.parse({}).ok).toBe(true)
  })
})
