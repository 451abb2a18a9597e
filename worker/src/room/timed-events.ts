/**
 * The GM's timed events ("Lair: initiative 20, every round"; "Collapse: round 4"): kept in the gm
 * document, placed in the round by the system's own order (see `eventsComingUp`), and when one comes up
 * the turn waits, nobody acting, until the GM says it is resolved. A secret event shows the players only
 * that the GM has something to resolve.
 */
import { GM, type GmRequest, type LogEntry, type RequestResult } from '@fray/protocol'
import {
  checkMoment,
  type DueEvent,
  eventsComingUp,
  momentWords,
  type TimedEvent,
  type TurnState,
} from '@fray/rules'
import { appendLog, gmEntry, type RoomContext } from './outcomes.ts'

const SECRET_LABEL = 'Something the GM resolves'
const MAX_EVENTS = 20

const eventsMap = (ctx: RoomContext) => ctx.gm.getMap<TimedEvent>(GM.events)

export function addEvent(ctx: RoomContext, r: Extract<GmRequest, { kind: 'add-event' }>): RequestResult {
  const wrong = checkMoment(r.at, ctx.rules.turn.moments)
  if (wrong) return { ok: false, error: wrong }
  const events = eventsMap(ctx)
  if (events.size >= MAX_EVENTS)
    return { ok: false, error: `A room keeps at most ${MAX_EVENTS} timed events: remove one first.` }
  const event: TimedEvent = {
    id: r.id.slice(0, 64),
    name: r.name,
    at: r.at,
    round: r.round,
    every: r.every,
    secret: r.secret,
  }
  ctx.gm.transact(() => events.set(event.id, event), 'server')
  return { ok: true, logId: r.id }
}

export function removeEvent(ctx: RoomContext, eventId: string, logId: string): RequestResult {
  const events = eventsMap(ctx)
  if (!events.has(eventId)) return { ok: false, error: 'That timed event is no longer there.' }
  ctx.gm.transact(() => events.delete(eventId), 'server')
  return { ok: true, logId }
}

/** The events that came up and wait for the GM. */
export function dueEvents(turn: TurnState): DueEvent[] {
  return turn.due ?? []
}

/**
 * The turn with the events that come up now added to those already due: each is marked as come up this
 * round and logged, and while any is due nobody acts.
 */
export function withEventsDue(ctx: RoomContext, turn: TurnState, roundOver: boolean): TurnState {
  const events = eventsMap(ctx)
  const coming = eventsComingUp([...events.values()], turn, roundOver, ctx.rules.turn.view)
  const due = [
    ...dueEvents(turn),
    ...coming.map((e) => ({ id: e.id, label: e.secret ? SECRET_LABEL : e.name, round: turn.round })),
  ]
  if (coming.length > 0) {
    ctx.gm.transact(() => {
      for (const e of coming) events.set(e.id, { ...e, fired: turn.round })
    }, 'server')
    const moments = ctx.rules.turn.moments
    appendLog(
      ctx,
      ...coming.map(
        (e): LogEntry =>
          gmEntry(
            ctx,
            `${e.id}/${turn.round}`,
            'event',
            e.secret
              ? `Round ${turn.round}: the GM has something to resolve.`
              : `${e.name} comes up (round ${turn.round}, at ${momentWords(e.at, moments)}).`,
          ),
      ),
    )
  }
  if (due.length === 0) return turn.due ? { ...turn, due: [] } : turn
  return { ...turn, due, acting: [], attacksLeft: {} }
}

/** The GM resolved an event that came up: it leaves the turn, which goes on once none is due. */
export function eventDone(turn: TurnState, eventId: string): TurnState | string {
  const due = dueEvents(turn)
  if (!due.some((d) => d.id === eventId)) return 'That event is not waiting for you.'
  return { ...turn, due: due.filter((d) => d.id !== eventId) }
}

/** A new fight: every event may come up again from its round. */
export function rearmEvents(ctx: RoomContext): void {
  const events = eventsMap(ctx)
  ctx.gm.transact(() => {
    for (const e of events.values()) if (e.fired !== undefined) events.set(e.id, withoutFired(e))
  }, 'server')
}

function withoutFired(e: TimedEvent): TimedEvent {
  return Object.fromEntries(Object.entries(e).filter(([key]) => key !== 'fired')) as unknown as TimedEvent
}
