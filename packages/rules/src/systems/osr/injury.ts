/** Hit points and injury states: dead at 0, unless some of the damage was non-lethal, then knocked out (17.0.16). */

import { checkDice, checkDie } from '../../dice/named-dice.ts'
import { type Outcome, ok } from '../../system.ts'

export type Status = 'up' | 'unconscious' | 'dead'

export interface Health {
  hp: number
  maxHp: number
  /** Has taken some non-lethal (subduing) damage. */
  nonLethalTaken: boolean
  status: Status
}

export const healthy = (maxHp: number): Health => ({ hp: maxHp, maxHp, nonLethalTaken: false, status: 'up' })

export interface DamageApplied {
  health: Health
  /** What changed, as the log says it after the fighter's name ("is reduced to zero hit points: dead"). */
  event: string | null
}

/**
 * Takes damage off hit points. At zero or below a character dies, unless they have taken some
 * non-lethal damage: then they fall unconscious at 0. Any further damage to an unconscious character
 * counts as lethal and kills them.
 */
export function applyDamage(health: Health, amount: number, nonLethal: boolean): DamageApplied {
  if (health.status === 'dead' || amount <= 0) return { health, event: null }
  if (health.status === 'unconscious')
    return {
      health: { ...health, hp: health.hp - amount, status: 'dead' },
      event: 'takes further damage while unconscious, which is lethal: dead',
    }
  const hp = health.hp - amount
  const nonLethalTaken = health.nonLethalTaken || nonLethal
  if (hp > 0) return { health: { ...health, hp, nonLethalTaken }, event: null }
  if (nonLethalTaken)
    return {
      health: { ...health, hp: 0, nonLethalTaken, status: 'unconscious' },
      event: 'is reduced to zero hit points after non-lethal damage: unconscious instead of dead',
    }
  return {
    health: { ...health, hp, nonLethalTaken, status: 'dead' },
    event: 'is reduced to zero hit points: dead',
  }
}

/** When a knocked-out character comes round: on their own after 1d4 turns, or revived by another after 2d10 rounds. */
export function knockoutTimes(rolls: {
  d4?: number
  twoD10?: ReadonlyArray<number>
}): Outcome<{ wakesAfterTurns: number; revivableAfterRounds: number }> {
  const wake = checkDie(rolls.d4, 4, 'turns until waking')
  if (!wake.ok) return wake
  const revive = checkDice(rolls.twoD10, 2, 10, 'rounds until revivable')
  if (!revive.ok) return revive
  return ok({
    wakesAfterTurns: wake.value,
    revivableAfterRounds: revive.value.reduce((t, f) => t + f, 0),
  })
}

/** A knocked-out character wakes (or is revived) with 1 hit point. */
export function wake(health: Health): Health {
  if (health.status !== 'unconscious') return health
  return { ...health, hp: 1, nonLethalTaken: false, status: 'up' }
}
