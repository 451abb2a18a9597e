/**
 * The GM's timed events: entries in the turn order that come up at a moment of the round ("Lair:
 * initiative 20, every round"; "Collapse: round 4, at its start"), in the system's own terms. When one
 * comes up the round waits, and the turn card asks the GM to resolve it (`DueEvents`).
 */
import type { DueEvent, EventMoment, MomentScale, TimedEvent } from '@fray/protocol'
import { checkMoment, eventWhen } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { Alert } from '../../components/alert.tsx'
import type { GmModel } from '../../models/gm.ts'

type When = 'start' | 'number' | 'end'

interface Props {
  gm: GmModel
  /** How the system names the numbers of its order; absent where a round has none (zones). */
  moments: MomentScale | undefined
  /** The round being fought (0 before the fight). */
  round: number
}

export function EventsCard({ gm, moments, round }: Props) {
  const name = useSignal('')
  const when = useSignal<When>('start')
  const number = useSignal(
    String(!moments ? 0 : moments.counts === 'up' ? moments.low + 1 : Math.min(moments.high, 10)),
  )
  const first = useSignal(String(Math.max(1, round + 1)))
  const every = useSignal(false)
  const secret = useSignal(false)
  const error = useSignal<string | null>(null)
  const add = (e: Event) => {
    e.preventDefault()
    const named = name.value.trim()
    if (named === '' || named.length > 40) {
      error.value = 'Name the event, up to 40 characters (Lair action, The ceiling falls).'
      return
    }
    const at: EventMoment = when.value === 'number' ? Number(number.value) : when.value
    const wrong = checkMoment(at, moments)
    const r = Number(first.value)
    if (wrong || !Number.isInteger(r) || r < 1) {
      error.value = wrong ?? 'The first round is a whole number from 1.'
      return
    }
    gm.send({ kind: 'add-event', name: named, at, round: r, every: every.value, secret: secret.value })
    // The next event starts as a plain one-off: left ticked, "every round" once made a one-off repeat.
    name.value = ''
    every.value = false
    secret.value = false
    error.value = null
  }
  return (
    <section class="card" aria-labelledby="events-h">
      <h2 id="events-h">Timed events</h2>
      {gm.events.value.length === 0 && (
        <p class="muted small">
          Lair actions, hazards, “the ceiling falls in 3 rounds”: the round stops for them.
        </p>
      )}
      <ul class="library" data-testid="events">
        {gm.events.value.map((e) => (
          <li key={e.id} class="row gap">
            <span>
              ◷ <strong>{e.name}</strong>
              {e.secret && <span class="muted small"> · secret</span>}
              <br />
              <span class="muted small">
                {eventWhen(e, moments)}
                {e.fired !== undefined && ` · came up in round ${e.fired}`}
              </span>
            </span>
            <button
              type="button"
              class="ghost push"
              onClick={() => gm.send({ kind: 'remove-event', eventId: e.id })}
            >
              Remove {e.name}
            </button>
          </li>
        ))}
      </ul>
      <form class="edit-form" aria-label="A new timed event" onSubmit={add}>
        <label class="field">
          <span>Event</span>
          <input
            value={name.value}
            maxLength={40}
            placeholder="Lair action"
            onInput={(e) => {
              name.value = e.currentTarget.value
              error.value = null
            }}
          />
        </label>
        <div class="row gap wrap">
          <label class="field">
            <span>When in the round</span>
            <select value={when.value} onChange={(e) => (when.value = e.currentTarget.value as When)}>
              <option value="start">At its start</option>
              {moments && <option value="number">On a {moments.name.toLowerCase()}</option>}
              <option value="end">At its end</option>
            </select>
          </label>
          {moments && when.value === 'number' && (
            <label class="field">
              <span>
                {moments.name} (
                {moments.counts === 'up'
                  ? `${moments.low} to ${moments.high}`
                  : `${moments.high} to ${moments.low}`}
                )
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={moments.low}
                max={moments.high}
                value={number.value}
                onInput={(e) => (number.value = e.currentTarget.value)}
              />
            </label>
          )}
          <label class="field">
            <span>In round</span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              value={first.value}
              onInput={(e) => (first.value = e.currentTarget.value)}
            />
          </label>
        </div>
        <label class="toggle">
          <input
            type="checkbox"
            checked={every.value}
            onChange={(e) => (every.value = e.currentTarget.checked)}
          />
          <span>And every round after</span>
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            checked={secret.value}
            onChange={(e) => (secret.value = e.currentTarget.checked)}
          />
          <span>Secret: the players see only that I have something to resolve</span>
        </label>
        <Alert text={error.value} />
        <button type="submit">Put it in the turn order</button>
      </form>
    </section>
  )
}

/** The events that came up: the round waits until the GM has resolved each. */
export function DueEvents({ gm, due }: { gm: GmModel; due: readonly DueEvent[] }) {
  const named = (d: DueEvent) => gm.events.value.find((e: TimedEvent) => e.id === d.id)?.name ?? d.label
  return (
    <>
      {due.map((d) => (
        <div key={d.id} class="due-event" role="alert">
          <p>
            ◷ <strong>{named(d)}</strong> comes up · Round {d.round}
            <br />
            <span class="muted small">Nobody acts until you have resolved it.</span>
          </p>
          <button
            type="button"
            class="primary"
            onClick={() => gm.send({ kind: 'event-done', eventId: d.id })}
          >
            Done: {named(d)}
          </button>
        </div>
      ))}
    </>
  )
}
