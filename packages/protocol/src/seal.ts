/**
 * Sealed GM rolls: the room rolls in secret and publishes only a SHA-256 commitment to the result and a
 * random salt; when the GM reveals the roll, every device hashes what was revealed and checks it against
 * the commitment. A result changed after the roll (by anyone) no longer matches its seal.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { type SealedResult, sealText } from './seal-text.ts'

export { type SealedResult, sealCommand, sealText } from './seal-text.ts'

/** A fresh salt: 128 random bits from the platform's CSPRNG, hex. */
export const newSalt = (): string => bytesToHex(randomBytes(16))

/** SHA-256 of a text's UTF-8 bytes, hex. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)))

/** The commitment to a result: SHA-256 of its text, hex. */
export const sealOf = (r: SealedResult): string => sha256Hex(sealText(r))

/** Whether what was revealed is what was sealed. */
export function verifySeal(commitment: string, revealed: SealedResult): boolean {
  return sealOf(revealed) === commitment
}
