/** The room's answers to a document's requests, read the way the app reads them (`answerTo`). */
import { type Answer, answerTo, type RequestResult, SEAT } from '@fray/protocol'
import type * as Y from 'yjs'

/** A seat's (or the GM's) answers by request id: `has`, `get`, how many are kept, and their results. */
export function answersOf(doc: Y.Doc) {
  const answers = doc.getArray<Answer>(SEAT.answers)
  return {
    has: (id: string) => answerTo(answers.toArray(), id) !== undefined,
    get: (id: string): RequestResult | undefined => answerTo(answers.toArray(), id),
    get size() {
      return answers.length
    },
    values: () => answers.toArray().map((a) => a.result),
  }
}
