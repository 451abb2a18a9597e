/**
 * Spell Casting (17.0.13): who can cast, and simultaneous release. The save of a caster attacked before
 * acting is in spells-roll.ts, apart, so that a phone's screen does not download it.
 */
import { fail, type Outcome, ok } from '../../system.ts'
import type { Condition } from './conditions.ts'

/** A caster needs a free hand and a voice: binding or gagging prevents casting. */
export function canCast(conditions: ReadonlyArray<Condition>, opts: { handFree: boolean }): Outcome<true> {
  if (conditions.some((c) => c.kind === 'gagged-or-bound'))
    return fail(
      'A bound or gagged spellcaster cannot cast: casting needs one hand free and the ability to speak.',
    )
  if (conditions.some((c) => c.kind === 'grappled'))
    return fail(
      'A grappled spellcaster may be prevented from speaking; the GM decides whether the spell can be cast.',
    )
  if (!opts.handFree) return fail('Casting a spell needs at least one hand free.')
  return ok(true)
}

/**
 * Whether an attack can disrupt a casting: it must land before the caster's number. Two casters
 * releasing on the same number both succeed; one caster disrupts another only by acting earlier and
 * delaying the spell until just before the other caster's turn.
 */
export function attackCanDisrupt(
  attack: { initiative: number; isSpell: boolean; delayedUntilJustBefore: boolean },
  casterInitiative: number,
): boolean {
  if (attack.initiative === casterInitiative) return false
  if (attack.initiative < casterInitiative) return false
  return attack.isSpell ? attack.delayedUntilJustBefore : true
}
