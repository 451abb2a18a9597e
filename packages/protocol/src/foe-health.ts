/**
 * "What players see of monsters" (the room setting `foeHealth`). When it is not `exact`, a monster's
 * hit points, and the sheet and state that would show them, live in the gm document's `foeSecrets`: the
 * truth the room and the GM read, over the table's fields. The table keeps what players may see: the
 * sheet without its hit-point field, the state without health, and `health`, the word ("Hurt") or,
 * where nothing is shown, only "Down" (a monster falling over is seen at the table).
 */
import type { RoomSettings } from './documents.ts'

/** A combatant's fields a room hiding monsters' hit points keeps in the gm document. */
export const SECRET_FIELDS = ['hp', 'maxHp', 'sheet', 'state'] as const

/** Keys of a state that hold health ("roundStart.health", "hitPoints"): not in the table's copy. */
const HEALTH_KEYS = new Set(['hp', 'maxHp', 'hitPoints', 'maxHitPoints', 'health', 'startingHp'])

interface Fields {
  get(key: string): unknown
}

/** Whether this combatant's hit points are kept from the players. */
export function hidesHealth(settings: Pick<RoomSettings, 'foeHealth'>, side: unknown): boolean {
  return side !== 'pc' && settings.foeHealth !== 'exact'
}

/** One field of a combatant as the GM and the room read it: the gm document's secret over the table's. */
export function readField(fields: Fields, secret: Fields | undefined, key: string): unknown {
  const kept = secret?.get(key)
  return kept === undefined ? fields.get(key) : kept
}

/** The sheet as players may see it: without its hit-point field. */
export function publicSheet(sheet: Record<string, unknown>, hpField: string | undefined) {
  if (!hpField || !(hpField in sheet)) return sheet
  const { [hpField]: _hidden, ...rest } = sheet
  return rest
}

/** The state as players may see it: every health key dropped, at any depth. */
export function publicState(state: unknown): unknown {
  if (Array.isArray(state)) return state.map(publicState)
  if (!state || typeof state !== 'object') return state
  return Object.fromEntries(
    Object.entries(state)
      .filter(([key]) => !HEALTH_KEYS.has(key))
      .map(([key, value]) => [key, publicState(value)]),
  )
}

/**
 * Hit points a phone assumes for a monster it sees only in words: 0 when down, so it is out of the fight
 * as the room says, else 1 of 1. A phone's odds do not count a target's hit points.
 */
export function assumedHealth(health: string | undefined): { hp: number; maxHp: number } {
  return { hp: health === 'Down' ? 0 : 1, maxHp: 1 }
}

/** Whether a phone's odds leave out this target's defense: a monster, in a room that hides it. */
export function hidesDefense(
  settings: Pick<RoomSettings, 'foeHealth' | 'showFoeDefense'>,
  side: unknown,
): boolean {
  return hidesHealth(settings, side) && !settings.showFoeDefense
}
