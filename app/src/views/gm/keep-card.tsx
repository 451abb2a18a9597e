/**
 * Keeping the encounter: an export of the whole room, and the GM's own link as a QR code for another
 * device of the GM's (asked first: whoever scans it runs the room as GM).
 */
import { useSignal } from '@preact/signals'
import { Alert } from '../../components/alert.tsx'
import { QrCode } from '../../components/share-card.tsx'

export function KeepCard({
  onExport,
  ready,
  gmLink,
}: {
  /** Makes and downloads the file; answers why it could not (a past fight that did not load), or null. */
  onExport: () => Promise<string | null>
  ready: boolean
  gmLink: string
}) {
  const showing = useSignal<'no' | 'asking' | 'shown'>('no')
  const exporting = useSignal(false)
  const exportError = useSignal<string | null>(null)
  const exportNow = async () => {
    exporting.value = true
    exportError.value = null
    exportError.value = await onExport()
    exporting.value = false
  }
  return (
    <section class="card" aria-labelledby="keep-h">
      <h2 id="keep-h">Keep this encounter</h2>
      <button type="button" onClick={exportNow} disabled={!ready || exporting.value}>
        {exporting.value ? 'Exporting…' : 'Export as JSON'}
      </button>
      <Alert text={exportError.value} />
      <p class="muted small">
        Import it later from the start page into a new room: its combatants, table rules, monster library and
        past fights.
      </p>
      {showing.value === 'no' && (
        <button type="button" class="ghost" onClick={() => (showing.value = 'asking')}>
          Open as GM on another device…
        </button>
      )}
      {showing.value === 'asking' && (
        <fieldset class="confirm bare">
          <legend>Open as GM on another device</legend>
          <p>Whoever scans this code runs the room as GM. Show it only to a device of your own.</p>
          <div class="row gap">
            <button type="button" class="primary" onClick={() => (showing.value = 'shown')}>
              Show the GM code
            </button>
            <button type="button" class="ghost" onClick={() => (showing.value = 'no')}>
              Cancel
            </button>
          </div>
        </fieldset>
      )}
      {showing.value === 'shown' && (
        <div class="gm-code">
          <QrCode text={gmLink} label="QR code of the GM link" testId="gm-qr" />
          <button type="button" class="big" onClick={() => (showing.value = 'no')}>
            Hide the GM code
          </button>
        </div>
      )}
    </section>
  )
}
