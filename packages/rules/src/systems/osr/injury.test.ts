import { describe, expect, it } from 'vitest'
import { applyDamage, healthy, knockoutTimes, wake } from './injury.ts'

describe('injury', () => {
  it('kills a character reduced to zero hit points by lethal damage', () => {
    expect(applyDamage(healthy(6), 6, false).health.status).toBe('dead')
    expect(applyDamage(healthy(6), 5, false).health).toMatchObject({ hp: 1, status: 'up' })
  })

  it('knocks out instead a character reduced to zero who has taken some non-lethal damage', () => {
    const bruised = applyDamage(healthy(6), 2, true).health
    const r = applyDamage(bruised, 9, false)
    expect(r.health).toMatchObject({ hp: 0, status: 'unconscious' })
  })

  it('counts any further damage to an unconscious character as lethal', () => {
    const out = applyDamage(healthy(4), 4, true).health
    expect(out.status).toBe('unconscious')
    expect(applyDamage(out, 1, true).health.status).toBe('dead')
  })

  it('wakes a knocked-out character after 1d4 turns with 1 hit point, or lets another revive them after 2d10 rounds', () => {
    expect(knockoutTimes({ d4: 3, twoD10: [4, 9] })).toEqual({
      ok: true,
      value: { wakesAfterTurns: 3, revivableAfterRounds: 13 },
    })
    expect(knockoutTimes({ d4: 5, twoD10: [4, 9] }).ok).toBe(false)
    const out = applyDamage(healthy(4), 4, true).health
    expect(wake(out)).toMatchObject({ hp: 1, status: 'up' })
  })
})
