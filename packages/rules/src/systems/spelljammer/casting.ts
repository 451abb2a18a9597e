/**
 * Casting: when a spell begins and goes off, mage casting times by rank and GK/SK, and interruption (a hit
 * on a caster, `hitWhileCasting`, is resolving's, in rolls.ts).
 */
import { unreachable } from '../../assert.ts'
import type { BreakdownLine } from '../../system.ts'
import { RULE } from './sections.ts'
import { LAST_SEGMENT, MOVEMENT_START } from './segments.ts'
import type { Spell } from './sheet.ts'
import { MAGE_CASTING_TABLE } from './tables.ts'

/** A cleric casting time that means "1 round": it must start on initiative 10. */
export const ONE_ROUND = 10

/** Mage casting time for a rank and kind; ranks past the table's last row (22) keep its times. */
export function mageCastingTime(rank: number, kind: 'GK' | 'SK'): number {
  if (!Number.isInteger(rank) || rank < 1)
    throw new Error(`spell rank must be a whole number from 1, got ${rank}`)
  const row = MAGE_CASTING_TABLE.find((r) => rank >= r.from && rank <= r.to) ?? MAGE_CASTING_TABLE.at(-1)
  if (!row) throw new Error('the mage casting table is empty')
  return kind === 'GK' ? row.gk : row.sk
}

/** A spell's casting time in segments: by rank and kind for a mage, as printed for a cleric. */
export function castingTime(spell: Spell): number {
  switch (spell.caster) {
    case 'mage':
      return mageCastingTime(spell.rank, spell.kind)
    case 'cleric':
      return spell.castingTime
    default:
      return unreachable(spell.caster)
  }
}

/** When a spell begins and goes off, this round or the next. */
export interface CastingPlan {
  castingTime: number
  /** Segment casting begins. */
  startsOn: number
  /** Segment the spell goes off. */
  goesOffOn: number
  /** 'this' when it goes off this round; 'next' when casting begins on 10 of the following round. */
  round: 'this' | 'next'
  breakdown: BreakdownLine[]
}

/**
 * Plans a spell from the initiative rolled (die plus modifiers). It goes off `castingTime` segments
 * after it begins ("roll an 8 ... casting time of 5, the spell goes off on 3"); if that would be -6 or
 * later, casting begins on 10 of the following round. A 1-round spell must begin on 10: a 10 or better,
 * or an action held from the last round.
 */
export function planCasting(spell: Spell, initiative: number, heldAction = false): CastingPlan {
  const time = castingTime(spell)
  const rule = spell.caster === 'mage' ? RULE.mageCasting : RULE.clericCasting
  const breakdown: BreakdownLine[] = [
    { label: 'Initiative', value: initiative, rule: RULE.initiative },
    { label: `${spell.name} casting time`, value: -time, rule },
  ]
  const plan = (startsOn: number, round: CastingPlan['round'], lines = breakdown): CastingPlan => ({
    castingTime: time,
    startsOn,
    goesOffOn: startsOn - time,
    round,
    breakdown: lines,
  })
  const nextRound = () =>
    plan(MOVEMENT_START, 'next', [
      ...breakdown,
      { label: 'Too late this round: begins on 10 of the next round', value: 0, rule },
    ])
  if (time >= ONE_ROUND)
    return initiative >= MOVEMENT_START || heldAction ? plan(MOVEMENT_START, 'this') : nextRound()
  return initiative - time < LAST_SEGMENT ? nextRound() : plan(initiative, 'this')
}

/** How a room treats a caster hit mid-casting: the text says the spell "might be interrupted". */
export type InterruptionRule = 'always' | 'gm-decides'
