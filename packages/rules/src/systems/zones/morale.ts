/** Morale at the end of a round (group WIT save when halved, or a lone character at half health) and surrender. */
import type { BreakdownLine } from '../../system.ts'
import { line, note, RULE, unreachable } from './common.ts'
import { resolveGroupSave, type SaveResult } from './save.ts'

export interface MoraleMember {
  id: string
  wit: number
  fearImmune: boolean
  /** Passed a morale check earlier this stretch: not subject to morale any more. */
  steady: boolean
}

/**
 * A group must check morale if the past round took it to half or less of its original numbers (it was
 * above half when the round began).
 */
export function groupMoraleDue(group: { original: number; atRoundStart: number; now: number }): boolean {
  return group.now * 2 <= group.original && group.atRoundStart * 2 > group.original && group.now > 0
}

/** A character fighting alone must check if the past round took them to half or less of their maximum health. */
export function loneMoraleDue(c: { maxHealth: number; healthAtRoundStart: number; health: number }): boolean {
  return c.health * 2 <= c.maxHealth && c.healthAtRoundStart * 2 > c.maxHealth
}

/** What the table tracks for morale: a group by its numbers, a character fighting alone by their health. */
export type MoraleWatch =
  | { id: string; kind: 'group'; original: number; atRoundStart: number; now: number }
  | { id: string; kind: 'lone'; maxHealth: number; healthAtRoundStart: number; health: number }

/** At the end of a round (phase 'ended' in round.ts): which groups and lone characters must check morale. */
export function moraleChecksDue(watches: ReadonlyArray<MoraleWatch>): string[] {
  return watches
    .filter((w) => {
      switch (w.kind) {
        case 'group':
          return groupMoraleDue(w)
        case 'lone':
          return loneMoraleDue(w)
        default:
          return unreachable(w)
      }
    })
    .map((w) => w.id)
}

export interface MoraleResult {
  /** Passed: not subject to morale for the rest of the stretch. */
  steady: string[]
  /** Failed: must surrender or retreat. */
  broken: string[]
  /** Immune to fear, or already steady: no roll. */
  exempt: string[]
  saves: Record<string, SaveResult>
  breakdown: BreakdownLine[]
}

/**
 * The group WIT save: each member who is subject to morale rolls; those who fail must surrender or
 * retreat, those who pass are steady for the stretch. Fear-immune characters are immune to morale.
 */
export function resolveMorale(
  members: ReadonlyArray<MoraleMember>,
  faces: Readonly<Record<string, number>>,
): MoraleResult {
  const exempt = members.filter((m) => m.fearImmune || m.steady).map((m) => m.id)
  const rolling = members.filter((m) => !m.fearImmune && !m.steady)
  const group = resolveGroupSave(
    'wit',
    rolling.map((m) => ({ id: m.id, target: m.wit })),
    faces,
    RULE.morale,
  )
  const breakdown: BreakdownLine[] = []
  for (const id of exempt) breakdown.push(note(`${id}: immune to morale`, 0, RULE.morale))
  for (const [id, save] of Object.entries(group.results)) {
    breakdown.push(
      line(`${id}: morale WIT save ${save.passed ? 'passed' : 'failed'}`, save.face, RULE.morale),
    )
  }
  return { steady: group.passed, broken: group.failed, exempt, saves: group.results, breakdown }
}

export interface SurrenderState {
  surrendering: boolean
  /** Failed a morale check this stretch. */
  brokeMorale: boolean
}

/** Surrendering spends the turn (see turn.ts); the character might be spared. */
export function surrender(state: SurrenderState): SurrenderState {
  return { ...state, surrendering: true }
}

/**
 * A surrendering character harmed by the enemy can resume fighting normally, even after a failed
 * morale check.
 */
export function harmedWhileSurrendering(state: SurrenderState): SurrenderState {
  return state.surrendering ? { surrendering: false, brokeMorale: false } : state
}
