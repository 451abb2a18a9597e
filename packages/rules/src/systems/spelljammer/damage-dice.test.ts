import { describe, expect, it } from 'vitest'
import { parseDice } from '../../dice/parse.ts'
import { damageDice } from './damage-dice.ts'
import { damageDistribution } from './odds.ts'
import { damageDiceToRoll, damageTotal } from './rolls.ts'

const read = (notation: string) => {
  const d = damageDice(parseDice(notation))
  if (!d.ok) throw new Error(d.error)
  return d.value
}

describe('weapon damage dice', () => {
  it('lists the dice to roll in order and totals the faces with the bonus', () => {
    const dice = read('2d6+1d4+3')
    expect(damageDiceToRoll(dice)).toEqual([6, 6, 4])
    expect(damageTotal(dice, [6, 1, 4])).toEqual({ ok: true, value: 14 })
  })

  it('subtracts a subtracted die', () => {
    expect(damageTotal(read('1d6-1d4+2'), [3, 4])).toEqual({ ok: true, value: 1 })
  })

  it('has the exact distribution of every face combination, subtracted dice included', () => {
    const dice = read('1d6-1d4+2')
    const counts = new Map<number, number>()
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 4; b++) counts.set(a - b + 2, (counts.get(a - b + 2) ?? 0) + 1)
    const dist = damageDistribution(dice)
    expect(dist.total).toBe(24n)
    expect(dist.min).toBe(-1)
    dist.weights.forEach((w, i) => {
      expect(Number(w), `total ${dist.min + i}`).toBe(counts.get(dist.min + i) ?? 0)
    })
  })

  it('refuses expressions that are not plain dice and a bonus', () => {
    expect(damageDice(parseDice('2d20kh1'))).toEqual({
      ok: false,
      error: 'cannot keep some dice: weapon damage is a plain sum.',
    })
  })
})
