/**
 * The wording check of the fight simulator (`wording.ts`) flags the log lines #54 found read wrong, and
 * passes lines that read right: "Log lines a player reads wrong: 'Kestrel rolled 1d6: 7 (5)'; 'Captain Vex
 * rolled 1d10 + 1d8: 10 (5, 2)' (10 is the first segment, not a sum); 'all 1 attacks'; 'Attacker's
 * sword-short takes damage' (an id)."
 */
import type { LogEntry } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import { entryFlaw, rollFlaw, sumFlaw, textFlaw } from './wording.ts'

const roll = (by: string, notation: string, faces: number[], total: number, detail?: string): LogEntry => ({
  id: 'e1',
  at: 1,
  by,
  notation,
  faces,
  total,
  source: 'crypto',
  ...(detail ? { detail } : {}),
})

describe('the wording check flags #54’s lines', () => {
  it('"Kestrel rolled 1d6: 7 (5)": a total the faces do not make', () => {
    expect(rollFlaw(roll('Kestrel', '1d6', [5], 7))).toMatch(/1d6 and its faces make 5, not 7/)
  })
  it('"Captain Vex rolled 1d10 + 1d8: 10 (5, 2)": the first segment, not a sum', () => {
    expect(rollFlaw(roll('Captain Vex', '1d10 + 1d8', [5, 2], 10))).toMatch(
      /1d10 \+ 1d8 and its faces make 7, not 10/,
    )
  })
  it('dice rolled apart that state one total, or totals their faces do not make', () => {
    expect(rollFlaw(roll('Captain Vex', '1d10+5, 1d8+5', [5, 2], 10))).toMatch(/2 rolls apart, no totals/)
    expect(rollFlaw({ ...roll('Vex', '1d10+5, 1d8+5', [5, 2], 10), totals: [10, 8] })).toMatch(
      /1d8\+5 and its faces make 7, not 8/,
    )
  })
  it('"all 1 attacks"', () => {
    expect(textFlaw('Sela has made all 1 attacks of the round (one a round).')).toMatch(/singular/)
  })
  it('"Attacker\'s sword-short takes damage": an id', () => {
    expect(textFlaw("Attacker's sword-short takes damage")).toMatch(/"sword-short" is an id/)
    expect(
      entryFlaw({
        ...roll('Mira', 'd100 + d100', [40, 7], 40, 'Mira hits'),
        kind: 'attack',
        lines: [{ label: "Attacker's sword-short takes damage", value: -2 }],
      }),
    ).toMatch(/sword-short/)
  })
  it('a program value, a snake id, a uuid, and a written sum that does not add up', () => {
    expect(textFlaw('Mira hits undefined')).toMatch(/program value/)
    expect(textFlaw('Uses first_aid')).toMatch(/id/)
    expect(textFlaw('By 3f2a9c1e-77aa-4b1c')).toMatch(/id/)
    expect(sumFlaw('Initiative: d6 shows 5 + DEX bonus 2 = 8')).toMatch(/adds up to 7, not 8/)
    expect(sumFlaw('Morale: 2d6 (5, 3) + 1 = 10')).toMatch(/adds up to 9, not 10/)
  })
})

describe('the wording check passes lines that read right', () => {
  it.each([
    roll('Kestrel', '1d6+2', [5], 7, 'Initiative: d6 5 + DEX bonus 2'),
    roll('Tomas', '2d6+1', [5, 2], 8, 'Morale: 2d6 (5, 2) + 1 = 8'),
    roll('The GM', '3d6', [2, 1, 1], 4, 'Wandering monster: 3d6 (2, 1, 1) = 4'),
    roll('Goblin 1', '1d6-1', [1], 0),
    { ...roll('Captain Vex', '1d10+5, 1d8+5', [5, 2], 10), totals: [10, 7] },
  ])('$by rolled $notation: $total', (e) => {
    expect(entryFlaw(e)).toBeNull()
  })
  it.each([
    'Sela has made all 2 attacks of the round (two a round).',
    'Sela has made her 1 attack of the round.',
    "Attacker's Sword, Short takes damage",
    'A two-handed sword at short-range',
    'Stunned (1 round)',
    'd6 shows 5 + DEX bonus 2 = 7',
    '3d6 (2, 1, 1) = 4',
    'Goblin 1 turns their back and moves away up to 40 ft',
    'Rat 1 hit points',
    'Mira: dead at -1 hit points',
    'The GM moved Goblin 1 from 2 to 1 hit points (-1).',
    "the foes' morale after the first death: 2d6 = 7 (GM: does it hold?)",
    'Tomas retreats and re-engages next round',
  ])('%s', (text) => {
    expect(textFlaw(text)).toBeNull()
  })
})

it('the wording check flags "1 rounds"', () => {
  expect(textFlaw('Stunned for 1 rounds')).toMatch(/singular/)
})
