/** Spell interruption: a caster hit and damaged during the round, by who won initiative. */
import { isFace } from '../../dice/faces.ts'
import type { BreakdownLine } from '../../system.ts'
import { fail, type Outcome, ok } from '../../system.ts'
import { type GmPrompt, gmPrompt } from './prompt.ts'
import { SPELL_FAILURE } from './tables.ts'

export type SpellFate =
  | 'goes-off'
  | 'lost'
  | 'miscast'
  | 'lost-and-no-cast-this-round'
  | 'save-needed'
  | 'd6-needed'

export interface SpellResult {
  fate: SpellFate
  breakdown: BreakdownLine[]
  prompt: GmPrompt | null
  summary: string
}

export interface SpellInterruption {
  /** Who won initiative between the caster and the one who hit them. */
  initiative: 'caster-won' | 'simultaneous' | 'opponent-won'
  /** "hit and taking damage during the round". */
  damaged: boolean
  /** The caster's save vs paralysis number and PSY bonus. */
  saveParalysis: number
  psyBonus: number
  saveD20?: number
  failureD6?: number
}

/**
 * Won initiative: the spell goes off. Lost it: the spell is lost and no other can be cast until the next
 * round. Simultaneous: save vs paralysis (+ PSY bonus); on a failure a d6 says lost (1-4) or miscast (5-6).
 */
export function spellInterruption(input: SpellInterruption): Outcome<SpellResult> {
  const rule = 'ENCOUNTER ORDER: spellcasters'
  if (!input.damaged || input.initiative === 'caster-won')
    return ok({ fate: 'goes-off', breakdown: [], prompt: null, summary: 'The spell goes off as intended.' })
  if (input.initiative === 'opponent-won')
    return ok({
      fate: 'lost-and-no-cast-this-round',
      breakdown: [],
      prompt: null,
      summary: 'The spell is lost, and no other can be cast until the following round.',
    })
  if (input.saveD20 === undefined)
    return ok({
      fate: 'save-needed',
      breakdown: [],
      prompt: null,
      summary: 'Save vs Paralysis to keep the spell.',
    })
  if (!isFace(input.saveD20, 20)) return fail('A d20 shows 1 to 20.')
  const breakdown: BreakdownLine[] = [
    { label: 'save d20', value: input.saveD20, rule },
    { label: 'PSY bonus', value: input.psyBonus, rule },
    { label: 'the save needs', value: input.saveParalysis, rule },
  ]
  if (input.saveD20 + input.psyBonus >= input.saveParalysis)
    return ok({
      fate: 'goes-off',
      breakdown,
      prompt: null,
      summary: 'Saved: the spell goes off as intended.',
    })
  if (input.failureD6 === undefined)
    return ok({
      fate: 'd6-needed',
      breakdown,
      prompt: null,
      summary: 'Save failed: roll a d6 (1-4 lost, 5-6 miscast).',
    })
  const row = SPELL_FAILURE.find(
    (r) => input.failureD6 !== undefined && input.failureD6 >= r.min && input.failureD6 <= r.max,
  )
  if (!row) return fail('A d6 shows 1 to 6.')
  breakdown.push({ label: 'd6 (1-4 lost, 5-6 miscast)', value: input.failureD6, rule })
  const prompt =
    row.result === 'miscast'
      ? gmPrompt(
          'miscast',
          breakdown,
          'The spell was miscast: the text gives no effect; GM, rule what happens.',
          rule,
        )
      : null
  return ok({
    fate: row.result,
    breakdown,
    prompt,
    summary: row.result === 'lost' ? 'The spell is lost.' : 'The spell is miscast.',
  })
}
