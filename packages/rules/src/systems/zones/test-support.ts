/** zones test helpers: complete sheets and weapons with some fields replaced, and a round replayed. */
import { type Outcome, ok } from '../../outcome.ts'
import { type RoundAction, type RoundState, stepRound } from './round.ts'
import { parseSheet, type Sheet, type Weapon } from './sheet.ts'

/** A complete default sheet with some fields replaced: for tests. */
export function makeSheet(overrides: Partial<Sheet> = {}): Sheet {
  const base = parseSheet({})
  if (!base.ok) throw new Error(`zones: the default sheet does not parse: ${base.error}`)
  return { ...base.value, ...overrides }
}

/** A complete weapon with some fields replaced. */
export function makeWeapon(overrides: Partial<Weapon> = {}): Weapon {
  return {
    name: 'Sword',
    damage: { count: 1, sides: 6 },
    range: 0,
    blast: false,
    great: false,
    simple: false,
    damaged: false,
    improvised: false,
    ...overrides,
  }
}

/** Runs a list of actions, stopping at the first refusal (handy for replaying a logged round). */
export function replayRound(state: RoundState, actions: ReadonlyArray<RoundAction>): Outcome<RoundState> {
  let current = state
  for (const action of actions) {
    const next = stepRound(current, action)
    if (!next.ok) return next
    current = next.value
  }
  return ok(current)
}
