/** Missile Weapon Rate of Fire (17.0.9): bows every round, light crossbows every 2, heavy every 3, siege engines by their fraction. */
import { fail, type Outcome, ok } from '../../system.ts'
import type { Weapon } from './sheet.ts'

/**
 * One weapon's readiness. A pre-loaded spare crossbow is its own LoadState: "pre-load multiple crossbows in
 * advance and fire one each round" (17.0.9), which the table does not offer; it times a shooter's reloading
 * with the 'reloading' condition instead (resolve.ts).
 */
export interface LoadState {
  loaded: boolean
  /** Rounds spent reloading so far. */
  reloadRounds: number
}

export const LOADED: LoadState = { loaded: true, reloadRounds: 0 }

/** Whole rounds of reloading after each shot: 0 for a bow, 1 light crossbow, 2 heavy, 5 for a 1/6 engine. */
export const reloadRoundsNeeded = (weapon: Pick<Weapon, 'firesEvery'>) => weapon.firesEvery - 1

/** Fires the weapon: it must be loaded; a weapon that needs reloading is then empty. */
export function fire(weapon: Pick<Weapon, 'name' | 'firesEvery'>, state: LoadState): Outcome<LoadState> {
  if (!state.loaded)
    return fail(
      `The ${weapon.name} is not loaded: ${reloadRoundsNeeded(weapon) - state.reloadRounds} more round(s) of reloading.`,
    )
  return ok(reloadRoundsNeeded(weapon) === 0 ? LOADED : { loaded: false, reloadRounds: 0 })
}
