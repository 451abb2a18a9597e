/** End of round (17 step 5): round-long stances end, timed conditions count down, burning oil comes due. */

import { tickConditions } from '../../engine/conditions.ts'
import { CONDITIONS, type Condition } from './conditions.ts'

/** Something the table must resolve now that the round has ended, in the rule's words. */
export interface DueEffect {
  kind: 'burning-oil'
  text: string
  dice: '1d8'
}

/**
 * Ends the round for one combatant: charging (-2 AC "for the remainder of the round"), parrying and
 * surprise end; a fresh timed condition starts counting next round; others lose a round and end at 0.
 * Burning oil that was not put out deals its second 1d8 as it ends.
 */
export function endOfRound(conditions: ReadonlyArray<Condition>): {
  conditions: Condition[]
  due: DueEffect[]
} {
  const { kept, ended } = tickConditions(conditions, (c) => CONDITIONS[c.kind].lasts === 'round')
  const due = ended
    .filter((c) => c.kind === 'burning')
    .map((): DueEffect => ({ kind: 'burning-oil', text: BURNING_AGAIN, dice: '1d8' }))
  return { conditions: kept, due }
}

const BURNING_AGAIN = 'Burning oil: another 1d8 unless the flames were put out this round.'

/** Putting out burning oil takes the round (rolling on the ground, a wet blanket; water does not work). */
export const extinguish = (conditions: ReadonlyArray<Condition>): Condition[] =>
  conditions.filter((c) => c.kind !== 'burning')

/** The GM clears a condition the text gives no end to (stood up, picked up the weapon, recovered). */
export const removeCondition = (conditions: ReadonlyArray<Condition>, kind: Condition['kind']): Condition[] =>
  conditions.filter((c) => c.kind !== kind)
