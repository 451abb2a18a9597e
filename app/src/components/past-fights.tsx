/**
 * The fights the GM closed with "New fight": each one's log, read-only, on every device. The log lists
 * them; their entries are in the room's `past` document, opened only once someone opens this list (and
 * then kept on the device like the others), so a phone joining does not sync every evening before.
 */
import { PAST, type PastFight } from '@fray/protocol'
import { type Signal, useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { connectDoc, type SyncedDoc } from '../models/sync.ts'
import type { TableModel } from '../models/table.ts'
import { RollLog } from './roll-log.tsx'
import { useSealChecks } from './use-seal-checks.ts'

const time = (at: number) =>
  new Date(at).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' })

export function PastFights({ roomId, table }: { roomId: string; table: TableModel }) {
  const listed = table.pastFights.value
  const opened = useSignal(false)
  const past = usePastDoc(roomId, opened.value)
  // A room's older fights may be whole in its log (filed before the past document).
  const logs = new Map([...table.filedInLog.value, ...past.fights].map((f) => [f.id, f]))
  const seals = useSealChecks([...logs.values()].flatMap((f) => f.entries))
  if (listed.length === 0) return null
  return (
    <details
      class="past-fights"
      data-testid="past-fights"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) opened.value = true
      }}
    >
      <summary>Past fights ({listed.length})</summary>
      <ol>
        {[...listed].reverse().map((fight) => {
          const n = listed.indexOf(fight) + 1
          const log = logs.get(fight.id)
          return (
            <li key={fight.id}>
              <details>
                <summary>
                  Fight {n} ·{' '}
                  {fight.rounds > 0 ? `${fight.rounds} round${fight.rounds === 1 ? '' : 's'} · ` : ''}
                  ended {time(fight.endedAt)}
                </summary>
                {log ? (
                  <RollLog entries={log.entries} quiet seals={seals} />
                ) : (
                  <p class="muted small">{waiting(past.doc)}</p>
                )}
              </details>
            </li>
          )
        })}
      </ol>
    </details>
  )
}

/** What a fight's log waits for, in words. */
function waiting(doc: SyncedDoc | null): string {
  if (doc?.error.value) return doc.error.value
  if (doc?.state.value === 'offline' && doc.restored.value)
    return 'Offline: this fight’s log shows once this device is back online.'
  return 'Loading this fight’s log…'
}

/** The room's `past` document once `open`, with its fights as they arrive; closed when the list goes. */
function usePastDoc(roomId: string, open: boolean): { doc: SyncedDoc | null; fights: PastFight[] } {
  const doc: Signal<SyncedDoc | null> = useSignal(null)
  const fights = useSignal<PastFight[]>([])
  useEffect(() => {
    if (!open) return
    const past = connectDoc(roomId, 'past')
    const array = past.doc.getArray<PastFight>(PAST.fights)
    const read = () => {
      fights.value = array.toArray()
    }
    array.observe(read)
    read()
    doc.value = past
    return () => {
      array.unobserve(read)
      past.destroy()
      doc.value = null
    }
  }, [roomId, open, doc, fights])
  return { doc: doc.value, fights: fights.value }
}
