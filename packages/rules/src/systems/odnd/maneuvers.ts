/**
 * Follow-ups of special attacks: the grappling contest by hit dice, which the room settles at the end of a
 * round. The disarm, dismount and whip saves, rolled as the attack is resolved, are rolls.ts's.
 */
import { isFace } from '../../dice/faces.ts'
import { plural } from '../../engine/words.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'

/** A grappler or the one grappled: their hit dice and the d6 they rolled, one per hit die. */
export interface Grappler {
  name: string
  hitDice: number
  faces: readonly number[]
}

export interface GrappleResult {
  attackersTotal: number
  defenderTotal: number
  /** Pinned helplessly; struggling on their feet unable to use a weapon; or thrown off. */
  result: 'pinned' | 'struggling' | 'thrown-off'
  /** Rounds the attackers are stunned when thrown off: the hero's roll minus their combined rolls. */
  stunRounds: number
  breakdown: BreakdownLine[]
  summary: string
}

/** d6 per hit die; a creature under 1 HD still rolls one. */
export const grappleDice = (hitDice: number): number => Math.max(1, Math.floor(hitDice))

/**
 * The grappling contest once some foes have hit: each rolls a d6 per hit die, combined, against the
 * defender's d6 per hit die. Less: pinned. Equal: struggling. More: thrown off, the grapplers stunned for
 * the difference in rounds (5 orcs, 2 hit: 2 + 5 = 7 against the hero's 11 is 4 rounds).
 */
export function resolveGrapple(defender: Grappler, grapplers: readonly Grappler[]): Outcome<GrappleResult> {
  if (grapplers.length === 0) return fail('Nobody has grappled: no contest to roll.')
  const breakdown: BreakdownLine[] = []
  for (const g of [...grapplers, defender]) {
    if (g.faces.length !== grappleDice(g.hitDice))
      return fail(`${g.name} rolls ${grappleDice(g.hitDice)}d6 (one per hit die), not ${g.faces.length}.`)
    if (!g.faces.every((f) => isFace(f, 6))) return fail('A d6 shows 1 to 6.')
    for (const f of g.faces) breakdown.push({ label: `${g.name} d6`, value: f, rule: 'Grappling attacks' })
  }
  const sum = (g: Grappler) => g.faces.reduce((a, b) => a + b, 0)
  const attackersTotal = grapplers.reduce((s, g) => s + sum(g), 0)
  const defenderTotal = sum(defender)
  const result =
    defenderTotal < attackersTotal ? 'pinned' : defenderTotal === attackersTotal ? 'struggling' : 'thrown-off'
  const stunRounds = result === 'thrown-off' ? defenderTotal - attackersTotal : 0
  const summary =
    result === 'pinned'
      ? `${defender.name} is pinned helplessly (${defenderTotal} against ${attackersTotal}).`
      : result === 'struggling'
        ? `${defender.name} is on their feet and struggling, unable to defend with a weapon (${defenderTotal} each).`
        : `${defender.name} throws them off (${defenderTotal} against ${attackersTotal}): they are stunned for ${plural(stunRounds, 'round')}; roll initiative again.`
  return ok({ attackersTotal, defenderTotal, result, stunRounds, breakdown, summary })
}
