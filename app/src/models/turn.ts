/**
 * The turn as a viewer reads it: whose turn, what the round waits for, whether it is this viewer's move.
 * Read from what the room's turn model wrote (`acting`, `waiting`), never worked out again here.
 */
import type { TurnState } from '@fray/protocol'
import type { ScreenRules } from '@fray/rules'
import { isActing } from '@fray/rules'
import { asFighter, type Combatant } from './table.ts'

/** Caught by surprise: sitting out round 1. */
export function isSurprised(turn: TurnState, id: string | undefined): boolean {
  return Boolean(id && turn.round === 1 && turn.surprised?.includes(id))
}

export function describeTurn(
  turn: TurnState,
  combatants: Combatant[],
  mine?: string,
): { text: string; detail?: string; yours: boolean; next?: boolean } {
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
      if (turn.factions) return describeFactions(turn, name, mine)
      if (turn.phase === 'movement') return describeMovement(turn, name, mine, phase)
      const slot = turn.order[turn.current]
      // Every slot done, the last answers awaited: brp's Resolution.
      if (!slot) return { text: `Round ${turn.round}`, detail: phase, yours: false }
      const yours = Boolean(mine && isActing(turn, mine))
      // Those the turn model lets act now (not the fallen of the slot, nor who ended their turn); the
      // whole slot while it waits for an answer to one of its attacks.
      const now = turn.acting?.length ? turn.acting : slot.ids
      const who = now.map(name).join(' and ')
      const defending = Boolean(mine && turn.defendOnly?.includes(mine))
      // On deck: the slot after this one is theirs.
      const next = Boolean(mine && !yours && turn.order[turn.current + 1]?.ids.includes(mine))
      return {
        text: yours ? 'Your turn' : `${who} ${now.length > 1 ? 'are' : 'is'} acting`,
        detail: `${next ? 'You’re next · ' : ''}Round ${turn.round} · ${phase ? `${phase} · ` : ''}${slot.label}${slot.ids.length > 1 ? ' · simultaneous' : ''}${defending ? ' · you only parry and dodge this round' : ''}`,
        yours,
        next,
      }
    }
    default:
      return { text: '', yours: false }
  }
}

/** brp's Movement phase (5.1): who moves how far, before anyone acts. */
function describeMovement(
  turn: TurnState,
  name: (id: string) => string,
  mine: string | undefined,
  label = 'Movement',
) {
  const moves = Object.entries(turn.intents ?? {}).filter(([, intent]) => intent.metersMoved > 0)
  const meters = mine ? (turn.intents?.[mine]?.metersMoved ?? 0) : 0
  return {
    text: meters > 0 ? `Move your ${meters} m now` : `Round ${turn.round}: moving`,
    detail: `${label} · ${moves.map(([id, intent]) => `${name(id)} ${intent.metersMoved} m`).join(', ')} · then the Actions in DEX order`,
    yours: meters > 0,
  }
}

/**
 * Where the fight stands, as a key that changes whenever the turn moves on (a slot, a round, a faction's
 * move): a refusal answered before it no longer describes the table ("It is not your side's move").
 */
export function turnKey(turn: TurnState): string {
  const f = turn.factions
  return [turn.status, turn.round, turn.current, f ? `${f.log.length}/${f.next ?? ''}/${f.phase}` : ''].join(
    '/',
  )
}

/** Faction play (zones): whose side moves (none while a timed event waits for the GM). */
export function factionToMove(turn: TurnState): string | null {
  const f = turn.factions
  if (!f || (turn.due ?? []).length > 0) return null
  return f.phase === 'choosing-first' ? f.initiative : f.next
}

function describeFactions(turn: TurnState, name: (id: string) => string, mine?: string) {
  const f = turn.factions
  const moving = factionToMove(turn)
  const side = moving === 'party' ? 'The players' : 'The foes'
  const me = mine ? f?.characters[mine] : undefined
  const free = Boolean(me && !me.spent && !me.out && (!f?.bonusRound || me.concealed))
  // One's own turn under way: what is left of it leads the banner.
  if (mine && me?.left && (turn.acting ?? []).includes(mine))
    return { text: 'Your turn', detail: `Left: ${me.left} · Round ${turn.round}`, yours: true }
  const yours = free && me?.faction === moving
  // On deck: the other side moves now, and one of this side's moves is still theirs to take.
  const next = free && moving !== null && me?.faction !== moving
  // A side with nobody able to act passed by itself: the banner says why, until the next move.
  const last = f?.log.at(-1)
  const passedFor = last?.type === 'pass' && last.reason ? ` · ${last.reason}` : ''
  // The one a side chose is named to everyone else while their turn lasts ("Bandit leader is acting").
  const others = (turn.acting ?? []).filter((id) => id !== mine)
  const acting =
    others.length > 0 ? `${others.map(name).join(' and ')} ${others.length > 1 ? 'are' : 'is'} acting · ` : ''
  return {
    text: yours
      ? 'Your side’s move: act now, or pass'
      : moving === null
        ? `Round ${turn.round} is over`
        : `${side} choose who acts, or pass`,
    detail: `${next ? 'Your side is next · ' : ''}${acting}${f?.bonusRound ? 'Ambush: bonus round for the concealed' : `Round ${turn.round}`}${f && f.passesInRow > 0 ? ` · ${f.passesInRow} pass${f.passesInRow > 1 ? 'es' : ''} in a row` : ''}${passedFor}`,
    yours,
    next,
  }
}

/** One fighter on zones' faction tracker: out of the fight (whatever their turn), or has acted this round. */
export function trackerState(
  c: Pick<NonNullable<TurnState['factions']>['characters'][string], 'spent' | 'out' | 'left'>,
): { note: string; done: boolean } {
  if (c.out) return { note: 'out of the fight', done: true }
  // The turn under way: what is left of it, as the rules count it.
  if (c.left) return { note: `acting: ${c.left} left`, done: false }
  return c.spent ? { note: 'has acted', done: true } : { note: '', done: false }
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
