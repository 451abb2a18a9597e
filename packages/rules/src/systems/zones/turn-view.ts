/**
 * What a screen reads of zones' round (`ScreenRules.turn`), apart from the turn model. The round (`round.ts`)
 * is kept in the turn's `systemRound`, read and written here only.
 */

import type { RoundView, TurnLine, TurnState } from '../../engine/turn.ts'
import type { ScreenRules } from '../../rule-system.ts'
import { canTakeTurn, initiativeWords, type RoundCharacter, type RoundState } from './round.ts'

const isRound = (value: unknown): value is RoundState =>
  typeof value === 'object' && value !== null && 'characters' in value && 'log' in value

/** zones' round as the turn keeps it (`TurnState.systemRound`), while a fight runs. */
export function zonesRound(turn: Pick<TurnState, 'systemRound'>): RoundState | undefined {
  return isRound(turn.systemRound) ? turn.systemRound : undefined
}

/** The turn keeping this round of zones. */
export const withZonesRound = (turn: TurnState, round: RoundState): TurnState => ({
  ...turn,
  systemRound: round,
})

/** Whose side moves (none while a timed event waits for the GM). */
function toMove(turn: TurnState): string | null {
  const f = zonesRound(turn)
  if (!f || (turn.due ?? []).length > 0) return null
  return f.phase === 'choosing-first' ? f.initiative : f.next
}

/** One fighter on the tracker: out of the fight (whatever their turn), or has acted this round. */
export function trackerState(c: Pick<RoundCharacter, 'spent' | 'out' | 'left'>): {
  note: string
  done: boolean
} {
  if (c.out) return { note: 'out of the fight', done: true }
  // The turn under way: what is left of it, as the rules count it.
  if (c.left) return { note: `acting: ${c.left} left`, done: false }
  return c.spent ? { note: 'has acted', done: true } : { note: '', done: false }
}

/** The banner: whose side moves, who acts for it, how many passed in a row. */
function line(turn: TurnState, name: (id: string) => string, mine?: string): TurnLine | null {
  const f = zonesRound(turn)
  if (turn.status !== 'running' || !f) return null
  const moving = toMove(turn)
  const side = moving === 'party' ? 'The players' : 'The foes'
  const me = mine ? f.characters[mine] : undefined
  const free = mine !== undefined && canTakeTurn(f, mine)
  // One's own turn under way: what is left of it leads the banner.
  if (mine && me?.left && (turn.acting ?? []).includes(mine))
    return { text: 'Your turn', detail: `Left: ${me.left} · Round ${turn.round}`, yours: true }
  const yours = free && me?.faction === moving
  // On deck: the other side moves now, and one of this side's moves is still theirs to take.
  const next = free && moving !== null && me?.faction !== moving
  // A side with nobody able to act passed by itself: the banner says why, until the next move.
  const last = f.log.at(-1)
  const passedFor = last?.type === 'pass' && last.reason ? ` · ${last.reason}` : ''
  // The one a side chose is named to everyone else while their turn lasts ("Bandit leader is acting").
  const others = (turn.acting ?? []).filter((id) => id !== mine)
  const acting =
    others.length > 0 ? `${others.map(name).join(' and ')} ${others.length > 1 ? 'are' : 'is'} acting · ` : ''
  const passes = f.passesInRow > 0 ? ` · ${f.passesInRow} pass${f.passesInRow > 1 ? 'es' : ''} in a row` : ''
  // Who holds the initiative, and why (they started the fight, the ambush, the die), on every screen.
  const held = initiativeWords(f)
  const initiative = held ? ` · ${held}` : ''
  return {
    text: yours
      ? 'Your side’s move: act now, or pass'
      : moving === null
        ? `Round ${turn.round} is over`
        : `${side} choose who acts, or pass`,
    detail: `${next ? 'Your side is next · ' : ''}${acting}${f.bonusRound ? 'Ambush: bonus round for the concealed' : `Round ${turn.round}`}${initiative}${passes}${passedFor}`,
    yours,
    next,
  }
}

const view: RoundView = {
  // The faction turns taken: a side's move moves the turn on.
  place: (turn) => `/${zonesRound(turn)?.log.length ?? ''}`,
  key: (turn) => {
    const f = zonesRound(turn)
    return f ? `${f.log.length}/${f.next ?? ''}/${f.phase}` : ''
  },
  movesTaken: (turn) => zonesRound(turn)?.log.filter((e) => e.type === 'turn' || e.type === 'pass').length,
  without: (turn, id) => {
    const f = zonesRound(turn)
    if (!f || !(id in f.characters)) return turn
    const { [id]: _, ...characters } = f.characters
    return withZonesRound(turn, { ...f, characters })
  },
  line,
  sides: {
    toMove,
    tracker: (turn) =>
      Object.values(zonesRound(turn)?.characters ?? {}).map((c) => ({
        id: c.id,
        name: c.name,
        faction: c.faction,
        ...trackerState(c),
      })),
    free: (turn, id) => {
      const f = zonesRound(turn)
      return Boolean(f && canTakeTurn(f, id))
    },
  },
}

/** What a screen reads of the round (`ScreenRules.turn`): `zonesTurns` adds the room's steps. */
export const zonesTurnView: ScreenRules['turn'] = {
  // "Enemies attacked by a concealed character are taken by surprise": still hidden, the attack says so.
  known: (turn, attacker) =>
    zonesRound(turn)?.characters[attacker.id]?.concealed ? ['concealed-attacker'] : [],
  view,
}
