/** The shared log: every roll, newest first, with its dice and who made it. */
import { type LogEntry, type SealedResult, sealCommand, sealText } from '@fray/protocol'
import { useEffect, useRef, useState } from 'preact/hooks'
import {
  announce,
  initiativeSum,
  outcomeSource,
  outcomeWords,
  rollTotal,
  SOURCE,
  STATUS,
  sealWords,
} from '../models/log-words.ts'

export { announce }

interface Props {
  entries: LogEntry[]
  /** The GM's verdict on physical dice that wait for approval. */
  onApprove?: (entryId: string, approve: boolean) => void
  /** The GM reverts what an entry changed. */
  onUndo?: (entryId: string) => void
  /** A past fight's log: nothing to announce. */
  quiet?: boolean
  /** Whether each revealed sealed roll matches its seal, by entry id (see `useSealChecks`). */
  seals?: Readonly<Record<string, boolean>>
  /** The GM's: sealed rolls' results, before they are revealed, and revealing one. */
  secrets?: Readonly<Record<string, SealedResult>>
  onReveal?: (entryId: string) => void
}

export function RollLog({ quiet = false, ...list }: Props) {
  const { entries } = list
  const latest = entries[entries.length - 1]
  return (
    <>
      {/* Always present, so the first roll is announced too (a live region must exist before it changes). */}
      {!quiet && (
        <p class="sr-only" aria-live="polite" data-testid="roll-announcement">
          {latest ? announce(latest) : ''}
        </p>
      )}
      {entries.length === 0 ? <p class="empty">No rolls yet.</p> : <LogList {...list} />}
    </>
  )
}

/**
 * Entries drawn at first, newest first, and how many more each "Show earlier entries" draws: a long
 * evening's thousands would otherwise be drawn again on every roll and every reconnect of a phone.
 */
const LOG_PAGE = 50

function LogList({ entries, ...item }: Omit<Props, 'quiet'>) {
  const [shown, setShown] = useState(LOG_PAGE)
  const list = useRef<HTMLOListElement>(null)
  /** Where the entries the last "Show earlier entries" drew begin in the list, until focused. */
  const firstDrawn = useRef<number | null>(null)
  // The first of them takes the focus: a keyboard or a screen reader reads on from there, and the focus
  // is not lost when the button goes with the last of them.
  useEffect(() => {
    const at = firstDrawn.current
    firstDrawn.current = null
    if (at !== null) (list.current?.children[at] as HTMLElement | undefined)?.focus()
  }, [shown])
  const from = entries.length - shown
  // The newest `shown`, and on the GM's log any earlier entry still waiting for a verdict. Each keeps its
  // number in the whole log (`n`, the item's value), whatever is drawn of it.
  const drawn = entries
    .flatMap((e, i) => (i >= from || (item.onApprove && e.status === 'pending') ? [{ e, n: i + 1 }] : []))
    .reverse()
  const earlier = entries.length - drawn.length
  return (
    <>
      <ol class="log" data-testid="log" reversed ref={list}>
        {drawn.map(({ e, n }) => (
          <LogItem key={e.id} n={n} entry={e} {...item} />
        ))}
      </ol>
      {earlier > 0 && (
        <button
          type="button"
          class="log-earlier"
          onClick={() => {
            firstDrawn.current = drawn.length
            setShown(shown + LOG_PAGE)
          }}
        >
          Show earlier entries ({earlier} more)
        </button>
      )}
    </>
  )
}

/** One entry of the log as drawn: a roll, a sealed roll before its reveal, or an outcome. No hooks. */
export function LogItem({
  n,
  entry: e,
  onApprove,
  onUndo,
  seals,
  secrets,
  onReveal,
}: Omit<Props, 'entries' | 'quiet'> & {
  /** Its number in the whole log. */
  n: number
  entry: LogEntry
}) {
  if (e.kind) return <Outcome n={n} entry={e} onUndo={onUndo} onApprove={onApprove} />
  if (e.sealed && !e.sealed.revealed)
    return <Sealed n={n} entry={e} secret={secrets?.[e.id]} onReveal={onReveal} />
  return (
    <li value={n} tabIndex={-1} class={`log-entry ${e.status ?? ''}`} data-testid="log-entry">
      <span class="log-total">{rollTotal(e)}</span>
      <span class="log-what">
        <strong>{e.by}</strong> rolled {e.notation}
        <span class="muted">
          {' '}
          [{e.faces.join(', ')}] · {SOURCE[e.source]}
          {e.status && ` · ${STATUS[e.status]}`}
        </span>
        {e.detail && <span class="log-detail small">{e.detail}</span>}
        {e.sealed && (
          <span class={`log-detail small seal ${seals?.[e.id] === false ? 'broken' : ''}`} data-testid="seal">
            {seals?.[e.id] === false ? '✗ ' : seals?.[e.id] ? '✓ ' : ''}
            {sealWords(e, seals?.[e.id])}
          </span>
        )}
        {e.sealed?.revealed && <SealCheck commitment={e.sealed.commitment} revealed={e.sealed.revealed} />}
        {onApprove && e.status === 'pending' && <Verdict id={e.id} onApprove={onApprove} />}
      </span>
    </li>
  )
}

/**
 * A revealed sealed roll's seal, for anyone to check without this app: the commitment logged at the roll,
 * the salt, the exact text whose SHA-256 it is, and one line for a terminal that prints that SHA-256.
 */
