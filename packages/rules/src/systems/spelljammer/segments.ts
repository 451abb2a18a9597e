/** The segment countdown of a round: pre-movement above 10, movement 10 to 1, post-movement 0 to -5, lost at -6. */
import { unreachable } from '../../assert.ts'

/** Where in the round a segment falls. */
export type Phase = 'pre-movement' | 'movement' | 'post-movement' | 'lost'

/** The latest segment that still happens this round. */
export const LAST_SEGMENT = -5
/** Movement runs from this segment down to MOVEMENT_END, 10% a segment. */
export const MOVEMENT_START = 10
export const MOVEMENT_END = 1

/** "Actions prior to initiative 10 are resolved before movement ... -6 or later are lost." */
export function phaseOf(segment: number): Phase {
  if (segment > MOVEMENT_START) return 'pre-movement'
  if (segment >= MOVEMENT_END) return 'movement'
  if (segment >= LAST_SEGMENT) return 'post-movement'
  return 'lost'
}

/** Tenths of the round's movement done once this segment's movement has happened (10 -> 1, 1 -> 10). */
export function movementTenthsBy(segment: number): number {
  return Math.min(10, Math.max(0, MOVEMENT_START - segment + 1))
}

/** One thing that happens on a segment: an attack, a spell going off, a free action. */
export interface TimelineEvent {
  who: string
  what: string
  segment: number
}

/** One segment of the timeline with what happens on it; movement segments always appear. */
export interface TimelineSegment {
  segment: number
  phase: Exclude<Phase, 'lost'>
  /** Tenths of movement done by the end of this segment (0 before movement, 10 after). */
  movementTenths: number
  events: TimelineEvent[]
}

/**
 * Orders a round's events from the highest segment down. Every segment from 10 to 1 is listed, since
 * movement happens on each; others only when something happens. Lost events are returned apart.
 */
export function buildTimeline(events: readonly TimelineEvent[]): {
  segments: TimelineSegment[]
  lost: TimelineEvent[]
} {
  const bySegment = new Map<number, TimelineEvent[]>()
  const lost: TimelineEvent[] = []
  for (let s = MOVEMENT_START; s >= MOVEMENT_END; s--) bySegment.set(s, [])
  for (const event of events) {
    if (!Number.isInteger(event.segment))
      throw new Error(`segment must be a whole number, got ${event.segment}`)
    if (phaseOf(event.segment) === 'lost') {
      lost.push(event)
      continue
    }
    const list = bySegment.get(event.segment) ?? []
    list.push(event)
    bySegment.set(event.segment, list)
  }
  const segments = [...bySegment.entries()]
    .sort(([a], [b]) => b - a)
    .map(([segment, list]): TimelineSegment => {
      const phase = phaseOf(segment)
      switch (phase) {
        case 'pre-movement':
        case 'movement':
        case 'post-movement':
          return { segment, phase, movementTenths: movementTenthsBy(segment), events: list }
        case 'lost':
          throw new Error('lost segments are filtered out above')
        default:
          return unreachable(phase)
      }
    })
  return { segments, lost }
}
