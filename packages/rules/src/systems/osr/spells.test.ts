import { describe, expect, it } from 'vitest'
import { attackCanDisrupt, canCast } from './spells.ts'
import { spellDisruption } from './spells-roll.ts'
import { sheet } from './test-support.ts'

const mage = sheet({ name: 'Mage', saveSpells: 15 })

describe('spell casting', () => {
  it('is impossible for a bound or gagged caster, or without a free hand', () => {
    expect(canCast([{ kind: 'gagged-or-bound' }], { handFree: true }).ok).toBe(false)
    expect(canCast([], { handFree: false }).ok).toBe(false)
    expect(canCast([], { handFree: true })).toEqual({ ok: true, value: true })
  })

  it('loses the spell when a caster attacked before acting fails the save', () => {
    expect(spellDisruption(mage, [], 14)).toMatchObject({
      ok: true,
      value: { lost: true, total: 14, target: 15 },
    })
    expect(spellDisruption(mage, [], 15)).toMatchObject({ ok: true, value: { lost: false } })
  })

  it('takes 2 off the save of a shaken caster', () => {
    expect(spellDisruption(mage, [{ kind: 'shaken' }], 16)).toMatchObject({
      ok: true,
      value: { lost: true, total: 14 },
    })
  })

  it('is disrupted by an attack earlier in the round, hit or miss, but never on the same number', () => {
    expect(attackCanDisrupt({ initiative: 5, isSpell: false, delayedUntilJustBefore: false }, 3)).toBe(true)
    expect(attackCanDisrupt({ initiative: 3, isSpell: false, delayedUntilJustBefore: false }, 3)).toBe(false)
    expect(attackCanDisrupt({ initiative: 2, isSpell: false, delayedUntilJustBefore: false }, 3)).toBe(false)
  })

  it('lets two spells released on the same number both succeed, and a rival caster disrupt only by delaying to just before', () => {
    expect(attackCanDisrupt({ initiative: 3, isSpell: true, delayedUntilJustBefore: true }, 3)).toBe(false)
    expect(attackCanDisrupt({ initiative: 5, isSpell: true, delayedUntilJustBefore: false }, 3)).toBe(false)
    expect(attackCanDisrupt({ initiative: 5, isSpell: true, delayedUntilJustBefore: true }, 3)).toBe(true)
  })
})
