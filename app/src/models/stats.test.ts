import { SYSTEM_IDS, SYSTEMS } from '@fray/rules'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadRules } from './rules.ts'
import { sheetSaves, startingSheet } from './stats.ts'
import type { Combatant } from './table.ts'

// The screens load a room's rules before these run; so do the tests.
beforeAll(() => Promise.all(SYSTEM_IDS.map(loadRules)))

const goblin = (n: number, hp: number, maxHp = hp): Combatant => ({
  id: `g${n}`,
  name: `Goblin ${n}`,
  hp,
  maxHp,
  side: 'foe',
  seatId: null,
})

describe('the GM’s sheet edits', () => {
  it('start from the hit points the GM typed, not the sheet’s default', () => {
    // osr's sheet defaults to 8 hit points; the GM added goblins with 5.
    expect(SYSTEMS.osr.sheet.fields.find((f) => f.key === 'hitPoints')?.default).toBe(8)
    expect(startingSheet('osr', goblin(1, 5)).hitPoints).toBe(5)
    expect(startingSheet('zones', goblin(1, 3, 4)).health).toBe(4)
  })

  it('keep each goblin’s hit points when only its armour and weapon change', () => {
    const g1 = goblin(1, 3, 5)
    const values = { ...startingSheet('osr', g1), armor: 'leather' }
    const saves = sheetSaves('osr', [g1, goblin(2, 5)], values)
    expect(saves.ok && saves.value.map((s) => [s.id, s.maxHp, s.sheet.name, s.sheet.armor])).toEqual([
      ['g1', 5, 'Goblin 1', 'leather'],
      ['g2', 5, 'Goblin 2', 'leather'],
    ])
  })

  it('give the whole group new hit points when the GM changes them', () => {
    const values = { ...startingSheet('osr', goblin(1, 5)), hitPoints: 7 }
    const saves = sheetSaves('osr', [goblin(1, 5), goblin(2, 4, 6)], values)
    expect(saves.ok && saves.value.map((s) => [s.id, s.maxHp, s.sheet.hitPoints])).toEqual([
      ['g1', 7, 7],
      ['g2', 7, 7],
    ])
  })

  it('make a monster of an odnd monster, not a human fighter PC', () => {
    const sheet = startingSheet('odnd', goblin(1, 4))
    expect([sheet.role, sheet.class, sheet.race]).toEqual(['monster', 'monster', 'other'])
    const pc = startingSheet('odnd', { ...goblin(1, 4), name: 'Wren', side: 'pc' })
    expect([pc.role, pc.class, pc.race]).toEqual(['pc', 'fighter', 'human'])
  })

  it('refuse a sheet the rules cannot read, naming the field', () => {
    const saves = sheetSaves('brp', [goblin(1, 5)], { ...startingSheet('brp', goblin(1, 5)), dex: 'fast' })
    expect(saves).toEqual({ ok: false, error: expect.stringMatching(/DEX/) })
  })
})
