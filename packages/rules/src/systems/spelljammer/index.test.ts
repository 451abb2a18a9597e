import { describe, expect, it } from 'vitest'
import { spelljammerSystem } from './index.ts'
import {
  ATTACK_TOGGLES,
  archer,
  declareRound,
  ROUND_OPTIONS,
  type RoundDeclaration,
  RULE,
  type Stance,
} from './rules.ts'

describe('the spelljammer system', () => {
  it('registers as spelljammer with the segment countdown turn model', () => {
    expect([spelljammerSystem.id, spelljammerSystem.info.rounds]).toEqual(['spelljammer', 'order'])
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

describe('the round options', () => {
  it('each name a rule of the text and a value declareRound accepts', () => {
    const rules = new Set<string>(Object.values(RULE))
    const sheet = archer({ attacksPerRound: 3 })
    for (const option of ROUND_OPTIONS) {
      expect(rules.has(option.rule), option.id).toBe(true)
      const stance =
        option.field === 'stance'
          ? ({ kind: option.value, sacrifice: 10 } as Stance)
          : { kind: 'attack' as const }
      const declaration: RoundDeclaration = {
        action: stance.kind === 'attack' || stance.kind === 'defending' ? 'attack' : 'none',
        weaponIndex: 0,
        stance,
        movement: 'normal',
        ...(option.field === 'stance' ? {} : { [option.field]: option.value }),
      }
      expect(declareRound(sheet, declaration).ok, option.id).toBe(true)
    }
  })
})
