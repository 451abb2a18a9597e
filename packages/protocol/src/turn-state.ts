/**
 * The turn state of the table and what can be read from it alone: kept apart from the rules package, so
 * the app's first load can show whose turn it is without loading every system's rules.
 */
import type { zones } from '@fray/rules'

/** Everyone who acts at one moment; several ids act simultaneously. */
export interface TurnSlot {
  ids: string[]
  label: string
}

export interface InitiativeRoll {
  total: number
  faces: number[]
  detail: string
  /** Spelljammer: the segment of each attack this round (lost ones left out). */
  segments?: number[]
}

/** The `turn` map of the table document. */
export interface TurnState {
  status: 'idle' | 'initiative' | 'running'
  round: number
  order: TurnSlot[]
  current: number
  /** Who has ended their turn in the current slot. */
  acted: string[]
  initiative: Record<string, InitiativeRoll>
  /** Faction play (zones): the rules package's round state, when the room plays it. */
  factions?: zones.RoundState
  /** Caught by surprise: they cannot act in round 1. */
  surprised?: string[]
  /** spelljammer: caught in an ambush, they may attack back only once in round 1. */
  oneAttack?: string[]
  /** brp's Statement of Intent: what each combatant declared for this round. */
  intents?: Record<string, Intent>
  /** brp: moved so far this round that they may only parry or dodge (5.3). */
  defendOnly?: string[]
}

/** brp's Statement of Intent (5.2): how far one moves, and the weapon one attacks with (null: another action). */
export interface Intent {
  metersMoved: number
  weapon: string | null
}

export const IDLE_TURN: TurnState = {
  status: 'idle',
  round: 0,
  order: [],
  current: 0,
  acted: [],
  initiative: {},
}

/** The two factions at the table: the players' party and the GM's foes. */
export const FACTION = { party: 'party', foes: 'foes' } as const
export const factionOf = (side: 'pc' | 'foe') => (side === 'pc' ? FACTION.party : FACTION.foes)

/**
 * Whether a combatant may act (attack) now: their slot of the order is up and they have not ended their
 * turn, or, in faction play, theirs was the last turn taken and the other side has not moved since.
 */
export function isActing(turn: TurnState, id: string): boolean {
  if (turn.status !== 'running') return false
  if (turn.factions) {
    const last = [...turn.factions.log].reverse().find((e) => e.type === 'turn' || e.type === 'pass')
    return last?.type === 'turn' && last.character === id && !turn.factions.characters[id]?.out
  }
  return Boolean(turn.order[turn.current]?.ids.includes(id) && !turn.acted.includes(id))
}
