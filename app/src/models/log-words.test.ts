import type { LogEntry } from '@fray/protocol'
import { describe, expect, it } from 'vitest'
import { announce, initiativeSum, outcomeSource, outcomeWords } from './log-words.ts'

const entry = (fields: Partial<LogEntry>): LogEntry => ({
  id: 'e1',
  at: 0,
  by: 'Sela',
  notation: 'd20',
  faces: [14],
  total: 14,
  source: 'crypto',
  kind: 'attack',
  ...fields,
})

describe('a log entry in words', () => {
  it('shows an outcome’s sentence once, its opening name apart for bold, never "Sela Sela hits"', () => {
    const hit = entry({ detail: 'Sela hits Goblin 1 for 3.' })
    expect(outcomeWords(hit)).toEqual({ lead: 'Sela', rest: ' hits Goblin 1 for 3.' })
    expect(announce(hit)).toBe('Sela hits Goblin 1 for 3.')
  })

  it('shows a sentence that opens with someone else as it is (the defender dodges)', () => {
    const dodged = entry({ detail: 'Goblin 1 dodges Sela’s attack.' })
    expect(outcomeWords(dodged)).toEqual({ lead: '', rest: 'Goblin 1 dodges Sela’s attack.' })
  })

  it('says an end of round once, and names the dice only when it rolled some', () => {
    const end = entry({
      by: 'End of round 1',
      kind: 'end-of-round',
      faces: [],
      notation: '—',
      detail: 'End of round 1: Mira stops parrying.',
    })
    expect(announce(end)).toBe('End of round 1: Mira stops parrying.')
    expect(outcomeSource(end)).toBeNull()
    expect(outcomeSource(entry({ detail: 'Sela misses Goblin 1.' }))).toBe('server dice')
  })

  it('reads an initiative roll as a sum, each die saying what it shows', () => {
    const rolled = entry({
      kind: undefined,
      notation: '1d6',
      faces: [5],
      total: 7,
      detail: 'Initiative: d6 5 + DEX bonus 2',
      initiative: { combatantId: 'm' },
    })
    expect(initiativeSum(rolled)).toBe('d6 shows 5 + DEX bonus 2 = 7')
    expect(initiativeSum(entry({ kind: undefined, detail: 'Mira rolls' }))).toBeNull()
  })

  it('says dice rolled apart each with its total, not one sum (#54: "1d10 + 1d8: 10 (5, 2)")', () => {
    const apart = entry({
      kind: undefined,
      by: 'Captain Vex',
      notation: '1d10+5, 1d8+5',
      faces: [5, 2],
      total: 10,
      totals: [10, 7],
      detail: 'Initiative: attack 1: d10 5 → segment 10; attack 2: d8 2 → segment 7 (Reaction +5)',
      initiative: { combatantId: 'v' },
    })
    expect(announce(apart)).toBe(
      'Captain Vex rolled 1d10+5, 1d8+5: 10, 7 (5, 2). Initiative: attack 1: d10 5 → segment 10; attack 2: d8 2 → segment 7 (Reaction +5)',
    )
    expect(initiativeSum(apart)).toBeNull()
  })
})
