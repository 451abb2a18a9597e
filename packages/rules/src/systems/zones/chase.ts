/** Long chases: a group AGI save for the fleeing side, unless one side is plainly faster. */

import type { BreakdownLine } from '../../system.ts'
import { note, RULE, unreachable } from './common.ts'
import { resolveGroupSave } from './rolls.ts'

/** How the fleeing side compares with the pursuers in speed or stamina. */
export type ChasePace = 'fleeing-faster' | 'even' | 'pursuers-faster'

export interface ChaseResult {
  escaped: string[]
  caught: string[]
  breakdown: BreakdownLine[]
}

/**
 * Resolves a long chase. Faster (or longer-lasting) fugitives escape with no save; slower ones can't
 * escape; otherwise each rolls the group AGI save: those who pass escape, those who fail are reached.
 */
export function resolveChase(
  pace: ChasePace,
  fleeing: ReadonlyArray<{ id: string; agi: number }>,
  faces: Readonly<Record<string, number>> = {},
): ChaseResult {
  const ids = fleeing.map((f) => f.id)
  switch (pace) {
    case 'fleeing-faster':
      return { escaped: ids, caught: [], breakdown: [note('Faster: escape without a save', 0, RULE.chases)] }
    case 'pursuers-faster':
      return { escaped: [], caught: ids, breakdown: [note('Slower: escaping is impossible', 0, RULE.chases)] }
    case 'even': {
      const r = resolveGroupSave(
        'agi',
        fleeing.map((f) => ({ id: f.id, target: f.agi })),
        faces,
        RULE.chases,
      )
      return {
        escaped: r.passed,
        caught: r.failed,
        breakdown: Object.values(r.results).flatMap((s) => s.breakdown),
      }
    }
    default:
      return unreachable(pace)
  }
}
