/**
 * "What players see of monsters" (the room setting `foeHealth`). When it is not `exact`, a monster's
 * hit points, and the sheet and state that would show them, live in the gm document's `foeSecrets`: the
 * truth the room and the GM read, over the table's fields. The table keeps what players may see: the
 * sheet without its hit-point field, the state without health, and `health`, the word ("Hurt") or,
 * where nothing is shown, only "Down" (a monster falling over is seen at the table).
 */
import type { MonsterSecrets } from '@fray/rules'
import type { RoomSettings } from './documents.ts'

/** A combatant's fields a room hiding monsters' hit points keeps in the gm document. */
export const SECRET_FIELDS = ['hp', 'maxHp', 'sheet', 'state', 'status'] as const

/**
 * Keys of a state that hold health in any system ("roundStart.health", "hitPoints"): never in the table's
 * copy, beside those the system declares (`SystemInfo.secrets`).
 */
const HEALTH_KEYS = ['hp', 'maxHp', 'hitPoints', 'maxHitPoints', 'health', 'startingHp']

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

/** The sheet as players may see it: without the fields that hold or give its hit points. */
export function publicSheet(sheet: Record<string, unknown>, secrets: Pick<MonsterSecrets, 'sheet'>) {
  return Object.fromEntries(Object.entries(sheet).filter(([key]) => !secrets.sheet.includes(key)))
}

/** The state as players may see it: every health key dropped, at any depth. */
export function publicState(state: unknown, secrets: Pick<MonsterSecrets, 'state'>): unknown {
  const hidden = new Set([...HEALTH_KEYS, ...secrets.state])
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip)
    if (!value || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !hidden.has(key))
        .map(([key, inner]) => [key, strip(inner)]),
    )
  }
  return strip(state)
}

/** The status chips as players may see them: without those that show health ("Wounds: 5, 6"). */
export function publicStatus(chips: unknown, secrets: Pick<MonsterSecrets, 'chips'>): unknown {
  if (!Array.isArray(chips)) return chips
  return chips.filter((chip) => !secrets.chips.some((words) => String(chip).includes(words)))
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

/**
 * A combatant's fields as they go onto the table: in a room that keeps its hit points from the players,
 * the secret fields (`SECRET_FIELDS`) apart, for the gm document, never written to the table even for a
 * moment (every update of the table reaches every phone). `secret` is null where nothing is kept apart.
 */
export function splitForTable(
  settings: Pick<RoomSettings, 'foeHealth'>,
  values: Record<string, unknown>,
): { table: Record<string, unknown>; secret: Record<string, unknown> | null } {
  if (!hidesHealth(settings, values.side)) return { table: values, secret: null }
  const secretKeys: readonly string[] = SECRET_FIELDS
  const secret = Object.entries(values).filter(
    ([key, value]) => secretKeys.includes(key) && value !== undefined,
  )
  if (secret.length === 0) return { table: values, secret: null }
  const table = Object.entries(values).filter(([key]) => !secretKeys.includes(key))
  return { table: Object.fromEntries(table), secret: Object.fromEntries(secret) }
}
