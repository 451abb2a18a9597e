/** Reactions to an attack (dodge, counter, hide behind, guard) and opportunity attacks (rolls.ts). */
import { fail, type Outcome, ok } from '../../system.ts'
import { unreachable } from './common.ts'

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

export type ReactionChoice =
  | { kind: 'dodge'; by: string }
  | { kind: 'counter'; by: string }
  | {
      kind: 'hide-behind'
      by: string
      behind: string
      behindNearby: boolean
      behindIs: 'willing-ally' | 'grabbed-enemy' | 'unwilling'
    }
  | { kind: 'guard'; by: string; targetNearby: boolean; guarded: string }

export interface ReactionContext {
  /** The reactor's standing this round: `canReact(roundState, id)`. */
  mayReact: Outcome<true>
  /** Why this target can't react to this attack (unaware, surprised, grabbed), from the attack plan. */
  targetCannotReact?: string | null
}

/**
 * Declares a reaction to an attack, after any WIT save to hit and before damage is rolled. Refused:
 * reacting twice against one attack, a target who is unaware or accepted a stunt, a second counter of
 * a multi-target attack, hiding behind someone not nearby or neither a willing ally nor a grabbed enemy.
 */
export function declareReaction(
  attack: AttackReactions,
  choice: ReactionChoice,
  ctx: ReactionContext,
): Outcome<AttackReactions> {
  if (attack.stuntAccepted)
    return fail('The target accepted the attack stunt, so nobody can react to this attack.')
  if (attack.damageRolled) return fail('Reactions must be chosen before the damage is rolled.')
  if (attack.reacted.includes(choice.by))
    return fail('Nobody can react more than once against a single attack.')
  if (!ctx.mayReact.ok) return ctx.mayReact
  const reacted = [...attack.reacted, choice.by]
  if (choice.kind !== 'guard') {
    if (!attack.targets.includes(choice.by))
      return fail('Only the target of an attack can dodge, counter or hide.')
    if (ctx.targetCannotReact) return fail(`No reaction: ${ctx.targetCannotReact}.`)
  }
  switch (choice.kind) {
    case 'dodge':
      return ok({ ...attack, reacted })
    case 'counter':
      if (attack.targets.length > 1 && attack.counteredBy !== null) {
        return fail('An attack on several targets can only be countered by one of them.')
      }
      return ok({ ...attack, reacted, counteredBy: choice.by })
    case 'hide-behind':
      if (!choice.behindNearby) return fail('You can only hide behind a nearby character.')
      if (choice.behindIs === 'unwilling')
        return fail('You can only hide behind a willing ally or an enemy you are grabbing.')
      if (attack.targets.includes(choice.behind))
        return fail('That character is already a target of this attack.')
      return ok({
        ...attack,
        reacted,
        targets: attack.targets.map((t) => (t === choice.by ? choice.behind : t)),
      })
    case 'guard':
      if (!attack.targets.includes(choice.guarded))
        return fail('That character is not a target of this attack.')
      if (!choice.targetNearby) return fail('You can only guard a character who is nearby.')
      if (attack.targets.includes(choice.by)) return fail('You are already a target of this attack.')
      return ok({
        ...attack,
        reacted,
        targets: attack.targets.map((t) => (t === choice.guarded ? choice.by : t)),
      })
    default:
      return unreachable(choice)
  }
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
