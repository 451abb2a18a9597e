/**
 * The GM's side of the room: requests sent through the gm document (turn order, monsters' attacks,
 * undo) with the refusal of the latest one in words, and verdicts on players' own dice.
 */
import {
  type Answer,
  type Approval,
  answerTo,
  GM,
  type GmRequest,
  type RequestResult,
  SEAT,
  type SealedResult,
  type TimedEvent,
  type Written,
} from '@fray/protocol'
import { type ReadonlySignal, signal } from '@preact/signals'
import type * as Y from 'yjs'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type GmAsk = DistributiveOmit<GmRequest, 'id'>

export interface GmModel {
  /** Why the room refused the GM's latest request, or null (also once the GM has dismissed it). */
  error: ReadonlySignal<string | null>
  /** Puts the refusal on screen away: the GM has read it. */
  dismiss(): void
  /** The room's answer to one of the GM's requests, once it has come (read in a render, it renders again). */
  resultOf(requestId: string): RequestResult | undefined
  /** How far the room had written the table and the log when it answered this request, where it says. */
  afterOf(requestId: string): Written | undefined
  /** Sends a request to the room; returns its id. */
  send(request: GmAsk): string
  /** The GM's verdict on a player's own dice. */
  approve(entryId: string, approve: boolean): void
  /** Sealed rolls' results and salts, by log entry id, as the gm document keeps them for the GM's eyes. */
  sealed: ReadonlySignal<Record<string, SealedResult>>
  /** The GM's timed events in the turn order, as the room keeps them. */
  events: ReadonlySignal<TimedEvent[]>
  /** The monsters whose defenses the GM answers, where the table rules have the room answer the rest. */
  byHand: ReadonlySignal<ReadonlySet<string>>
  setByHand(combatantId: string, byHand: boolean): void
  dispose(): void
}

export function createGmModel(doc: Y.Doc, newId: () => string = () => crypto.randomUUID()): GmModel {
  const error = signal<string | null>(null)
  let last: string | null = null
  let dismissed: string | null = null
  const answers = doc.getArray<Answer>(SEAT.answers)
  const answered = signal(0)
  const show = () => {
    answered.value++
    const result = last && last !== dismissed ? answerTo(answers.toArray(), last) : undefined
    error.value = result && !result.ok ? result.error : null
  }
  answers.observe(show)
  const sealedMap = doc.getMap<SealedResult>(GM.sealed)
  const sealed = signal<Record<string, SealedResult>>(sealedMap.toJSON())
  const reread = () => {
    sealed.value = sealedMap.toJSON()
  }
  sealedMap.observe(reread)
  const eventsMap = doc.getMap<TimedEvent>(GM.events)
  const events = signal<TimedEvent[]>([...eventsMap.values()])
  const rereadEvents = () => {
    events.value = [...eventsMap.values()]
  }
  eventsMap.observe(rereadEvents)
  const byHandMap = doc.getMap<true>(GM.byHand)
  const byHand = signal<ReadonlySet<string>>(new Set(byHandMap.keys()))
  const rereadByHand = () => {
    byHand.value = new Set(byHandMap.keys())
  }
  byHandMap.observe(rereadByHand)
  return {
    error,
    dismiss() {
      dismissed = last
      error.value = null
    },
    resultOf(requestId) {
      void answered.value
      return answerTo(answers.toArray(), requestId)
    },
    afterOf(requestId) {
      void answered.value
      return answers.toArray().findLast((a) => a.id === requestId)?.after
    },
    sealed,
    events,
    byHand,
    setByHand(combatantId, yes) {
      if (yes) byHandMap.set(combatantId, true)
      else byHandMap.delete(combatantId)
    },
    send(request) {
      const id = newId()
      last = id
      error.value = null
      doc.getArray<GmRequest>(GM.requests).push([{ ...request, id } as GmRequest])
      show()
      return id
    },
    approve(entryId, approve) {
      doc.getArray<Approval>(GM.approvals).push([{ entryId, approve }])
    },
    dispose: () => {
      answers.unobserve(show)
      sealedMap.unobserve(reread)
      eventsMap.unobserve(rereadEvents)
      byHandMap.unobserve(rereadByHand)
    },
  }
}

/**
 * Whether this device holds all a GM request did: the room's answer (on the gm connection), and the table
 * and log as far as the room had written them then (`holds`, on theirs).
 */
export function doneHere(gm: GmModel, requestId: string, holds: (written: Written) => boolean): boolean {
  if (!gm.resultOf(requestId)) return false
  const after = gm.afterOf(requestId)
  return !after || holds(after)
}
