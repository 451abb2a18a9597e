/** Saves: a d20 equal to or under the stat passes; group saves; their exact chances. */
import type { BreakdownLine } from '../../system.ts'
import { assertFace, type Chance, chance, line, STAT_LABEL, type Stat } from './common.ts'

export interface SaveResult {
  stat: Stat
  target: number
  face: number
  passed: boolean
  breakdown: BreakdownLine[]
}

/**
 * One save. The text only says "pass a save"; the reading (README) is d20 <= the stat, so the printed
 * dodge on a 2 against AGI 8 passes and the WIT save on a 20 misses.
 */
export function resolveSave(
  stat: Stat,
  target: number,
  face: number,
  rule: string,
  why?: string,
): SaveResult {
  assertFace(face, 20, `${STAT_LABEL[stat]} save`)
  const passed = face <= target
  const label = `${STAT_LABEL[stat]} save${why ? ` (${why})` : ''}: d20`
  return {
    stat,
    target,
    face,
    passed,
    breakdown: [line(label, face, rule), line(`${STAT_LABEL[stat]} (pass on this or under)`, target, rule)],
  }
}

/** The exact chance a save passes: the faces 1..stat of twenty. */
export function saveChance(target: number): Chance {
  return chance(Math.max(0, Math.min(20, Math.floor(target))), 20)
}

export interface GroupMember {
  id: string
  target: number
}

/**
 * A group save (morale, chases): everyone rolls their own save, and each is judged alone: "those who
 * fail ... those who pass".
 */
export function resolveGroupSave(
  stat: Stat,
  members: ReadonlyArray<GroupMember>,
  faces: Readonly<Record<string, number>>,
  rule: string,
): { passed: string[]; failed: string[]; results: Record<string, SaveResult> } {
  const results: Record<string, SaveResult> = {}
  const passed: string[] = []
  const failed: string[] = []
  for (const m of members) {
    const face = faces[m.id]
    if (face === undefined) throw new Error(`zones: no d20 given for ${m.id}'s ${STAT_LABEL[stat]} save`)
    const result = resolveSave(stat, m.target, face, rule)
    results[m.id] = result
    ;(result.passed ? passed : failed).push(m.id)
  }
  return { passed, failed, results }
}
