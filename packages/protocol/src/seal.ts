/**
 * Sealed GM rolls: the room rolls in secret and publishes only a SHA-256 commitment to the result and a
 * random salt; when the GM reveals the roll, every device hashes what was revealed and checks it against
 * the commitment. A result changed after the roll (by anyone) no longer matches its seal.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js'

/** A sealed roll's result, as the GM's document keeps it until the reveal. */
export interface SealedResult {
  faces: number[]
  total: number
  /** How it adds up, and what it was for. */
  detail?: string
  /** 128 random bits, hex: without it, nobody can try every result against the commitment. */
  salt: string
}

/** A fresh salt: 128 random bits from the platform's CSPRNG, hex. */
export const newSalt = (): string => bytesToHex(randomBytes(16))

/** The text hashed: one line, each part in a fixed order, so the room and every device hash the same bytes. */
export function sealText(r: SealedResult): string {
  return ['fray-seal-v1', r.salt, r.faces.join(','), String(r.total), r.detail ?? ''].join('|')
}

/** SHA-256 of a text's UTF-8 bytes, hex. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)))

/** The commitment to a result: SHA-256 of its text, hex. */
export const sealOf = (r: SealedResult): string => sha256Hex(sealText(r))

/** Whether what was revealed is what was sealed. */
export function verifySeal(commitment: string, revealed: SealedResult): boolean {
  return sealOf(revealed) === commitment
}
