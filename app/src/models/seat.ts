/** A player's seat: remembered on this phone, its document, and the requests the player sends through it. */

import {
  type Answer,
  type DocMark,
  type Intent,
  KEPT_REQUESTS,
  type QuickRoll,
  type RequestResult,
  SEAT,
  type SeatRequest,
  type Written,
} from '@fray/protocol'
import type { Declared } from '@fray/rules'
import { computed, type ReadonlySignal, signal } from '@preact/signals'
import type * as Y from 'yjs'
import { readStored } from './stored.ts'

export interface StoredSeat {
  seatId: string
  seatKey: string
  name: string
}

const storageKey = (roomId: string) => `fray:seat:${roomId}`

export function loadSeat(roomId: string, storage: Storage = localStorage): StoredSeat | null {
  return readStored<StoredSeat>(
    storage,
    storageKey(roomId),
    (v) => typeof v.seatId === 'string' && typeof v.seatKey === 'string',
  )
}

export function saveSeat(roomId: string, seat: StoredSeat, storage: Storage = localStorage): void {
  storage.setItem(storageKey(roomId), JSON.stringify(seat))
}

export function forgetSeat(roomId: string, storage: Storage = localStorage): void {
  storage.removeItem(storageKey(roomId))
}

export interface SeatModel {
  /** Requests written but not yet answered by the room (e.g. made while offline). */
  pending: ReadonlySignal<SeatRequest[]>
  /** The latest refusal, in words for the player. */
  lastError: ReadonlySignal<string | null>
  /** Asks the room for a quick roll of `die`, or (with `faces`) to log the player's own die. */
  quickRoll(die: QuickRoll, faces?: number[]): void
  /** Asks the room to roll any dice ("2d6+1"), with what the roll is for. */
  freeRoll(notation: string, label?: string): void
  /** Asks the room to create this seat's character from a sheet; returns the request id. */
  createCharacter(sheet: Record<string, unknown>): string
  /** Asks the room for a character the GM prepared; returns the request id. */
  claim(combatantId: string): string
  /** Rolls this seat's initiative (or logs the player's own die); returns the request id. */
  rollInitiative(faces?: number[]): string
  endTurn(): string
  /** brp: state how far this character moves and what they attack with this round. */
  declareIntent(intent: Intent): string
  /** Attacks; `faces` when the player rolled their own dice. */
  attack(targetId: string, declared: Declared, faces?: number[]): string
  /** Answers a defense prompt aimed at this character. */
  defend(promptId: string, choice: string): string
  /** Faction play: take this character's turn now, or pass for the party from where the turn stands (`from`). */
  factionMove(kind: 'act' | 'pass', from?: string): string
  /** The latest refusal of any request, in words for the player, with the request it answers. */
  lastRefusal: ReadonlySignal<{ requestId: string; error: string } | null>
  /** The room's answer to one of this seat's requests, once it has come. */
  resultOf(requestId: string): RequestResult | undefined
  /** How far the room had written the table and the log when it answered this request, where it says. */
  afterOf(requestId: string): Written | undefined
  /** The log entries the room wrote for this seat's requests, by the ids it answered with. */
  logIds: ReadonlySignal<ReadonlySet<string>>
}

