/** Whose turn it is, impossible to miss: on the phone it turns gold and vibrates when the turn is yours. */
import type { TurnState } from '@fray/protocol'
import type { RoundView } from '@fray/rules'
import { Fragment } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { alertPlayer } from '../device.ts'
import type { Combatant } from '../models/table.ts'
import { describeTurn } from '../models/turn.ts'

interface Props {
  turn: TurnState
  combatants: Combatant[]
  /** The viewer's own character, on a phone. */
  mine?: string
  /** What the system says of its own round (`ScreenRules.turn.view`), once its rules are loaded. */
  view: RoundView | undefined
}

export function TurnBanner({ turn, combatants, mine, view }: Props) {
  const { text, detail, yours, next = false } = describeTurn(turn, combatants, mine, view)
  // What the phase under way allows (brp 5.1), unless a timed event holds everything.
  const allows = !turn.due?.length && turn.phaseNow?.allows
  const was = useRef({ yours: false, next: false })
  useEffect(() => {
    if (yours && !was.current.yours) alertPlayer('yourTurn')
    else if (next && !was.current.next) alertPlayer('next')
    was.current = { yours, next }
  }, [yours, next])
  return (
    <div
      class={`turn-banner ${yours ? 'yours' : next ? 'on-deck' : ''}`}
      role="status"
      aria-live="assertive"
      data-testid="turn-banner"
    >
      <strong>{text}</strong>
      {detail && <span class="small">{detail}</span>}
      {allows && (
        <span class="small phase-allows" data-testid="phase-allows">
          {allows}
        </span>
      )}
    </div>
  )
}

/** The order of the round, current slot marked; hidden combatants never reach a player's list. */
interface OrderProps {
  turn: TurnState
  combatants: Combatant[]
  /** GM only: hold a combatant's action, move a slot still to come. */
  onHold?: (id: string) => void
  /** Whether the rules leave this one of the slot nothing to do now (surprised, stunned): no action to hold. */
  nothingToHold?: (id: string) => boolean
  onMove?: (index: number, by: -1 | 1) => void
  /** What the system says of its own round (`ScreenRules.turn.view`): where sides alternate, its tracker. */
  view: RoundView | undefined
}

export function TurnOrder({ turn, combatants, onHold, nothingToHold, onMove, view }: OrderProps) {
  if (turn.status !== 'running') return null
  const tracker = view?.sides?.tracker(turn)
  if (tracker) {
    const characters = tracker.filter((c) => combatants.some((x) => x.id === c.id))
    return (
      <ul class="turn-order" data-testid="turn-order">
        {characters.map((c) => (
          <li key={c.id} class={c.done ? 'done' : ''}>
            <span class="muted small">{c.faction === 'party' ? 'Players' : 'Foes'}</span> {c.name}
            {c.note && ` · ${c.note}`}
          </li>
        ))}
      </ul>
    )
  }
  const name = (id: string) => combatants.find((c) => c.id === id)?.name ?? '?'
  const known = (ids: readonly string[] = []) => ids.filter((id) => combatants.some((c) => c.id === id))
  const surprised = turn.round === 1 ? known(turn.surprised) : []
  const defending = known(view?.defendOnly?.(turn))
  // Who of the order the rules keep out now (fallen, fled): struck through, their slot goes by without them.
  const out = new Set(turn.out)
  return (
    <>
      <ol class="turn-order" data-testid="turn-order">
        {turn.order.map((slot, i) => (
          <li
            key={slot.label + slot.ids.join()}
            class={i === turn.current ? 'current' : i < turn.current ? 'done' : ''}
          >
            <span class="muted small">{slot.label}</span>{' '}
            {slot.ids.map((id, k) => (
              <Fragment key={id}>
                {k > 0 && ', '}
                {out.has(id) ? (
                  <span class="out">
                    {name(id)}
                    <span class="sr-only"> (out of the fight)</span>
                  </span>
                ) : (
                  name(id)
                )}
              </Fragment>
            ))}
            {i === turn.current && <span class="sr-only"> (acting now)</span>}
            {onHold && i === turn.current && (
              // Only those the turn model lets act now and the rules leave an action: the fallen of the
              // slot, or one surprised, have none to hold.
              <span class="slot-holds">
                {slot.ids
                  .filter((id) => turn.acting?.includes(id) && !nothingToHold?.(id))
                  .map((id) => (
                    <button key={id} type="button" class="ghost small-button" onClick={() => onHold(id)}>
                      Hold {name(id)}
                    </button>
                  ))}
              </span>
            )}
            {onMove && i > turn.current && (
              <span class="slot-moves">
                <button
                  type="button"
                  class="ghost small-button"
                  aria-label={`Move ${slot.ids.map(name).join(', ')} earlier`}
                  disabled={i - 1 <= turn.current}
                  onClick={() => onMove(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="ghost small-button"
                  aria-label={`Move ${slot.ids.map(name).join(', ')} later`}
                  disabled={i + 1 >= turn.order.length}
                  onClick={() => onMove(i, 1)}
                >
                  ↓
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {surprised.length > 0 && (
        <p class="muted small" data-testid="surprised">
          Surprised, sitting out round 1: {surprised.map(name).join(', ')}
        </p>
      )}
      {defending.length > 0 && (
        <p class="muted small" data-testid="defend-only">
          Moved too far to act, only parrying and dodging: {defending.map(name).join(', ')}
        </p>
      )}
    </>
  )
}
