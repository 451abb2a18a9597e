/**
 * Attacks rolled on the player's own dice: which dice the attack asks for, in order, given the faces
 * typed so far, and what those faces would do. The phone asks die by die; the room checks them again.
 */
import { fail, type Outcome, ok } from '../outcome.ts'
import { type RecordedDie, recordingRoller } from './roller.ts'
import type { AttackPlan, CombatRules } from './types.ts'

export interface DiceAsked {
  /** Each die the attack asks for so far: the typed ones, then the next one still to type. */
  asked: Array<{ sides: number; label: string }>
  /** Every die the attack needs (before any defense) is typed. */
  complete: boolean
  /** With `complete`, what these dice would do (the outcome's summary), or why they cannot. */
  outcome?: Outcome<string>
}

/**
 * The dice a planned attack asks of its attacker, given the faces typed so far (the plan's `table` is the
 * round as it stands, for rules that need it: zones' turn steps, fleeing, a moving mount).
 */
export function diceAsked(
  rules: Pick<CombatRules, 'resolve'>,
  plan: AttackPlan,
  typed: readonly number[],
): DiceAsked {
  // The target's dice are theirs (or the room's), never asked of the attacker: any face stands in here.
  const roller = recordingRoller(typed, undefined, { theirs: () => 1 })
  const resolved = rules.resolve(plan, null, roller.roll)
  const own = roller.rolls.filter((r) => !r.theirs)
  // Up to the first die not typed yet (or the first that does not fit): what the phone asks next.
  const firstUntyped = own.findIndex((r) => !r.typed)
  const errorAt = roller.errorAt === null ? null : own.indexOf(roller.rolls[roller.errorAt] as RecordedDie)
  const upTo = errorAt !== null ? errorAt + 1 : firstUntyped + 1
  const asked = own
    .slice(0, roller.missing || roller.error ? upTo : own.length)
    .map(({ sides, label }) => ({ sides, label }))
  if (roller.error) return { asked, complete: true, outcome: fail(roller.error) }
  if (roller.missing) return { asked, complete: false }
  const theirs = roller.rolls.filter((r) => r.theirs).map((r) => r.label)
  if (resolved.ok && theirs.length > 0)
    return { asked, complete: true, outcome: ok(`then ${plan.target.name} rolls: ${theirs.join(', ')}`) }
  return {
    asked,
    complete: true,
    outcome: resolved.ok ? ok(resolved.value.summary) : resolved,
  }
}
