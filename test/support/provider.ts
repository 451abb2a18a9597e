/** A stock y-websocket provider in Node, pointed at one document of a room on a server under test. */
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'

export function connectStock(baseUrl: string, roomId: string, docName: string, key?: string) {
  const doc = new Y.Doc()
  const provider = new WebsocketProvider(
    `${baseUrl.replace(/^http/, 'ws')}/api/rooms/${roomId}/docs`,
    docName,
    doc,
    {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params: key ? { key } : {},
      disableBc: true,
    },
  )
  const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()))
  return { doc, provider, synced }
}
