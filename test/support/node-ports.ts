/**
 * The room's ports in Node (worker/src/room/ports.ts): SQLite compiled to WebAssembly (sql.js) for its
 * storage, and sockets in memory whose frames arrive in order on a later turn of the event loop, as a
 * network's do. The room's game logic runs over them as it does in the Durable Object; what needs the
 * runtime itself (hibernation, eviction, the Worker's API) is tested in workerd.
 */
import initSqlJs, { type Database } from 'sql.js'
import type { RoomPorts, RoomSocket, RoomSql, SqlValue } from '../../worker/src/room/ports.ts'
import type { ClientSocket } from './room-client.ts'

const sqlJs = initSqlJs()

/** SQLite in memory, answering `exec` as the Durable Object's `SqlStorage` does. */
export async function nodeSql(): Promise<{ sql: RoomSql; db: Database }> {
  const db = new (await sqlJs).Database()
  const sql: RoomSql = {
    exec<T extends Record<string, SqlValue>>(query: string, ...bindings: SqlValue[]) {
      const rows: T[] = []
      const statement = db.prepare(query)
      try {
        statement.bind(bindings.map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b) : b)))
        while (statement.step()) {
          const row = statement.getAsObject()
          for (const [k, v] of Object.entries(row))
            if (v instanceof Uint8Array) row[k] = v.slice().buffer as never
          rows.push(row as T)
        }
      } finally {
        statement.free()
      }
      return {
        toArray: () => rows,
        one: () => {
          if (rows.length !== 1)
            throw new Error(`Expected exactly one row from "${query}", got ${rows.length}`)
          return rows[0] as T
        },
      }
    },
  }
  return { sql, db }
}

type Listener = (event: never) => void

/** The client's end of a socket in memory. */
class ClientEnd implements ClientSocket {
  readyState = 1
  private readonly listeners: { message: Listener[]; close: Listener[] } = { message: [], close: [] }
  constructor(private readonly pair: SocketPair) {}
  accept(): void {}
  addEventListener(type: 'message' | 'close', listener: Listener): void {
    this.listeners[type].push(listener)
  }
  emit(type: 'message' | 'close', event: unknown): void {
    for (const listener of this.listeners[type]) listener(event as never)
  }
  send(data: Uint8Array): void {
    if (this.readyState !== 1) return
    const copy = data.slice().buffer as ArrayBuffer
    later(() => this.pair.toRoom(copy))
  }
  close(code = 1000, reason = ''): void {
    if (this.readyState !== 1) return
    this.readyState = 2
    later(() => this.pair.clientClosed(code, reason))
  }
}

/** The room's end of a socket in memory. */
class RoomEnd implements RoomSocket {
  readyState = 1
  private attachment: unknown = null
  constructor(private readonly pair: SocketPair) {}
  send(data: Uint8Array): void {
    if (this.readyState !== 1) throw new Error('The socket is closed.')
    const copy = data.slice().buffer as ArrayBuffer
    later(() => this.pair.toClient(copy))
  }
  close(code = 1000, reason = ''): void {
    if (this.readyState === 3) return
    this.readyState = 3
    this.pair.roomClosed(code, reason)
  }
  serializeAttachment(value: unknown): void {
    this.attachment = structuredClone(value)
  }
  deserializeAttachment(): unknown {
    return structuredClone(this.attachment)
  }
}

/** Runs `work` on a later turn of the event loop, after every frame sent before it (FIFO). */
const later = (work: () => void) => setImmediate(work)

/** What a room in Node does with its end of a socket: the Durable Object's socket events. */
export interface SocketEvents {
  message(ws: RoomSocket, message: ArrayBuffer): void
  close(ws: RoomSocket, code: number, reason: string): void
}

class SocketPair {
  readonly client = new ClientEnd(this)
  readonly room = new RoomEnd(this)
  constructor(
    private readonly events: SocketEvents,
    private readonly forget: (ws: RoomSocket) => void,
  ) {}
  toRoom(data: ArrayBuffer): void {
    if (this.room.readyState === 1) this.events.message(this.room, data)
  }
  toClient(data: ArrayBuffer): void {
    if (this.client.readyState !== 3) this.client.emit('message', { data })
  }
  /** The client closed: the room hears of it and answers with its own close. */
  clientClosed(code: number, reason: string): void {
    if (this.room.readyState === 1) this.events.close(this.room, code, reason)
    this.roomClosed(code, reason)
  }
  /** The room closed its end (a refusal, or its answer to the client's close): the client hears the reason. */
  roomClosed(code: number, reason: string): void {
    this.room.readyState = 3
    this.forget(this.room)
    if (this.client.readyState === 3) return
    this.client.readyState = 3
    later(() => this.client.emit('close', { code, reason }))
  }
}

/** A room's runtime in Node: its SQLite, its sockets by tag, and the alarm it set. */
export class NodePorts {
  private readonly sockets = new Map<RoomSocket, string[]>()
  alarmAt: number | null = null
  private depth = 0

  private constructor(
    private readonly db: Database,
    readonly sql: RoomSql,
  ) {}

  static async make(): Promise<NodePorts> {
    const { db, sql } = await nodeSql()
    return new NodePorts(db, sql)
  }

  /** The ports the room takes. */
  ports(): RoomPorts {
    return {
      sql: this.sql,
      acceptWebSocket: (ws, tags) => void this.sockets.set(ws, tags),
      getWebSockets: (tag) =>
        [...this.sockets].filter(([, tags]) => tag === undefined || tags.includes(tag)).map(([ws]) => ws),
      transactionSync: (work) => this.transaction(work),
      setAlarm: async (at) => {
        this.alarmAt = at
      },
      deleteAlarm: async () => {
        this.alarmAt = null
      },
      deleteAll: async () => {
        const tables = this.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        for (const { name } of tables.toArray()) this.db.run(`DROP TABLE "${name}"`)
      },
      connected: () => this.sockets.size,
    }
  }

  /** A new connection: the client's end for the test, the room's end for `accept`. */
  pair(events: SocketEvents): { client: ClientSocket; room: RoomSocket } {
    const pair = new SocketPair(events, (ws) => this.sockets.delete(ws))
    return { client: pair.client, room: pair.room }
  }

  /** All of `work` is stored, or none of it (a savepoint, so one may run inside another). */
  private transaction<T>(work: () => T): T {
    const name = `t${this.depth++}`
    this.db.run(`SAVEPOINT ${name}`)
    try {
      const result = work()
      this.db.run(`RELEASE ${name}`)
      return result
    } catch (error) {
      this.db.run(`ROLLBACK TO ${name}`)
      this.db.run(`RELEASE ${name}`)
      throw error
    } finally {
      this.depth--
    }
  }
}
