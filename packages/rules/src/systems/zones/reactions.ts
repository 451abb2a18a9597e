/** Reactions to an attack (dodge, counter, hide behind, guard) and opportunity attacks (rolls.ts). */
import { fail, type Outcome, ok } from '../../system.ts'

/** What one attack has drawn so far: nobody reacts twice to it, and a multi-target attack is countered once. */
export interface AttackReactions {
  /** Who the attack is aimed at now (several for a blast). */
  targets: string[]
  reacted: string[]
  counteredBy: string | null
  /** The target accepted an attack stunt: nobody can react. */
  stuntAccepted: boolean
  /** The attack misses (a passed dodge). */
  dodgedBy: string[]
  /** Reactions are chosen before damage is rolled; once it is, the attack is closed to them. */
  damageRolled: boolean
}

/**
 * An opportunity attack against a nearby enemy moving away. The mover's movement is interrupted; their
 * turn resumes afterwards if they are still alive and conscious.
 */
export function checkOpportunityAttack(input: {
  mayReact: Outcome<true>
  enemyNearby: boolean
  movingAway: boolean
}): Outcome<true> {
  if (!input.mayReact.ok) return input.mayReact
  if (!input.enemyNearby) return fail('Opportunity attacks only target nearby enemies.')
  if (!input.movingAway) return fail('Opportunity attacks only answer an enemy moving away.')
  return ok(true)
}
