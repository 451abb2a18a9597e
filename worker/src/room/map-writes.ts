/** Writing the room's Y.Maps and Y.Arrays: a value written over an equal one is left alone. */
import type * as Y from 'yjs'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Writes a value only if it differs (`undefined` deletes): a value written over an equal one is still an
 * update every device receives and every observer runs for, and it stays in the stored document.
 */
export function setIfChanged(map: Y.Map<unknown>, key: string, value: unknown): void {
  if (value === undefined) {
    if (map.has(key)) map.delete(key)
  } else if (!same(map.get(key), value)) map.set(key, value)
}

/** Deletes the values before `end` that `keep` does not keep, a run at a time from the last backwards. */
export function deleteRuns<T>(array: Y.Array<T>, end: number, keep: (i: number) => boolean): void {
  for (let last = end - 1; last >= 0; ) {
    if (keep(last)) {
      last--
      continue
    }
    let first = last
    while (first > 0 && !keep(first - 1)) first--
    array.delete(first, last - first + 1)
    last = first - 1
  }
}
