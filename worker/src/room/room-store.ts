/**
 * Everything a room keeps in its Durable Object's SQLite: its meta, its seats (key hashes only, a seat's
 * further phones' keys, and handover codes as hashes too), the requests already resolved, when it was
 * last used, and its Yjs documents (an append-only update log per document, compacted into a snapshot
 * split into rows well under SQLite's 2 MB limit).
 *
 * Snapshots are Yjs's version 2 encoding (`doc_states`): a fight's overwritten hit points and let-go
 * requests take a few bytes there, where version 1 spends tens of bytes on each. Rooms compacted before
 * keep a version 1 snapshot (`doc_snapshots`) until their next compaction rewrites it.
 */
import { type DocName, isPastDoc, type SystemId } from '@fray/protocol'
import * as Y from 'yjs'
import { sameDigest } from '../ids.ts'
import type { Role } from './access.ts'
import type { RoomSql } from './ports.ts'
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

/**
 * Documents a new room starts with, built from an exported encounter (imports.ts): the table, the gm
 * document, and its past fights with the log listing them; the log's entries are never imported.
 */
export type ImportedDocs = Partial<Record<DocName, Uint8Array>>

export interface RoomStats {
  /** Bytes of document storage, plus an estimate for the processed keys and the writers' clocks. */
  storedBytes: number
  largestRowBytes: number
  /** The live documents, each rebuilt from storage to time it. */
  docs: Array<{ doc: string; bytes: number; rows: number; loadMs: number }>
  /** The filed fights' documents, counted but not loaded: a long campaign has hundreds. */
  filedFights: { docs: number; bytes: number }
  processedRequests: number
  writerClocks: number
  /** The documents the room holds in memory (the room fills this in; the store does not know). */
  loaded?: string[]
}

export class RoomStore {
  private readonly sql: RoomSql
  /** Processed keys by scope (a seat id, or `gm`), read from storage once per wake. */
  private readonly processedByScope = new Map<string, Set<string>>()
  /** Each writer's last resolved clock by scope, read from storage once per wake. */
  private readonly clocksByScope = new Map<string, Map<number, number>>()
  /** Stored bytes of each document (its update log and snapshot), read once, then kept up to date. */
  private sizes: Map<string, number> | null = null
  /** How many updates each document's log holds, counted once per document, then kept up to date. */
  private readonly logLengths = new Map<string, number>()
  private created = false
  /**
   * Bytes of updates appended to the live documents since this instance started (a filed fight's not
   * counted): what a seat's update and the room's resolving of it stored, measured around them.
   */
  writtenBytes = 0

  constructor(sql: RoomSql) {
    this.sql = sql
    // A room id nobody created gets no tables: asking about it must leave no storage behind.
    if (this.exists()) this.createTables()
  }

  /** Whether this room was ever created (and not deleted since); once true, not asked again. */
  private exists(): boolean {
    this.created ||=
      this.sql
        .exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
        .one().n > 0
    return this.created
  }

  /** The room's storage was deleted: it is a room nobody created again. */
  deleted(): void {
    this.created = false
    this.sizes = null
    this.logLengths.clear()
    this.processedByScope.clear()
    this.clocksByScope.clear()
  }

