/** The shared log: every roll, newest first, with its dice and who made it. */
import type { LogEntry } from '@fray/protocol'

export function RollLog({ entries }: { entries: LogEntry[] }) {
  if (entries.length === 0) return <p class="empty">No rolls yet.</p>
  return (
    <ol class="log" data-testid="log" reversed>
      {[...entries].reverse().map((e) => (
        <li key={e.id} class="log-entry" data-testid="log-entry">
          <span class="log-total">{e.total}</span>
          <span class="log-what">
            <strong>{e.by}</strong> rolled {e.notation}
            <span class="muted">
              {' '}
              [{e.faces.join(', ')}] · {e.source === 'crypto' ? 'server dice' : e.source}
            </span>
          </span>
        </li>
      ))}
    </ol>
  )
}
