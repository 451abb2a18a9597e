/**
 * Conditions with durations, once for every system: a condition has an id and the count it has left in
 * the system's unit (rounds, segments); the system says which exist, how long each lasts, their words,
 * and calls `tickConditions` at the boundary its text names (the end of a round, of a fight). Stored in
 * `Fighter.state` as plain JSON, `{ id, rounds }` plus whatever the system adds (whom it is about).
 */
import { plural } from './words.ts'

/**
 * What a boundary counts on a condition, whatever the system names it by. The counting functions take
 * any condition object (osr's have no count at all when the text gives them none) and read these.
 */
export interface Lasting {
  /** Boundaries left: it ends at the one that brings it to 0. Absent or null: until something lifts it. */
  rounds?: number | null
  /** Decided now to bite from the next boundary on ("no attack next round"): the first one only starts it. */
  fresh?: boolean
}

export interface Condition<Id extends string = string> extends Lasting {
  id: Id
}

/** What one boundary did to a list: what is still on, and what ended at it. */
export interface Ticked<C> {
  kept: C[]
  ended: C[]
}

/** The first condition with this id (and matching `where`), if any. */
export function findCondition<C extends Condition>(
  list: readonly C[] | undefined,
  id: C['id'],
  where: (c: C) => boolean = () => true,
): C | undefined {
  return (list ?? []).find((c) => c.id === id && where(c))
}

/** Whether the list holds a condition with this id. */
export function hasCondition<C extends Condition>(list: readonly C[] | undefined, id: C['id']): boolean {
  return findCondition(list, id) !== undefined
}

/** The list with `c` put on, in place of the same one (by default: the same id), last. */
export function addCondition<C extends Condition>(
  list: readonly C[] | undefined,
  c: C,
  same: (a: C, b: C) => boolean = (a, b) => a.id === b.id,
): C[] {
  return [...(list ?? []).filter((o) => !same(o, c)), c]
}

/** The list without any condition of this id. */
export function removeCondition<C extends Condition>(list: readonly C[] | undefined, id: C['id']): C[] {
  return (list ?? []).filter((c) => c.id !== id)
}

/**
 * One boundary passes: a fresh condition starts counting; a counted one loses one and ends at 0; one with
 * no count stays, unless `endsNow` says it lasts only until this boundary (a round-long stance).
 */
export function tickConditions<C extends object>(
  list: readonly C[] | undefined,
  endsNow: (c: C) => boolean = () => false,
): Ticked<C> {
  const kept: C[] = []
  const ended: C[] = []
  for (const c of list ?? []) {
    const { rounds, fresh } = c as Lasting
    if (typeof rounds !== 'number') (endsNow(c) ? ended : kept).push(c)
    else if (fresh) kept.push({ ...c, fresh: false })
    else if (rounds > 1) kept.push({ ...c, rounds: rounds - 1 })
    else ended.push(c)
  }
  return { kept, ended }
}

/** The list with every counted condition gone (a fight ends: what counted its rounds ends with it). */
export function untimedConditions<C extends object>(list: readonly C[] | undefined): C[] {
  return (list ?? []).filter((c) => typeof (c as Lasting).rounds !== 'number')
}

/**
 * A condition's chip: its words, and the count it has left in the system's unit ("Stunned (2 rounds)");
 * a fresh one says when it starts ("No attack (next round)", "Reloading (next 2 rounds)").
 */
export function conditionChip(c: object, words: string, unit = 'round'): string {
  const { rounds, fresh } = c as Lasting
  if (typeof rounds !== 'number') return words
  if (!fresh) return `${words} (${plural(rounds, unit)})`
  return `${words} (next ${rounds === 1 ? unit : plural(rounds, unit)})`
}
