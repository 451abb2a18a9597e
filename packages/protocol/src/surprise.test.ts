import { describe, expect, it } from 'vitest'
import { checkSurprise, surpriseOptions } from './surprise.ts'
import type { TurnCombatant } from './turns.ts'

const mira: TurnCombatant = { id: 'm', name: 'Mira', side: 'pc' }
const elf: TurnCombatant = { id: 'e', name: 'Ilse', side: 'pc', sheet: { elf: true } }
const g1: TurnCombatant = { id: 'g1', name: 'Goblin 1', side: 'foe' }
const g2: TurnCombatant = { id: 'g2', name: 'Goblin 2', side: 'foe' }
const table = [mira, elf, g1, g2]

/** The room's die, scripted: each call takes the next face. */
const dice = (...faces: number[]) => {
  const queue = [...faces]
  return (sides: number) => {
    const face = queue.shift()
    if (face === undefined || face > sides) throw new Error(`no scripted face for a d${sides}`)
    return face
  }
}

describe('surprise when a fight starts', () => {
  it('osr: one d20 for the side, DC 13 (elves 15), +3 against a prepared ambush', () => {
    // 10 + 3 = 13: Mira (DC 13) is surprised, the elf (DC 15) is not.
    const ambushed = checkSurprise('osr', table, { unaware: 'pc', ambush: true }, dice(10))
    expect(ambushed.ok && ambushed.value.surprised).toEqual(['m'])
    expect(ambushed.ok && ambushed.value.rolls[0]?.detail).toBe(
      'Surprise (one d20 for the party): d20 10 + prepared ambush 3: Mira surprised (13+); Ilse not surprised (15+)',
    )
    const plain = checkSurprise('osr', table, { unaware: 'pc', ambush: false }, dice(12))
    expect(plain.ok && plain.value.surprised).toEqual([])
    const both = checkSurprise('osr', table, { unaware: 'both', ambush: false }, dice(15, 13))
    expect(both.ok && both.value.surprised).toEqual(['m', 'e', 'g1', 'g2'])
  })

  it('odnd: a d6 per unaware side, surprised on 1-2; both surprised cancels out', () => {
    const party = checkSurprise('odnd', table, { unaware: 'both', ambush: false }, dice(2, 3))
    expect(party.ok && party.value.surprised).toEqual(['m', 'e'])
    const cancelled = checkSurprise('odnd', table, { unaware: 'both', ambush: false }, dice(1, 2))
    expect(cancelled.ok && cancelled.value.surprised).toEqual([])
    const foes = checkSurprise('odnd', table, { unaware: 'foe', ambush: false }, dice(3))
    expect(foes.ok && foes.value.surprised).toEqual([])
    expect(foes.ok && foes.value.rolls).toHaveLength(1)
  })

  it('spelljammer: PER rolls (12 by default) give the ambush tier; a 1x roll warns everyone down one', () => {
    // 30 is 3x PER 12 (no attacks back), 20 is 2x (one attack back).
    const sprung = checkSurprise('spelljammer', table, { unaware: 'foe', ambush: false }, dice(30, 20))
    expect(sprung.ok && [sprung.value.surprised, sprung.value.oneAttack]).toEqual([['g1'], ['g2']])
    // 10 is 1x: a warning shout moves the 3x down to 2x, and the 1x stays at 1x.
    const warned = checkSurprise('spelljammer', table, { unaware: 'foe', ambush: false }, dice(10, 30))
    expect(warned.ok && [warned.value.surprised, warned.value.oneAttack]).toEqual([[], ['g2']])
  })

  it('zones: the side lying in wait starts concealed; brp has no check', () => {
    const hidden = checkSurprise('zones', table, { unaware: 'pc', ambush: false }, dice())
    expect(hidden.ok && hidden.value.concealed).toEqual(['g1', 'g2'])
    expect(surpriseOptions('brp')).toEqual([])
    expect(checkSurprise('brp', table, { unaware: 'pc', ambush: false }, dice())).toEqual({
      ok: false,
      error: expect.stringMatching(/defender unaware/),
    })
  })
})
