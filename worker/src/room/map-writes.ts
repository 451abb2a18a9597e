/** Writing the room's Y.Maps: a value written over an equal one is left alone. */
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