  /** Creates the tables a new room lacks (and those an older room lacks). */
  createTables(): void {
    this.sizes = null
    this.logLengths.clear()
    this.processedByScope.clear()
    this.clocksByScope.clear()
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)',
    )
    this.sql.exec(`CREATE TABLE IF NOT EXISTS seats (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`)
    // More keys of a seat: one per phone that came in with a handover code (the first is in `seats`).
    this.sql.exec('CREATE TABLE IF NOT EXISTS seat_keys (key_hash TEXT PRIMARY KEY, seat_id TEXT NOT NULL)')
    this.sql.exec(`CREATE TABLE IF NOT EXISTS handovers (
      code_hash TEXT PRIMARY KEY, seat_id TEXT NOT NULL, expires_at INTEGER NOT NULL, signs_out INTEGER NOT NULL)`)
    // When each seat's own phone made a handover code, for the last hour: a seat makes a few an hour.
    this.sql.exec('CREATE TABLE IF NOT EXISTS handovers_made (seat_id TEXT NOT NULL, at INTEGER NOT NULL)')
    this.sql.exec('CREATE TABLE IF NOT EXISTS processed_requests (id TEXT PRIMARY KEY, seat TEXT NOT NULL)')
    // Each writer's last resolved clock (ProcessedLog.lastResolved); the table keeps its stored name.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS request_marks (
      scope TEXT NOT NULL, client INTEGER NOT NULL, clock INTEGER NOT NULL, PRIMARY KEY (scope, client)
    ) WITHOUT ROWID`)
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS activity (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
    )
    this.sql.exec(`CREATE TABLE IF NOT EXISTS doc_updates (
      id INTEGER PRIMARY KEY AUTOINCREMENT, doc TEXT NOT NULL, data BLOB NOT NULL)`)
    this.sql.exec('CREATE INDEX IF NOT EXISTS doc_updates_by_doc ON doc_updates (doc, id)')
    for (const table of [V1_SNAPSHOTS, V2_SNAPSHOTS])
      this.sql.exec(`CREATE TABLE IF NOT EXISTS ${table} (
        doc TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc, part))`)
  }

  // --- meta, seats, activity -----------------------------------------------------------------

  meta(): RoomMeta | null {
    if (!this.exists()) return null
    const row = this.sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0]
    return row ? (JSON.parse(row.json) as RoomMeta) : null
  }

  /** Writes a new room's meta and its imported documents. Call inside a transaction. */
  create(meta: RoomMeta, imported: ImportedDocs): void {
    this.createTables()
    this.sql.exec('INSERT INTO meta (id, json) VALUES (1, ?)', JSON.stringify(meta))
    for (const [name, update] of Object.entries(imported)) if (update) this.appendUpdate(name, update)
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
    if (!meta) return null
    if (sameDigest(keyHash, meta.gmKeyHash)) return { kind: 'gm' }
    const seat = this.sql
      .exec<{ id: string }>(
        'SELECT id FROM seats WHERE key_hash = ? UNION ALL SELECT seat_id FROM seat_keys WHERE key_hash = ?',
        keyHash,
        keyHash,
      )
      .toArray()[0]
    return seat ? { kind: 'seat', seatId: seat.id } : null
  }

  /** Keeps a seat's handover code (its hash): the seat's earlier code, and any expired one, stop working. */
  addHandover(seatId: string, codeHash: string, expiresAt: number, signsOut: boolean, now: number): void {
    this.sql.exec('DELETE FROM handovers WHERE seat_id = ? OR expires_at <= ?', seatId, now)
    this.sql.exec(
      'INSERT INTO handovers (code_hash, seat_id, expires_at, signs_out) VALUES (?, ?, ?, ?)',
      codeHash,
      seatId,
      expiresAt,
      signsOut ? 1 : 0,
    )
  }

  /** When a seat's own phone made its handover codes since `since`, oldest first; older records go. */
  handoversMadeSince(seatId: string, since: number): number[] {
    this.sql.exec('DELETE FROM handovers_made WHERE at <= ?', since)
    return this.sql
      .exec<{ at: number }>('SELECT at FROM handovers_made WHERE seat_id = ? ORDER BY at', seatId)
      .toArray()
      .map((row) => row.at)
  }

  /** Records that a seat's own phone made a handover code at `at`. */
  handoverMade(seatId: string, at: number): void {
    this.sql.exec('INSERT INTO handovers_made (seat_id, at) VALUES (?, ?)', seatId, at)
  }

  /** Takes a handover code: it is gone once read, so it works once; null when unknown or expired. */
  takeHandover(codeHash: string, now: number): { seatId: string; signsOut: boolean } | null {
    const row = this.sql
      .exec<{ seat_id: string; expires_at: number; signs_out: number }>(
        'SELECT seat_id, expires_at, signs_out FROM handovers WHERE code_hash = ?',
        codeHash,
      )
      .toArray()[0]
    if (!row) return null
    this.sql.exec('DELETE FROM handovers WHERE code_hash = ?', codeHash)
    return row.expires_at > now ? { seatId: row.seat_id, signsOut: row.signs_out === 1 } : null
  }

  /** Gives a seat one more key; with `only`, the seat's other keys stop working (a lost phone). */
  addSeatKey(seatId: string, keyHash: string, only: boolean): void {
    if (only) {
      this.sql.exec('DELETE FROM seat_keys WHERE seat_id = ?', seatId)
      this.sql.exec('UPDATE seats SET key_hash = ? WHERE id = ?', keyHash, seatId)
      return
    }
    this.sql.exec('INSERT INTO seat_keys (key_hash, seat_id) VALUES (?, ?)', keyHash, seatId)
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
   * What the room resolved (see `ProcessedLog`): keys `<scope>/<id>` where the scope is a seat id or `gm`,
   * and each writer's last resolved clock. Each scope is read once per wake; a key or a clock is written inside the
   * transaction of its request's work.
   */
  readonly processed: ProcessedLog = {
    has: (key) => this.processedIn(scopeOf(key)).has(key),
    add: (key) => {
      const scope = scopeOf(key)
      this.sql.exec('INSERT INTO processed_requests (id, seat) VALUES (?, ?)', key, scope)
      this.processedIn(scope).add(key)
    },
    lastResolved: (scope, client) => this.clocksIn(scope).get(client) ?? -1,
    setLastResolved: (scope, client, clock) => {
      this.sql.exec(
        `INSERT INTO request_marks (scope, client, clock) VALUES (?, ?, ?)
         ON CONFLICT (scope, client) DO UPDATE SET clock = excluded.clock`,
        scope,
        client,
        clock,
      )
      this.clocksIn(scope).set(client, clock)
    },
    keepWriters: (scope, writers) => {
      const clocks = this.clocksIn(scope)
      for (const client of [...clocks.keys()]) {
        if (writers.has(client)) continue
        this.sql.exec('DELETE FROM request_marks WHERE scope = ? AND client = ?', scope, client)
        clocks.delete(client)
      }
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

  private clocksIn(scope: string): Map<number, number> {
    let clocks = this.clocksByScope.get(scope)
    if (!clocks) {
      const rows = this.sql.exec<{ client: number; clock: number }>(
        'SELECT client, clock FROM request_marks WHERE scope = ?',
        scope,
      )
      clocks = new Map(rows.toArray().map((r) => [r.client, r.clock]))
      this.clocksByScope.set(scope, clocks)
    }
    return clocks
  }

  // --- documents -----------------------------------------------------------------------------

  /** Rebuilds a document from its snapshot and the updates after it. */
  loadDoc(name: string): Y.Doc {
    const doc = new Y.Doc({ gc: true })
    const v2 = this.snapshot(V2_SNAPSHOTS, name)
    const v1 = v2 ? null : this.snapshot(V1_SNAPSHOTS, name)
    const updates = this.sql
      .exec<{ data: ArrayBuffer }>('SELECT data FROM doc_updates WHERE doc = ? ORDER BY id', name)
      .toArray()
    // One transaction for all of them: about twice as fast as one each, and faster than Y.mergeUpdates.
    doc.transact(() => {
      if (v2) Y.applyUpdateV2(doc, v2)
      if (v1) Y.applyUpdate(doc, v1)
      for (const row of updates) Y.applyUpdate(doc, new Uint8Array(row.data))
    })
    return doc
  }

  /** A document's snapshot in one of the two tables, its parts joined; null when it has none there. */
  private snapshot(table: typeof V1_SNAPSHOTS | typeof V2_SNAPSHOTS, name: string): Uint8Array | null {
    const parts = this.sql
      .exec<{ data: ArrayBuffer }>(`SELECT data FROM ${table} WHERE doc = ? ORDER BY part`, name)
      .toArray()
      .map((row) => new Uint8Array(row.data))
    return parts.length > 0 ? concat(parts) : null
  }

  /** Stores one accepted update, and compacts the document once its log is long. */
  storeUpdate(name: string, update: Uint8Array, doc: Y.Doc): void {
    if (this.appendUpdate(name, update) >= COMPACT_AFTER) this.compactDoc(name, doc)
  }

  /** Appends one update; returns how many updates the document's log now holds. */
  private appendUpdate(name: string, update: Uint8Array): number {
    this.sql.exec('INSERT INTO doc_updates (doc, data) VALUES (?, ?)', name, toBlob(update))
    this.sizes?.set(name, (this.sizes.get(name) ?? 0) + update.length)
    if (!isPastDoc(name)) this.writtenBytes += update.length
    const known = this.logLengths.get(name)
    const length =
      known === undefined
        ? this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM doc_updates WHERE doc = ?', name).one().n
        : known + 1
    this.logLengths.set(name, length)
    return length
  }

  /** Stored bytes of one document: its snapshot and the updates logged after it. */
  docBytes(name: string): number {
    return this.storedSizes().get(name) ?? 0
  }

  /**
   * Stored bytes of the room's live documents, what its quota counts. A filed fight's document is not
   * among them: the room writes it once and loads it only for a device that reads that fight, so a group
   * that plays every week never fills its room with the fights it has played.
   */
  roomBytes(): number {
    let total = 0
    for (const [name, bytes] of this.storedSizes()) if (!isPastDoc(name)) total += bytes
    return total
  }

  /** Whether storage holds anything of a document. */
  hasDoc(name: string): boolean {
    return this.storedSizes().has(name)
  }

  /** Deletes a document from storage (one moved elsewhere). Call inside a transaction. */
  dropDoc(name: string): void {
    this.deleteRows(name)
    this.sizes?.delete(name)
  }

  private deleteRows(name: string): void {
    this.logLengths.set(name, 0)
    for (const table of [V1_SNAPSHOTS, V2_SNAPSHOTS, 'doc_updates'])
      this.sql.exec(`DELETE FROM ${table} WHERE doc = ?`, name)
  }

  /**
   * Forgets what is kept in memory of storage (a transaction rolled back): the sizes, the logs' lengths,
   * the processed keys and the writers' clocks are read again when next asked.
   */
  forgetCache(): void {
    this.sizes = null
    this.logLengths.clear()
    this.processedByScope.clear()
    this.clocksByScope.clear()
  }

  private storedSizes(): Map<string, number> {
    if (!this.sizes) {
      const rows = this.sql.exec<{ doc: string; bytes: number }>(
        `SELECT doc, SUM(LENGTH(data)) AS bytes FROM (${STORED_ROWS}) GROUP BY doc`,
      )
      this.sizes = new Map(rows.toArray().map((r) => [r.doc, r.bytes]))
    }
    return this.sizes
  }

  /** Replaces a document's log with one snapshot of its current state now. Call inside a transaction. */
  compact(name: string, doc: Y.Doc): void {
    this.compactDoc(name, doc)
  }

  /** Replaces a document's log with one snapshot of its current state. Call inside a transaction. */
  private compactDoc(name: string, doc: Y.Doc): void {
    const state = Y.encodeStateAsUpdateV2(doc)
    this.sizes?.set(name, state.length)
    this.deleteRows(name)
    for (let part = 0, offset = 0; offset < state.length; part++, offset += SNAPSHOT_CHUNK) {
      this.sql.exec(
        `INSERT INTO ${V2_SNAPSHOTS} (doc, part, data) VALUES (?, ?, ?)`,
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
        `SELECT doc, SUM(LENGTH(data)) AS bytes, COUNT(*) AS rows FROM (${STORED_ROWS}) GROUP BY doc ORDER BY doc`,
      )
      .toArray()
    const filed = sizes.filter(({ doc }) => isPastDoc(doc))
    const docs = sizes
      .filter(({ doc }) => !isPastDoc(doc))
      .map(({ doc, bytes, rows }) => {
        const start = performance.now()
        this.loadDoc(doc).destroy()
        return { doc, bytes, rows, loadMs: performance.now() - start }
      })
    const requests = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM processed_requests').one().n
    const clocks = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM request_marks').one().n
    const largestRow = this.sql
      .exec<{ n: number | null }>(`SELECT MAX(LENGTH(data)) AS n FROM (${STORED_ROWS})`)
      .one().n
    return {
      // A processed key is counted 40 bytes (its id and scope), a writer's clock 24 (scope, client, clock).
      storedBytes: sizes.reduce((n, d) => n + d.bytes, 0) + requests * 40 + clocks * 24,
      largestRowBytes: largestRow ?? 0,
      docs,
      filedFights: { docs: filed.length, bytes: filed.reduce((n, d) => n + d.bytes, 0) },
      processedRequests: requests,
      writerClocks: clocks,
    }
  }
}

/** Snapshots in Yjs's version 1 encoding (rooms compacted before version 2), and in version 2. */
const V1_SNAPSHOTS = 'doc_snapshots'
const V2_SNAPSHOTS = 'doc_states'
/** Every stored row of every document: its update log and its snapshot, in either encoding. */
const STORED_ROWS = `SELECT doc, data FROM doc_updates UNION ALL SELECT doc, data FROM ${V1_SNAPSHOTS}
  UNION ALL SELECT doc, data FROM ${V2_SNAPSHOTS}`

/** The scope of a processed key: what comes before its first slash. */
function scopeOf(key: string): string {
  const slash = key.indexOf('/')
  return slash < 0 ? key : key.slice(0, slash)
}

/** The bytes of `parts` one after another (the one part itself where there is one). */
export function concat(parts: Uint8Array[]): Uint8Array {
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
