/**
 * The y-websocket wire protocol (sync step 1/2, update, awareness, query-awareness), so any stock Yjs
 * provider can talk to a room. Pure encoders and one decoder; the room decides what to do with a message.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'

export const MESSAGE_SYNC = 0
export const MESSAGE_AWARENESS = 1
export const MESSAGE_QUERY_AWARENESS = 3

export type ClientMessage =
  | { type: 'sync-step-1'; stateVector: Uint8Array }
  | { type: 'update'; update: Uint8Array }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'query-awareness' }

/** A frame that decodes but is not the protocol: its message is in words, fit to send back. */
export class ProtocolError extends Error {}

/** Decodes one client message; throws on anything that is not the protocol. */
export function decodeMessage(data: Uint8Array): ClientMessage {
  const decoder = decoding.createDecoder(data)
  const type = decoding.readVarUint(decoder)
  switch (type) {
    case MESSAGE_SYNC: {
      const syncType = decoding.readVarUint(decoder)
      const payload = decoding.readVarUint8Array(decoder)
      if (syncType === syncProtocol.messageYjsSyncStep1) return { type: 'sync-step-1', stateVector: payload }
      if (syncType === syncProtocol.messageYjsSyncStep2 || syncType === syncProtocol.messageYjsUpdate) {
        return { type: 'update', update: payload }
      }
      throw new ProtocolError(`unknown sync message type ${syncType}`)
    }
    case MESSAGE_AWARENESS:
      return { type: 'awareness', update: decoding.readVarUint8Array(decoder) }
    case MESSAGE_QUERY_AWARENESS:
      return { type: 'query-awareness' }
    default:
      throw new ProtocolError(`unknown message type ${type}`)
  }
}

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeSyncStep1(encoder, doc)
  return encoding.toUint8Array(encoder)
}

export function encodeSyncStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeSyncStep2(encoder, doc, stateVector)
  return encoding.toUint8Array(encoder)
}

export function encodeUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeUpdate(encoder, update)
  return encoding.toUint8Array(encoder)
}

export function encodeAwareness(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

export interface AwarenessEntry {
  clientId: number
  clock: number
  /** The state as JSON ("null" for a removal). */
  json: string
}

/** The entries of an awareness update, one per client it speaks for. */
export function readAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update)
  const count = decoding.readVarUint(decoder)
  const entries: AwarenessEntry[] = []
  for (let i = 0; i < count; i++) {
    entries.push({
      clientId: decoding.readVarUint(decoder),
      clock: decoding.readVarUint(decoder),
      json: decoding.readVarString(decoder),
    })
  }
  JSON.parse(`[${entries.map((e) => e.json).join(',')}]`) // throws on a state that is not JSON
  return entries
}

export function writeAwarenessUpdate(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, entries.length)
  for (const e of entries) {
    encoding.writeVarUint(encoder, e.clientId)
    encoding.writeVarUint(encoder, e.clock)
    encoding.writeVarString(encoder, e.json)
  }
  return encoding.toUint8Array(encoder)
}

/** True when applying `update` to `doc` would change nothing (what a read-only client may send). */
export function updateIsKnown(doc: Y.Doc, update: Uint8Array): boolean {
  return Y.snapshotContainsUpdate(Y.snapshot(doc), update)
}

/** A server-side awareness with no timer left running, so the room can hibernate. */
export function createAwareness(doc: Y.Doc): awarenessProtocol.Awareness {
  const awareness = new awarenessProtocol.Awareness(doc)
  clearInterval(awareness._checkInterval)
  awareness.setLocalState(null)
  return awareness
}

export { awarenessProtocol }
