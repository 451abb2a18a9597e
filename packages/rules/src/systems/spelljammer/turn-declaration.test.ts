/**
 * The stances in the Action Declaration (Melee Modifiers: Defending, Full Defense, Desperate Defense):
 * "This decision must be made at the beginning of the round." Default sheet: Longsword rank 1, DEF 20.
 */
import { describe, expect, it } from 'vitest'
import { withOrderedRound } from '../../engine/ordered-round.ts'
import { IDLE_TURN, type TurnState } from '../../engine/turn.ts'
import type { Fighter } from '../../engine/types.ts'
import { fighter } from '../test-support.ts'
import { spelljammerSystem } from './index.ts'
import { DECLARATION_GROUPS, declarationRules as form } from './turn-declaration.ts'
import { spelljammerTurnView } from './turn-view.ts'

const mira = fighter('spelljammer', 'mira', 'pc', { name: 'Mira' })
const pirate = fighter('spelljammer', 'pirate', 'foe', { name: 'Pirate' })
const declare = (weapon: string | null, ...options: string[]) => ({ metersMoved: 0, weapon, options })

describe('spelljammer Action Declaration: the defense is declared at the beginning of the round', () => {
  it('offers no special defense, Defending, Full Defense and Desperate Defense on the form', () => {
    const group = DECLARATION_GROUPS.find((g) => g.id === 'stance')
    expect(group?.choices.map((c) => c.id)).toEqual([
      'none',
      'defending',
      'full-defense',
      'desperate-defense',
    ])
  })

  it('"The combatant cannot attack during the round": Full Defense with a weapon is refused in words', () => {
    expect(form.check(mira, declare('0', 'full-defense'))).toEqual({
      ok: false,
      error: 'You cannot attack during a round of Full Defense.',
    })
    // "the character can take no other actions during the round except to desperately defend"
    expect(form.check(mira, declare('0', 'desperate-defense'))).toEqual({
      ok: false,
      error: 'You can do nothing but defend during a round of Desperate Defense.',
    })
    expect(form.check(mira, declare(null, 'full-defense'))).toEqual({
      ok: true,
      value: declare(null, 'full-defense'),
    })
  })

  it('says what the defense costs and gives, with the rank 1 numbers', () => {
    // Full Defense: "max bonus for Defending, plus an additional +5", fractions up: 3 + 5.
    expect(form.preview(mira, declare(null, 'full-defense'))).toMatch(/\+8 DEF on every attack on you\.$/)
    // Desperate Defense: 3 + 20.
    expect(form.preview(mira, declare(null, 'desperate-defense'))).toMatch(
      /\+23 DEF on every attack on you\.$/,
    )
    // Defending: "The maximum SC you can sacrifice is equal to weapon rank x 5", 2 for 1.
    expect(form.preview(mira, declare('0', 'defending'))).toMatch(
      /-5 SC \(defending: 5 sc given up\); \+2 DEF on every attack on you\.$/,
    )
  })

  it('the room says the declared defense of both, and none for one completely surprised in the ambush round', () => {
    const intents = { mira: declare('0', 'defending'), pirate: declare(null, 'full-defense') }
    const running: TurnState = withOrderedRound({ ...IDLE_TURN, status: 'running', round: 1 }, { intents })
    expect(spelljammerTurnView.facts(running, mira, pirate)).toEqual([
      'declared-stance:defending',
      'target-declared-stance:full-defense',
    ])
    // "no attacks back": one caught by the ambush takes no part in its round, and holds no defense.
    const sprung = { ...running, surprised: ['pirate'] }
    expect(spelljammerTurnView.facts(sprung, mira, pirate)).toEqual(['declared-stance:defending'])
    expect(spelljammerTurnView.facts({ ...sprung, round: 2 }, mira, pirate)).toContain(
      'target-declared-stance:full-defense',
    )
  })
})

describe('a stance lasts the round that declared it', () => {
  it('one whose state kept Full Defense from another round (hidden in the GM roster over its end) holds none in a round that declared none', () => {
    const kept: Fighter = { ...pirate, state: { stance: { kind: 'full-defense' } } }
    const intents = { mira: declare('0'), pirate: declare('0') }
    const turn: TurnState = withOrderedRound({ ...IDLE_TURN, status: 'running', round: 3 }, { intents })
    const table = { turn, fighters: [mira, kept] }
    const declared = { choice: 'weapon-0', toggles: [] }
    const lines = (target: Fighter) => {
      const plan = spelljammerSystem.combat.plan(mira, target, declared, table)
      if (!plan.ok) throw new Error(plan.error)
      const preview = spelljammerSystem.combat.preview(plan.value)
      if (!preview.ok) throw new Error(preview.error)
      return preview.value.lines.map((l) => l.label)
    }
    // "This decision must be made at the beginning of the round": this round's declaration said none.
    expect(lines(kept).some((label) => label.startsWith('vs Full Defense'))).toBe(false)
    expect(lines(kept)).toEqual(lines(pirate))
  })
})
