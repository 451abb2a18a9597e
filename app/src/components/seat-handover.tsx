/**
 * A seat on another phone (#19 item 7): a one-time code with its QR code and link, asked of the room by the
 * seat's own phone ("Use on another phone") or by the GM ("Let back in"). The code is not the seat's key:
 * it works once, for minutes, and gives the new phone a key of its own.
 */
import type { SeatHandoverResponse } from '@fray/protocol'
import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { seatHandover } from '../api.ts'
import { canShare, type ShareOutcome, shareLink } from '../share.ts'
import { QrCode } from './share-card.tsx'

/** The link a new phone opens to take the seat: the code rides in the fragment, which no server sees. */
export function handoverLink(roomId: string, code: string, origin = window.location.origin): string {
  return `${origin}/r/${roomId}#seat=${code}`
}

const SAID: Record<ShareOutcome, string | null> = {
  shared: 'Shared ✓',
  copied: 'Copied ✓',
  cancelled: null,
  failed: 'Copying was blocked by the browser: select the link and copy it by hand.',
}

interface Props {
  roomId: string
  seatId: string
  /** The seat's own key (on the player's phone) or the GM key (on the GM's tablet). */
  authKey: string
  title: string
  /** What happens to the seat's other phones once the code is taken, in words for whoever holds this. */
  note: string
  /** The seat's `handedOverAt` as the table has it: once it moves on, a phone took the code. */
  takenAt: number | undefined
  /** Said once the code is taken, before the dialog closes by itself. */
  takenSaid: string
  onClose: () => void
}

/** How long "taken" shows before the dialog closes by itself. */
const TAKEN_SHOWN_MS = 2500

/** Opens as a modal the moment it is shown, and asks the room for a fresh code. */
export function HandoverDialog(props: Props) {
  const { roomId, seatId, authKey, title, note, onClose } = props
  const dialog = useRef<HTMLDialogElement>(null)
  // A phone took the code once the seat's hand-over time differs from the one it had when this opened:
  // the code comes off the screen at once, and the dialog closes.
  const openedAt = useRef(props.takenAt)
  const taken = props.takenAt !== undefined && props.takenAt !== openedAt.current
  useEffect(() => {
    if (!taken) return
    const closing = setTimeout(() => dialog.current?.close(), TAKEN_SHOWN_MS)
    return () => clearTimeout(closing)
  }, [taken])
  const made = useSignal<SeatHandoverResponse | null>(null)
  const error = useSignal<string | null>(null)
  const said = useSignal<string | null>(null)
  const ask = async () => {
    error.value = null
    const result = await seatHandover(roomId, seatId, authKey)
    if (result.ok) made.value = result.value
    else error.value = result.error
  }
  // One code per opening of the dialog.
  useEffect(() => {
    dialog.current?.showModal()
    void ask()
  }, [])
  const code = made.value?.code
  const link = code ? handoverLink(roomId, code) : ''
  const minutes = made.value ? Math.max(1, Math.round((made.value.expiresAt - Date.now()) / 60_000)) : 0
  const share = async () => {
    said.value = SAID[await shareLink(link, 'Your seat on Fray')]
  }
  return (
    <dialog ref={dialog} class="handover" aria-labelledby="handover-h" onClose={onClose}>
      {/* Close sits by the title, in reach even where a small phone has to scroll the rest. */}
      <div class="row gap handover-head">
        <h2 id="handover-h" class="handover-title">
          {title}
        </h2>
        <form method="dialog" class="push">
          <button type="submit">Close</button>
        </form>
      </div>
      {taken ? (
        <p class="handover-taken" role="status">
          ✓ {props.takenSaid}
        </p>
      ) : code ? (
        <>
          <p class="handover-step">Scan with the other phone:</p>
          <QrCode text={link} label="QR code of the seat link" testId="seat-qr" />
          <p class="handover-step">
            or type on its join screen:
            <strong class="seat-code" data-testid="seat-code">
              {code}
            </strong>
          </p>
          <button type="button" class="big" onClick={share}>
            {canShare() ? 'Share seat link' : 'Copy seat link'}
          </button>
          <input class="link" readOnly value={link} aria-label="Seat link" data-testid="seat-link" />
          <p class="muted small" role="status">
            {said.value ?? `Works once, for ${minutes} minutes. ${note}`}
          </p>
        </>
      ) : error.value ? (
        <>
          <p class="error" role="alert">
            {error.value}
          </p>
          <button type="button" class="big" onClick={ask}>
            Try again
          </button>
        </>
      ) : (
        <p class="muted">Making a code…</p>
      )}
    </dialog>
  )
}
