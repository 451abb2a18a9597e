/**
 * The fights the GM closed with "New fight": each one's log, read-only, on every device. The log lists
 * them; each one's entries are in a document of its own (`past:<n>`), opened only once someone opens that
 * fight (and then kept on the device like the others), so a phone joining does not sync every evening
 * before, nor does reading one old fight bring all the others.
 */
import { type FiledFight, PAST, type PastFight, pastDocName, type SealedResult } from '@fray/protocol'
import { type Signal, useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { connectDoc, type SyncedDoc } from '../models/sync.ts'
import type { TableModel } from '../models/table.ts'
import { RollLog } from './roll-log.tsx'
import { useSealChecks } from './use-seal-checks.ts'

/** "Tue 1 Dec, 19:52" in the device's own words, with the year once it is not this one's. */
export function endedWhen(at: number, now = Date.now()): string {
  const date = new Date(at)
  const year = date.getFullYear() === new Date(now).getFullYear() ? {} : { year: 'numeric' as const }
  return date.toLocaleString([], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...year,
    hour: '2-digit',
    minute: '2-digit',
  })
}

/**
 * "Fight 3 · Goblin ×3 and Ogre · 4 rounds · Tue 1 Dec, 19:52": which fight it was, and when; "· imported"
 * for one brought in with an export, rolled in another room.
 */
export function fightHeading(fight: FiledFight, number: number, now = Date.now()): string {
  const rounds = fight.rounds > 0 ? `${fight.rounds} round${fight.rounds === 1 ? '' : 's'}` : null
  const imported = fight.imported ? 'imported' : null
  return [`Fight ${number}`, fight.foes ?? null, rounds, endedWhen(fight.endedAt, now), imported]
    .filter((part) => part !== null)
    .join(' · ')
}

/** What an imported fight's log says first: its rolls were not made, nor sealed, by this room. */
export const IMPORTED_FIGHT = 'Imported from an export: rolled elsewhere, not in this room.'

/**
 * The GM's: the results of sealed rolls the gm document keeps, and revealing one filed sealed with its
 * fight (`fight`: its place in the log's listing of fights in documents of their own).
 */
export interface PastSecrets {
  secrets: Readonly<Record<string, SealedResult>>
  reveal(entryId: string, fight: number): void
}

export function PastFights({ roomId, table, gm }: { roomId: string; table: TableModel; gm?: PastSecrets }) {
  const listed = table.pastFights.value
  // A room's older fights may be whole in its log (filed before their own documents); the n-th fight
  // listed after them is in `past:<n>`.
  const inLog = table.filedInLog.value
  if (listed.length === 0) return null
  return (
    <details class="past-fights" data-testid="past-fights">
      <summary>Past fights ({listed.length})</summary>
      <ol>
        {listed
          .map((fight, i) => (
            <li key={fight.id}>
              <PastFightLog
                roomId={roomId}
                fight={fight}
                number={i + 1}
                inLog={inLog.find((f) => f.id === fight.id) ?? null}
                doc={i - inLog.length}
                gm={gm}
              />
            </li>
          ))
          .reverse()}
      </ol>
    </details>
  )
}

/** One filed fight: its heading, and its log once opened. */
function PastFightLog(props: {
  roomId: string
  fight: FiledFight
  number: number
  inLog: PastFight | null
  /** Its place in the log's listing: its log is in `past:<doc>` (unless it is whole in the log). */
  doc: number
  gm: PastSecrets | undefined
}) {
  const { fight, inLog, gm } = props
  const opened = useSignal(false)
  const past = usePastDoc(props.roomId, inLog || !opened.value ? null : props.doc)
  const log = inLog ?? past.fight
  // An imported fight's seals were made in another room (or anywhere): none is checked or revealed here.
  const imported = Boolean(fight.imported || log?.imported)
  const seals = useSealChecks(imported ? [] : (log?.entries ?? []))
  return (
    <details
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) opened.value = true
      }}
    >
      <summary>{fightHeading(fight, props.number)}</summary>
      {imported && (
        <p class="muted small" data-testid="imported-fight">
          {IMPORTED_FIGHT}
        </p>
      )}
      {log ? (
        <RollLog
          entries={log.entries}
          quiet
          seals={seals}
          // A fight filed whole in the log (before documents of their own) is read-only, sealed or not.
          {...(gm && !inLog && !imported
            ? { secrets: gm.secrets, onReveal: (entryId: string) => gm.reveal(entryId, props.doc) }
            : {})}
        />
      ) : (
        <p class="muted small">{waiting(past.doc)}</p>
      )}
    </details>
  )
}

/** What a fight's log waits for, in words. */
function waiting(doc: SyncedDoc | null): string {
  if (doc?.error.value) return doc.error.value
  if (doc?.synced.value) return 'The room has no log of this fight.'
  if (doc?.state.value === 'offline' && doc.restored.value)
    return 'Offline: this fight’s log shows once this device is back online.'
  return 'Loading this fight’s log…'
}

/** The `past:<n>` document once `n` is given, with its fight once it arrives; closed when the fight goes. */
function usePastDoc(roomId: string, n: number | null): { doc: SyncedDoc | null; fight: PastFight | null } {
  const doc: Signal<SyncedDoc | null> = useSignal(null)
  const fight = useSignal<PastFight | null>(null)
  useEffect(() => {
    if (n === null) return
    const past = connectDoc(roomId, pastDocName(n))
    const array = past.doc.getArray<PastFight>(PAST.fights)
    const read = () => {
      fight.value = array.get(0) ?? null
    }
    array.observe(read)
    read()
    doc.value = past
    return () => {
      array.unobserve(read)
      past.destroy()
      doc.value = null
    }
  }, [roomId, n, doc, fight])
  return { doc: doc.value, fight: fight.value }
}
