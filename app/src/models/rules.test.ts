import { SYSTEM_INFO } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import { loadRules, rulesOf, withRules } from './rules.ts'

describe('a room’s rules, loaded on their own', () => {
  it('are read only once loaded, and load once for every screen that asks', async () => {
    expect(() => rulesOf('brp')).toThrow(/brp rules were read before they loaded/)
    const [first, second] = await Promise.all([loadRules('brp'), loadRules('brp')])
    expect(first).toBe(second)
    expect(rulesOf('brp')).toBe(first)
    expect(first.info).toBe(SYSTEM_INFO.brp)
    // Another system is not loaded with it.
    expect(() => rulesOf('zones')).toThrow()
  })

  it('load with a part of a screen, so the part can read them at once', async () => {
    const part = await withRules('zones', async () => () => rulesOf('zones').info.name)()
    expect(part()).toBe(SYSTEM_INFO.zones.name)
  })
})
