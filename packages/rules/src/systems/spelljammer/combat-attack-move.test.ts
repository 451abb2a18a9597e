import { describe, expect, it } from 'vitest'
import { segmentFact } from './combat-casting.ts'
import { afterLastAttack } from './resolve-parts.ts'
import * as spelljammer from './rules.ts'

// DEX 10, TMR 40: 1/20th TMR is 2 ft a segment.
const sheet = { ...spelljammer.makeSheet(), dex: 10, tmr: 40 }
const lastOn = (segment: number) => ({
  choice: 'weapon-0',
  toggles: [],
  round: [segmentFact(segment), 'declared-movement:attack-and-move', 'last-attack'],
})
const dice = (...faces: number[]) => {
  const asked: number[] = []
  const roll = (sides: number) => {
    asked.push(sides)
    return faces.shift() ?? 1
  }
  return { asked, roll }
}

describe('attack and move after the last attack', () => {
  it('on 8 with a roll of 35 (a 4x DEX roll) moves from 8 - 4 = 4, 2 ft a segment: 8 ft', () => {
    const d = dice(35)
    const r = afterLastAttack('Mira', sheet, lastOn(8), d.roll)
    expect(d.asked).toEqual([100])
    expect(r?.ok && [r.value.moving, r.value.lines.map((l) => l.value)]).toEqual([{ from: 4 }, [35, 4, 8]])
    expect(r?.ok && r.value.words).toBe(
      'Attack and move (last attack on 8, DEX roll 35 vs DEX 10): 4x DEX roll: move from 4. Mira moves 2 ft a segment (1/20th TMR), 8 ft this round, and attacks no more.',
    )
  })

  it('on 3 with a 4x DEX roll cannot move: 3 - 4 = -1', () => {
    const r = afterLastAttack('Mira', sheet, lastOn(3), dice(35).roll)
    expect(r?.ok && r.value.moving).toEqual({})
  })

  it('on 12, before 10, moves from 10 without a roll; on 1, no movement and no roll', () => {
    const early = dice()
    const r = afterLastAttack('Mira', sheet, lastOn(12), early.roll)
    expect(r?.ok && [r.value.moving, r.value.lines.at(-1)?.value]).toEqual([{ from: 10 }, 20])
    const late = dice()
    const one = afterLastAttack('Mira', sheet, lastOn(1), late.roll)
    expect(one?.ok && one.value.moving).toEqual({})
    expect([...early.asked, ...late.asked]).toEqual([])
  })

  it('says nothing of an attack that is not the last, or without attack and move declared', () => {
    const notLast = { ...lastOn(8), round: [segmentFact(8), 'declared-movement:attack-and-move'] }
    expect(afterLastAttack('Mira', sheet, notLast, dice(35).roll)).toBeNull()
    const usual = { ...lastOn(8), round: [segmentFact(8), 'last-attack'] }
    expect(afterLastAttack('Mira', sheet, usual, dice(35).roll)).toBeNull()
  })
})
