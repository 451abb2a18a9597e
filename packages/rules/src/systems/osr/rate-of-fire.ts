/** Missile Weapon Rate of Fire (17.0.9): bows every round, light crossbows every 2, heavy every 3, siege engines by their fraction. */
import { fail, type Outcome, ok } from '../../system.ts'
import type { Condition } from './conditions.ts'
import type { Weapon } from './sheet.ts'

/** One weapon's readiness. A pre-loaded spare crossbow is its own LoadState. */
export interface LoadState {
  loaded: boolean
  /** Rounds spent reloading so far. */
  reloadRounds: number
}

export const LOADED: LoadState = { loaded: true, reloadRounds: 0 }

/** Whole rounds of reloading after each shot: 0 for a bow, 1 light crossbow, 2 heavy, 5 for a 1/6 engine. */
export const reloadRoundsNeeded = (weapon: Pick<Weapon, 'firesEvery'>) => weapon.firesEvery - 1

/** Reads a siege rate like "1/6" as the rounds between shots. */
export function firesEveryFromFraction(rate: string): Outcome<number> {
  const m = /^\s*1\s*\/\s*(\d{1,2})\s*$/.exec(rate)
  if (!m) return fail('A rate of fire is written as 1/N, for example 1/6.')
  const n = Number(m[1])
  return n >= 1 ? ok(n) : fail('A rate of fire is written as 1/N, for example 1/6.')
}

/** Fires the weapon: it must be loaded; a weapon that needs reloading is then empty. */
export function fire(weapon: Pick<Weapon, 'name' | 'firesEvery'>, state: LoadState): Outcome<LoadState> {
  if (!state.loaded)
    return fail(
      `The ${weapon.name} is not loaded: ${reloadRoundsNeeded(weapon) - state.reloadRounds} more round(s) of reloading.`,
    )
  return ok(reloadRoundsNeeded(weapon) === 0 ? LOADED : { loaded: false, reloadRounds: 0 })
}

/**
 * One round spent reloading: the user "cannot perform other actions, including moving", so the round
 * also gives the 'reloading' condition, which blocks attacks this round.
 */
export function reloadRound(
  weapon: Pick<Weapon, 'name' | 'firesEvery'>,
  state: LoadState,
): Outcome<{ state: LoadState; gains: Condition[] }> {
  if (state.loaded) return fail(`The ${weapon.name} is already loaded.`)
  const reloadRounds = state.reloadRounds + 1
  const loaded = reloadRounds >= reloadRoundsNeeded(weapon)
  return ok({
    state: loaded ? LOADED : { loaded: false, reloadRounds },
    gains: [{ kind: 'reloading', rounds: 1, fresh: false }],
  })
}

/** The rounds on which a weapon can shoot, from round 1, when its user only shoots and reloads. */
export function firingRounds(weapon: Pick<Weapon, 'name' | 'firesEvery'>, rounds: number): number[] {
  const fired: number[] = []
  let state = LOADED
  for (let round = 1; round <= rounds; round++) {
    const shot = fire(weapon, state)
    if (shot.ok) {
      fired.push(round)
      state = shot.value
    } else {
      const r = reloadRound(weapon, state)
      if (!r.ok) throw new Error(r.error)
      state = r.value.state
    }
  }
  return fired
}
