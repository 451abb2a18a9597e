import { LIMITS } from '@fray/protocol'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { splitUpdate } from './frames.ts'
import { closeAction, connectDoc, type SyncedDoc } from './sync.ts'

/** A WebSocket the test plays the room for: it records what the app sends and delivers what the room says. */
class FakeSocket {
  static sockets: FakeSocket[] = []
  readonly OPEN = 1
  readyState = 0
  binaryType = 'arraybuffer'
  sent: Uint8Array[] = []
  onopen: (() => void) | null = null
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.sockets.push(this)
  }
  send(data: Uint8Array) {
    this.sent.push(new Uint8Array(data))
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  receive(frame: Uint8Array) {
    this.onmessage?.({ data: frame.slice().buffer })
  }
  closedByRoom(code: number, reason: string) {
    this.readyState = 3
    this.onclose?.({ code, reason })
  }
  /** The updates the app sent (sync step 2 or update), in order. */
  updates(): Uint8Array[] {
    return this.sent.flatMap((frame) => {
      const decoder = decoding.createDecoder(frame)
      if (decoding.readVarUint(decoder) !== 0) return []
      const type = decoding.readVarUint(decoder)
      return type === syncProtocol.messageYjsSyncStep1 ? [] : [decoding.readVarUint8Array(decoder)]
    })
  }
}

/** What a document holds, by the names these tests write (an applied update defines no root type). */
const contents = (doc: Y.Doc) => ({
  map: doc.getMap('requests-made-offline').toJSON(),
  list: doc.getArray('list').toJSON(),
})

const last = () => FakeSocket.sockets.at(-1) as FakeSocket

function syncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, 0)
  syncProtocol.writeSyncStep1(encoder, doc)
  return encoding.toUint8Array(encoder)
}

function connect(): SyncedDoc {
  return connectDoc('room', 'seat:abc', 'key', {
    url: 'ws://fray.test/api/rooms/room/docs',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  })
}

/** Many changes, about `bytes` in all, as a phone could make offline. */
function fill(doc: Y.Doc, bytes: number) {
  const map = doc.getMap('requests-made-offline')
  for (let i = 0; i < bytes / 10_000; i++) doc.transact(() => map.set(`r${i}`, 'x'.repeat(10_000)))
}

describe('splitting an update into frames the room takes', () => {
  it('leaves an update under the limit as it is', () => {
    const doc = new Y.Doc()
    doc.getMap('m').set('a', 1)
    const update = Y.encodeStateAsUpdate(doc)
    expect(splitUpdate(update, 1000)).toEqual([update])
  })

  it('cuts a large one into parts under the limit that together are the update, deletions included', () => {
    const doc = new Y.Doc()
    fill(doc, 300_000)
    const list = doc.getArray('list')
    list.push(Array.from({ length: 500 }, (_, i) => `item ${i}`))
    list.delete(10, 100)
    doc.getMap('requests-made-offline').delete('r3')
    const update = Y.encodeStateAsUpdate(doc)
    const parts = splitUpdate(update, 64 * 1024)
    expect(parts.length).toBeGreaterThan(4)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(64 * 1024)
    const copy = new Y.Doc()
    for (const part of parts) Y.applyUpdate(copy, part)
    expect(contents(copy)).toEqual(contents(doc))
    // In reverse order too: Yjs waits for what a part depends on.
    const reversed = new Y.Doc()
    for (const part of [...parts].reverse()) Y.applyUpdate(reversed, part)
    expect(contents(reversed)).toEqual(contents(doc))
  })
})

describe('the room’s closes (#21)', () => {
  it('retries a rate limit after a wait that doubles, and gives up on nothing else a retry cannot cure', () => {
    expect(closeAction(4029, 'Over 120 requests a minute from this seat.', 0)).toEqual({
      retry: true,
      delayMs: 1000,
      words: 'Over 120 requests a minute from this seat. Trying again in 1 s.',
    })
    expect(closeAction(4029, '', 3)).toMatchObject({ retry: true, delayMs: 8000 })
    expect(closeAction(4029, '', 10)).toMatchObject({ retry: true, delayMs: 30_000 })
    for (const code of [4000, 4003, 4009, 4013]) expect(closeAction(code, '', 0).retry).toBe(false)
    expect(closeAction(4013, '', 0).words).toBe('The room is full: it takes no more of this.')
    expect(closeAction(4003, 'The GM freed this seat.', 0).words).toBe('The GM freed this seat.')
  })

  it('retries a room with all its connections open after a growing wait, saying so in words (#50)', () => {
    const reason = 'This room has its 100 connections without a key open; one more opens when another closes.'
    expect(closeAction(4030, reason, 0)).toEqual({
      retry: true,
      delayMs: 1000,
      words: `${reason} Trying again in 1 s.`,
    })
    expect(closeAction(4030, '', 5)).toEqual({
      retry: true,
      delayMs: 30_000,
      words: 'The room has as many connections open as it takes. Trying again in 30 s.',
    })
  })
})

