/** Who may read and write which document of a room. Permissions are per document, never per field. */
import { type DocName, isPastDoc } from '@fray/protocol'

/** What a connection proved when it connected. */
export type Role = { kind: 'gm' } | { kind: 'player' } | { kind: 'seat'; seatId: string }

export function canRead(role: Role, doc: DocName): boolean {
  if (role.kind === 'gm') return true
  if (doc === 'table' || doc === 'log' || isPastDoc(doc)) return true
  if (doc === 'gm') return false
  return role.kind === 'seat' && doc === `seat:${role.seatId}`
}

/**
 * Nobody but the server writes `log` (a roll in it cannot have been made by a client, the GM included),
 * nor a `past:<n>` document, where it files a fight's log.
 */
export function canWrite(role: Role, doc: DocName): boolean {
  if (doc === 'log' || isPastDoc(doc)) return false
  if (role.kind === 'gm') return true
  return role.kind === 'seat' && doc === `seat:${role.seatId}`
}
