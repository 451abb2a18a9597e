/**
 * The turn as a viewer reads it: whose turn, what the round waits for, whether it is this viewer's move.
 * Read from what the room's turn model wrote (`acting`, `waiting`), never worked out again here.
 */
import { isActing, type TurnState } from '@fray/protocol'
import type { Combatant } from './table.ts'

/** Caught by surprise: sitting out round 1. */
export function isSurprised(turn: TurnState, id: string | undefined): boolean {
  return Boolean(id && turn.round === 1 && turn.surprised?.includes(id))
}

export function describeTurn(
  turn: TurnState,
  combatants: Combatant[],
  mine?: string,
): { text: string; detail?: string; yours: boolean } {
  const name = (id: string) => combatants.find((c) => c.id === id)?.name ?? 'someone hidden'
  if (turn.status !== 'idle' && isSurprised(turn, mine))
    return { text: 'You are surprised', detail: 'Round 1: you cannot act this round', yours: false }
  switch (turn.status) {
    case 'idle':
      return { text: 'Waiting for the GM to start the fight', yours: false }
    case 'initiative': {
      // Whom the round waits for, and for what, is the turn model's answer (`turn.waiting`).
      const waiting = turn.waiting ?? {}
      const mineWaits = mine ? waiting[mine] : undefined
      if (mineWaits === 'intent') return { text: 'State your intent!', yours: true }
      if (mineWaits === 'initiative') return { text: 'Roll initiative!', yours: true }
      if (Object.values(waiting).includes('intent'))
        return {
          text: `Round ${turn.round}: stating intents`,
          detail: 'Highest DEX states first (5.2)',
          yours: false,
        }
      return { text: `Round ${turn.round}: rolling initiative`, yours: false }
    }
    case 'running': {
      if (turn.factions) return describeFactions(turn, mine)
      const slot = turn.order[turn.current]
      if (!slot) return { text: `Round ${turn.round}`, yours: false }
      const yours = Boolean(mine && isActing(turn, mine))
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
