import { describe, expect, it } from 'vitest'
import { attackBlockedBy, type Condition } from './conditions.ts'
import { endOfRound, extinguish } from './round.ts'

const rounds = (start: Condition[], n: number) => {
  let c = start
  for (let i = 0; i < n; i++) c = endOfRound(c).conditions
  return c
}

describe('the end of a round', () => {
  it('ends a charge’s -2 AC, a parry and surprise', () => {
    expect(
      endOfRound([{ kind: 'charging' }, { kind: 'defending' }, { kind: 'surprised' }]).conditions,
    ).toEqual([])
  })

  it('makes a fumble’s "no attack next round" block the next round only', () => {
    const fumbled: Condition[] = [{ kind: 'no-attack', reason: 'weapon broke', rounds: 1, fresh: true }]
    expect(attackBlockedBy(fumbled)).toBeNull()
    const next = rounds(fumbled, 1)
    expect(attackBlockedBy(next)).toMatch(/No attack this round/)
    expect(rounds(fumbled, 2)).toEqual([])
  })

  it('keeps a failed stumble’s -1 for the 1d2 rounds after the fumble', () => {
    const stumble: Condition[] = [{ kind: 'stumbling', rounds: 2, fresh: true }]
    expect(rounds(stumble, 1)).toEqual([{ kind: 'stumbling', rounds: 2, fresh: false }])
    expect(rounds(stumble, 2)).toEqual([{ kind: 'stumbling', rounds: 1, fresh: false }])
    expect(rounds(stumble, 3)).toEqual([])
  })

  it('keeps critical-hit conditions, which the text gives no end to', () => {
    expect(rounds([{ kind: 'prone' }, { kind: 'shaken' }], 5)).toEqual([
      { kind: 'prone' },
      { kind: 'shaken' },
    ])
  })

  it('spares a burning target who spends the round putting out the flames', () => {
    const burning: Condition[] = [{ kind: 'burning', rounds: 1, fresh: false }]
    expect(endOfRound(extinguish(burning)).due).toEqual([])
    expect(endOfRound(burning).due).toHaveLength(1)
  })
})
