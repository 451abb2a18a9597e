import { describe, expect, it } from 'vitest'
import { resolveDeclared } from '../../engine/plan.ts'
import type { Declared } from '../../engine/types.ts'
import type { Outcome } from '../../outcome.ts'
import { fighter, scripted, steps, turnContext } from '../test-support.ts'
import { groupMoraleDue, loneMoraleDue, moraleChecksDue } from './morale.ts'
import { harmedWhileSurrendering, resolveMorale } from './rolls.ts'
import { zonesCombat as rules } from './room-combat.ts'
import { zonesTurns } from './turn-model.ts'

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(o.error)
  return o.value
}

const SURRENDER: Declared = { choice: 'surrender', toggles: [] }
const SWORD: Declared = { choice: 'weapon-0', toggles: [] }

describe('zones morale', () => {
  it('checks a group of 4 bandits reduced to 2 this round, but not one already at 2 before it', () => {
    expect(groupMoraleDue({ original: 4, atRoundStart: 3, now: 2 })).toBe(true)
    expect(groupMoraleDue({ original: 4, atRoundStart: 3, now: 3 })).toBe(false)
    expect(groupMoraleDue({ original: 4, atRoundStart: 2, now: 2 })).toBe(false)
    expect(groupMoraleDue({ original: 5, atRoundStart: 5, now: 2 })).toBe(true)
    expect(groupMoraleDue({ original: 5, atRoundStart: 5, now: 3 })).toBe(false)
  })

  it('checks a lone character who dropped to half their maximum health this round', () => {
    expect(loneMoraleDue({ maxHealth: 8, healthAtRoundStart: 8, health: 4 })).toBe(true)
    expect(loneMoraleDue({ maxHealth: 8, healthAtRoundStart: 8, health: 5 })).toBe(false)
    expect(loneMoraleDue({ maxHealth: 9, healthAtRoundStart: 5, health: 4 })).toBe(true)
    expect(loneMoraleDue({ maxHealth: 8, healthAtRoundStart: 4, health: 2 })).toBe(false)
  })

  it('lists at the end of the round the bandits halved this round and the lone ogre at half health', () => {
    expect(
      moraleChecksDue([
        { id: 'bandits', kind: 'group', original: 4, atRoundStart: 4, now: 2 },
        { id: 'guards', kind: 'group', original: 4, atRoundStart: 4, now: 3 },
        { id: 'ogre', kind: 'lone', maxHealth: 20, healthAtRoundStart: 12, health: 10 },
      ]),
    ).toEqual(['bandits', 'ogre'])
  })

  it('breaks those who fail the group WIT save, steadies those who pass, and spares the fearless', () => {
    const r = resolveMorale(
      [
        { id: 'a', wit: 10, fearImmune: false, steady: false },
        { id: 'b', wit: 10, fearImmune: false, steady: false },
        { id: 'c', wit: 3, fearImmune: true, steady: false },
        { id: 'd', wit: 3, fearImmune: false, steady: true },
      ],
      { a: 10, b: 11 },
    )
    expect(r.steady).toEqual(['a'])
    expect(r.broken).toEqual(['b'])
    expect(r.exempt).toEqual(['c', 'd'])
  })

  it('lets a harmed surrendering character fight again even after failing morale', () => {
    // At the table: Mira, her morale broken, spends her turn surrendering ("Surrendering").
    const mira = fighter('zones', 'mira', 'pc', {}, { hp: 8, state: { morale: 'broken' } })
    const bandit = fighter('zones', 'b', 'foe', {}, { hp: 8 })
    const ctx = turnContext('zones', [mira, bandit], { faces: [1] })
    const started = zonesTurns.start(ctx, null)
    if (!started.ok) throw new Error(started.error)
    const { turn } = steps(zonesTurns, started.value.step, ctx, { kind: 'act', side: 'pc', id: 'mira' })
    const gives = must(
      resolveDeclared(rules, mira, mira, SURRENDER, null, scripted(), { turn, fighters: ctx.fighters }),
    )
    const s = { ...mira, ...gives.changes.mira }
    expect(s.state.surrendering).toBe(true)
    expect(rules.status(s)).toContain('Surrendering')
    // The bandit's blow harms her: she fights again, and her broken morale is gone with it.
    const hit = must(resolveDeclared(rules, bandit, s, SWORD, null, scripted(3)))
    expect(rules.status({ ...s, ...hit.changes.mira })).toEqual(['Took their turn (1 round)'])
    expect(harmedWhileSurrendering({ surrendering: true, brokeMorale: true })).toEqual({
      surrendering: false,
      brokeMorale: false,
    })
  })
})
