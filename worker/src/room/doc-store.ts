/**
 * Durable storage of a room's Yjs documents in the Durable Object's SQLite: an append-only update log
 * per document, compacted into a snapshot (split into rows well under SQLite's 2 MB limit).
 */
import * as Y from 'yjs'

/** Compact a document once its log holds this many updates. */
export const COMPACT_AFTER = 200
/** Largest chunk of a snapshot stored in one row. */
export const SNAPSHOT_CHUNK = 512 * 1024

export function createDocTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS doc_updates (
    id INTEGER PRIMARY KEY AUTOINCREMENT, doc TEXT NOT NULL, data BLOB NOT NULL)`)
  sql.exec('CREATE INDEX IF NOT EXISTS doc_updates_by_doc ON doc_updates (doc, id)')
  sql.exec(`CREATE TABLE IF NOT EXISTS doc_snapshots (
    doc TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc, part))`)
}

/** Rebuilds a document from its snapshot and the updates after it. */
export function loadDoc(sql: SqlStorage, name: string): Y.Doc {
  const doc = new Y.Doc({ gc: true })
  const parts = sql
    .exec<{ data: ArrayBuffer }>('SELECT data FROM doc_snapshots WHERE doc = ? ORDER BY part', name)
    .toArray()
    .map((row) => new Uint8Array(row.data))
  const updates = parts.length > 0 ? [concat(parts)] : []
  for (const row of sql.exec<{ data: ArrayBuffer }>(
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

/** Appends one accepted update; returns how many updates the document's log now holds. */
export function appendUpdate(sql: SqlStorage, name: string, update: Uint8Array): number {
  sql.exec('INSERT INTO doc_updates (doc, data) VALUES (?, ?)', name, toBlob(update))
  return sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM doc_updates WHERE doc = ?', name).one().n
}

/** Replaces a document's log with one snapshot of its current state. Call inside a transaction. */
export function compactDoc(sql: SqlStorage, name: string, doc: Y.Doc): void {
  const state = Y.encodeStateAsUpdate(doc)
  sql.exec('DELETE FROM doc_snapshots WHERE doc = ?', name)
  sql.exec('DELETE FROM doc_updates WHERE doc = ?', name)
  for (let part = 0, offset = 0; offset < state.length; part++, offset += SNAPSHOT_CHUNK) {
    sql.exec(
      'INSERT INTO doc_snapshots (doc, part, data) VALUES (?, ?, ?)',
      name,
      part,
      toBlob(state.subarray(offset, offset + SNAPSHOT_CHUNK)),
    )
  }
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
