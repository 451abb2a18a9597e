/**
 * Conditions with durations, once for every system: a condition has an id and the count it has left in
 * the system's unit (rounds, segments); the system says which exist, how long each lasts, their words,
 * and calls `tickConditions` at the boundary its text names (the end of a round, of a fight). Stored in
 * `Fighter.state` as plain JSON, `{ id, rounds }` plus whatever the system adds (whom it is about).
 */
import {
  type Condition,
  conditionChip,
  findCondition,
  hasCondition,
  type Lasting,
} from './conditions-read.ts'

/** Reading them (whether one is on, its chip) is a file of its own, conditions-read.ts. */
export { type Condition, conditionChip, findCondition, hasCondition, type Lasting }

/** What one boundary did to a list: what is still on, and what ended at it. */
export interface Ticked<C> {
  kept: C[]
  ended: C[]
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
