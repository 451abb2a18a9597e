/** Connection state, always visible and never alarming. */
import type { ConnectionState } from '../models/sync.ts'

const LABELS: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  online: 'Live',
  offline: 'Offline: changes wait to send',
  refused: 'Refused',
  'signed-out': 'Signed out',
}

export function ConnectionBadge({ state }: { state: ConnectionState }) {
  return (
    <span class={`badge badge-${state}`} role="status" aria-live="polite" data-testid="connection">
      <span class="dot" aria-hidden="true" />
      {LABELS[state]}
    </span>
  )
}
