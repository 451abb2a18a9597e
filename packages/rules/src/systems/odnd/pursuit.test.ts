import { describe, expect, it } from 'vitest'
import { pursuitCheck, pursuitRoll, roundsToCatch } from './pursuit.ts'

const continues = (...args: Parameters<typeof pursuitCheck>) => {
  const r = pursuitCheck(...args)
  if (!r.ok) throw new Error(r.error)
  return r.value.continues
}

describe('evasion and pursuit', () => {
  it('the pursuit 2d6 is logged and the GM is prompted for the unprinted reaction table', () => {
    const r = pursuitRoll([1, 2])
    expect(r.ok && r.value.total).toBe(3)
    expect(r.ok && r.value.prompt.table).toBe('pursuit')
  })

  it('faster pursuers catch up in gap / closing speed rounds, rounded up', () => {
    expect(roundsToCatch({ gapFeet: 60, fleeingMove: 9, pursuingMove: 12 })).toBe(2)
    expect(roundsToCatch({ gapFeet: 61, fleeingMove: 9, pursuingMove: 12 })).toBe(3)
  })

  it('pursuers no faster than the fleeing party never catch them', () => {
    expect(roundsToCatch({ gapFeet: 10, fleeingMove: 12, pursuingMove: 12 })).toBeNull()
  })

  it('food or treasure thrown down stops monsters on 1-5', () => {
    expect(continues('stops-for-bait', 5)).toBe(false)
    expect(continues('stops-for-bait', 6)).toBe(true)
  })

  it('past a corner, stairs or door they continue on 1-2', () => {
    expect(continues('past-corner', 2)).toBe(true)
    expect(continues('past-corner', 3)).toBe(false)
  })

  it('through a secret door they continue only on a 1', () => {
    expect(continues('past-secret-door', 1)).toBe(true)
    expect(continues('past-secret-door', 2)).toBe(false)
  })
})
