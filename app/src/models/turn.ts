/**
 * The turn as a viewer reads it: whose turn, what the round waits for, whether it is this viewer's move.
 * Read from what the room's turn model wrote (`acting`, `waiting`), never worked out again here.
 */
import type { TurnState } from '@fray/protocol'
import type { RoundView, ScreenRules, TurnLine } from '@fray/rules'
import { isActing, plural } from '@fray/rules'
import { asFighter, type Combatant } from './table.ts'

/** Caught by surprise: sitting out round 1. */
export function isSurprised(turn: TurnState, id: string | undefined): boolean {
  return Boolean(id && turn.round === 1 && turn.surprised?.includes(id))
}

/** The banner's words, the system's own where its round runs its own way (`RoundView.line`). */
export function describeTurn(
  turn: TurnState,
  combatants: Combatant[],
  mine: string | undefined,
  view: RoundView | undefined,
): TurnLine {
  const name = (id: string) => combatants.find((c) => c.id === id)?.name ?? 'someone hidden'
  // Where rounds run in phases (brp), the turn model wrote the one under way: "Phase 2 of 4: Movement".
  const phase = turn.phaseNow?.label
  // The GM's timed events that came up: nobody acts until the GM has resolved them.
  const due = turn.status === 'idle' ? [] : (turn.due ?? [])
  if (due.length > 0)
    return {
      text: `Waiting for the GM: ${due.map((d) => d.label).join(', ')}`,
      detail: `Round ${turn.round} · a timed event came up`,
      yours: false,
    }
  if (turn.status !== 'idle' && isSurprised(turn, mine))
    return { text: 'You are surprised', detail: 'Round 1: you cannot act this round', yours: false }
  switch (turn.status) {
    case 'idle':
      return { text: 'Waiting for the GM to start the fight', yours: false }
    case 'initiative': {
      // Whom the round waits for, and for what, is the turn model's answer (`turn.waiting`).
      const waiting = turn.waiting ?? {}
      const mineWaits = mine ? waiting[mine] : undefined
      if (mineWaits === 'intent') return { text: 'State your intent!', detail: phase, yours: true }
      if (mineWaits === 'initiative') return { text: 'Roll initiative!', yours: true }
      if (Object.values(waiting).includes('intent'))
        return {
          text: `Round ${turn.round}: stating intents`,
          detail: `${phase ? `${phase} · ` : ''}the highest DEX states first`,
          yours: false,
        }
      return { text: `Round ${turn.round}: rolling initiative`, yours: false }
    }
    case 'running': {
      const own = view?.line?.(turn, name, mine)
      if (own) return own
      const slot = turn.order[turn.current]
      // Every slot done, the last answers awaited: brp's Resolution.
      if (!slot) return { text: `Round ${turn.round}`, detail: phase, yours: false }
      const yours = Boolean(mine && isActing(turn, mine))
      // Those the turn model lets act now (not the fallen of the slot, nor who ended their turn); the
      // whole slot while it waits for an answer to one of its attacks.
      const now = turn.acting?.length ? turn.acting : slot.ids
      const who = now.map(name).join(' and ')
      const defending = Boolean(mine && view?.defendOnly?.(turn).includes(mine))
      // On deck: the slot after this one is theirs.
      const next = Boolean(mine && !yours && turn.order[turn.current + 1]?.ids.includes(mine))
      // What is left of one's own turn, where it says more than "your attack" (#54).
      const left = yours && mine ? turn.attacksLeft?.[mine] : undefined
      const leftWords =
        left !== undefined && (left > 1 || (turn.attacks?.[mine ?? ''] ?? 0) > 0)
          ? ` · ${left > 0 ? plural(left, 'attack') : 'no attack'} left`
          : ''
      return {
        text: yours ? 'Your turn' : `${who} ${now.length > 1 ? 'are' : 'is'} acting`,
        detail: `${next ? 'You’re next · ' : ''}Round ${turn.round} · ${phase ? `${phase} · ` : ''}${slot.label}${slot.ids.length > 1 ? ' · simultaneous' : ''}${defending ? ' · you only parry and dodge this round' : ''}${leftWords}`,
        yours,
        next,
      }
    }
    default:
      return { text: '', yours: false }
  }
}

/**
 * Where the fight stands, as a key that changes whenever the turn moves on (a slot, a round, a move of the
 * system's own round): a refusal answered before it no longer describes the table ("It is not your side's move").
 */
export function turnKey(turn: TurnState, view: RoundView | undefined): string {
  return [turn.status, turn.round, turn.current, view?.key?.(turn) ?? ''].join('/')
}

/**
 * Why the rules leave `c` nothing to do on its turn (every choice refused: osr reloading, spelljammer's
 * Desperate Defense, odnd surprised), or null when something is offered. Screens say it where the turn's
 * button would be, rather than open a sheet that could only refuse.
 */
export function noActionNow(
  rules: ScreenRules,
  c: Combatant,
  turn: TurnState,
  combatants: readonly Combatant[],
): string | null {
  const choices = rules.combat.choices(asFighter(c), { turn, fighters: combatants.map(asFighter) })
  return choices.ok ? null : choices.error
}
