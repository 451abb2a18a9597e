/** The table document's `turn` map, read whole and written key by key (the turn model's state). */
import { TABLE } from '@fray/protocol'
import { IDLE_TURN, type TurnState } from '@fray/rules'
import type * as Y from 'yjs'
import { setIfChanged } from './map-writes.ts'

/**
 * The keys a turn was stored under before each system kept its own round in `systemRound` (#51): zones'
 * tracker (`factions`), and the parts of a slot-ordered round (`ordered-round.ts`) it keeps there now.
 */
const ORDERED_KEYS = ['intents', 'defendOnly', 'phase', 'oneAttack', 'against', 'spentFrom'] as const
const OLD_ROUND_KEYS: readonly string[] = ['factions', ...ORDERED_KEYS]

/** A stored turn as the turn models read it now: an older room's round of its system moved into `systemRound`. */
function upgraded(stored: Record<string, unknown>): Partial<TurnState> {
  if (!OLD_ROUND_KEYS.some((key) => key in stored)) return stored as Partial<TurnState>
  const rest = Object.fromEntries(Object.entries(stored).filter(([key]) => !OLD_ROUND_KEYS.includes(key)))
  const ordered = Object.fromEntries(
    ORDERED_KEYS.flatMap((key) => (stored[key] === undefined ? [] : [[key, stored[key]]])),
  )
  const round = stored.factions ?? (Object.keys(ordered).length > 0 ? ordered : undefined)
  return (
    rest.systemRound === undefined && round !== undefined ? { ...rest, systemRound: round } : rest
  ) as Partial<TurnState>
}

export function readTurn(table: Y.Doc): TurnState {
  return { ...IDLE_TURN, ...upgraded(table.getMap<unknown>(TABLE.turn).toJSON()) }
}

/**
 * An older room's turn written again as it reads now (its round of its system in `systemRound`), once, so
 * that every device reads it as its screens do; false when it needed nothing.
 */
export function upgradeTurn(table: Y.Doc): boolean {
  const map = table.getMap<unknown>(TABLE.turn)
  if (!OLD_ROUND_KEYS.some((key) => map.has(key))) return false
  writeTurn(table, readTurn(table))
  return true
}

/** Writes the turn, key by key, touching only what changed (so settling twice writes nothing). */
export function writeTurn(table: Y.Doc, turn: TurnState): void {
  const map = table.getMap<unknown>(TABLE.turn)
  const next = turn as unknown as Record<string, unknown>
  table.transact(() => {
    for (const key of [...map.keys()]) if (next[key] === undefined) map.delete(key)
    for (const [key, value] of Object.entries(next)) setIfChanged(map, key, value)
  }, 'server')
}
