/** One live Yjs document of a room over the stock y-websocket provider, with its connection state. */
import { CLOSE, type DocMark, type DocName, LIMITS } from '@fray/protocol'
import { type Signal, signal } from '@preact/signals'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { IndexeddbPersistence } from 'y-indexeddb'
import * as syncProtocol from 'y-protocols/sync'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { splitUpdate } from './frames.ts'

/** `signed-out`: the room no longer takes this device's seat key (another phone holds the seat). */
export type ConnectionState = 'connecting' | 'online' | 'offline' | 'refused' | 'signed-out'

export interface SyncedDoc {
  doc: Y.Doc
  state: Signal<ConnectionState>
  /** Set when the room closed the connection with a reason (e.g. a key that is not valid). */
  error: Signal<string | null>
  /** True once the first sync with the room has completed. */
  synced: Signal<boolean>
  /** True once the copy kept on this device has loaded (so an offline reload still shows the fight). */
  restored: Signal<boolean>
  /** Who else is here right now: the presence states of everyone on this document. */
  present: Signal<Array<Record<string, unknown>>>
  /** Sets this device's own presence (name, seat) on this document. */
  announce(state: Record<string, unknown>): void
  /** Whether this copy has a writer's updates up to `mark` (read in a render, it renders again as they come). */
  has(mark: DocMark): boolean
  destroy(): void
}

