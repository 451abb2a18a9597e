/** Unguessable identifiers and secrets: room ids, GM keys, seat keys. */

/** base64url of `bytes` random bytes from the runtime's CSPRNG. */
export function randomToken(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes))
  let binary = ''
  for (const byte of buffer) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** A room id carries 128 bits: 22 base64url characters. */
export const ROOM_ID = /^[A-Za-z0-9_-]{22}$/

export const newRoomId = (): string => randomToken(16)
export const newSecret = (): string => randomToken(32)
export const newSeatId = (): string => randomToken(12)

/** Hex SHA-256 of a secret: the room stores only this, never the key itself. */
export async function hashSecret(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Compares two equal-length hex digests without an early exit. */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** Letters and digits a person reads back without confusing them (no I, O, 0 or 1): 32, so 5 bits each. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * A seat's handover code: 8 characters (40 bits) shown as `ABCD-EFGH`, short enough to type. It works
 * once and for minutes only, so it need not be as long as a key.
 */
export function newHandoverCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  // 256 is a multiple of 32, so each character is uniform.
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % 32]).join('')
  return `${chars.slice(0, 4)}-${chars.slice(4)}`
}

/** A code as typed (lower case, spaces, dashes) in the one form it is hashed in; null when it cannot be one. */
export function normalizeHandoverCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '')
  return code.length === 8 && [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null
}
