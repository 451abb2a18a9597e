/** End of round (17 step 5): round-long stances end, timed conditions count down, burning oil comes due. */

import { unreachable } from '../../assert.ts'
import type { Condition } from './conditions.ts'

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
  const next: Condition[] = []
  const due: DueEffect[] = []
  for (const c of conditions) {
    switch (c.kind) {
      case 'charging':
      case 'defending':
      case 'surprised':
      case 'running':
      case 'struck':
        break
      case 'disarmed':
      case 'shaken':
      case 'prone':
      case 'blinded':
      case 'grappled':
      case 'gagged-or-bound':
      case 'fatigued':
        next.push(c)
        break
      case 'stumbling':
      case 'no-attack':
      case 'reloading':
      case 'burning':
        if (c.fresh) next.push({ ...c, fresh: false })
        else if (c.rounds > 1) next.push({ ...c, rounds: c.rounds - 1 })
        else if (c.kind === 'burning')
          due.push({
            kind: 'burning-oil',
            text: 'Burning oil: another 1d8 unless the flames were put out this round.',
            dice: '1d8',
          })
        break
      default:
        unreachable(c)
    }
  }
  return { conditions: next, due }
}

/** Putting out burning oil takes the round (rolling on the ground, a wet blanket; water does not work). */
export const extinguish = (conditions: ReadonlyArray<Condition>): Condition[] =>
  conditions.filter((c) => c.kind !== 'burning')

/** The GM clears a condition the text gives no end to (stood up, picked up the weapon, recovered). */
export const removeCondition = (conditions: ReadonlyArray<Condition>, kind: Condition['kind']): Condition[] =>
  conditions.filter((c) => c.kind !== kind)
