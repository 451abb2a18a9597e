import { describe, expect, it } from 'vitest'
import {
  addCondition,
  type Condition,
  conditionChip,
  findCondition,
  hasCondition,
  removeCondition,
  tickConditions,
  untimedConditions,
} from './conditions.ts'

/** How many boundaries pass before the condition is gone, ticking one list of it. */
function boundariesUntilGone(c: Condition, endsNow?: (c: Condition) => boolean): number {
  let list: Condition[] = [c]
  for (let n = 1; n <= 20; n++) {
    list = tickConditions(list, endsNow).kept
    if (list.length === 0) return n
  }
  return Infinity
}

describe('timed conditions, as the texts time them', () => {
  it('odnd: thrown-off grapplers "stunned ... for 4 rounds (11-7 = 4)" are gone at the fourth end of round', () => {
    expect(boundariesUntilGone({ id: 'stunned', rounds: 11 - 7 })).toBe(4)
  })

  it('odnd: a parry "gives +2 to defense on that round": gone at the end of that round', () => {
    expect(boundariesUntilGone({ id: 'parrying', rounds: 1 })).toBe(1)
  })

  it('osr: "Weapon breaks, no attack next round": still on after this round, gone after the next', () => {
    const c = { id: 'no-attack', rounds: 1, fresh: true }
    expect(boundariesUntilGone(c)).toBe(2)
    const once = tickConditions([c]).kept
    expect(once).toEqual([{ id: 'no-attack', rounds: 1, fresh: false }])
  })

  it('osr: a heavy crossbow needs "two full rounds reloading" after the shot: gone after three ends of round', () => {
    expect(boundariesUntilGone({ id: 'reloading', rounds: 2, fresh: true })).toBe(3)
  })

  it('osr: "Surprised characters are unable to act for one round": a round-long one ends at the boundary', () => {
    const roundLong = (c: Condition) => c.id === 'surprised'
    expect(boundariesUntilGone({ id: 'surprised' }, roundLong)).toBe(1)
    expect(tickConditions([{ id: 'surprised' }, { id: 'prone' }], roundLong)).toEqual({
      kept: [{ id: 'prone' }],
      ended: [{ id: 'surprised' }],
    })
  })

  it('odnd: a pursuer attacks at +2 "until the one fleeing turns and re-engages": no boundary ends it', () => {
    const fleeing = { id: 'fleeing', rounds: null }
    expect(boundariesUntilGone(fleeing)).toBe(Infinity)
    expect(removeCondition([fleeing, { id: 'running', rounds: 1 }], 'fleeing')).toEqual([
      { id: 'running', rounds: 1 },
    ])
  })

  it('zones: a reaction "takes the whole turn" of this round: the end of the fight ends it, not what has no count', () => {
    const list = [{ id: 'reacted', label: 'Reacted', rounds: 1 }, { id: 'marked', rounds: null }, { id: 'x' }]
    expect(untimedConditions(list)).toEqual([{ id: 'marked', rounds: null }, { id: 'x' }])
  })

  it('says what ended at the boundary, apart from what stays, each with what it carries', () => {
    const ticked = tickConditions([
      { id: 'surprised', rounds: 1, vs: ['a'] },
      { id: 'stunned', rounds: 3 },
    ])
    expect(ticked).toEqual({
      kept: [{ id: 'stunned', rounds: 2 }],
      ended: [{ id: 'surprised', rounds: 1, vs: ['a'] }],
    })
  })
})

describe('adding, finding and lifting conditions', () => {
  it('puts a condition on in place of the same one, last', () => {
    const list = [
      { id: 'stunned', rounds: 1 },
      { id: 'parrying', rounds: 1 },
    ]
    expect(addCondition(list, { id: 'stunned', rounds: 4 })).toEqual([
      { id: 'parrying', rounds: 1 },
      { id: 'stunned', rounds: 4 },
    ])
    expect(addCondition(undefined, { id: 'stunned', rounds: 4 })).toEqual([{ id: 'stunned', rounds: 4 }])
  })

  it('lets the system say which are the same (the same kind about another fighter is another one)', () => {
    type Vs = Condition & { vs?: string }
    const same = (a: Vs, b: Vs) => a.id === b.id && a.vs === b.vs
    const list: Vs[] = [{ id: 'surprised', rounds: 1, vs: 'a' }]
    expect(addCondition(list, { id: 'surprised', rounds: 1, vs: 'b' }, same)).toHaveLength(2)
    expect(findCondition(list, 'surprised', (c) => c.vs === 'b')).toBeUndefined()
    expect(findCondition(list, 'surprised', (c) => c.vs === 'a')).toEqual(list[0])
  })

  it('finds by id in a list that may be absent', () => {
    expect(hasCondition(undefined, 'prone')).toBe(false)
    expect(hasCondition([{ id: 'prone' }], 'prone')).toBe(true)
    expect(removeCondition(undefined, 'prone')).toEqual([])
  })
})

describe('a condition’s chip', () => {
  it('counts what it has left in the system’s unit', () => {
    expect(conditionChip({ id: 'stunned', rounds: 4 }, 'Stunned')).toBe('Stunned (4 rounds)')
    expect(conditionChip({ id: 'stunned', rounds: 1 }, 'Stunned')).toBe('Stunned (1 round)')
    expect(conditionChip({ id: 'dazed', rounds: 3 }, 'Dazed', 'segment')).toBe('Dazed (3 segments)')
  })

  it('says a fresh one starts next round, and gives none a count', () => {
    expect(conditionChip({ id: 'no-attack', rounds: 1, fresh: true }, 'No attack')).toBe(
      'No attack (next round)',
    )
    expect(conditionChip({ id: 'reloading', rounds: 2, fresh: true }, 'Reloading')).toBe(
      'Reloading (next 2 rounds)',
    )
    expect(conditionChip({ id: 'prone' }, 'Prone')).toBe('Prone')
    expect(conditionChip({ id: 'fleeing', rounds: null }, 'Fleeing')).toBe('Fleeing')
  })
})
