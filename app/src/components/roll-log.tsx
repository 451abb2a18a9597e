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
}

/** What a screen reader says when a roll lands: who, the total, and the dice. */
export function announce(e: LogEntry): string {
  const status = e.status ? `, ${STATUS[e.status]}` : ''
  return `${e.by} rolled ${e.notation}: ${e.total} (${e.faces.join(', ')})${status}.${e.detail ? ` ${e.detail}` : ''}`
}

export function RollLog({ entries, onApprove }: Props) {
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
        <LogList entries={entries} onApprove={onApprove} />
      )}
    </>
  )
}

function LogList({ entries, onApprove }: Props) {
  return (
    <ol class="log" data-testid="log" reversed>
      {[...entries].reverse().map((e) => (
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
            {onApprove && e.status === 'pending' && (
              <span class="row gap approve">
                <button type="button" class="primary" onClick={() => onApprove(e.id, true)}>
                  Approve
                </button>
                <button type="button" class="ghost danger" onClick={() => onApprove(e.id, false)}>
                  Reject
                </button>
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  )
}
