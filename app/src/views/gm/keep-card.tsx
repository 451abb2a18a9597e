/** Keeping an encounter: export it as JSON, to import later into a new room. */
export function KeepCard({ onExport, ready }: { onExport: () => void; ready: boolean }) {
  return (
    <section class="card" aria-labelledby="keep-h">
      <h2 id="keep-h">Keep this encounter</h2>
      <button type="button" onClick={onExport} disabled={!ready}>
        Export as JSON
      </button>
      <p class="muted small">Import it later from the start page into a new room.</p>
    </section>
  )
}