/** The sync endpoint base of a room: each document is `<base>/<docName>`. */
export function docsUrl(
  roomId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/api/rooms/${roomId}/docs`
}

/** What the app does when the room closes a connection with one of its own codes (4000-4999). */
export type CloseAction = { retry: true; delayMs: number; words: string } | { retry: false; words: string }

/** The longest wait between tries after the room asked this device to slow down. */
export const MAX_RETRY_MS = 30_000

/** Words for a close that came without a reason (a proxy may drop it). */
const CLOSE_WORDS: Record<number, string> = {
  [CLOSE.forbidden]: 'The room refused this link for this document.',
  [CLOSE.signedOut]: 'Another phone holds this seat now: this one is signed out.',
  [CLOSE.tooLarge]: 'A change on this device is too large for the room to take in one message.',
  [CLOSE.malformed]: 'The room could not read what this device sent.',
  [CLOSE.full]: 'The room is full: it takes no more of this.',
  [CLOSE.rateLimited]: 'This device sent too much too fast for the room.',
  [CLOSE.crowded]: 'The room has as many connections open as it takes.',
}

/**
 * A close a retry can cure (too fast: 4029; the room's connections all open: 4030) is retried after a wait
 * that doubles each time, 1 s up to 30 s; the others (refused, full, malformed, a single change too large even in parts) are not, and the
 * room's reason is shown in words.
 */
export function closeAction(code: number, reason: string, attempt: number): CloseAction {
  const words = reason || CLOSE_WORDS[code] || `The room closed the connection (${code}).`
  if (code !== CLOSE.rateLimited && code !== CLOSE.crowded) return { retry: false, words }
  const delayMs = Math.min(1000 * 2 ** attempt, MAX_RETRY_MS)
  return { retry: true, delayMs, words: `${words} Trying again in ${Math.round(delayMs / 1000)} s.` }
}

export interface ConnectOptions {
  /** The sync endpoint base; `docsUrl(roomId)` by default. */
  url?: string
  /** A WebSocket class (tests pass a fake one). */
  WebSocket?: typeof WebSocket
  /** State this device already received from the room (an earlier connection's), to start from. */
  seed?: Uint8Array
  /** Whether the copy is kept on this device (IndexedDB); true by default. */
  persist?: boolean
}

export function connectDoc(
  roomId: string,
  docName: DocName,
  key?: string,
  options: ConnectOptions = {},
): SyncedDoc {
  const doc = new Y.Doc()
  // Applied before the provider listens: it came from the room, so it is not sent back.
  if (options.seed) Y.applyUpdate(doc, options.seed)
  // Every document this device holds is also kept in IndexedDB: a reload, a sleeping phone or a dead
  // Wi-Fi keeps the last state and any request made offline, which the provider sends on reconnect.
  const local =
    typeof indexedDB === 'undefined' || options.persist === false
      ? null
      : new IndexeddbPersistence(`fray:${roomId}:${docName}`, doc)
  const restored = signal(local === null)
  local?.whenSynced.then(() => {
    restored.value = true
  })
  // The key rides as a subprotocol, not in the URL, so it never lands in a request log.
  // A page opened with no network at all (from the service worker's cache) waits for the `online` event.
  const startOffline = typeof navigator !== 'undefined' && navigator.onLine === false
  const provider = new WebsocketProvider(options.url ?? docsUrl(roomId), docName, doc, {
    protocols: key ? ['fray', `key.${key}`] : [],
    connect: !startOffline,
    // The room's own closes (4000-4999) are this model's to decide: see `closeAction`.
    shouldReconnect: (event) => event.code < 4000 || event.code >= 5000,
    // The room is the one way documents travel. y-websocket's cross-tab channel would encode each whole
    // document and post it to other tabs on every (re)connect, and post every change twice.
    disableBc: true,
    ...(options.WebSocket ? { WebSocketPolyfill: options.WebSocket } : {}),
  })
  sendInFrames(provider, LIMITS.messageBytes)
  const state = signal<ConnectionState>(startOffline ? 'offline' : 'connecting')
  /** Refused for good (a retry would be refused again): the connection stays closed. */
  const stopped = () => state.value === 'refused' || state.value === 'signed-out'
  const error = signal<string | null>(null)
  const synced = signal(false)
  /** Tries in a row the room asked to slow down, and when the current connection opened. */
  let slowDowns = 0
  let openedAt = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  provider.on('status', ({ status }: { status: string }) => {
    if (stopped()) return
    if (status === 'connected') openedAt = Date.now()
    state.value = status === 'connected' ? 'online' : status === 'connecting' ? 'connecting' : 'offline'
  })
  provider.on('sync', (isSynced: boolean) => {
    if (!isSynced) return
    synced.value = true
  })
  provider.on('connection-close', (event: CloseEvent | null) => {
    if (!event || event.code < 4000 || event.code >= 5000) return
    // A connection that stayed up a while starts the waits afresh.
    if (Date.now() - openedAt > MAX_RETRY_MS) slowDowns = 0
    const action = closeAction(event.code, event.reason, slowDowns)
    error.value = action.words
    if (!action.retry) {
      state.value = event.code === CLOSE.signedOut ? 'signed-out' : 'refused'
      provider.shouldConnect = false
      return
    }
    slowDowns++
    clearTimeout(retry)
    retry = setTimeout(() => {
      if (!stopped() && (typeof navigator === 'undefined' || navigator.onLine !== false)) {
        error.value = null
        provider.connect()
      }
    }, action.delayMs)
  })
  const updates = signal(0)
  doc.on('update', () => {
    updates.value++
  })
  const present = signal<Array<Record<string, unknown>>>([])
  provider.awareness.on('change', () => {
    present.value = [...provider.awareness.getStates().entries()]
      .filter(([id]) => id !== doc.clientID)
      .map(([, state]) => state)
  })
  // When the phone knows it is offline, stop retrying and say so; pick up again when it is back.
  const offline = () => {
    provider.disconnect()
    state.value = 'offline'
  }
  const online = () => {
    if (!stopped()) provider.connect()
  }
  const events = typeof window === 'undefined' ? null : window
  events?.addEventListener('offline', offline)
  events?.addEventListener('online', online)
  return {
    doc,
    state,
    error,
    synced,
    restored,
    present,
    announce(presence) {
      provider.awareness.setLocalState(presence)
    },
    has([client, clock]) {
      void updates.value
      return Y.getState(doc.store, client) >= clock
    },
    destroy() {
      clearTimeout(retry)
      events?.removeEventListener('offline', offline)
      events?.removeEventListener('online', online)
      provider.destroy()
      void local?.destroy()
      doc.destroy()
    },
  }
}

const MESSAGE_SYNC = 0

/**
 * Makes the provider send what the room lacks in frames under `limit`: its answer to the room's sync
 * step 1 (everything made offline) and each local change, split between structs (`splitUpdate`).
 */
function sendInFrames(provider: WebsocketProvider, limit: number): void {
  // A frame's own bytes: the message and sync types and the update's length.
  const budget = limit - 16
  const frameOf = (update: Uint8Array) => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeUpdate(encoder, update)
    return encoding.toUint8Array(encoder)
  }
  const handleSync = provider.messageHandlers[MESSAGE_SYNC]
  provider.messageHandlers[MESSAGE_SYNC] = (encoder, decoder, p, emitSynced, messageType) => {
    if (decoding.peekVarUint(decoder) !== syncProtocol.messageYjsSyncStep1) {
      handleSync?.(encoder, decoder, p, emitSynced, messageType)
      return
    }
    decoding.readVarUint(decoder)
    const update = Y.encodeStateAsUpdate(p.doc, decoding.readVarUint8Array(decoder))
    const parts = splitUpdate(update, budget)
    if (parts.length === 1) {
      // As the stock provider answers: one sync step 2, sent by the provider once this returns.
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
      encoding.writeVarUint8Array(encoder, update)
      return
    }
    for (const part of parts) p.ws?.send(frameOf(part))
  }
  const send = provider._updateHandler
  provider.doc.off('update', send)
  provider._updateHandler = (update: Uint8Array, origin: unknown) => {
    for (const part of update.length > budget ? splitUpdate(update, budget) : [update]) send(part, origin)
  }
  provider.doc.on('update', provider._updateHandler)
}
