/** The shared log: every roll, newest first, with its dice and who made it. */
import type { LogEntry } from '@fray/protocol'

const SOURCE: Record<LogEntry['source'], string> = {
  crypto: 'server dice',
  seeded: 'seeded dice',
  physical: 'own dice',
}

const STATUS: Record<NonNullable<LogEntry['status']>, string> = {
  pending: 'waiting for the GM',
  approved: 'approved by the GM',
  rejected: 'rejected by the GM',
}

interface Props {
  entries: LogEntry[]
  /** The GM's verdict on physical dice that wait for approval. */
  onApprove?: (entryId: string, approve: boolean) => void
  /** The GM reverts what an entry changed. */
  onUndo?: (entryId: string) => void
}

/** What a screen reader says when a roll lands: who, the total, and the dice (or, for an attack, its outcome). */
export function announce(e: LogEntry): string {
  if (e.kind) return `${e.by}: ${e.detail ?? ''}`
  const status = e.status ? `, ${STATUS[e.status]}` : ''
  return `${e.by} rolled ${e.notation}: ${e.total} (${e.faces.join(', ')})${status}.${e.detail ? ` ${e.detail}` : ''}`
}

export function RollLog({ entries, onApprove, onUndo }: Props) {
  const latest = entries[entries.length - 1]
  return (
    <>
      {/* Always present, so the first roll is announced too (a live region must exist before it changes). */}
      <p class="sr-only" aria-live="polite" data-testid="roll-announcement">
        {latest ? announce(latest) : ''}
      </p>
      {entries.length === 0 ? (
        <p class="empty">No rolls yet.</p>
      ) : (
        <LogList entries={entries} onApprove={onApprove} onUndo={onUndo} />
      )}
    </>
  )
}

function LogList({ entries, onApprove, onUndo }: Props) {
  return (
    <ol class="log" data-testid="log" reversed>
      {[...entries].reverse().map((e) =>
        e.kind ? (
          <Outcome key={e.id} entry={e} onUndo={onUndo} onApprove={onApprove} />
        ) : (
          <li key={e.id} class={`log-entry ${e.status ?? ''}`} data-testid="log-entry">
            <span class="log-total">{e.total}</span>
            <span class="log-what">
              <strong>{e.by}</strong> rolled {e.notation}
              <span class="muted">
                {' '}
                [{e.faces.join(', ')}] · {SOURCE[e.source]}
                {e.status && ` · ${STATUS[e.status]}`}
              </span>
              {e.detail && <span class="log-detail small">{e.detail}</span>}
              {onApprove && e.status === 'pending' && <Verdict id={e.id} onApprove={onApprove} />}
            </span>
          </li>
        ),
      )}
    </ol>
  )
}

/** An attack or an end-of-round effect: what happened in words, each die and each modifier with its rule. */
function Outcome({
  entry: e,
  onUndo,
  onApprove,
}: {
  entry: LogEntry
  onUndo: Props['onUndo']
  onApprove: Props['onApprove']
}) {
  return (
    <li class={`log-entry outcome ${e.undone ? 'undone' : ''}`} data-testid="log-entry">
      <span class="log-total" aria-hidden="true">
        {e.kind === 'attack' ? '⚔' : '⏱'}
      </span>
      <span class="log-what">
        <strong>{e.by}</strong> {e.detail}
        {e.source === 'physical' && <span class="muted"> · own dice</span>}
        {e.status && <span class="muted"> · {STATUS[e.status]}</span>}
        {e.undone && <span class="muted"> · undone by the GM</span>}
        {Boolean(e.rolls?.length || e.lines?.length) && (
          <details class="small">
            <summary>How it adds up</summary>
            <Breakdown entry={e} />
          </details>
        )}
        {onApprove && e.status === 'pending' && <Verdict id={e.id} onApprove={onApprove} />}
        {onUndo && e.changes && !e.undone && e.status !== 'pending' && (
          <button type="button" class="ghost small-button" onClick={() => onUndo(e.id)}>
            Undo
          </button>
        )}
      </span>
    </li>
  )
}

/** Each die of an outcome with what it was for, then each modifier with its value and its rule. */
function Breakdown({ entry: e }: { entry: LogEntry }) {
  return (
    <ul class="lines">
      {e.rolls?.map((r, i) => (
        <li key={`r${i}`}>
          {r.label}: d{r.sides} → <strong>{r.face}</strong>
          {r.typed && <span class="muted"> (own die)</span>}
        </li>
      ))}
      {e.lines?.map((l, i) => (
        <li key={`l${i}`}>
          {l.label} <strong>{l.value}</strong>
          {l.rule && <span class="muted"> · {l.rule}</span>}
        </li>
      ))}
    </ul>
  )
}

/**
 * The newest roll that concerns the player, as a card on their phone: the total (or the outcome) big, and
 * how it adds up, open. The same entry is in the shared log on every device.
 */
export function ResultCard({ entry: e }: { entry: LogEntry }) {
  return (
    <section
      class={`card result-card ${e.undone ? 'undone' : ''}`}
      aria-label="Latest roll"
      data-testid="result-card"
    >
      <div class="result-head">
        <span class="result-total" aria-hidden="true">
          {e.kind === 'attack' ? '⚔' : e.kind ? '⏱' : e.total}
        </span>
        <p>
          <strong>{e.by}</strong> {e.kind ? e.detail : `rolled ${e.notation}: ${e.total}`}
          <span class="muted small">
            {' '}
            · {SOURCE[e.source]}
            {e.status && ` · ${STATUS[e.status]}`}
            {e.undone && ' · undone by the GM'}
          </span>
        </p>
      </div>
      {!e.kind && e.detail && <p class="muted small">{e.detail}</p>}
      {e.kind ? (
        <Breakdown entry={e} />
      ) : (
        e.faces.length > 1 && <p class="muted small">Dice: {e.faces.join(', ')}</p>
      )}
    </section>
  )
}

/** The GM's approve / reject for dice a player typed in. */
function Verdict({ id, onApprove }: { id: string; onApprove: NonNullable<Props['onApprove']> }) {
  return (
    <span class="row gap approve">
      <button type="button" class="primary" onClick={() => onApprove(id, true)}>
        Approve
      </button>
      <button type="button" class="ghost danger" onClick={() => onApprove(id, false)}>
        Reject
      </button>
    </span>
  )
}
