/**
 * "Already have a seat?": a code from the seat's other phone or from the GM brings this phone into that
 * seat, with its character, instead of making a new one (#19 item 7).
 */
import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { joinSeat } from '../api.ts'
import { Alert } from '../components/alert.tsx'
import type { StoredSeat } from '../models/seat.ts'

interface Props {
  roomId: string
  /** A code from a seat link (`#seat=`): taken at once. */
  code?: string
  onSeated: (seat: StoredSeat) => void
}

export function SeatCodeForm({ roomId, code: fromLink, onSeated }: Props) {
  const code = useSignal(fromLink ?? '')
  const error = useSignal<string | null>(null)
  const busy = useSignal(false)
  const take = async () => {
    if (code.value.trim() === '') {
      error.value = 'Type the code your other phone or the GM shows.'
      return
    }
    busy.value = true
    const result = await joinSeat(roomId, code.value.trim())
    busy.value = false
    if (!result.ok) {
      error.value = result.error
      return
    }
    const { seatId, seatKey, name } = result.value
    onSeated({ seatId, seatKey, name })
  }
  // A code from a link is taken once, on opening.
  useEffect(() => {
    if (fromLink) void take()
  }, [])
  return (
    <form
      class="card"
      aria-labelledby="seat-code-h"
      onSubmit={(event) => {
        event.preventDefault()
        void take()
      }}
    >
      <h2 id="seat-code-h">Already have a seat?</h2>
      <p class="muted small">
        On your other phone, tap “Use on another phone”; if it is lost, ask the GM to let you back in.
      </p>
      <label class="field">
        <span>Seat code</span>
        <input
          value={code.value}
          placeholder="ABCD-EFGH"
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          maxLength={20}
          onInput={(e) => {
            code.value = e.currentTarget.value
            error.value = null
          }}
        />
      </label>
      <Alert text={error.value} />
      <button type="submit" class="big" disabled={busy.value}>
        {busy.value ? 'Taking your seat…' : 'Take my seat'}
      </button>
    </form>
  )
}
