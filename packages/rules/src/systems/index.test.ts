import { describe, expect, it } from 'vitest'
import { SYSTEMS } from './index.ts'
import { SYSTEM_IDS } from './info.ts'
import { fighter } from './test-support.ts'

describe('the rule system registry', () => {
  it('has every system under its own id, each with a sheet whose defaults parse', () => {
    for (const id of SYSTEM_IDS) {
      const system = SYSTEMS[id]
      expect(system.id).toBe(id)
      expect(system.sheet.fields.length).toBeGreaterThan(0)
      const defaults = Object.fromEntries(system.sheet.fields.map((f) => [f.key, f.default]))
      const parsed = system.sheet.parse(defaults)
      expect(parsed.ok, `${id}: ${parsed.ok ? '' : parsed.error}`).toBe(true)
    }
  })

  it('answers bad sheet input with an error that names the field', () => {
    for (const id of SYSTEM_IDS) {
      const system = SYSTEMS[id]
      const numeric = system.sheet.fields.find((f) => f.kind === 'number')
      if (!numeric) continue
      const defaults = Object.fromEntries(system.sheet.fields.map((f) => [f.key, f.default]))
      const parsed = system.sheet.parse({ ...defaults, [numeric.key]: 'lots' })
      expect(parsed.ok, id).toBe(false)
      if (!parsed.ok)
        expect(parsed.error.toLowerCase(), id).toContain(numeric.label.toLowerCase().split(' ')[0])
    }
  })

  it('marks a few of each attack’s situations as applying often, for a form to show at once', () => {
    for (const id of SYSTEM_IDS) {
      const { combat } = SYSTEMS[id]
      const me = fighter(id, 'mira', 'pc')
      const foe = fighter(id, 'ogre', 'foe')
      const choices = combat.choices(me)
      if (!choices.ok) throw new Error(`${id}: ${choices.error}`)
      for (const choice of choices.value.filter((c) => !c.self && !c.aid)) {
        const offered = combat.toggles(me, foe, choice.id)
        const often = offered.filter((t) => t.often)
        // A long list is never folded whole, nor shown whole: between one and four stand out.
        if (offered.length > 4) expect(often.length, `${id} ${choice.label}`).toBeGreaterThan(0)
        expect(often.length, `${id} ${choice.label}`).toBeLessThanOrEqual(4)
      }
    }
  })
})