describe('a document’s connection to the room (#21)', () => {
  let synced: SyncedDoc | null = null
  beforeEach(() => {
    vi.useFakeTimers()
    FakeSocket.sockets = []
  })
  afterEach(() => {
    synced?.destroy()
    synced = null
    vi.useRealTimers()
  })

  it('sends offline changes over the frame cap in frames under it, which together are the changes', () => {
    synced = connect()
    fill(synced.doc, 2_500_000)
    const room = new Y.Doc()
    last().open()
    last().receive(syncStep1(room)) // the room's sync step 1: it has nothing yet
    const updates = last().updates()
    expect(updates.length).toBeGreaterThanOrEqual(3)
    for (const frame of last().sent) expect(frame.length).toBeLessThanOrEqual(LIMITS.messageBytes)
    for (const update of updates) Y.applyUpdate(room, update)
    expect(Object.keys(contents(room).map)).toHaveLength(250)
    expect(contents(room)).toEqual(contents(synced.doc))
  })

  it('starts from a seed the room sent earlier, shown before any connection, then syncs what came since', () => {
    const room = new Y.Doc()
    room.getArray('list').push(['Goblin', 'Ogre'])
    synced = connectDoc('room', 'table', 'key', {
      url: 'ws://fray.test/api/rooms/room/docs',
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      seed: Y.encodeStateAsUpdate(room),
    })
    expect(contents(synced.doc).list).toEqual(['Goblin', 'Ogre'])
    room.getArray('list').push(['Troll'])
    last().open()
    // The app's sync step 1 names what it has: the room answers with the rest only.
    const [step1] = last().sent
    const decoder = decoding.createDecoder(step1 as Uint8Array)
    decoding.readVarUint(decoder)
    expect(decoding.readVarUint(decoder)).toBe(syncProtocol.messageYjsSyncStep1)
    const theirs = decoding.readVarUint8Array(decoder)
    expect(theirs).toEqual(Y.encodeStateVector(synced.doc))
    const answer = encoding.createEncoder()
    encoding.writeVarUint(answer, 0)
    syncProtocol.writeSyncStep2(answer, room, theirs)
    last().receive(encoding.toUint8Array(answer))
    expect(contents(synced.doc).list).toEqual(['Goblin', 'Ogre', 'Troll'])
  })

  it('splits a live change over the frame cap too', () => {
    synced = connect()
    last().open()
    last().sent = []
    fill(synced.doc, 10_000) // a small change: one frame
    expect(last().updates()).toHaveLength(1)
    const doc = synced.doc
    doc.transact(() => fill(doc, 1_500_000))
    const room = new Y.Doc()
    for (const update of last().updates()) Y.applyUpdate(room, update)
    for (const frame of last().sent) expect(frame.length).toBeLessThanOrEqual(LIMITS.messageBytes)
    expect(last().updates().length).toBeGreaterThan(2)
    expect(contents(room)).toEqual(contents(doc))
  })

  it('after a rate limit (4029) says so, waits, connects again, and waits longer the next time', () => {
    synced = connect()
    last().open()
    last().closedByRoom(4029, 'Over 120 requests a minute from this seat; they are sent again shortly.')
    expect(synced.state.value).not.toBe('refused')
    expect(synced.error.value).toMatch(/Over 120 requests a minute.*Trying again in 1 s/)
    expect(FakeSocket.sockets).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(FakeSocket.sockets).toHaveLength(2)
    expect(synced.error.value).toBeNull()
    last().open()
    last().closedByRoom(4029, '')
    expect(synced.error.value).toMatch(/too fast.*Trying again in 2 s/)
    vi.advanceTimersByTime(1500)
    expect(FakeSocket.sockets).toHaveLength(2)
    vi.advanceTimersByTime(600)
    expect(FakeSocket.sockets).toHaveLength(3)
  })

  it('stops on a close a retry cannot cure and shows the room’s reason, or words for the code', () => {
    synced = connect()
    last().open()
    last().closedByRoom(4003, 'The GM freed this seat: join again as a new player.')
    expect(synced.state.value).toBe('refused')
    expect(synced.error.value).toBe('The GM freed this seat: join again as a new player.')
    vi.advanceTimersByTime(60_000)
    expect(FakeSocket.sockets).toHaveLength(1)

    const other = connect()
    const socket = last()
    socket.open()
    socket.closedByRoom(4013, '')
    expect(other.state.value).toBe('refused')
    expect(other.error.value).toBe('The room is full: it takes no more of this.')
    other.destroy()
  })

  it('signed out of its seat (4001): says so, in the room’s words, and never connects again', () => {
    synced = connect()
    last().open()
    last().closedByRoom(4001, 'The GM let this seat in on another phone; this one is signed out.')
    expect(synced.state.value).toBe('signed-out')
    expect(synced.error.value).toBe('The GM let this seat in on another phone; this one is signed out.')
    vi.advanceTimersByTime(60_000)
    expect(FakeSocket.sockets).toHaveLength(1)
  })

  it('connects again at once after a close that is not the room’s refusal (a restart, a storage fault)', () => {
    synced = connect()
    last().open()
    last().closedByRoom(1011, 'The room could not store this change and kept none of it.')
    expect(synced.state.value).not.toBe('refused')
    vi.advanceTimersByTime(3000)
    expect(FakeSocket.sockets.length).toBeGreaterThan(1)
  })
})
