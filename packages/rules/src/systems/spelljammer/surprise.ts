/** Ambush: the PER roll's five tiers, what each gives the attackers, and the warning shout. */
import { type Outcome, ok } from '../../system.ts'
import { checkD100, statRollTier } from './stat-rolls.ts'
import { AMBUSH_TABLE, type AmbushTier } from './tables.ts'

/** The toggle an attacker uses on the surprise round against a character of this tier (none for 1x, 2x). */
export function ambushToggle(tier: AmbushTier['tier']): 'ambush-3x' | 'ambush-4x' | 'ambush-5x' | null {
  return tier === 3 ? 'ambush-3x' : tier === 4 ? 'ambush-4x' : tier === 5 ? 'ambush-5x' : null
}

/** One character's ambush result. */
export interface AmbushResult extends AmbushTier {
  /** The tier the PER roll made before any warning. */
  rolledTier: AmbushTier['tier']
  warned: boolean
}

/**
 * A character's ambush tier from their PER roll. A warning shout from someone who made 1x PER moves
 * everyone down one on the table ("if they rolled 3x PER, treat it as 2x PER"), never past 1x.
 */
export function ambushResult(perRoll: number, per: number, warned = false): Outcome<AmbushResult> {
  const roll = checkD100(perRoll, 'PER roll')
  if (!roll.ok) return roll
  const rolledTier = statRollTier(roll.value, per)
  const tier = (warned ? Math.max(1, rolledTier - 1) : rolledTier) as AmbushTier['tier']
  const row = AMBUSH_TABLE.find((r) => r.tier === tier)
  if (!row) throw new Error(`no ambush row for tier ${tier}`)
  return ok({ ...row, rolledTier, warned })
}

/** Whether anyone in a group can shout a warning: someone who made a 1x PER roll. */
export function canShoutWarning(results: readonly Pick<AmbushResult, 'rolledTier'>[]): boolean {
  return results.some((r) => r.rolledTier === 1)
}
