import { describe, expect, it } from 'vitest'
import { SYSTEMS } from '../systems/index.ts'
import { fighter } from '../systems/test-support.ts'
import { diceAsked } from './dice-asked.ts'

describe('attacks on the player’s own dice', () => {
  const rules = SYSTEMS.osr.combat
  const mira = fighter('osr', 'mira', 'pc')
  const ogre = fighter('osr', 'ogre', 'foe', {}, { hp: 30 })
  const choices = rules.choices(mira)
  const declared = { choice: choices.ok ? (choices.value[0]?.id ?? '') : '', toggles: [] }
  const plan = rules.plan(mira, ogre, declared)
  if (!plan.ok) throw new Error(plan.error)
  const planned = plan.value

  it('asks for the to-hit d20 first, then the damage only once the typed d20 hits', () => {
    const first = diceAsked(rules, planned, [])
    expect(first.complete).toBe(false)
    expect(first.asked.map((d) => d.sides)).toEqual([20])
    // A 2 misses (17.0.1.2): nothing more to roll.
    const miss = diceAsked(rules, planned, [2])
    expect(miss.complete).toBe(true)
    expect(miss.outcome).toEqual({ ok: true, value: expect.stringMatching(/miss/i) })
    // A 19 hits: the damage die comes next.
    const hit = diceAsked(rules, planned, [19])
    expect(hit.complete).toBe(false)
    expect(hit.asked).toHaveLength(2)
  })

  it('says which die a face does not fit', () => {
    expect(diceAsked(rules, planned, [21])).toEqual({
      asked: [expect.objectContaining({ sides: 20 })],
      complete: true,
      outcome: { ok: false, error: expect.stringMatching(/is a d20: it shows 1 to 20, not 21\.$/) },
    })
  })
})
