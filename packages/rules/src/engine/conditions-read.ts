/**
 * What a screen reads of the timed conditions (conditions.ts): whether one is on, and its chip. Apart from
 * putting them on, lifting and counting them down, which zones' screen never calls (only its room does):
 * a zones phone does not download those (`npm run test:size`).
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
