/**
 * Everything a room keeps in its Durable Object's SQLite: its meta, its seats (key hashes only), the
 * requests already resolved, when it was last used, and its Yjs documents (an append-only update log per
 * document, compacted into a snapshot split into rows well under SQLite's 2 MB limit).
 */
import type { SystemId } from '@fray/protocol'
import * as Y from 'yjs'
import { sameDigest } from '../ids.ts'
import type { Role } from './access.ts'
import type { ProcessedLog } from './table-room.ts'

/** Compact a document once its log holds this many updates. */
export const COMPACT_AFTER = 200
/** Largest chunk of a snapshot stored in one row. */
export const SNAPSHOT_CHUNK = 512 * 1024

export interface RoomMeta {
  roomId: string
  system: SystemId
  name: string
  gmKeyHash: string
  createdAt: number
}

/** Documents an exported encounter may bring into a new room; the log is never imported. */
export type ImportedDocs = Partial<Record<'table' | 'gm', Uint8Array>>

export interface RoomStats {
  /** Bytes of document storage, plus an estimate for the processed-request index. */
  storedBytes: number
  largestRowBytes: number
  docs: Array<{ doc: string; bytes: number; rows: number; loadMs: number }>
  processedRequests: number
}

export class RoomStore {
  private readonly sql: SqlStorage
  /** Processed request keys by scope (a seat id, or `gm`), read from storage once per wake. */
  private readonly processedByScope = new Map<string, Set<string>>()

  constructor(sql: SqlStorage) {
    this.sql = sql
    this.createTables()
  }

