/** Hit points, real and temporary damage, and when a combatant is out of the fight. */
import { type OdndOptions, withDefaults } from './options.ts'

export interface Health {
  /** Hit points when unhurt. */
  maxHp: number
  /** Real damage taken. */
  wounds: number
  /** Temporary damage taken (empty hands, subdual, pulled punches). */
  temporary: number
}

export type InjuryState = 'fighting' | 'knocked-out' | 'incapacitated' | 'dead'

/**
 * Where the damage leaves them. "When someone reaches 0hp, they are knocked out or otherwise
 * incapacitated": temporary damage knocks out; real damage to 0 is death by default (a room setting).
 */
export function injuryState(health: Health, options: Partial<OdndOptions> = {}): InjuryState {
  const { atZeroHp } = withDefaults(options)
  if (health.maxHp - health.wounds <= 0) return atZeroHp
  if (health.maxHp - health.wounds - health.temporary <= 0) return 'knocked-out'
  return 'fighting'
}

/** "Temporary damage points are regained at a rate of 1 point times XP Level/HD per Turn." */
export function recoverTemporary(health: Health, level: number, turns: number): Health {
  if (turns < 0) throw new RangeError('turns are never negative')
  return { ...health, temporary: Math.max(0, health.temporary - Math.max(1, level) * turns) }
}
