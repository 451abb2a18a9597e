/**
 * Timed events: the GM's entries in the turn order ("Lair: initiative 20, every round"; "Collapse: in 3
 * rounds"). Each comes up at a moment of the round in the system's own terms (an initiative number, a
 * segment, a DEX rank) or at its start or end; the turn then waits for the GM. Pure: the room keeps the
 * events, asks which come up after each step of the turn, and writes them into the turn as `due`.
 */
import type { MomentScale } from '../system.ts'
import type { DueEvent, RoundView, TurnState } from './turn.ts'

/** When in a round an event comes up: a number of the system's order, or the round's start or end. */
export type EventMoment = number | 'start' | 'end'

export interface TimedEvent {
  id: string
  name: string
  at: EventMoment
  /** The first round it comes up in. */
  round: number
  /** Every round from `round` on, or once. */
  every: boolean
  /** Players see only that the GM has something to resolve, not its name. */
  secret: boolean
  /** The last round it came up in. */
  fired?: number
}

export type { DueEvent }

/**
 * The events that come up now, in the order they come: those of this round not yet come up whose moment
 * the round has reached. A number is reached once the slot acting has a lower one (ties go to the
 * fighters), or once the round has run past its slots; in faction play (zones), once that many faction
 * turns of the round are about to be taken ("faction turn 3": after two); the start, as soon as the round
 * runs.
 */
export function eventsComingUp(
  events: readonly TimedEvent[],
  turn: TurnState,
  roundOver: boolean,
  view?: Pick<RoundView, 'movesTaken'>,
): TimedEvent[] {
  if (turn.status === 'idle') return []
  const running = turn.status === 'running' || roundOver
  const slot = turn.order[turn.current]
  const pastSlots = running && (roundOver || (turn.order.length > 0 && slot === undefined))
  const moves = view?.movesTaken?.(turn)
  const reached = (at: EventMoment) => {
    if (!running) return false
    if (at === 'start') return true
    if (at === 'end') return roundOver
    if (moves !== undefined) return roundOver || moves >= at - 1
    return pastSlots || (slot?.at !== undefined && slot.at < at)
  }
  const inRound = (e: TimedEvent) =>
    e.fired !== turn.round && turn.round >= e.round && (e.every || e.fired === undefined)
  const rank = (at: EventMoment) =>
    at === 'start' ? Infinity : at === 'end' ? -Infinity : moves === undefined ? at : -at
  return events.filter((e) => inRound(e) && reached(e.at)).sort((a, b) => rank(b.at) - rank(a.at))
}

/** The moment in words: "initiative 20", "the start of the round". */
export function momentWords(at: EventMoment, scale: MomentScale | undefined): string {
  if (at === 'start') return 'the start of the round'
  if (at === 'end') return 'the end of the round'
  return `${(scale?.name ?? 'Initiative').toLowerCase()} ${at}`
}

/** When an event comes up, in words: "every round from round 2, at initiative 20". */
export function eventWhen(e: Pick<TimedEvent, 'at' | 'round' | 'every'>, scale?: MomentScale): string {
  const rounds = e.every
    ? e.round > 1
      ? `every round from round ${e.round}`
      : 'every round'
    : `round ${e.round}`
  return `${rounds}, at ${momentWords(e.at, scale)}`
}

/** Checks a moment against the system's scale: a sentence when it is not one. */
export function checkMoment(at: EventMoment, scale: MomentScale | undefined): string | null {
  if (at === 'start' || at === 'end') return null
  if (!scale) return 'This system’s rounds have no numbered order: choose the start or the end of the round.'
  if (!Number.isInteger(at) || at > scale.high || at < scale.low)
    return scale.counts === 'up'
      ? `${scale.name} runs from ${scale.low} to ${scale.high}, not ${at}.`
      : `${scale.name} runs from ${scale.high} down to ${scale.low}, not ${at}.`
  return null
}