export function createSeatModel(
  doc: Y.Doc,
  seatId: string,
  newId: () => string = () => crypto.randomUUID(),
): SeatModel {
  const requests = doc.getArray<SeatRequest>(SEAT.requests)
  const answers = doc.getArray<Answer>(SEAT.answers)
  // Where a room before `answers` kept them: read for the requests it answered there.
  const legacy = doc.getMap<RequestResult>(SEAT.results)
  const version = signal(0)
  const bump = () => {
    version.value++
  }
  requests.observe(bump)
  answers.observe(bump)
  legacy.observe(bump)
  // The phone says which answers it holds, so the room keeps each one until it has come here: once it
  // holds more than the room keeps anyway, so a mark is written every few answers, not at each.
  const read = doc.getMap<DocMark>(SEAT.read)
  const markRead = () => {
    const last = answers.length > 2 * KEPT_REQUESTS ? lastItemId(answers) : null
    const marked = read.get('answers')
    if (last && (marked?.[0] !== last[0] || marked[1] !== last[1])) read.set('answers', last)
  }
  answers.observe(markRead)
  markRead()
  // The latest answer to each request, read again once per change.
  const answered = computed(() => {
    void version.value
    return new Map(answers.toArray().map((a) => [a.id, a]))
  })
  const resultOf = (id: string) => answered.value.get(id)?.result ?? legacy.get(`${seatId}/${id}`)
  return {
    pending: computed(() => {
      void version.value
      return requests.toArray().filter((r) => r.kind === 'roll' && !resultOf(r.id))
    }),
    lastError: computed(() => {
      void version.value
      const last = requests
        .toArray()
        .filter((r) => r.kind === 'roll')
        .at(-1)
      const result = last && resultOf(last.id)
      return result && !result.ok ? result.error : null
    }),
    rollInitiative(faces) {
      const id = newId()
      requests.push([{ id, kind: 'initiative', at: Date.now(), ...(faces ? { faces } : {}) }])
      return id
    },
    factionMove(kind, from) {
      const id = newId()
      requests.push([{ id, kind, at: Date.now(), ...(kind === 'pass' && from ? { from } : {}) }])
      return id
    },
    endTurn() {
      const id = newId()
      requests.push([{ id, kind: 'end-turn', at: Date.now() }])
      return id
    },
    declareIntent(intent) {
      const id = newId()
      requests.push([{ id, kind: 'intent', at: Date.now(), intent }])
      return id
    },
    attack(targetId, declared, faces) {
      const id = newId()
      requests.push([{ id, kind: 'attack', at: Date.now(), targetId, declared, ...(faces ? { faces } : {}) }])
      return id
    },
    defend(promptId, choice) {
      const id = newId()
      requests.push([{ id, kind: 'defend', at: Date.now(), promptId, choice }])
      return id
    },
    logIds: computed(() => {
      void version.value
      const results = [...[...answered.value.values()].map((a) => a.result), ...legacy.values()]
      return new Set(results.flatMap((r) => (r.ok ? [r.logId] : [])))
    }),
    lastRefusal: computed(() => {
      void version.value
      const last = requests.toArray().at(-1)
      const result = last && resultOf(last.id)
      return last && result && !result.ok ? { requestId: last.id, error: result.error } : null
    }),
    createCharacter(sheet) {
      const id = newId()
      requests.push([{ id, kind: 'create-character', at: Date.now(), sheet }])
      return id
    },
    claim(combatantId) {
      const id = newId()
      requests.push([{ id, kind: 'claim', at: Date.now(), combatantId }])
      return id
    },
    resultOf(requestId) {
      void version.value
      return resultOf(requestId)
    },
    afterOf(requestId) {
      void version.value
      return answered.value.get(requestId)?.after
    },
    quickRoll(die, faces) {
      requests.push([
        { id: newId(), kind: 'roll', notation: die, at: Date.now(), ...(faces ? { faces } : {}) },
      ])
    },
    freeRoll(notation, label) {
      requests.push([{ id: newId(), kind: 'roll', notation, at: Date.now(), ...(label ? { label } : {}) }])
    },
  }
}

/**
 * The Yjs id of an array's last value (its writer's client and the clock it gave it), or null when empty.
 * Read from the array's items, not with Yjs's helpers: a value import of yjs here would put all of it
 * into the first load of every page (the player's route reads stored seats before it syncs anything).
 */
function lastItemId<T>(array: Y.Array<T>): DocMark | null {
  let last: DocMark | null = null
  for (let item = array._start; item !== null; item = item.right)
    if (!item.deleted && item.countable) last = [item.id.client, item.id.clock + item.length - 1]
  return last
}
