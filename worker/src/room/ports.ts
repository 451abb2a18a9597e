/**
 * What the room needs of its runtime, as small ports: the Durable Object gives its own (hibernatable
 * sockets, SQLite storage, the alarm); the Node tests give a socket in memory and SQLite compiled to
 * WebAssembly, so the room's game logic runs there the same.
 */

/** A socket as the room uses it: one end of a connection, carrying its attachment through hibernation. */
export interface RoomSocket {
  readonly readyState: number
  send(data: Uint8Array): void
  close(code?: number, reason?: string): void
  serializeAttachment(value: unknown): void
  deserializeAttachment(): unknown
}

/** `readyState` of a socket that is open. */
export const OPEN = 1

/** A value SQLite stores. */
export type SqlValue = ArrayBuffer | string | number | null

/** SQL as the store uses it: the Durable Object's `SqlStorage`, or SQLite in Node. */
export interface RoomSql {
  exec<T extends Record<string, SqlValue>>(
    query: string,
    ...bindings: SqlValue[]
  ): { one(): T; toArray(): T[] }
}

/** The sockets and the transactions the Yjs host works over. */
export interface HostPorts {
  /** Takes a socket into the room, with tags (its document's name) to find it by. */
  acceptWebSocket(ws: RoomSocket, tags: string[]): void
  /** The sockets the room holds, those tagged `tag` if given. */
  getWebSockets(tag?: string): RoomSocket[]
  /** Runs `work` in one storage transaction: all of it is stored, or (when it throws) none. */
  transactionSync<T>(work: () => T): T
}

/** Everything a room needs of its runtime. */
export interface RoomPorts extends HostPorts {
  sql: RoomSql
  setAlarm(at: number): Promise<void>
  deleteAlarm(): Promise<void>
  /** Deletes everything stored, the alarm included. */
  deleteAll(): Promise<void>
  /** How many sockets are open on the room (an alarm does not delete a room in use). */
  connected(): number
}
