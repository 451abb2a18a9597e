import { describe, expect, it } from 'vitest'
import { previewDeclared } from '../../engine/plan.ts'
import { fighter } from '../test-support.ts'
import { toggle } from './modifiers.ts'
import { odndCombat as rules } from './room-combat.ts'

/** Mira (THAC0 19) with a sword and a bow, against a goblin of AC 6: 13 to hit, 8 faces of 20. */
const mira = fighter('odnd', 'mira', 'pc', {
  name: 'Mira',
  weapons: [
    { name: 'Sword', kind: 'one-handed', damage: 'd6+1' },
    { name: 'Bow', kind: 'bow', damage: 'd6' },
  ],
})
const goblin = fighter('odnd', 'g1', 'foe', { name: 'Goblin', role: 'monster', class: 'monster', ac: 6 })
const preview = (choice: string, ...toggles: string[]) =>
  previewDeclared(rules, mira, goblin, { choice, toggles })
const chance = (choice: string, ...toggles: string[]) => {
  const p = preview(choice, ...toggles)
  return p.ok ? p.value.chance : p.error
}

describe('toggles from a request', () => {
  it('reads a list of ids', () => {
    // A request's toggles are a list of ids (the protocol's Declared); none is the plain attack.
    expect(chance('w1')).toBe(8 / 20)
    // Charging +2 and high ground +1: 10 to hit, 11 faces of 20.
    expect(chance('w1', 'charging', 'high-ground')).toBe(11 / 20)
  })

  it('refuses an unknown modifier in words', () => {
    expect(preview('w1', 'sneaky')).toEqual({ ok: false, error: '"sneaky" does not apply to this attack.' })
  })

  it('knows its ids', () => {
    expect(rules.toggles(mira, goblin, 'w2').map((t) => t.id)).toContain('cover-50')
    expect(chance('w2', 'cover-50')).toBe(4 / 20)
    expect(preview('w2', 'cover-100')).toEqual({
      ok: false,
      error: '"cover-100" does not apply to this attack.',
    })
    expect(toggle('cover-50').effect).toBe('-4 to hit')
  })
})
