/**
 * The odds a phone shows before a roll are what resolving rolls, for every system's offered attacks from
 * its default sheets: counted over every face (test/support/odds-check.ts), not taken from the rules' odds.
 */
import { previewDeclared, resolveDeclared, SYSTEM_IDS, SYSTEMS } from '@fray/rules'
import { describe, expect, it } from 'vitest'
import { fighter } from '../../packages/rules/src/systems/test-support.ts'
import { oddsMisstated } from '../support/odds-check.ts'

/** Each offered attack of a default character on a default monster: those whose resolution says `hit`. */
function attacksOf(system: (typeof SYSTEM_IDS)[number]) {
  const { combat } = SYSTEMS[system]
  const attacker = fighter(system, 'mira', 'pc', {}, { hp: 20 })
  const target = fighter(system, 'ogre', 'foe', {}, { hp: 20 })
  const choices = combat.choices(attacker)
  const offered = choices.ok ? choices.value.filter((c) => !c.self && !c.aid && !c.waits) : []
  return offered
    .map((c) => ({ choice: c.id, toggles: [] as string[] }))
    .filter((declared) => {
      const resolved = resolveDeclared(combat, attacker, target, declared, null, (sides) => sides)
      return resolved.ok && resolved.value.hit !== undefined
    })
    .map((declared) => ({ combat, attacker, target, declared }))
}

describe.each(SYSTEM_IDS)('the odds of %s', (system) => {
  it('are the share of faces its resolution hits on, for each attack offered', () => {
    const attacks = attacksOf(system)
    // Every system says whether its weapon attack hit: the check has something to count.
    expect(attacks.length).toBeGreaterThan(0)
    for (const { combat, attacker, target, declared } of attacks)
      expect(oddsMisstated(combat, attacker, target, declared), declared.choice).toBeNull()
  })

  it('are caught one face off (a planted bug in the preview)', () => {
    for (const { combat, attacker, target, declared } of attacksOf(system)) {
      const shown = previewDeclared(combat, attacker, target, declared)
      if (!shown.ok) throw new Error(shown.error)
      const off = shown.value.chance >= 0.01 ? -0.01 : 0.01
      const planted = {
        ...combat,
        preview: () => ({ ...shown, value: { ...shown.value, chance: shown.value.chance + off } }),
      }
      expect(oddsMisstated(planted, attacker, target, declared), declared.choice).toMatch(
        /^the preview says [\d.]+% .*; resolving hits /,
      )
    }
  })
})
