/** How players join: a QR code to scan across the table, and the link for the share sheet or clipboard. */
import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import type { QrPath } from '../qr.ts'
import { canShare, type ShareOutcome, shareLink } from '../share.ts'

const SAID: Record<ShareOutcome, string | null> = {
  shared: 'Shared ✓',
  copied: 'Copied ✓',
  cancelled: null,
  failed: 'Copying was blocked by the browser: select the link and copy it by hand.',
}

export function ShareCard({
  link,
  roomName,
  screenLink,
}: {
  link: string
  roomName: string
  /** The room screen's link, for a TV or a spare tablet: shown as a code of its own when asked. */
  screenLink?: string
}) {
  const said = useSignal<string | null>(null)
  const screenShown = useSignal(false)
  const big = useRef<HTMLDialogElement>(null)
  const clear = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(clear.current), [])
  const share = async () => {
    said.value = SAID[await shareLink(link, roomName ? `Join ${roomName} on Fray` : 'Join the fight on Fray')]
    clearTimeout(clear.current)
    clear.current = setTimeout(() => {
      said.value = null
    }, 2500)
  }
  return (
    <section class="card share" aria-labelledby="share-h">
      <h2 id="share-h">Players join here</h2>
      <button
        type="button"
        class="qr-button"
        aria-label="Show the QR code full screen"
        onClick={() => big.current?.showModal()}
      >
        <QrCode text={link} testId="player-qr" />
      </button>
      <input class="link" readOnly value={link} aria-label="Player link" data-testid="player-link" />
      <button type="button" class="primary" onClick={share}>
        {canShare() ? 'Share player link' : 'Copy player link'}
      </button>
      <p class="muted small" role="status">
        {said.value ?? 'Scan the code with a phone camera, or send the link.'}
      </p>
      {screenLink && (
        <div class="screen-share">
          <button type="button" class="ghost" onClick={() => (screenShown.value = !screenShown.value)}>
            {screenShown.value ? 'Hide the room screen’s code' : 'A screen for the room (TV, tablet)…'}
          </button>
          {screenShown.value && (
            <>
              <QrCode text={screenLink} label="QR code of the room screen" testId="screen-qr" />
              <a href={screenLink} target="_blank" rel="noopener" data-testid="screen-link">
                {screenLink}
              </a>
              <p class="muted small">
                Read-only: the turn, the fighters as players see them, and the last roll, big. No seat, no
                key.
              </p>
            </>
          )}
        </div>
      )}
      <dialog ref={big} class="qr-dialog" aria-label="QR code of the player link">
        <form method="dialog">
          <QrCode text={link} />
          <button type="submit" class="big">
            Close
          </button>
        </form>
      </dialog>
    </section>
  )
}

/** The code as an inline SVG, drawn once the generator has loaded (it is not in the first-load bundle). */
export function QrCode({ text, testId, label }: { text: string; testId?: string; label?: string }) {
  const path = useSignal<QrPath | null>(null)
  useEffect(() => {
    let live = true
    import('../qr.ts').then(
      ({ qrPath }) => {
        if (live) path.value = qrPath(text)
      },
      () => {
        // The generator did not load (offline before it was ever cached): the link below still works.
      },
    )
    return () => {
      live = false
    }
  }, [text, path])
  const qr = path.value
  if (!qr) return <span class="qr qr-loading" aria-hidden="true" />
  // A quiet zone of four modules on each side, as scanners expect; dark modules on white in either theme.
  const box = qr.size + 8
  return (
    <svg
      class="qr"
      viewBox={`-4 -4 ${box} ${box}`}
      role="img"
      aria-label={label ?? `QR code of the player link ${text}`}
      data-testid={testId}
      shape-rendering="crispEdges"
    >
      <rect x="-4" y="-4" width={box} height={box} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  )
}
