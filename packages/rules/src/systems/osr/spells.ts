/** Spell Casting (17.0.13): who can cast, disruption when attacked before acting, and simultaneous release. */
import { type BreakdownLine, fail, type Outcome, ok } from '../../system.ts'
import { type Condition, checksFromConditions } from './conditions.ts'
import { face } from './dice-faces.ts'
import type { Sheet } from './sheet.ts'

const RULE = 'Spell Casting (17.0.13)'

/** The round's fact that an attack lands before its target's number (`TurnRules.facts`). */
export const ACTS_LATER = 'target-acts-later'

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

export interface DisruptionResult {
  lines: BreakdownLine[]
  total: number
  target: number
  /** True when the spell is disrupted and lost. */
  lost: boolean
}

/**
 * A caster attacked during their casting (before their initiative number), even by a miss, saves on
 * their number; failure means the spell is disrupted and lost. The text does not name the save; this
 * uses the sheet's save vs Spells.
 */
export function spellDisruption(
  caster: Sheet,
  conditions: ReadonlyArray<Condition>,
  save: number | undefined,
): Outcome<DisruptionResult> {
  const d20 = face(save, 20, 'saving throw against disruption')
  if (!d20.ok) return d20
  const lines: BreakdownLine[] = [
    { label: 'd20', value: d20.value, rule: RULE },
    ...checksFromConditions(conditions),
  ]
  const total = lines.reduce((t, l) => t + l.value, 0)
  return ok({ lines, total, target: caster.saveSpells, lost: total < caster.saveSpells })
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
