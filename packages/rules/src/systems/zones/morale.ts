/** Morale at the end of a round (who must check it) and surrendering; the check and its end: rolls.ts. */
import { unreachable } from './common.ts'

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

export interface SurrenderState {
  surrendering: boolean
  /** Failed a morale check this stretch. */
  brokeMorale: boolean
}
