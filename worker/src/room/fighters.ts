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

function fighterFrom(id: string, fields: Y.Map<unknown>, secret: Y.Map<unknown> | undefined): Fighter {
  const sheet = readField(fields, secret, 'sheet')
  const state = readField(fields, secret, 'state')
  return {
    id,
    name: String(fields.get('name') ?? id),
    side: fields.get('side') === 'pc' ? 'pc' : 'foe',
    ...(sheet && typeof sheet === 'object' ? { sheet: sheet as Record<string, unknown> } : {}),
    hp: Number(readField(fields, secret, 'hp') ?? 0),
    maxHp: Number(readField(fields, secret, 'maxHp') ?? 0),
    state: state && typeof state === 'object' ? (state as Record<string, unknown>) : {},
  }
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
