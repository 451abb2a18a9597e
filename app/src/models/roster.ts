/**
 * The GM's roster: adding monsters and prepared characters in groups ("Goblin x4"), hidden ones kept
 * in the GM-only document until revealed.
 */
import { fail, type Outcome, ok } from '@fray/rules'
import { computed, type ReadonlySignal, signal } from '@preact/signals'
import * as Y from 'yjs'
import { type Combatant, readCombatant, validateCombatant } from './table.ts'

/** Key of the GM document's map of hidden combatants (same fields as the table's). */
export const HIDDEN = 'hidden'

export interface GroupInput {
  name: string
  count: number
  hp: number
  side: 'pc' | 'foe'
  hidden: boolean
}

export interface Roster {
  hidden: ReadonlySignal<Combatant[]>
  addGroup(input: GroupInput): Outcome<string[]>
  reveal(id: string): void
  removeHidden(id: string): void
}

/** Reads "Goblin x4" (or "4 goblins" left as a name) into a name and a count. */
export function parseGroupName(text: string): { name: string; count: number } {
  const match = /^(.*?)\s*[x×]\s*(\d{1,2})$/i.exec(text.trim())
  if (match?.[1] && match[2]) return { name: match[1].trim(), count: Number(match[2]) }
  return { name: text.trim(), count: 1 }
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
  const shown = table.getMap<Y.Map<unknown>>('combatants')
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
      const target = input.hidden ? secret : shown
      const doc = input.hidden ? gm : table
      const ids = names.map(() => newId())
      doc.transact(() => {
        names.forEach((name, i) => {
          put(target, ids[i] as string, {
            name,
            hp: input.hp,
            maxHp: input.hp,
            side: input.side,
            seatId: null,
          })
        })
      })
      return ok(ids)
    },
    reveal(id) {
      const fields = secret.get(id)
      if (!fields) return
      // Written to the table first: should the tablet drop mid-way, the monster is shown, not lost.
      table.transact(() => put(shown, id, fields.toJSON()))
      gm.transact(() => secret.delete(id))
    },
    removeHidden(id) {
      secret.delete(id)
    },
  }
}