  /** Creates the tables a new room (or one whose storage was just deleted) lacks. */
  createTables(): void {
    this.processedByScope.clear()
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)',
    )
    this.sql.exec(`CREATE TABLE IF NOT EXISTS seats (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`)
    this.sql.exec('CREATE TABLE IF NOT EXISTS processed_requests (id TEXT PRIMARY KEY, seat TEXT NOT NULL)')
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS activity (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
    )
    this.sql.exec(`CREATE TABLE IF NOT EXISTS doc_updates (
      id INTEGER PRIMARY KEY AUTOINCREMENT, doc TEXT NOT NULL, data BLOB NOT NULL)`)
    this.sql.exec('CREATE INDEX IF NOT EXISTS doc_updates_by_doc ON doc_updates (doc, id)')
    this.sql.exec(`CREATE TABLE IF NOT EXISTS doc_snapshots (
      doc TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc, part))`)
  }

  // --- meta, seats, activity -----------------------------------------------------------------

  meta(): RoomMeta | null {
    const row = this.sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0]
    return row ? (JSON.parse(row.json) as RoomMeta) : null
  }

  /** Writes a new room's meta and its imported documents. Call inside a transaction. */
  create(meta: RoomMeta, imported: ImportedDocs): void {
    this.sql.exec('INSERT INTO meta (id, json) VALUES (1, ?)', JSON.stringify(meta))
    for (const [name, update] of Object.entries(imported)) this.appendUpdate(name, update)
  }

  addSeat(id: string, name: string, keyHash: string, createdAt: number): void {
    this.sql.exec(
      'INSERT INTO seats (id, name, key_hash, created_at) VALUES (?, ?, ?, ?)',
      id,
      name,
      keyHash,
      createdAt,
    )
  }

  /** The seat's name, or null when there is no such seat. */
  seatName(seatId: string): string | null {
    return (
      this.sql.exec<{ name: string }>('SELECT name FROM seats WHERE id = ?', seatId).toArray()[0]?.name ??
      null
    )
  }

  /** Who holds the key that hashes to this: the GM, a seat's player, or nobody (null). */
  roleOfKey(keyHash: string): Role | null {
    const meta = this.meta()
    if (meta && sameDigest(keyHash, meta.gmKeyHash)) return { kind: 'gm' }
    const seat = this.sql
      .exec<{ id: string }>('SELECT id FROM seats WHERE key_hash = ?', keyHash)
      .toArray()[0]
    return seat ? { kind: 'seat', seatId: seat.id } : null
  }

  /** When the room was last used (0 when never recorded). */
  lastActive(): number {
    return this.sql.exec<{ at: number }>('SELECT at FROM activity WHERE id = 1').toArray()[0]?.at ?? 0
  }

  setLastActive(at: number): void {
    this.sql.exec(
      'INSERT INTO activity (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
      at,
    )
  }

  // --- processed requests --------------------------------------------------------------------

  /**
   * Keys of resolved requests, `<scope>/<id>` where the scope is a seat id or `gm`. Each scope is read
   * once per wake; a key is added inside the transaction of its request's work.
   */
  readonly processed: ProcessedLog = {
    has: (key) => this.processedIn(scopeOf(key)).has(key),
    add: (key) => {
      const scope = scopeOf(key)
      this.sql.exec('INSERT INTO processed_requests (id, seat) VALUES (?, ?)', key, scope)
      this.processedIn(scope).add(key)
    },
  }

  private processedIn(scope: string): Set<string> {
    let set = this.processedByScope.get(scope)
    if (!set) {
      const rows = this.sql.exec<{ id: string }>('SELECT id FROM processed_requests WHERE seat = ?', scope)
      set = new Set(rows.toArray().map((r) => r.id))
      this.processedByScope.set(scope, set)
    }
    return set
  }

  // --- documents -----------------------------------------------------------------------------

  /** Rebuilds a document from its snapshot and the updates after it. */
  loadDoc(name: string): Y.Doc {
    const doc = new Y.Doc({ gc: true })
    const parts = this.sql
      .exec<{ data: ArrayBuffer }>('SELECT data FROM doc_snapshots WHERE doc = ? ORDER BY part', name)
      .toArray()
      .map((row) => new Uint8Array(row.data))
    const updates = parts.length > 0 ? [concat(parts)] : []
    for (const row of this.sql.exec<{ data: ArrayBuffer }>(
      'SELECT data FROM doc_updates WHERE doc = ? ORDER BY id',
      name,
    )) {
      updates.push(new Uint8Array(row.data))
    }
    // One transaction for all of them: about twice as fast as one each, and faster than Y.mergeUpdates.
    doc.transact(() => {
      for (const update of updates) Y.applyUpdate(doc, update)
    })
    return doc
  }

  /** Stores one accepted update, and compacts the document once its log is long. */
  storeUpdate(name: string, update: Uint8Array, doc: Y.Doc): void {
    if (this.appendUpdate(name, update) >= COMPACT_AFTER) this.compactDoc(name, doc)
  }

  /** Appends one update; returns how many updates the document's log now holds. */
  private appendUpdate(name: string, update: Uint8Array): number {
    this.sql.exec('INSERT INTO doc_updates (doc, data) VALUES (?, ?)', name, toBlob(update))
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM doc_updates WHERE doc = ?', name).one().n
  }

  /** Replaces a document's log with one snapshot of its current state. Call inside a transaction. */
  private compactDoc(name: string, doc: Y.Doc): void {
    const state = Y.encodeStateAsUpdate(doc)
    this.sql.exec('DELETE FROM doc_snapshots WHERE doc = ?', name)
    this.sql.exec('DELETE FROM doc_updates WHERE doc = ?', name)
    for (let part = 0, offset = 0; offset < state.length; part++, offset += SNAPSHOT_CHUNK) {
      this.sql.exec(
        'INSERT INTO doc_snapshots (doc, part, data) VALUES (?, ?, ?)',
        name,
        part,
        toBlob(state.subarray(offset, offset + SNAPSHOT_CHUNK)),
      )
    }
  }

  /** What the room stores, and how long each document takes to rebuild from storage. */
  stats(): RoomStats {
    const sizes = this.sql
      .exec<{ doc: string; bytes: number; rows: number }>(
        `SELECT doc, SUM(bytes) AS bytes, SUM(rows) AS rows FROM (
           SELECT doc, LENGTH(data) AS bytes, 1 AS rows FROM doc_updates
           UNION ALL SELECT doc, LENGTH(data), 1 FROM doc_snapshots) GROUP BY doc ORDER BY doc`,
      )
      .toArray()
    const docs = sizes.map(({ doc, bytes, rows }) => {
      const start = performance.now()
      this.loadDoc(doc).destroy()
      return { doc, bytes, rows, loadMs: performance.now() - start }
    })
    const requests = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM processed_requests').one().n
    const largestRow = this.sql
      .exec<{ n: number | null }>(
        'SELECT MAX(n) AS n FROM (SELECT LENGTH(data) AS n FROM doc_updates UNION ALL SELECT LENGTH(data) FROM doc_snapshots)',
      )
      .one().n
    return {
      storedBytes: docs.reduce((n, d) => n + d.bytes, 0) + requests * 40,
      largestRowBytes: largestRow ?? 0,
      docs,
      processedRequests: requests,
    }
  }
}

/** The scope of a processed key: what comes before its first slash. */
function scopeOf(key: string): string {
  const slash = key.indexOf('/')
  return slash < 0 ? key : key.slice(0, slash)
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

/** SQLite takes an ArrayBuffer holding exactly the bytes (a view may sit inside a larger buffer). */
function toBlob(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer
}
