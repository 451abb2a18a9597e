/** Combined movement: move then attack, attack then move (by when the last attack fell and a DEX roll), running. */
import { movementTenthsBy } from './segments.ts'

/** Feet moved by the end of a segment of ordinary movement: 10% of the round's movement each segment. */
export function feetMovedBy(segment: number, feetThisRound: number): number {
  return (feetThisRound * movementTenthsBy(segment)) / 10
}

/** How far a combatant may move while still attacking, by movement mode, in feet. */
export function moveWhileAttacking(tmr: number, mode: 'move-and-attack' | 'run-and-attack'): number {
  // Move and attack: up to half TMR. Run and attack: half of 2x TMR, which is TMR.
  return mode === 'move-and-attack' ? tmr / 2 : tmr
}
