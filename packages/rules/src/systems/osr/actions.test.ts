import { describe, expect, it } from 'vitest'
import { ACTIONS, declareAction } from './actions.ts'
import { planAttack } from './attack.ts'
import { parseSheet } from './sheet.ts'

describe('declaring actions', () => {
  it('gives +2 AC for the round to a parry or dodge', () => {
    expect(declareAction('parry-dodge', [])).toEqual({
      ok: true,
      value: { gains: [{ kind: 'defending' }], prompt: null },
    })
  })

  it('marks a runner, who then may not attack', () => {
    const run = declareAction('run-away', [])
    if (!run.ok) throw new Error(run.error)
    const sheet = parseSheet({})
    if (!sheet.ok) throw new Error(sheet.error)
    expect(
      planAttack({
        attacker: sheet.value,
        target: sheet.value,
        weapon: 0,
        mode: 'melee',
        attackerConditions: run.value.gains,
      }),
    ).toEqual({ ok: false, error: 'A character that is running away may not attack.' })
  })

  it('refuses every action of a surprised combatant', () => {
    for (const a of ACTIONS) expect(declareAction(a.kind, [{ kind: 'surprised' }]).ok).toBe(false)
  })

  it('hands a feat to the GM, since the text gives no rule for it', () => {
    expect(declareAction('perform-feat', [])).toMatchObject({
      ok: true,
      value: { prompt: expect.stringMatching(/GM/) },
    })
  })
})