function SealCheck({ commitment, revealed }: { commitment: string; revealed: SealedResult }) {
  return (
    <details class="seal-check small" data-testid="seal-check">
      <summary>Check the seal yourself</summary>
      <dl>
        <dt>Seal logged at the roll (SHA-256)</dt>
        <dd>
          <code data-testid="seal-commitment">{commitment}</code>
        </dd>
        <dt>Salt</dt>
        <dd>
          <code data-testid="seal-salt">{revealed.salt}</code>
        </dd>
        <dt>Text hashed</dt>
        <dd>
          <code data-testid="seal-text">{sealText(revealed)}</code>
        </dd>
        <dt>In a terminal: it prints the seal above if nothing was changed</dt>
        <dd>
          <code data-testid="seal-command">{sealCommand(revealed)}</code>
        </dd>
      </dl>
    </details>
  )
}

/** A sealed GM roll before its reveal: what it is for and that it is sealed; the GM also sees the result. */
function Sealed({
  n,
  entry: e,
  secret,
  onReveal,
}: {
  /** Its number in the whole log. */
  n: number
  entry: LogEntry
  secret: SealedResult | undefined
  onReveal: Props['onReveal']
}) {
  return (
    <li value={n} tabIndex={-1} class="log-entry sealed" data-testid="log-entry">
      <span class="log-total" aria-hidden="true">
        ?
      </span>
      <span class="log-what">
        <strong>{e.by}</strong> rolled {e.notation} in secret
        {e.detail && <span class="log-detail small">{e.detail}</span>}
        <span class="log-detail small muted" data-testid="seal">
          {sealWords(e, undefined)}
        </span>
        {secret && (
          <span class="log-detail small">
            Only you see it: <strong>{secret.total}</strong> {secret.detail && `· ${secret.detail}`}
          </span>
        )}
        {secret && onReveal && (
          <button type="button" class="ghost small-button" onClick={() => onReveal(e.id)}>
            Reveal
          </button>
        )}
      </span>
    </li>
  )
}

/** The mark of an outcome in the log, in glyphs every phone's fonts have: an attack, a round's end, a rest. */
const KIND_ICON: Record<NonNullable<LogEntry['kind']>, string> = {
  attack: '⚔',
  'start-of-fight': '⚐',
  'end-of-round': '↻',
  'end-of-fight': '⚑',
  rest: '✚',
  'hit-points': '♥',
  area: '✸',
  condition: '◈',
  event: '◷',
  'gm-hp': '±',
  'gm-remove': '✕',
  'gm-reveal': '◉',
  'gm-hide': '◌',
  'end-combat': '■',
}

/** An attack or an end-of-round effect: what happened in words, each die and each modifier with its rule. */
function Outcome({
  n,
  entry: e,
  onUndo,
  onApprove,
}: {
  /** Its number in the whole log. */
  n: number
  entry: LogEntry
  onUndo: Props['onUndo']
  onApprove: Props['onApprove']
}) {
  return (
    <li
      value={n}
      tabIndex={-1}
      class={`log-entry outcome ${e.undone ? 'undone' : ''}`}
      data-testid="log-entry"
    >
      <span class="log-total" aria-hidden="true">
        {e.kind ? KIND_ICON[e.kind] : ''}
      </span>
      <span class="log-what">
        <Sentence entry={e} />
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

/** An outcome's sentence: the rules' words, the name it opens with in bold. */
function Sentence({ entry }: { entry: LogEntry }) {
  const { lead, rest } = outcomeWords(entry)
  return (
    <>
      {lead && <strong>{lead}</strong>}
      {rest}
    </>
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
          {l.label}
          {!l.note && <strong> {l.value}</strong>}
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
  const source = e.kind ? outcomeSource(e) : SOURCE[e.source]
  // A sealed GM roll before its reveal has no result to show.
  const secret = Boolean(e.sealed && !e.sealed.revealed)
  return (
    <section
      class={`card result-card ${e.undone ? 'undone' : ''}`}
      aria-label="Latest roll"
      data-testid="result-card"
    >
      <div class="result-head">
        <span class="result-total" aria-hidden="true">
          {e.kind ? KIND_ICON[e.kind] : secret ? '?' : rollTotal(e)}
        </span>
        <p>
          {e.kind ? (
            <Sentence entry={e} />
          ) : e.initiative ? (
            <>
              <strong>{e.by}</strong>’s initiative: {rollTotal(e)}
            </>
          ) : secret ? (
            <>
              <strong>{e.by}</strong> rolled {e.notation} in secret
            </>
          ) : (
            <>
              <strong>{e.by}</strong> rolled {e.notation}: {rollTotal(e)}
            </>
          )}
          <span class="muted small">
            {source && ` · ${source}`}
            {e.status && ` · ${STATUS[e.status]}`}
            {e.undone && ' · undone by the GM'}
          </span>
        </p>
      </div>
      {!e.kind && e.detail && <p class="muted small">{initiativeSum(e) ?? e.detail}</p>}
      {e.kind ? (
        <Breakdown entry={e} />
      ) : (
        e.faces.length > 1 && <p class="muted small">Dice: {e.faces.join(', ')}</p>
      )}
      {e.sealed?.revealed && <SealCheck commitment={e.sealed.commitment} revealed={e.sealed.revealed} />}
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
