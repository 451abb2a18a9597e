import { describe, expect, it } from 'vitest'
import { resolveChase } from './chase.ts'

const party = [
  { id: 'a', agi: 12 },
  { id: 'b', agi: 6 },
]

describe('zones chases', () => {
  it('lets those who pass the group AGI save escape and the others be reached', () => {
    const r = resolveChase('even', party, { a: 12, b: 7 })
    expect(r.escaped).toEqual(['a'])
    expect(r.caught).toEqual(['b'])
  })

  it('needs no save when the fugitives are faster, and makes escape impossible when slower', () => {
    expect(resolveChase('fleeing-faster', party).escaped).toEqual(['a', 'b'])
    expect(resolveChase('pursuers-faster', party).caught).toEqual(['a', 'b'])
  })

  it('throws when a save is needed and a die is missing', () => {
    expect(() => resolveChase('even', party, { a: 3 })).toThrow()
  })
})
