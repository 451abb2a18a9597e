/**
 * The table as the rules see it: each combatant read as a fighter, a monster's hit points from the gm
 * document where the room keeps them from the players (see foe-health.ts), and the room's settings.
 */
import { GM, type RoomSettings, readField, readSettings, TABLE } from '@fray/protocol'
import type { DiceSource, Fighter, RuleSystem } from '@fray/rules'
import type * as Y from 'yjs'

/** The documents the table's truth is read from: the table, and the gm document's monster secrets. */
export interface TableDocs {
  table: Y.Doc
  gm: Y.Doc
}

/** What every piece of room logic works over: the room's rules (its system's), documents, dice and clock. */
export interface RoomContext extends TableDocs {
  rules: RuleSystem
  log: Y.Doc
  /** The document of the `n`-th fight filed (from 0), where "New fight" files the log. */
  past(n: number): Y.Doc
  dice: DiceSource
  now: number
}

/** A combatant's hidden fields in the gm document, when the room keeps them from the players. */
export const secretOf = (docs: TableDocs, id: string): Y.Map<unknown> | undefined =>
  docs.gm.getMap<Y.Map<unknown>>(GM.foeSecrets).get(id)

/** What a fighter is read from, in order: its id, name and side, then its fields the gm document may keep. */
const readFrom = (id: string, fields: Y.Map<unknown>, secret: Y.Map<unknown> | undefined): unknown[] => [
  id,
  fields.get('name'),
  fields.get('side'),
  ...(['sheet', 'hp', 'maxHp', 'state'] as const).map((key) => readField(fields, secret, key)),
]

/** Each combatant's fighter as last read, with what it was read from. */
const lastRead = new WeakMap<Y.Map<unknown>, { from: unknown[]; fighter: Fighter }>()

/**
 * A combatant as a fighter: the very object of its last read while nothing it is read from has changed
 * (Yjs hands back the same sheet and state until they are written anew), so what the rules work out once
 * per fighter object (`fighterState`) holds from one request to the next. No one changes a fighter in place.
 */
function fighterFrom(id: string, fields: Y.Map<unknown>, secret: Y.Map<unknown> | undefined): Fighter {
  const from = readFrom(id, fields, secret)
  const last = lastRead.get(fields)
  if (last && from.every((value, i) => value === last.from[i])) return last.fighter
  const [, name, side, sheet, hp, maxHp, state] = from
  const fighter: Fighter = {
    id,
    name: String(name ?? id),
    side: side === 'pc' ? 'pc' : 'foe',
    ...(sheet && typeof sheet === 'object' ? { sheet: sheet as Record<string, unknown> } : {}),
    hp: Number(hp ?? 0),
    maxHp: Number(maxHp ?? 0),
    state: state && typeof state === 'object' ? (state as Record<string, unknown>) : {},
  }
  lastRead.set(fields, { from, fighter })
  return fighter
}

/** The combatants on the table, as the rules see them (a monster's hidden hit points included). */
export function fighters(docs: TableDocs): Fighter[] {
  return [...docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).entries()].map(([id, f]) =>
    fighterFrom(id, f, secretOf(docs, id)),
  )
}

/** Reads one combatant back as a fighter. */
export function fighterOf(docs: TableDocs, id: string): Fighter | null {
  const fields = docs.table.getMap<Y.Map<unknown>>(TABLE.combatants).get(id)
  return fields ? fighterFrom(id, fields, secretOf(docs, id)) : null
}

export function settingsOf(table: Y.Doc): RoomSettings {
  return readSettings(table.getMap<unknown>(TABLE.settings))
}

/** Combatants on the table and hidden in the GM's document: what `LIMITS.combatantsPerRoom` counts. */
export function combatantsIn(table: Y.Doc, gm: Y.Doc): number {
  return table.getMap(TABLE.combatants).size + gm.getMap(GM.hidden).size
}
