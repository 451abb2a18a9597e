/** Whose turn it is, impossible to miss: on the phone it turns gold and vibrates when the turn is yours. */
import type { TurnState } from '@fray/protocol'
import { useEffect, useRef } from 'preact/hooks'
import { BUZZ, buzz } from '../device.ts'
import type { Combatant } from '../models/table.ts'

interface Props {
  turn: TurnState
  combatants: Combatant[]
  /** The viewer's own character, on a phone. */
  mine?: string
  /** Whether that character still has to roll initiative. */
  needsRoll?: boolean
  /** brp: whether that character still has to state their intent. */
  needsIntent?: boolean
}

/** Caught by surprise: sitting out round 1. */
export function isSurprised(turn: TurnState, id: string | undefined): boolean {
  return Boolean(id && turn.round === 1 && turn.surprised?.includes(id))
}

export function describeTurn(
  turn: TurnState,
  combatants: Combatant[],
  mine?: string,
  needsRoll = false,
  needsIntent = false,
): { text: string; detail?: string; yours: boolean } {
  const name = (id: string) => combatants.find((c) => c.id === id)?.name ?? 'someone hidden'
  if (turn.status !== 'idle' && isSurprised(turn, mine))
    return { text: 'You are surprised', detail: 'Round 1: you cannot act this round', yours: false }
  switch (turn.status) {
    case 'idle':
      return { text: 'Waiting for the GM to start the fight', yours: false }
    case 'initiative': {
      if (turn.intents) {
        if (mine && needsIntent) return { text: 'State your intent!', yours: true }
        if (!needsRoll)
          return {
            text: `Round ${turn.round}: stating intents`,
            detail: 'Highest DEX states first (5.2)',
            yours: false,
          }
      }
      const needs = mine && needsRoll
      return {
        text: needs ? 'Roll initiative!' : `Round ${turn.round}: rolling initiative`,
        yours: Boolean(needs),
      }
    }
    case 'running': {
      if (turn.factions) return describeFactions(turn, mine)
      const slot = turn.order[turn.current]
      if (!slot) return { text: `Round ${turn.round}`, yours: false }
      const yours = Boolean(mine && slot.ids.includes(mine) && !turn.acted.includes(mine))
      const who = slot.ids.map(name).join(' and ')
      const defending = Boolean(mine && turn.defendOnly?.includes(mine))
      return {
        text: yours ? 'Your turn' : `${who} ${slot.ids.length > 1 ? 'are' : 'is'} acting`,
        detail: `Round ${turn.round} · ${slot.label}${slot.ids.length > 1 ? ' · simultaneous' : ''}${defending ? ' · you only parry and dodge this round' : ''}`,
        yours,
      }
    }
    default:
      return { text: '', yours: false }
  }
}

/** Faction play (zones): whose side moves, and whether this viewer may act now. */
export function factionToMove(turn: TurnState): string | null {
  const f = turn.factions
  if (!f) return null
  return f.phase === 'choosing-first' ? f.initiative : f.next
}

function describeFactions(turn: TurnState, mine?: string) {
  const f = turn.factions
  const moving = factionToMove(turn)
  const side = moving === 'party' ? 'The players' : 'The foes'
  const me = mine ? f?.characters[mine] : undefined
  const yours = Boolean(
    me && me.faction === moving && !me.spent && !me.out && (!f?.bonusRound || me.concealed),
  )
  return {
    text: yours ? 'Your side’s move: act now, or pass' : `${side} choose who acts, or pass`,
    detail: `${f?.bonusRound ? 'Ambush: bonus round for the concealed' : `Round ${turn.round}`}${f && f.passesInRow > 0 ? ` · ${f.passesInRow} pass${f.passesInRow > 1 ? 'es' : ''} in a row` : ''}`,
    yours,
  }
}

export function TurnBanner({ turn, combatants, mine, needsRoll, needsIntent }: Props) {
  const { text, detail, yours } = describeTurn(turn, combatants, mine, needsRoll, needsIntent)
  const was = useRef(false)
  useEffect(() => {
    if (yours && !was.current) buzz(BUZZ.yourTurn)
    was.current = yours
  }, [yours])
  return (
    <div
      class={`turn-banner ${yours ? 'yours' : ''}`}
      role="status"
      aria-live="assertive"
      data-testid="turn-banner"
    >
      <strong>{text}</strong>
      {detail && <span class="small">{detail}</span>}
    </div>
  )
}

/** The order of the round, current slot marked; hidden combatants never reach a player's list. */
interface OrderProps {
  turn: TurnState
  combatants: Combatant[]
  /** GM only: hold a combatant's action, move a slot still to come. */
  onHold?: (id: string) => void
  onMove?: (index: number, by: -1 | 1) => void
}

export function TurnOrder({ turn, combatants, onHold, onMove }: OrderProps) {
  if (turn.status !== 'running') return null
  if (turn.factions) {
    const characters = Object.values(turn.factions.characters).filter((c) =>
      combatants.some((x) => x.id === c.id),
    )
    return (
      <ul class="turn-order" data-testid="turn-order">
        {characters.map((c) => (
          <li key={c.id} class={c.spent ? 'done' : ''}>
            <span class="muted small">{c.faction === 'party' ? 'Players' : 'Foes'}</span> {c.name}
            {c.spent ? ' · has acted' : ''}
          </li>
        ))}
      </ul>
    )
  }
  const name = (id: string) => combatants.find((c) => c.id === id)?.name ?? '?'
  const known = (ids: readonly string[] = []) => ids.filter((id) => combatants.some((c) => c.id === id))
  const surprised = turn.round === 1 ? known(turn.surprised) : []
  const defending = known(turn.defendOnly)
  return (
    <>
      <ol class="turn-order" data-testid="turn-order">
        {turn.order.map((slot, i) => (
          <li
            key={slot.label + slot.ids.join()}
            class={i === turn.current ? 'current' : i < turn.current ? 'done' : ''}
          >
            <span class="muted small">{slot.label}</span> {slot.ids.map(name).join(', ')}
            {i === turn.current && <span class="sr-only"> (acting now)</span>}
            {onHold &&
              i === turn.current &&
              slot.ids.map((id) => (
                <button key={id} type="button" class="ghost small-button" onClick={() => onHold(id)}>
                  Hold {name(id)}
                </button>
              ))}
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
