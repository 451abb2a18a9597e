/** 17 step 1, Determine Surprise: one d20 per side that might be surprised, DC 13 (elves 15), +3 against a prepared ambush. */

import { checkDie } from '../../dice/named-dice.ts'
import { type BreakdownLine, type Outcome, ok } from '../../system.ts'
import type { Condition } from './conditions.ts'
import type { Sheet } from './sheet.ts'

const RULE = 'Determine Surprise (17, step 1)'

/** The DC at or above which a combatant is surprised: 13, or 15 for an elf (so elves are surprised less often). */
export const surpriseDC = (sheet: Pick<Sheet, 'elf'>): number => (sheet.elf ? 15 : 13)

/** The +3 when the other side is well hidden and prepared to perform an ambush. */
export const AMBUSH_BONUS = 3

export interface SurpriseResult {
  name: string
  lines: BreakdownLine[]
  total: number
  dc: number
  surprised: boolean
  /** A surprised combatant gains 'surprised': unable to act for one round. */
  gains: Condition[]
}

/**
 * Checks one side against a single d20: each member is surprised on a total of 13 or more (15 for an
 * elf). `ambush` when the other side is well hidden and prepared to ambush.
 */
export function checkSurprise(
  side: ReadonlyArray<Sheet>,
  roll: number | undefined,
  ambush: boolean,
): Outcome<SurpriseResult[]> {
  const d20 = checkDie(roll, 20, 'surprise roll')
  if (!d20.ok) return d20
  return ok(
    side.map((sheet) => {
      const lines: BreakdownLine[] = [{ label: 'd20', value: d20.value, rule: RULE }]
      if (ambush) lines.push({ label: 'prepared ambush', value: AMBUSH_BONUS, rule: RULE })
      const total = lines.reduce((t, l) => t + l.value, 0)
      const dc = surpriseDC(sheet)
      const surprised = total >= dc
      return {
        name: sheet.name,
        lines,
        total,
        dc,
        surprised,
        gains: surprised ? [{ kind: 'surprised' }] : [],
      }
    }),
  )
}
