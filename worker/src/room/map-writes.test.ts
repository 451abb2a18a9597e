import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { append, same } from './map-writes.ts'

/** Two documents of one writer: `append` on the first, `push` on the second, the same steps on both. */
function twins() {
  const docs = [new Y.Doc(), new Y.Doc()] as const
  for (const doc of docs) doc.clientID = 7
  const other = new Y.Doc()
  other.clientID = 9
  return {
    docs,
    step(write: (array: Y.Array<unknown>, doc: Y.Doc, pushing: boolean) => void) {
      for (const [i, doc] of docs.entries()) write(doc.getArray('a'), doc, i === 1)
    },
    /** Another writer's push, merged into both. */
    fromOther(value: unknown) {
      Y.applyUpdate(other, Y.encodeStateAsUpdate(docs[1]))
      const before = Y.encodeStateVector(other)
      other.getArray('a').push([value])
      const update = Y.encodeStateAsUpdate(other, before)
      for (const doc of docs) Y.applyUpdate(doc, update)
    },
  }
}

describe('appending to an array from its last end', () => {
  it('writes what push writes, after deletions, merges and other writers', () => {
    const t = twins()
    const add = (values: unknown[]) =>
      t.step((array, _doc, pushing) => (pushing ? array.push(values) : append(array, values)))
    add([{ n: 1 }])
    add([{ n: 2 }, { n: 3 }]) // the same writer's next clock: merged into the item before
    t.step((_a, doc) => doc.getMap('m').set('k', 1)) // a clock spent elsewhere: not merged
    add([{ n: 4 }])
    t.fromOther({ n: 5 })
    add([{ n: 6 }])
    t.step((array) => array.delete(0, array.length)) // all let go: tombstones only
    add([{ n: 7 }])
    add([])
    const [appended, pushed] = t.docs
    expect(appended.getArray('a').toArray()).toEqual([{ n: 7 }])
    expect(Y.encodeStateAsUpdate(appended)).toEqual(Y.encodeStateAsUpdate(pushed))
  })
})

describe('values written alike', () => {
  it('are those whose JSON is the same, keys in order', () => {
    expect(same({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true)
    expect(same({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false)
    expect(same([1, 2], { 0: 1, 1: 2 })).toBe(false)
    expect(same({ a: [1] }, { a: [1, 2] })).toBe(false)
    expect(same({ a: 1 }, { a: '1' })).toBe(false)
    expect(same(undefined, null)).toBe(false)
  })
})
