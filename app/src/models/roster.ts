/**
 * The GM's roster: adding monsters and prepared characters in groups ("Goblin x4"), hidden ones kept
 * in the GM-only document until revealed.
 */
import { GM } from '@fray/protocol'
import { fail, type Outcome, ok } from '@fray/rules'
import { computed, type ReadonlySignal, signal } from '@preact/signals'
import * as Y from 'yjs'
import { type Combatant, putOnTable, readCombatant, validateCombatant, writeSheet } from './table.ts'

/** Key of the GM document's map of hidden combatants (same fields as the table's). */
export const HIDDEN = GM.hidden

export interface GroupInput {
  name: string
  count: number
  hp: number
  side: 'pc' | 'foe'
  hidden: boolean
  /** A stat block for every copy (from the monster library). */
  sheet?: Record<string, unknown>
}

export interface Roster {
  hidden: ReadonlySignal<Combatant[]>
  addGroup(input: GroupInput): Outcome<string[]>
  removeHidden(id: string): void
  /** The GM sets a hidden monster's sheet, as the table model does for a shown one. */
  setSheet(id: string, sheet: Record<string, unknown>, maxHp: number): void
}

/**
 * Reads "Goblin x4" (or "4 goblins" left as a name) into a name and a count, and hit points that follow
 * on the same line ("Orc x3 HP 1d8+1") as they were typed.
 */
export function parseGroupName(text: string): { name: string; count: number; hp?: string } {
  const withHp = /^(.+?)\s+hp\s+(\S+)$/i.exec(text.trim())
  const rest = withHp?.[1] ?? text.trim()
  const hp = withHp?.[2] ? { hp: withHp[2] } : {}
  const match = /^(.*?)\s*[x×]\s*(\d{1,2})$/i.exec(rest)
  if (match?.[1] && match[2]) return { name: match[1].trim(), count: Number(match[2]), ...hp }
  return { name: rest, count: 1, ...hp }
}

/**
 * The group a combatant was added in ("Goblin 2" of "Goblin x4"): every combatant named like it with
 * another number, itself first. A combatant without a number is a group of one.
 */
export function groupOf<C extends { id: string; name: string }>(c: C, all: readonly C[]): C[] {
  const base = /^(.*) \d+$/.exec(c.name)?.[1]
  if (base === undefined) return [c]
  const others = all.filter((o) => o.id !== c.id && /^(.*) \d+$/.exec(o.name)?.[1] === base)
  return [c, ...others]
}

/** Names for a group: "Goblin 1" … "Goblin 4", numbered after any of that name already there. */
export function numberedNames(name: string, count: number, existing: readonly string[]): string[] {
  if (count === 1) return [name]
  const taken = existing
    .map((n) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)$`).exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
  const start = taken.length > 0 ? Math.max(...taken) + 1 : 1
  return Array.from({ length: count }, (_, i) => `${name} ${start + i}`)
}

export function createRoster(
  table: Y.Doc,
  gm: Y.Doc,
  tableCombatants: () => Combatant[],
  newId: () => string = () => crypto.randomUUID(),
): Roster {
  const secret = gm.getMap<Y.Map<unknown>>(HIDDEN)
  const version = signal(0)
  secret.observeDeep(() => {
    version.value++
  })
  const put = (target: Y.Map<Y.Map<unknown>>, id: string, values: Record<string, unknown>) => {
    const fields = new Y.Map<unknown>()
    target.set(id, fields)
    for (const [k, v] of Object.entries(values)) fields.set(k, v)
  }
  return {
    hidden: computed(() => {
      void version.value
      return [...secret.entries()].map(([id, fields]) => ({ ...readCombatant(id, fields), hidden: true }))
    }),
    addGroup(input) {
      const error = validateCombatant(input.name, input.hp)
      if (error) return fail(error)
      if (!Number.isInteger(input.count) || input.count < 1 || input.count > 20) {
        return fail('Add between 1 and 20 at a time.')
      }
      const existing = [...tableCombatants(), ...[...secret.values()].map((f) => readCombatant('', f))].map(
        (c) => c.name,
      )
      const names = numberedNames(input.name.trim(), input.count, existing)
      const ids = names.map(() => newId())
      const values = (name: string) => ({
        name,
        hp: input.hp,
        maxHp: input.hp,
        side: input.side,
        seatId: null,
        ...(input.sheet ? { sheet: input.sheet } : {}),
      })
      if (input.hidden) {
        gm.transact(() => {
          for (const [i, name] of names.entries()) put(secret, ids[i] as string, values(name))
        })
      } else {
        table.transact(() => {
          for (const [i, name] of names.entries()) putOnTable(table, gm, ids[i] as string, values(name))
        })
      }
      return ok(ids)
    },
    removeHidden(id) {
      secret.delete(id)
    },
    setSheet(id, sheet, maxHp) {
      const target = secret.get(id)
      if (target) gm.transact(() => writeSheet(target, sheet, maxHp))
    },
  }
}
