/** Writing the room's Y.Maps and Y.Arrays: a value written over an equal one is left alone. */
import * as Y from 'yjs'

/**
 * Whether two JSON values are written alike (the same keys in the same order, each alike): true only
 * where their `JSON.stringify` is equal, without writing either out.
 */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  const others = Object.keys(b)
  if (keys.length !== others.length) return false
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    if (key !== others[i]) return false
    if (!same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false
  }
  return true
}

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

/** The last item of each array as last seen: Yjs keeps no end of an array, only its start. */
const tails = new WeakMap<Y.Array<unknown>, Y.Item>()

/** Whether an item is in its array's list still: one merged into the item before it (the same writer's next clock) is not. */
const listed = (array: Y.Array<unknown>, item: Y.Item) =>
  item.left === null ? array._start === item : item.left.right === item

/** The last item of an array (a tombstone maybe), found from the last one seen rather than from its start. */
export function lastItem(array: Y.Array<unknown>): Y.Item | null {
  let tail = tails.get(array) ?? null
  // One merged away: the item it went into is in the list.
  while (tail !== null && !listed(array, tail)) tail = tail.left
  tail ??= array._start
  while (tail?.right) tail = tail.right
  if (tail) tails.set(array, tail)
  return tail
}

/**
 * The live items of an array in order, walked back from its end until they hold all its values: the
 * tombstones of what was let go before them (every request and answer of the evening) are not walked.
 */
export function liveItems(array: Y.Array<unknown>): Y.Item[] {
  const items: Y.Item[] = []
  let values = 0
  for (let item = lastItem(array); item !== null && values < array.length; item = item.left)
    if (!item.deleted && item.countable) {
      items.push(item)
      values += item.length
    }
  return items.reverse()
}

/**
 * Appends plain JSON values at the end of an array, as `push` does (the same item, after the same last
 * one), from the end it appended to last instead of from the start: an array of requests or answers
 * keeps the tombstone of every one let go, and `push` walks past them all at each value.
 */
export function append<T>(array: Y.Array<T>, values: T[]): void {
  const doc = array.doc
  if (values.length === 0) return
  if (!doc) return void array.push(values)
  const tail = lastItem(array as Y.Array<unknown>)
  doc.transact((transaction) => {
    const id = Y.createID(doc.clientID, Y.getState(doc.store, doc.clientID))
    const item = new Y.Item(
      id,
      tail,
      tail?.lastId ?? null,
      null,
      null,
      array,
      null,
      new Y.ContentAny([...values]),
    )
    item.integrate(transaction, 0)
    tails.set(array as Y.Array<unknown>, item)
  }, 'server')
}
