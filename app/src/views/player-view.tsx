/**
 * The player's link: the join form, in the first load, and the seated view (`seated.tsx`, its own chunk
 * with Yjs and the table's models) once the phone has a seat. The form paints without waiting for it.
 */
import { SYSTEM_INFO } from '@fray/rules'
import { useSignal } from '@preact/signals'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { createSeat } from '../api.ts'
import { Alert } from '../components/alert.tsx'
import { RoomError } from '../components/room-error.tsx'
import { earlyJoin } from '../join-shell.ts'
import { forgetSeat, loadSeat, type StoredSeat, saveSeat } from '../models/seat.ts'
import { useLazy } from './use-lazy.ts'
import { useRoomInfo } from './use-room.ts'

const loadSeated = () => import('./seated.tsx')
const loadSeatCodeForm = () => import('./seat-code-form.tsx').then((m) => m.SeatCodeForm)

export function PlayerView({ roomId, seatCode }: { roomId: string; seatCode?: string }) {
  const room = useRoomInfo(roomId)
  // The seated view (Yjs, the table's models) loads at once, beside the join form: ready by the time
  // the player has typed a name, and at once for a phone that already has its seat.
  const seated = useLazy(loadSeated, true)
  const Seated = seated?.Seated ?? null
  // A seat link (#seat=<code>) is for this phone to take that seat, whatever seat it had here before.
  const seat = useSignal<StoredSeat | null>(seatCode ? null : loadSeat(roomId))
  // While the form shows, the room's table and log are already syncing: the fight appears with the seat.
  useEffect(() => {
    if (seated && !seat.value) seated.preconnect(roomId)
  }, [seated, seat.value, roomId])
  useEffect(() => {
    // The code works once: off the address bar and out of the history as soon as it is read.
    if (seatCode) history.replaceState(history.state, '', window.location.pathname + window.location.search)
  }, [seatCode])
  if (room.status === 'error') return <RoomError error={room.error} />
  if (!seat.value) {
    return (
      <JoinForm
        roomId={roomId}
        seatCode={seatCode}
        roomName={room.status === 'ready' ? room.info.name : ''}
        onSeated={(s) => {
          saveSeat(roomId, s)
          seat.value = s
        }}
      />
    )
  }
  return Seated ? (
    <Seated
      roomId={roomId}
      seat={seat.value}
      title={room.status === 'ready' ? `${room.info.name} · ${SYSTEM_INFO[room.info.system].name}` : ''}
      system={room.status === 'ready' ? room.info.system : null}
      onFreed={() => {
        forgetSeat(roomId)
        seat.value = null
      }}
    />
  ) : (
    <p class="page muted">Opening the fight…</p>
  )
}

function JoinForm(props: {
  roomId: string
  seatCode?: string
  roomName: string
  onSeated: (seat: StoredSeat) => void
}) {
  // The form index.html painted before the app loaded: its name, its keyboard and an early Join carry over.
  const [early] = useState(earlyJoin)
  const name = useSignal(early?.name ?? '')
  const error = useSignal<string | null>(null)
  /** The seat already here under the name typed: "is this you?" before a second one is made. */
  const seated = useSignal<string | null>(null)
  const busy = useSignal(false)
  const input = useRef<HTMLInputElement>(null)
  // Taking a seat with a code (a phone handed over) is the rarer way in: it loads after the form paints.
  const SeatCodeForm = useLazy(loadSeatCodeForm, true)
  const join = async (another = false) => {
    if (name.value.trim() === '') {
      error.value = 'Type the name of your character.'
      return
    }
    busy.value = true
    const result = await createSeat(props.roomId, name.value.trim(), another)
    busy.value = false
    if (!result.ok) {
      error.value = result.error
      seated.value = result.seated ?? null
      return
    }
    props.onSeated({ ...result.value, name: name.value.trim() })
  }
  // Focus moves before the painted form goes (in the same task), so a phone's keyboard stays up.
  useLayoutEffect(() => {
    if (early?.focused) input.current?.focus()
  }, [])
  useEffect(() => {
    if (early?.submitted) void join()
  }, [])
  return (
    <main class="page narrow">
      <h1>{props.roomName || 'Join the fight'}</h1>
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault()
          void join()
        }}
      >
        <label class="field">
          <span>Your character's name</span>
          <input
            ref={input}
            value={name.value}
            maxLength={60}
            autoComplete="nickname"
            onInput={(e) => {
              name.value = e.currentTarget.value
              error.value = null
              seated.value = null
            }}
          />
        </label>
        <Alert text={error.value} />
        {seated.value ? (
          // Asked "is this you?": the code form below is the way back in; this, the way to a second seat.
          <button type="button" class="big" disabled={busy.value} onClick={() => void join(true)}>
            I am not {seated.value}: join as another {name.value.trim()}
          </button>
        ) : (
          <button type="submit" class="primary big" disabled={busy.value}>
            {busy.value ? 'Joining…' : 'Join'}
          </button>
        )}
      </form>
      {SeatCodeForm && <SeatCodeForm roomId={props.roomId} code={props.seatCode} onSeated={props.onSeated} />}
    </main>
  )
}
