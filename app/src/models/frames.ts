/**
 * Splits a Yjs update into updates that each fit in one frame the room takes (`LIMITS.messageBytes`), so
 * a phone back with more offline changes than one frame holds sends them in parts instead of being
 * refused (4009) forever. The parts are cut between the update's structs, in its order, and the last one
 * carries its deletions; applied in order (or in any order: Yjs waits for what a part depends on), they
 * are the update. A single struct over the limit (one huge text) cannot be cut and stays whole.
 */
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'

type Struct = ReturnType<typeof Y.decodeUpdate>['structs'][number]
type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds']

/** What a part costs besides its structs: client counts, ids, clocks, the delete set's header. */
const OVERHEAD = 64

export function splitUpdate(update: Uint8Array, limit: number): Uint8Array[] {
  if (update.length <= limit) return [update]
  const { structs, ds } = Y.decodeUpdate(update)
  const parts: Uint8Array[] = []
  let part: Struct[] = []
  let bytes = OVERHEAD
  for (const struct of structs) {
    const size = sizeOf(struct)
    if (part.length > 0 && bytes + size > limit) {
      parts.push(encodePart(part, null))
      part = []
      bytes = OVERHEAD
    }
    part.push(struct)
    bytes += size
  }
  // The deletions go with the last part (in a part of their own when they do not fit beside it).
  const deletions = encodePart([], ds)
  if (part.length > 0 && bytes + deletions.length <= limit) parts.push(encodePart(part, ds))
  else {
    if (part.length > 0) parts.push(encodePart(part, null))
    parts.push(deletions)
  }
  return parts
}

function sizeOf(struct: Struct): number {
  const encoder = new Y.UpdateEncoderV1()
  struct.write(encoder, 0)
  return encoder.toUint8Array().length
}

/** One update (format v1) of these structs, grouped by client as they came, and these deletions. */
function encodePart(structs: Struct[], ds: DeleteSet | null): Uint8Array {
  const encoder = new Y.UpdateEncoderV1()
  const groups: Struct[][] = []
  for (const struct of structs) {
    const last = groups.at(-1)
    if (last && last[0]?.id.client === struct.id.client) last.push(struct)
    else groups.push([struct])
  }
  encoding.writeVarUint(encoder.restEncoder, groups.length)
  for (const group of groups) {
    const first = group[0] as Struct
    encoding.writeVarUint(encoder.restEncoder, group.length)
    encoder.writeClient(first.id.client)
    encoding.writeVarUint(encoder.restEncoder, first.id.clock)
    for (const struct of group) struct.write(encoder, 0)
  }
  // The delete set, as Yjs writes it.
  const clients = ds ? [...ds.clients.entries()].sort((a, b) => b[0] - a[0]) : []
  encoding.writeVarUint(encoder.restEncoder, clients.length)
  for (const [client, items] of clients) {
    encoder.resetDsCurVal()
    encoding.writeVarUint(encoder.restEncoder, client)
    encoding.writeVarUint(encoder.restEncoder, items.length)
    for (const item of items) {
      encoder.writeDsClock(item.clock)
      encoder.writeDsLen(item.len)
    }
  }
  return encoder.toUint8Array()
}
