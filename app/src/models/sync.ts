/** One live Yjs document of a room over the stock y-websocket provider, with its connection state. */
import type { DocName } from '@fray/protocol'
import { type Signal, signal } from '@preact/signals'
import { IndexeddbPersistence } from 'y-indexeddb'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'

export type ConnectionState = 'connecting' | 'online' | 'offline' | 'refused'

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

export function connectDoc(roomId: string, docName: DocName, key?: string): SyncedDoc {
  const doc = new Y.Doc()
  // Every document this device holds is also kept in IndexedDB: a reload, a sleeping phone or a dead
  // Wi-Fi keeps the last state and any request made offline, which the provider sends on reconnect.
  const local =
    typeof indexedDB === 'undefined' ? null : new IndexeddbPersistence(`fray:${roomId}:${docName}`, doc)
  const restored = signal(local === null)
  local?.whenSynced.then(() => {
    restored.value = true
  })
  // The key rides as a subprotocol, not in the URL, so it never lands in a request log.
  // A page opened with no network at all (from the service worker's cache) waits for the `online` event.
  const startOffline = typeof navigator !== 'undefined' && navigator.onLine === false
  const provider = new WebsocketProvider(docsUrl(roomId), docName, doc, {
    protocols: key ? ['fray', `key.${key}`] : [],
    connect: !startOffline,
  })
  const state = signal<ConnectionState>(startOffline ? 'offline' : 'connecting')
  const error = signal<string | null>(null)
  const synced = signal(false)
  provider.on('status', ({ status }: { status: string }) => {
    if (state.value === 'refused') return
    state.value = status === 'connected' ? 'online' : status === 'connecting' ? 'connecting' : 'offline'
  })
  provider.on('sync', (isSynced: boolean) => {
    if (isSynced) synced.value = true
  })
  provider.on('connection-close', (event: CloseEvent | null) => {
    // 4xxx codes are the room's own refusals: retrying will not help, so stop and say why.
    if (event && event.code >= 4000 && event.code < 5000) {
      state.value = 'refused'
      error.value = event.reason || 'The room refused this connection.'
      provider.shouldConnect = false
    }
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
    if (state.value !== 'refused') provider.connect()
  }
  window.addEventListener('offline', offline)
  window.addEventListener('online', online)
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
    destroy() {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
      provider.destroy()
      void local?.destroy()
      doc.destroy()
    },
  }
}
